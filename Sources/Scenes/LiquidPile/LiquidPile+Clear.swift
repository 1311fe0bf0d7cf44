import Canvas
import Motion

/// Clear all, arrivals and refill (docs/behaviour.md §5.3).
extension LiquidPile {
    static let clearLabel = "Clear all"
    /// Letters of "Clear all" arrive one by one, this far apart (s).
    static let letterStagger = 0.022
    /// An armed Clear all folds back by itself after this long (s).
    static let clearTimeout = 3.0
    /// Cards under the top one leave from the bottom this far apart (s)…
    static let clearStagger = 0.07
    /// …and the top card leaves last, carrying the header, after this long (s).
    static let topCardLeaves = 0.62
    /// An emptied pile refills itself after this long (s).
    static let refillDelay = 1.0
    /// The one red, Clear all's (docs/behaviour.md §5.2).
    public static let clearRed = Color(hex: 0xFF0000)

    var clearWidth: Double { (measurer.width(of: Self.clearLabel, style: Self.bubbleStyle) + 28).rounded() }

    /// First click on ×: it stretches into a red "Clear all" capsule on the morph motion.
    mutating func armClear(at t: Double) -> [SceneEvent] {
        guard let i = bubbles.firstIndex(where: { $0.id == .clear }) else { return [] }
        clearArmedAt = t
        bubbles[i].width.animate(to: clearWidth, curve: curve(for: .morph), at: t)
        // The ring goes around the capsule Clear all becomes.
        let slot = bubbleSlot(.clear)
        let armed = Rect(x: slot.maxX - clearWidth, y: slot.minY, width: clearWidth, height: slot.height)
        return [SceneEvent(.clearArmed, time: t), cue(.warning, "arm", at: t, around: armed, radius: slot.height / 2)]
    }

    /// Folds "Clear all" back into the ×.
    mutating func disarmClear(at t: Double, reason: String) -> [SceneEvent] {
        guard clearArmedAt != nil else { return [] }
        clearArmedAt = nil
        if let i = bubbles.firstIndex(where: { $0.id == .clear }) {
            bubbles[i].width.animate(to: bubbleSlot(.clear).width, curve: curve(for: .morph), at: t)
        }
        return [SceneEvent(.clearDisarmed, time: t, [("reason", .string(reason))])]
    }

    /// Second click: the header melts into the top card while the cards under it leave
    /// one after another from the bottom, 70 ms apart; the top card leaves last, after
    /// 0.62 s, carrying the header. Each card is removed as it clears.
    ///
    /// The header goes home as it does when the pile gathers (docs/behaviour.md §5.3.1): on the home
    /// motion (0.5, bounce 0), last bubble first, 0.04 s apart — Clear all folding back
    /// into its × on the way. On the quick dismiss spring, both at once, the red capsule
    /// and Show less were swallowed in one gulp instead of melting in.
    mutating func clearAll(at t: Double) -> [SceneEvent] {
        let done = clearedCue(at: t)
        if reduceMotion { return clearAllAtOnce(at: t) + [done] }
        clearArmedAt = nil
        clearingSince = t
        let home = curve(settings.home, .dismiss)
        var events: [SceneEvent] = []
        for (k, i) in bubbles.indices.reversed().enumerated() {
            let delay = 0.04 * Double(k)
            bubbles[i].homing = true
            bubbles[i].center.animate(to: bubbleHome(bubbles[i].id, at: t), curve: home, at: t, delay: delay)
            bubbles[i].scale.animate(to: LiquidGroup.homeScale, curve: home, at: t, delay: delay)
            bubbles[i].width.animate(to: bubbleSlot(bubbles[i].id).width, curve: home, at: t, delay: delay)
            events.append(SceneEvent(.budHome, time: t + delay, [("id", .string(bubbles[i].id.rawValue))]))
        }
        // Cards already thrown finish their own flight.
        let staying = cards.indices.filter { cards[$0].leavesAt == nil && !cards[$0].melting }
        let n = staying.count
        for (k, i) in staying.enumerated() {
            // The top card leaves last: at 0.62 s, or after the last of a long pile.
            cards[i].clearsAt = k == 0 ? t + max(Self.topCardLeaves, Self.clearStagger * Double(n))
                : t + Self.clearStagger * Double(n - 1 - k)
        }
        // Nothing to send off (every card already thrown or melting): clearing ends now.
        if n == 0 { endClearing(at: t) }
        return [SceneEvent(.cleared, time: t, [("count", .number(Double(n)))]), done] + events
    }

