import Canvas
import Motion

/// Reduce Motion for the pile: nothing travels that need not, and nothing bounces.
///
/// What still moves, and on what:
/// - a dragged card follows the finger 1:1, as it always does — the hand's own motion is
///   not the app's to reduce — and the same rules decide the commit;
/// - a committed card slides 24 pt further on its side from where it was let go, on the
///   reduced settle (0.25, 0) from rest, so it never passes those 24 pt, while it melts
///   in place (shrinks to a point and fades) on the dismiss substitute;
/// - a card settling home after a drag that did not commit, a header bubble's press sink
///   and the ×'s stretch into Clear all: the reduced settle (0.25, 0), critically damped
///   (the role substitutes of `curve(for:)`);
/// - the cards spreading, gathering and closing up after one leaves: the reveal and
///   dismiss substitutes, an ease-out of 0.2 s and an ease-in of 0.18 s — no bounce, and
///   the least motion that keeps the list readable (a card does not jump to a new place);
/// - scale without travel: an arrival grows from a point where it rests (no drop), the
///   header's bubbles grow at their slots and shrink there (they do not bud out of the
///   top card or go home into it), and a card the app removes melts where it stands.
/// Fades: in on the reveal substitute (ease-out 0.2 s), out on the dismiss substitute
/// (ease-in 0.18 s). The rules that are not motion hold as they are: the header row's
/// layout, the coast judged on the offset's side, a single notice that does not spread,
/// bubbles that sink and cards that do not.
extension LiquidPile {
    /// How much further a committed card slides under Reduce Motion (pt).
    static let reducedSlide = 24.0

    // MARK: Cards

    /// A committed swipe under Reduce Motion: the card slides 24 pt further on its side
    /// from where it was let go and melts in place; the rest close up meanwhile.
    mutating func closeInPlace(_ i: Int, side: Double, at t: Double) {
        // From rest (velocity 0): a critically damped spring released toward its target
        // with speed could pass it, and the card must stop 24 pt on.
        let from = cards[i].offset.value(at: t)
        cards[i].offset.animate(to: from + side * Self.reducedSlide, curve: .spring(MotionRole.reducedSettle), at: t, velocity: 0)
        melt(i, at: t)
    }

    /// Clear all under Reduce Motion: every card leaves the list at once and fades where it
    /// stands, together with the header; nothing is staggered. Cards already on their way
    /// out (thrown, melting) finish as they were.
    mutating func clearAllAtOnce(at t: Double) -> [SceneEvent] {
        clearArmedAt = nil
        for i in bubbles.indices {
            bubbles[i].homing = true
            shrinkBubbleOut(i, at: t, delay: 0)
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

    /// A header bubble under Reduce Motion: born at its slot as a point, it grows to full
    /// size there after `delay` (the bud's schedule) on the reveal substitute — no travel
    /// out of the top card. A bubble still shrinking from a gather grows back from where it is.
    func bubbleGrowingIn(_ id: BubbleID, at t: Double, delay: Double) -> Bubble {
        let slot = bubbleSlot(id)
        let old = bubbles.first { $0.id == id && $0.homing }
        let from = old?.scale.value(at: t) ?? Self.pointScale
        var b = Bubble(id: id, center: AnimatedValue(slot.center), scale: AnimatedValue(from),
                       width: AnimatedValue(slot.width), label: Self.bubbleLabel(id))
        b.scale.animate(to: 1, curve: curve(settings.split, .reveal), at: t, delay: old == nil ? delay : 0)
        return b
    }

    /// Bubble `i` shrinks to a point where it stands after `delay`; `update` removes it
    /// once it has.
    mutating func shrinkBubbleOut(_ i: Int, at t: Double, delay: Double) {
        bubbles[i].center.set(bubbles[i].center.value(at: t), at: t)
        bubbles[i].scale.animate(to: Self.pointScale, curve: curve(settings.home, .dismiss), at: t, delay: delay)
    }

    /// True while a bubble is partly faded (drawn apart from the pile).
    func glassFades(_ bubble: Bubble, at t: Double) -> Bool { bubble.opacity.value(at: t) < 0.999 }
}
