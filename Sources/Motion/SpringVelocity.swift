/// Start velocity of a spring motion, in one of the two conventions UI toolkits use
/// (docs/behaviour.md §1.3). Keeping the convention in the type makes the classic bug — raw pt/s
/// passed where a travel-relative number is expected, which launches a component off the
/// screen — a compile error instead of a visual one.
public enum SpringVelocity: Hashable, Sendable {
    /// Units per second (Flutter, Motion, a thrown card's x).
    case absolute(Double)
    /// Fraction of the remaining travel per second (SwiftUI
    /// `interpolatingSpring(initialVelocity:)`, UIKit `initialSpringVelocity`).
    case normalized(Double)

    /// Normalizes an absolute velocity against the travel left, signed:
    /// u = v / (target − current). Never divided by |travel| — that sends the component
    /// the wrong way when the pointer still moves away from the target — and 0 when less
    /// than 1 pt remains, where the quotient explodes.
    ///
    ///     SpringVelocity.normalize(velocity: 600, from: 100, to: 400)  // 2.0
    ///     SpringVelocity.normalize(velocity: 600, from: 100, to: -200) // −2.0
    public static func normalize(velocity: Double, from current: Double, to target: Double) -> Double {
        let travel = target - current
        guard abs(travel) >= 1, velocity.isFinite else { return 0 }
        return velocity / travel
    }

    /// The velocity in units per second for a motion from `current` to `target`.
    public func absolute(from current: Double, to target: Double) -> Double {
        switch self {
        case .absolute(let v): return v.isFinite ? v : 0
        case .normalized(let u): return u.isFinite ? u * (target - current) : 0
        }
    }
}

/// Where a throw would come to rest (docs/behaviour.md §1.7).
public enum Projection {
    /// Control-scale throw (the push alert): x + v × 0.20 s. A short constant because a
    /// control is not a scroll view: it should not coast for half a second of travel.
    public static let controlCoast = 0.20

    /// x + v × 0.20.
    public static func control(position: Double, velocity: Double) -> Double {
        position + velocity * controlCoast
    }

    /// Deceleration-rate projection, UIScrollView style: x + (v / 1000) × r / (1 − r),
    /// with r the per-millisecond decay (cards 0.99, scroll-like 0.998).
    public static func decelerating(position: Double, velocity: Double, rate: Double) -> Double {
        guard rate > 0, rate < 1 else { return position }
        return position + (velocity / 1000) * rate / (1 - rate)
    }

    /// Cards coast with r = 0.99.
    public static let cardRate = 0.99
    /// Scroll-like surfaces coast with r = 0.998.
    public static let scrollRate = 0.998
}
