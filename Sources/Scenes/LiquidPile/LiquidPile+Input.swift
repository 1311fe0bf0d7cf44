import Canvas
import Motion

/// Pointer and keys on the pile (docs/behaviour.md §5.3, §5.3.1): clicks spread it, the header's
/// bubbles sink under a press and gather or clear it, cards swipe away with the ease-on and
/// both commit rules — and do not sink, since a press on a card is the start of a swipe.
extension LiquidPile {
    // MARK: Input

    /// One input at its time. The pile is first brought up to that time: a click lands on
    /// the pile as it stands then — a card that left the list 0.16 s after its throw is no
    /// longer there to be grabbed — however long ago the last frame was drawn (a 30 fps
    /// take and `render --time`, which applies a whole script's inputs with no frame
    /// between them, would otherwise see an older pile than a 60 fps one).
    public mutating func handle(_ event: InputEvent) -> [SceneEvent] {
        let due = update(to: event.time)
        return due + respond(to: event)
    }

    private mutating func respond(to event: InputEvent) -> [SceneEvent] {
        switch event {
        case .pointerDown(let p, let t, _):
            guard clearingSince == nil else { return [] }
            if let k = bubbles.firstIndex(where: { !$0.homing && bubbleHitFrame($0, at: t).contains(p) }) {
                pressBubble(k, at: p, time: t)
                return []
            }
            // A click anywhere else in the stack folds an armed Clear all first, and only that.
            if clearArmedAt != nil { return disarmClear(at: t, reason: "click") }
            // Cards already on their way out (thrown, clearing, melting) take no new touch.
            let touchable = cards.indices.filter {
                cardFrame($0, at: t).contains(p) && cards[$0].leavesAt == nil && cards[$0].clearsAt == nil && !cards[$0].melting
            }
            guard let i = touchable.first(where: { expanded || $0 == frontIndex }) else {
                // Collapsed, the peeks below the front card are the pile too: a tap there
                // spreads it, as on the front card.
                if !expanded, !touchable.isEmpty { peekPress = p }
                return []
            }
            swipedID = cards[i].notice.id
            swipe.press(at: p, time: t, currentOffset: cards[i].offset.value(at: t))
            ease = cards[i].offset  // the ease-on continues whatever motion the card had
            dragStart = t
            return []
        case .pointerMoved(let p, let t):
            if let id = pressedBubble, let k = bubbles.firstIndex(where: { $0.id == id }) {
                // The bubble stays sunk while the pointer is on it, and rises when it slides off.
                let on = bubbleHitFrame(bubbles[k], at: t).contains(p)
                if (bubbles[k].press.target == 1) != on {
                    bubbles[k].press.animate(to: on ? 1 : 0, curve: curve(for: on ? .press : .release), at: t)
                }
                return []
            }
            if let from = peekPress, (p - from).length >= SwipeGesture.slop { peekPress = nil }
            guard let i = swipedIndex else { return [] }
            var events: [SceneEvent] = []
            if swipe.move(to: p, time: t) {
                dragStart = t
                events.append(SceneEvent(.dragBegan, time: t, [("id", .number(Double(cards[i].notice.id)))]))
            }
            if let raw = swipe.offset(for: p) {
                // Under Reduce Motion too the card follows the finger: the hand's own motion
                // is never reduced.
                // The first 100 ms ease onto the pointer: a press spring chases it (taking
                // over a card still springing home, so a grab never jumps) and the card is
                // blended from that spring to the pointer as the 100 ms run out — so the hand
                // -over to 1:1 is seamless even at 1500 pt/s, where the spring alone lags
                // 60 pt behind.
                let u = min(max((t - dragStart) / 0.1, 0), 1)
                var shown = raw
                if u < 1 {
                    ease.animate(to: raw, curve: curve(for: .press), at: t)
                    let e = ease.value(at: t)
                    shown = e + (raw - e) * u * u
                }
                let wasArmed = Self.isArmed(cards[i].offset.value(at: t))
                cards[i].offset.set(shown, at: t)
                if Self.isArmed(shown) && !wasArmed {
                    events.append(cue(.impact, "arm", at: t, around: cardFrame(i, at: t), radius: Self.cardRadius))
                }
            }
            return events
        case .pointerUp(let p, let t):
            if let id = pressedBubble {
                pressedBubble = nil
                guard let k = bubbles.firstIndex(where: { $0.id == id }) else { return [] }
                bubbles[k].press.animate(to: 0, curve: curve(for: .release), at: t)
                guard !bubbles[k].homing, bubbleHitFrame(bubbles[k], at: t).contains(p) else { return [] }
                if id == .showLess { return gather(at: t) }
                return clearArmedAt == nil ? armClear(at: t) : clearAll(at: t)
            }
            if peekPress != nil {
                peekPress = nil
                return spread(at: t)
            }
            guard let i = swipedIndex else { swipedID = nil; _ = swipe.cancel(); return [] }
            swipedID = nil
            if let v = swipe.release(time: t) { return release(i, at: t, velocity: v.x) }
            // A click, not a drag: a collapsed pile spreads (a single card does not).
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

    /// Bubble `k` sinks under a press at `p`, leaning toward it (the anchor sits 0.6 of the
    /// way from its centre to the pointer), on the press motion.
    mutating func pressBubble(_ k: Int, at p: Point2, time t: Double) {
        pressedBubble = bubbles[k].id
        let c = bubbleHitFrame(bubbles[k], at: t).center
        bubbles[k].pressAnchor = Point2(c.x + 0.6 * (p.x - c.x), c.y + 0.6 * (p.y - c.y))
        bubbles[k].press.animate(to: 1, curve: curve(for: .press), at: t)
    }

    /// Ends any touch — a drag, a bare press on a card, a press on a bubble — without a
    /// release: a dragged card settles home, a sunk bubble rises, and nothing is clicked.
    /// Returns the events if there was a touch.
    public mutating func cancelTouch(at t: Double) -> [SceneEvent]? {
        if peekPress != nil {
            peekPress = nil
            return []
        }
        if let id = pressedBubble {
            pressedBubble = nil
            if let k = bubbles.firstIndex(where: { $0.id == id }) {
                bubbles[k].press.animate(to: 0, curve: curve(for: .release), at: t)
            }
            return []
        }
        let dragging = swipe.cancel()
        guard let i = swipedIndex else { swipedID = nil; return nil }
        swipedID = nil
        guard dragging else { return [] }
        cards[i].offset.animate(to: 0, curve: curve(for: .settle), at: t)
        return [SceneEvent(.dragCancelled, time: t)]
    }

    /// Where a committed card flies: one and a half widths and 60 pt past its rest, off
    /// the page from anywhere in the list.
    static let flyOffDistance = 1.5 * cardWidth + 60
    /// The fly-off: (0.28, bounce 0) — fast, and never swinging back into view.
    static let flyOff = Spring(duration: 0.28, bounce: 0)
    /// A thrown card leaves the list this long after release, so the rest close up while
    /// it still flies.
    static let leaveDelay = 0.16

    /// Release rule (docs/behaviour.md §5.3, §5.3.1): commit past 40 % of the width, or when the card's
    /// coast (r 0.99) passes 40 % ON THE SAME SIDE AS THE OFFSET at more than 250 pt/s.
    /// Judging the coast by the velocity's side alone would throw a card the other way
    /// when the user flicks it back across the centre — the opposite of what they meant.
    /// Returns the side it goes (±1), or nil when it settles home.
    public static func commitSide(offset x: Double, velocity v: Double) -> Double? {
        let line = commitLine
        if abs(x) >= line { return x > 0 ? 1 : -1 }
        guard abs(v) > 250 else { return nil }
        let coast = Projection.decelerating(position: x, velocity: v, rate: Projection.cardRate)
        guard abs(coast) >= line else { return nil }
        // At exactly 0 the offset has no side: the coast's is the only one there is.
        let side: Double = coast > 0 ? 1 : -1
        return x == 0 || (x > 0) == (side > 0) ? side : nil
    }

    /// The commit line: 40 % of the card's width from its rest, either way.
    static let commitLine = 0.4 * cardWidth

    /// True when a card at offset `x` is past its commit line: a release there commits, and
    /// crossing it is the arm's cue.
    static func isArmed(_ x: Double) -> Bool { abs(x) >= commitLine }

    /// True when a release at offset `x` and velocity `v` (pt/s) commits (`commitSide`).
    public static func commits(offset x: Double, velocity v: Double) -> Bool { commitSide(offset: x, velocity: v) != nil }

    /// A drag on card `i` let go at `v` pt/s: it commits (flies off fading, or under Reduce
    /// Motion closes in place) or settles home with its velocity.
    mutating func release(_ i: Int, at t: Double, velocity v: Double) -> [SceneEvent] {
        let offset = cards[i].offset.value(at: t)
        let side = Self.commitSide(offset: offset, velocity: v)
        var events = [SceneEvent(.dragEnded, time: t, [("id", .number(Double(cards[i].notice.id))), ("translation", .number(offset)),
                                                         ("velocity", .numbers([v, 0])),
                                                         ("decision", .string(side == nil ? "return" : "commit"))])]
        if let side {
            let shape = cardFrame(i, at: t)
            if reduceMotion {
                closeInPlace(i, side: side, at: t)
            } else {
                flyOff(i, side: side, at: t, velocity: v)
            }
            // Where the card is sent (its offset, pt): 24 pt under Reduce Motion, off the page otherwise.
            events.append(SceneEvent(.cardDismissed, time: t, [("id", .number(Double(cards[i].notice.id))), ("how", .string("swipe")),
                                                                 ("to", .number(cards[i].offset.target)), ("reduced", .bool(reduceMotion))]))
            events.append(cue(.impact, "commit", at: t, around: shape, radius: Self.cardRadius))
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

    /// Card `i` flies off to `side` and fades as it goes (docs/behaviour.md §5.3.1), leaving the list
    /// 0.16 s later. It starts at the release speed, capped as §1.6 caps a release: the
    /// speed relative to the distance left at most 2π / 0.28 × 1.5 per second — a violent
    /// flick still reads as the hand's, but cannot teleport the card off the page.
    mutating func flyOff(_ i: Int, side: Double, at t: Double, velocity v: Double) {
        let offset = cards[i].offset.value(at: t)
        let target = side * Self.flyOffDistance
        let u = ReleaseVelocity.relative(velocity: v, distance: target - offset, duration: Self.flyOff.duration)
        cards[i].offset.animate(to: target, curve: .spring(Self.flyOff), at: t, velocity: u * (target - offset))
        // The fade shares the flight's spring: the card is mostly gone by the time it leaves
        // the list, and fully gone as it lands off the page.
        cards[i].opacity.animate(to: 0, curve: .spring(Self.flyOff), at: t)
        cards[i].fadesInPlace = true
        cards[i].leavesAt = t + Self.leaveDelay
    }
}
