import Canvas
import Motion

/// Reduce Motion for the pile (SPEC §10): swipes slide 24 pt and close in place, bubbles
/// fade in place, arrivals appear without a drop, Clear all happens at once.
///
/// What still moves, and on what:
/// - the 24 pt slide of a committed card: the reduced settle (0.25, 0), critically damped
///   and started from rest, so it never passes 24 pt;
/// - a card settling home after a drag that did not commit, a header bubble's press sink
///   and the ×'s stretch into Clear all: the reduced settle (0.25, 0), critically damped
///   (the role substitutes of `curve(for:)`);
/// - the cards spreading, gathering and closing up after one leaves: the reveal and
///   dismiss substitutes, an ease-out of 0.2 s and an ease-in of 0.18 s — no bounce, and
///   the least motion that keeps the list readable (a card does not jump to a new place);
/// - fades: in on the reveal substitute (ease-out 0.2 s), out on the dismiss substitute
///   (ease-in 0.18 s).
/// What does not move at all: an arrival neither drops nor grows from a point (it has
/// landed at once, `poseArrivals`), and a card the app removes does not shrink — both only
/// fade. A card's glass that fades is drawn as its own glass at its opacity
/// (`LiquidPile+Draw`), so no neck forms to a shape that is coming or going. The rules
/// that are not motion hold as they are: the header row's layout, the coast judged on the
/// offset's side, a single notice that does not spread, bubbles that sink and cards that
/// do not.
extension LiquidPile {
    /// How far a card moves under Reduce Motion, either way (pt).
    static let reducedSlide = 24.0

    /// The offset a card shows for a drag offset of `x` under Reduce Motion.
    static func reducedOffset(_ x: Double) -> Double { min(max(x, -reducedSlide), reducedSlide) }

    // MARK: Cards

    /// A committed swipe under Reduce Motion: the card slides to 24 pt on its side and
    /// fades where it is; once faded it leaves (`finishMelting`) and the rest close up on
    /// the reveal substitute.
    mutating func closeInPlace(_ i: Int, side: Double, at t: Double) {
        // From rest (velocity 0): a critically damped spring released toward its target
        // with speed could pass it, and the card must stay within 24 pt.
        cards[i].offset.animate(to: side * Self.reducedSlide, curve: .spring(MotionRole.reducedSettle), at: t, velocity: 0)
        fadeOutInPlace(i, at: t)
    }

    /// Card `i` fades out where it stands — no melt, no fly-off — and leaves once faded.
    mutating func fadeOutInPlace(_ i: Int, at t: Double) {
        cards[i].melting = true
        cards[i].fadesInPlace = true
        cards[i].leavesAt = nil
        cards[i].frame.set(cards[i].frame.value(at: t), at: t)
        cards[i].opacity.animate(to: 0, curve: curve(for: .dismiss), at: t)
    }

    /// Clear all under Reduce Motion: every card leaves the list at once and fades where it
    /// stands, together with the header; nothing is staggered. Cards already on their way
    /// out (thrown, melting) finish as they were.
    mutating func clearAllAtOnce(at t: Double) -> [SceneEvent] {
        clearArmedAt = nil
        for i in bubbles.indices {
            bubbles[i].homing = true
            fadeBubbleOut(i, at: t, delay: 0)
        }
        let staying = cards.indices.filter { cards[$0].leavesAt == nil && !cards[$0].melting }
        var events = [SceneEvent(.cleared, time: t, [("count", .number(Double(staying.count)))])]
        // Bottom first, the top card last: the trace lists them in the order they would
        // have left, all at the same instant.
        for i in staying.reversed() {
            var card = cards.remove(at: i)
            card.frame.set(card.frame.value(at: t), at: t)
            card.offset.set(card.offset.value(at: t), at: t)
            card.growth.set(card.growth.value(at: t), at: t)
            card.fadesInPlace = true
            card.opacity.animate(to: 0, curve: curve(for: .dismiss), at: t)
            flying.append(card)
            events.append(SceneEvent(.cardDismissed, time: t, [("id", .number(Double(card.notice.id))), ("how", .string("clear"))]))
        }
        expanded = false
        if !cards.isEmpty { relayout(at: t) }
        // Emptied by this click: the refill's second counts from now.
        noteEmptiness(at: t)
        return events
    }

    /// Where a card that left the list while fading stands: its pose and offset (frozen
    /// under Reduce Motion, flying for a thrown card), at its growth.
    public func fadingFrame(_ card: Card, at t: Double) -> Rect {
        let f = card.frame.value(at: t)
        let w = Self.cardWidth * f.scale
        let rect = Rect(x: Self.padding + (Self.cardWidth - w) / 2 + card.offset.value(at: t), y: f.top, width: w, height: card.height)
        return Self.grown(rect, card.growth.value(at: t))
    }

    /// True while a card's glass is partly faded in place (drawn apart from the pile).
    func glassFades(_ card: Card, at t: Double) -> Bool { card.fadesInPlace && card.opacity.value(at: t) < 0.999 }

    /// An arrival that has faded in is an ordinary card again (a card on its way out is not).
    mutating func settleFades(at t: Double) {
        for i in cards.indices where cards[i].fadesInPlace && !cards[i].melting && cards[i].leavesAt == nil
            && cards[i].opacity.isSettled(at: t) {
            cards[i].fadesInPlace = false
        }
    }

    // MARK: Bubbles

    /// A header bubble under Reduce Motion: born at its slot, full size, and fades in
    /// after `delay` (the bud's schedule) on the reveal substitute. A bubble still fading
    /// out from a gather fades back in from where it is.
    func bubbleFadingIn(_ id: BubbleID, at t: Double, delay: Double) -> Bubble {
        let slot = bubbleSlot(id)
        var b = Bubble(id: id, center: AnimatedValue(slot.center), scale: AnimatedValue(1.0),
                       width: AnimatedValue(slot.width), label: Self.bubbleLabel(id))
        let old = bubbles.first { $0.id == id && $0.opacity.target == 0 }
        let from = old?.opacity.value(at: t) ?? 0
        b.opacity.set(from, at: t)
        b.opacity.animate(to: 1, curve: curve(settings.split, .reveal), at: t, delay: from > 0 ? 0 : delay)
        return b
    }

    /// Bubble `i` fades out where it stands after `delay`; `update` removes it once faded.
    mutating func fadeBubbleOut(_ i: Int, at t: Double, delay: Double) {
        bubbles[i].center.set(bubbles[i].center.value(at: t), at: t)
        bubbles[i].scale.set(bubbles[i].scale.value(at: t), at: t)
        bubbles[i].opacity.animate(to: 0, curve: curve(settings.home, .dismiss), at: t, delay: delay)
    }

    /// True while a bubble is partly faded (drawn apart from the pile).
    func glassFades(_ bubble: Bubble, at t: Double) -> Bool { bubble.opacity.value(at: t) < 0.999 }
}
