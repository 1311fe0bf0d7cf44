import Canvas
import Motion

/// What the pile does by itself, at the times it set (docs/behaviour.md §5.3, §15.5): a thrown card
/// leaves the list 0.16 s after its release, a card the app removed leaves once melted,
/// an armed Clear all folds back after 3 s, Clear all's cards leave one by one, and an
/// emptied pile refills a second later.
///
/// Each happens at its own time, whatever the frame rate. The first version took them "at
/// the next step": `update(to: t)` found the time passed and acted at t. So the rest of the
/// list closed up from the frame after a card left (a 30 fps recording started the spring
/// up to 33 ms later than a 60 fps one, and drew another pose at the same time), the pile
/// refilled a frame late, and `render --time` — one jump — started everything at the time
/// asked for. Now `update(to: t)` runs what is due in time order, each as of its own time:
/// springs start then, and a chain (the last card clearing → the pile empty → refilled a
/// second later) is timed from the link before it, never from a frame.
extension LiquidPile {
    /// One thing the pile scheduled for itself. The order of the cases breaks ties between
    /// things due at the same instant: the order the pile always took them in.
    enum Scheduled: Equatable {
        /// A thrown card leaves the list (it keeps flying and fading).
        case leave(id: Int)
        /// A card melted in place (removed by the app, or closed under Reduce Motion) leaves.
        case melted(id: Int)
        /// An armed Clear all folds back into the ×.
        case foldBack
        /// Clear all sends a card off.
        case clear(id: Int)
        /// The emptied pile refills.
        case refill

        var rank: Int {
            switch self {
            case .leave: return 0
            case .melted: return 1
            case .foldBack: return 2
            case .clear: return 3
            case .refill: return 4
            }
        }
    }

    /// Brings the pile up to `t`: everything scheduled at or before `t`, each at its own
    /// time and in time order; then flown-off and faded cards are dropped, and bubbles
    /// that have melted (or faded) home are removed.
    public mutating func update(to t: Double) -> [SceneEvent] {
        var events: [SceneEvent] = []
        while let next = nextScheduled(), next.time <= t {
            // The pile as it stands at that instant, then what was due.
            tidy(at: next.time)
            events += perform(next.what, at: next.time)
            noteEmptiness(at: next.time)
        }
        tidy(at: t)
        return events
    }

    /// The earliest thing due, with its time; ties in `Scheduled`'s order, then the order
    /// the pile took them in (a list's top first, Clear all's bottom card first).
    func nextScheduled() -> (time: Double, what: Scheduled)? {
        var due: [(time: Double, what: Scheduled, order: Int)] = []
        for (i, card) in cards.enumerated() {
            let id = card.notice.id
            if let at = card.leavesAt { due.append((at, .leave(id: id), i)) }
            if card.melting { due.append((max(card.frame.settlesAt, card.opacity.settlesAt), .melted(id: id), i)) }
            if let at = card.clearsAt { due.append((at, .clear(id: id), -i)) }
        }
        if let armed = clearArmedAt { due.append((armed + Self.clearTimeout, .foldBack, 0)) }
        if cards.isEmpty, let emptied = emptiedAt {
            // A second after the pile emptied, and not before the last card has flown off.
            due.append((max(emptied + Self.refillDelay, flyingGoneAt), .refill, 0))
        }
        let next = due.filter { !$0.time.isNaN }.min {
            ($0.time, $0.what.rank, $0.order) < ($1.time, $1.what.rank, $1.order)
        }
        return next.map { ($0.time, $0.what) }
    }

    /// When the last flying card has landed off the page (and faded, if it fades): −∞
    /// with none in flight.
    var flyingGoneAt: Double {
        flying.map { max($0.offset.settlesAt, $0.fadesInPlace ? $0.opacity.settlesAt : -.infinity) }.max() ?? -.infinity
    }

    /// What settling alone ends, as of `t`: flown-off and faded cards are dropped, bubbles
    /// melted (or faded) home are removed, arrivals that have faded in are ordinary cards.
    mutating func tidy(at t: Double) {
        flying.removeAll { $0.offset.isSettled(at: t) && (!$0.fadesInPlace || $0.opacity.isSettled(at: t)) }
        bubbles.removeAll {
            $0.homing && $0.center.isSettled(at: t) && $0.scale.isSettled(at: t) && $0.opacity.isSettled(at: t)
        }
        settleFades(at: t)
    }

    /// Does `what`, as of `t`: its springs start at `t`.
    mutating func perform(_ what: Scheduled, at t: Double) -> [SceneEvent] {
        switch what {
        case .leave(let id):
            guard let i = cards.firstIndex(where: { $0.notice.id == id }) else { return [] }
            // It keeps its own motion — the pose it had, the fly-off, the fade — so leaving
            // the list moves nothing on the glass; the rest close up from this instant.
            let gone = cards.remove(at: i)
            flying.append(gone)
            relayout(at: t)
            if cards.isEmpty { expanded = false; bubbles.removeAll() }
            return [SceneEvent(.cardRemoved, time: t, [("id", .number(Double(id)))])]
        case .melted(let id):
            return finishMelting(id, at: t)
        case .foldBack:
            return disarmClear(at: t, reason: "timeout")
        case .clear(let id):
            return sendOff(id, at: t)
        case .refill:
            emptiedAt = nil
            var events: [SceneEvent] = []
            for n in Notice.samples.reversed() { events += insert(n, at: t) }
            return events
        }
    }

    /// Notes when the pile became empty (it refills a second later), or that it is not.
    mutating func noteEmptiness(at t: Double) {
        if !cards.isEmpty { emptiedAt = nil } else if emptiedAt == nil { emptiedAt = t }
    }
}