    /// Clear all's success cue, around the header row and the pile under it as they stand at `t`.
    mutating func clearedCue(at t: Double) -> SceneEvent {
        let glass = cards.indices.map { cardFrame($0, at: t) } + bubbles.map { bubbleFrame($0, at: t) }
        let around = glass.dropFirst().reduce(glass.first ?? bubbleSlot(.clear)) { $0.union($1) }
        return cue(.success, "clearAll", at: t, around: around, radius: Self.cardRadius)
    }

    /// Clear all sends card `id` off at its time `t` (`LiquidPile+Schedule`): it flies
    /// to the right from where it stands, and once no card is left waiting, clearing ends.
    mutating func sendOff(_ id: Int, at t: Double) -> [SceneEvent] {
        guard let i = cards.firstIndex(where: { $0.notice.id == id }) else { return [] }
        var card = cards.remove(at: i)
        let frame = cardFrame(for: card, at: t)
        card.frame.set(CardPose(top: frame.minY, scale: 1), at: t)
        card.offset.animate(to: 1.5 * Self.cardWidth + 60, curve: curve(for: .dismiss), at: t)
        card.clearsAt = nil
        flying.append(card)
        if !cards.contains(where: { $0.clearsAt != nil }) { endClearing(at: t) }
        return [SceneEvent(.cardDismissed, time: t, [("id", .number(Double(id))), ("how", .string("clear"))])]
    }

    /// Clearing ends as the last card waiting leaves — at that instant, so the header goes
    /// and a notice that arrived meanwhile closes up into a collapsed pile from then, not
    /// from the next frame.
    mutating func endClearing(at t: Double) {
        guard clearingSince != nil else { return }
        clearingSince = nil
        expanded = false
        bubbles.removeAll()
        if !cards.isEmpty { relayout(at: t) }
    }

    private func cardFrame(for card: Card, at t: Double) -> Rect {
        let f = card.frame.value(at: t)
        return Rect(x: Self.padding, y: f.top, width: Self.cardWidth, height: card.height)
    }

    /// A notice inserted at the front drops in from above — 52.8 pt collapsed, 12 in the
    /// list — growing out of the pile on the reveal motion. Under Reduce Motion it grows
    /// from a point in its place, with no drop (on the reveal substitute, an ease-out of
    /// 0.2 s).
    public mutating func insert(_ notice: Notice, at t: Double) -> [SceneEvent] {
        var n = notice
        if cards.contains(where: { $0.notice.id == n.id }) { n.id = nextID; nextID += 1 }
        var card = makeCard(n)
        // Its pose (a point dropping in, or growing in place under Reduce Motion) is set by
        // `poseArrivals` when the pile lays out below.
        card.opacity.set(0, at: t)
        card.arrivedAt = t
        cards.insert(card, at: 0)
        emptiedAt = nil
        relayout(at: t)
        return [SceneEvent(.arrived, time: t, [("id", .number(Double(n.id)))])]
    }

    /// Card `id` has melted away (its fade and pose settled at `t`, `LiquidPile+Schedule`):
    /// it leaves the list. The rest have been closing up since it began to melt (`melt`),
    /// so nothing else moves now.
    mutating func finishMelting(_ id: Int, at t: Double) -> [SceneEvent] {
        guard let i = cards.firstIndex(where: { $0.notice.id == id }) else { return [] }
        cards.remove(at: i)
        if cards.isEmpty && expanded {
            // The last card melted away: no list, so no header either.
            expanded = false
            bubbles.removeAll()
            clearArmedAt = nil
        }
        return [SceneEvent(.cardRemoved, time: t, [("id", .number(Double(id)))])]
    }

    /// The next sample notice for "+ notice".
    public mutating func addSampleNotice(at t: Double) -> [SceneEvent] {
        let sample = Notice.samples[(nextID - 100) % Notice.samples.count]
        var n = sample
        n.id = nextID
        n.age = 0
        nextID += 1
        return insert(n, at: t)
    }
}
