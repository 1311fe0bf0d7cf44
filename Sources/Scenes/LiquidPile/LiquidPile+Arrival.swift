import Canvas
import Motion

/// Arrivals and app removals (docs/behaviour.md §5.3, §5.3.1): a new card's glass grows from a point
/// while it drops into place, and a card the app takes back melts where it stands while
/// the rest close up around it.
///
/// What a first version did wrong, and what a user saw: the new card appeared at 72 %
/// width and faded in, so a ring of glass-less outline hung over the pile for a moment; a
/// removed card slid up through the list into the front card's place, rippling necks with
/// every card it passed.
extension LiquidPile {
    /// How far an arrival drops into place: from 52.8 pt above in the collapsed pile (it
    /// comes down onto the pile), 12 pt in the list (a nudge: the list is already moving
    /// aside for it).
    static let pileDrop = 52.8
    static let listDrop = 12.0
    /// An arrival has landed once it is this close to the end of its motion (a fraction of
    /// the drop and of the growth, which share the reveal curve): its words come in then.
    static let landedFraction = 0.01

    // MARK: Arrival

    /// Poses every card `insert` has just put at the front (it has `arrivedAt` and no
    /// `landsAt` yet): its glass starts as a point `pileDrop` (or `listDrop`) above its
    /// rest and grows to full size on the reveal motion while `relayout` drops it in, full
    /// width from the start — so no glass-less outline shows, and it never looks like a peek.
    /// Under Reduce Motion it does not travel: it grows from a point where it rests, on the
    /// reveal motion's substitute.
    mutating func poseArrivals(at t: Double) {
        for i in cards.indices where cards[i].landsAt == nil {
            guard let at = cards[i].arrivedAt else { continue }
            let rest = restingFrame(of: i)
            let drop = reduceMotion ? 0 : (expanded ? Self.listDrop : Self.pileDrop)
            let reveal = curve(for: .reveal)
            cards[i].frame.set(CardPose(top: rest.y - drop, scale: rest.scale), at: t)
            cards[i].growth.set(Self.pointScale, at: t)
            cards[i].growth.animate(to: 1, curve: reveal, at: t)
            cards[i].landsAt = at + Self.landingTime(reveal)
        }
    }

    /// How long after it starts a motion from rest on `curve` first comes within
    /// `landedFraction` of its end, s: the moment it touches down, before any overshoot
    /// (the calm reveal lands after about 0.30 s, then settles by 0.6 s). Walked in 1 ms
    /// steps — the first entry, not the last, which a settle time would give.
    static func landingTime(_ curve: MotionCurve) -> Double {
        let end = max(curve.settleDuration, 0)
        var s = 0.0
        while s < end {
            if curve.response(at: s).positionFromDisplacement <= landedFraction { return s }
            s += 0.001
        }
        return end
    }

    // MARK: Removed by the app

    /// A notice removed by the app (not swiped) melts in place (docs/behaviour.md §5.3.1): its glass
    /// scales toward a point about its centre and fades where it stands, on the dismiss
    /// motion, while the rest close up on the reveal motion from the same instant — no
    /// empty slot waits for the melt. Once melted it leaves the list. The melt does not
    /// travel, so Reduce Motion keeps it (on the dismiss substitute). Nothing happens to a
    /// card already leaving (thrown, clearing or melting).
    public mutating func meltAway(id: Int, at t: Double) -> [SceneEvent] {
        guard let i = cards.firstIndex(where: { $0.notice.id == id && !$0.melting && $0.leavesAt == nil && $0.clearsAt == nil })
        else { return [] }
        // A finger on it lets go: the card is no longer the app's to show.
        if swipedID == id {
            _ = swipe.cancel()
            swipedID = nil
        }
        let event = SceneEvent(.cardDismissed, time: t, [("id", .number(Double(id))), ("how", .string("app"))])
        cards[i].offset.set(cards[i].offset.value(at: t), at: t)
        melt(i, at: t)
        return [event]
    }

    /// Card `i` melts where it stands — its glass shrinks to a point about its centre and
    /// fades, on the dismiss motion — and is out of the layout at once: the rest close up
    /// while it melts, and it leaves the list once melted (`finishMelting`).
    mutating func melt(_ i: Int, at t: Double) {
        let dismiss = curve(for: .dismiss)
        cards[i].meltHeight = cardFrame(i, at: t).height / max(cards[i].growth.value(at: t), Self.pointScale)
        cards[i].melting = true
        cards[i].fadesInPlace = true
        cards[i].leavesAt = nil
        cards[i].frame.set(cards[i].frame.value(at: t), at: t)
        cards[i].growth.animate(to: Self.pointScale, curve: dismiss, at: t)
        cards[i].opacity.animate(to: 0, curve: dismiss, at: t)
        relayout(at: t)
    }
}
