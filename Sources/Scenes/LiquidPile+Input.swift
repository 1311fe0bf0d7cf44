import Canvas
import Motion

/// Pointer and keys on the pile (SPEC §5.3): clicks spread it, bubbles gather or clear
/// it, cards sink under a press and swipe away with the ease-on and both commit rules.
extension LiquidPile {
    // MARK: Input

    public mutating func handle(_ event: InputEvent) -> [SceneEvent] {
        switch event {
        case .pointerDown(let p, let t, _):
            guard clearingSince == nil else { return [] }
            if let b = bubbles.first(where: { !$0.homing && bubbleFrame($0, at: t).contains(p) }) {
                pressedBubble = b.id
                return []
            }
            // A click anywhere else in the stack folds an armed Clear all first, and only that.
            if clearArmedAt != nil { return disarmClear(at: t, reason: "click") }
            // Cards already on their way out (thrown, clearing, melting) take no new touch.
            guard let i = cards.indices.first(where: {
                cardFrame($0, at: t).contains(p) && (expanded || $0 == 0) && cards[$0].leavesAt == nil
                    && cards[$0].clearsAt == nil && !cards[$0].melting
            }) else { return [] }
            swipedID = cards[i].notice.id
            swipe.press(at: p, time: t, currentOffset: cards[i].offset.value(at: t))
            ease = cards[i].offset  // the ease-on continues whatever motion the card had
            dragStart = t
            let c = cardFrame(i, at: t).center
            cards[i].pressAnchor = Point2(c.x + 0.6 * (p.x - c.x), c.y + 0.6 * (p.y - c.y))
            cards[i].press.animate(to: 1, curve: curve(for: .press), at: t)
            return []
        case .pointerMoved(let p, let t):
            guard let i = swipedIndex else { return [] }
            var events: [SceneEvent] = []
            if swipe.move(to: p, time: t) {
                dragStart = t
                cards[i].press.animate(to: 0, curve: curve(for: .release), at: t)
                events.append(SceneEvent(.dragBegan, time: t, [("id", .number(Double(cards[i].notice.id)))]))
            }
            if let raw = swipe.offset(for: p) {
                dragTranslation = raw
                // Reduce Motion: the card shows at most 24 pt of the finger's travel; the
                // travel itself still decides the commit (see `release`).
                let x = reduceMotion ? Self.reducedOffset(raw) : raw
                // The first 100 ms ease onto the pointer: a press spring chases it (taking
                // over a card still springing home, so a grab never jumps) and the card is
                // blended from that spring to the pointer as the 100 ms run out — so the hand
                // -over to 1:1 is seamless even at 1500 pt/s, where the spring alone lags
                // 60 pt behind.
                let u = min(max((t - dragStart) / 0.1, 0), 1)
                var shown = x
                if u < 1 {
                    ease.animate(to: x, curve: curve(for: .press), at: t)
                    let e = ease.value(at: t)
                    shown = e + (x - e) * u * u
                }
                cards[i].offset.set(reduceMotion ? Self.reducedOffset(shown) : shown, at: t)
            }
            return events
        case .pointerUp(let p, let t):
            if let id = pressedBubble {
                pressedBubble = nil
                guard let b = bubbles.first(where: { $0.id == id }), bubbleFrame(b, at: t).contains(p) else { return [] }
                if id == .showLess { return gather(at: t) }
                return clearArmedAt == nil ? armClear(at: t) : clearAll(at: t)
            }
            guard let i = swipedIndex else { swipedID = nil; _ = swipe.cancel(); return [] }
            swipedID = nil
            cards[i].press.animate(to: 0, curve: curve(for: .release), at: t)
            if let v = swipe.release(time: t) { return release(i, at: t, velocity: v.x) }
            // A click, not a drag: a collapsed pile spreads.
            return expanded ? [] : spread(at: t)
        case .key(.f, let t, _):
            showField.toggle()
            return [SceneEvent(.debugField, time: t, [("shown", .bool(showField))])]
        case .key(.escape, let t, _):
            if let cancelled = cancelTouch(at: t) { return cancelled }
            return gather(at: t)
        case .focusLost(let t), .captureLost(let t):
            return cancelTouch(at: t) ?? []
        default:
            return []
        }
    }

    /// Ends any touch on a card — a drag or a bare press — without a release: the card
    /// settles home and stops sinking. Returns the events if there was a touch.
    public mutating func cancelTouch(at t: Double) -> [SceneEvent]? {
        let dragging = swipe.cancel()
        guard let i = swipedIndex else { swipedID = nil; return nil }
        swipedID = nil
        cards[i].press.animate(to: 0, curve: curve(for: .release), at: t)
        guard dragging else { return [] }
        cards[i].offset.animate(to: 0, curve: curve(for: .settle), at: t)
        return [SceneEvent(.dragCancelled, time: t)]
    }

    /// Release rule: commit past 40 % of the width, or when the card coast (r 0.99)
    /// passes 40 % the same way at more than 250 pt/s.
    public static func commits(offset x: Double, velocity v: Double) -> Bool {
        let line = 0.4 * cardWidth
        if abs(x) >= line { return true }
        let coast = Projection.decelerating(position: x, velocity: v, rate: Projection.cardRate)
        return abs(v) > 250 && abs(coast) >= line && (coast > 0) == (v > 0)
    }

    /// A drag on card `i` let go at `v` pt/s: it commits (flies off, or under Reduce Motion
    /// closes in place) or settles home with its velocity.
    mutating func release(_ i: Int, at t: Double, velocity v: Double) -> [SceneEvent] {
        let offset = cards[i].offset.value(at: t)
        let x = reduceMotion ? dragTranslation : offset
        let commit = Self.commits(offset: x, velocity: v)
        var events = [SceneEvent(.dragEnded, time: t, [("id", .number(Double(cards[i].notice.id))), ("translation", .number(x)),
                                                         ("velocity", .numbers([v, 0])),
                                                         ("decision", .string(commit ? "commit" : "return"))])]
        if commit {
            // Past the line the offset decides the side; a coast commit goes the way it coasts.
            let byDistance = abs(x) >= 0.4 * Self.cardWidth
            let side: Double = byDistance ? (x > 0 ? 1 : -1) : (v >= 0 ? 1 : -1)
            if reduceMotion {
                closeInPlace(i, side: side, at: t)
            } else {
                let target = side * (1.5 * Self.cardWidth + 60)
                cards[i].offset.animate(to: target, curve: .spring(Spring(duration: 0.28, bounce: 0)), at: t, velocity: v)
                cards[i].leavesAt = t + 0.16
            }
            // Where the card is sent (its offset, pt): 24 pt under Reduce Motion, off the page otherwise.
            events.append(SceneEvent(.cardDismissed, time: t, [("id", .number(Double(cards[i].notice.id))), ("how", .string("swipe")),
                                                                 ("to", .number(cards[i].offset.target)), ("reduced", .bool(reduceMotion))]))
        } else {
            // Under Reduce Motion the settle is (0.25, 0), critically damped, and the velocity
            // cap (×1) is taken at its own duration: 2π / 0.25 is its natural frequency, so the
            // card eases home without ever passing its rest.
            let duration = reduceMotion ? MotionRole.reducedSettle.duration : settings.settle.response
            let u = ReleaseVelocity.relative(velocity: v, distance: -offset, duration: duration, reduceMotion: reduceMotion)
            cards[i].offset.animate(to: 0, curve: curve(for: .settle), at: t, velocity: u * -offset)
        }
        return events
    }
}
