import Canvas
@testable import Scenes

/// Widths known by hand: each character is 0.5 × size wide, a line 1.2 × size tall.
typealias FixedMeasurer = FixedAdvanceMeasurer

/// Drives a Push Alert through pointer events like a hand would.
struct Hand {
    var alert: PushAlert
    var events: [SceneEvent] = []

    init(settings: PushAlertSettings = PushAlertSettings()) {
        alert = PushAlert(settings: settings, measurer: FixedMeasurer())
        events += alert.present(at: 0)
        events += alert.update(to: 2)
    }

    /// A point on the panel's left part, away from the ×.
    var grab: Point2 { Point2(60, PushAlert.pagePadding + alert.naturalHeight / 2) }

    mutating func send(_ e: InputEvent) { events += alert.handle(e) }

    /// Presses, moves horizontally at exactly `speed` pt/s in 8 ms steps for about
    /// `distance` (a whole number of steps), then releases `hold` s after the last move.
    mutating func drag(from t0: Double, distance: Double, speed: Double, hold: Double = 0.004) -> Double {
        let p = grab
        send(.pointerDown(p, time: t0, shift: false))
        let step = 0.008
        let sign: Double = distance < 0 ? -1 : 1
        let count = max(Int((abs(distance) / abs(speed) / step).rounded()), 2)
        var t = t0, x = p.x
        for i in 1...count {
            t = t0 + Double(i) * step
            x = p.x + sign * abs(speed) * Double(i) * step
            send(.pointerMoved(Point2(x, p.y), time: t))
        }
        let up = t + hold
        send(.pointerUp(Point2(x, p.y), time: up))
        return up
    }

    func named(_ name: EventName) -> [SceneEvent] { events.filter { $0.name == name } }
}

extension LiquidPile {
    /// A click (press and release 20 ms apart) at the centre of bubble `id`, where it is now.
    mutating func clickBubble(_ id: BubbleID, at t: Double) -> [SceneEvent] {
        guard let b = bubbles.first(where: { $0.id == id }) else { return [] }
        let c = bubbleFrame(b, at: t).center
        return handle(.pointerDown(c, time: t, shift: false)) + handle(.pointerUp(c, time: t + 0.02))
    }
}

extension LiquidPile {
    /// A pile of `notices` spread into its list and settled (2 s after the click).
    static func spread(_ notices: [Notice] = Notice.samples, measurer: FixedMeasurer = FixedMeasurer()) -> LiquidPile {
        var pile = LiquidPile(notices: notices, measurer: measurer)
        _ = pile.spread(at: 0)
        _ = pile.update(to: 2)
        return pile
    }
}
