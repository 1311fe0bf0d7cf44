#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The five named springs every scene draws from (docs/behaviour.md §1.6), as (duration, bounce).
public enum MotionTier: String, CaseIterable, Sendable {
    /// 0.14 s, no bounce: a press arriving under the pointer must feel attached to it.
    case tight
    /// 0.32 s, bounce 0.25: snapping to a detent.
    case responsive
    /// 0.42 s, bounce 0.38: release, drag settling home, rebound.
    case elastic
    /// 0.48 s, bounce 0.48: a resolved action landing — once per interaction, or it cheapens.
    case expressive
    /// 0.50 s, bounce 0.20: opening large surfaces, ambient change.
    case calm

    public var duration: Double {
        switch self {
        case .tight: 0.14
        case .responsive: 0.32
        case .elastic: 0.42
        case .expressive: 0.48
        case .calm: 0.50
        }
    }

    public var bounce: Double {
        switch self {
        case .tight: 0
        case .responsive: 0.25
        case .elastic: 0.38
        case .expressive: 0.48
        case .calm: 0.20
        }
    }

    public var spring: Spring { Spring(duration: duration, bounce: bounce) }
}

/// What a motion is for; each role maps to a spring, and Reduce Motion swaps it for a
/// calmer substitute (docs/behaviour.md §1.6).
public enum MotionRole: String, CaseIterable, Sendable {
    case press, release, settle, rebound, snap, value, morph, reveal, dismiss, success, error, ambient

    /// (duration, bounce) of the role's spring with full motion.
    public var durationAndBounce: (duration: Double, bounce: Double) {
        switch self {
        case .press: (MotionTier.tight.duration, MotionTier.tight.bounce)
        case .release, .settle, .rebound: (MotionTier.elastic.duration, MotionTier.elastic.bounce)
        case .snap, .error: (MotionTier.responsive.duration, MotionTier.responsive.bounce)
        // A value change never overshoots, so it never shows a number that is not true.
        case .value: (0.35, 0)
        case .morph: (0.40, 0.20)
        case .reveal, .ambient: (MotionTier.calm.duration, MotionTier.calm.bounce)
        case .dismiss: (0.30, 0.08)
        case .success: (MotionTier.expressive.duration, MotionTier.expressive.bounce)
        }
    }

    /// The curve to use. Under Reduce Motion: reveal is an ease-out of 0.2 s, dismiss an
    /// ease-in of 0.18 s, success an ease-out of 0.24 s, ambient loops stop (instant), and
    /// every other spring settles as (0.25, 0) — no bounce, short.
    public func curve(reduceMotion: Bool) -> MotionCurve {
        guard reduceMotion else {
            let p = durationAndBounce
            return .spring(Spring(duration: p.duration, bounce: p.bounce))
        }
        switch self {
        case .reveal: return .ease(.easeOut, duration: 0.2)
        case .dismiss: return .ease(.easeIn, duration: 0.18)
        case .success: return .ease(.easeOut, duration: 0.24)
        case .ambient: return .instant
        default: return .spring(MotionRole.reducedSettle)
        }
    }

    /// The (0.25, 0) spring that replaces settles under Reduce Motion.
    public static let reducedSettle = Spring(duration: 0.25, bounce: 0)
}

/// Velocity hand-off for a component settling home after a release (docs/behaviour.md §1.6).
public enum ReleaseVelocity {
    /// The release velocity as a fraction of the distance left per second, capped at
    /// ±(2π / duration × 1.5) — ×1 under Reduce Motion — so a violent flick cannot make a
    /// short settle ring; 0 when less than 1 pt is left.
    ///
    ///     ReleaseVelocity.relative(velocity: 300, distance: 100, duration: 0.42) // 3.0
    public static func relative(velocity: Double, distance: Double, duration: Double,
                                reduceMotion: Bool = false) -> Double {
        guard abs(distance) >= 1, velocity.isFinite, distance.isFinite, duration > 0 else { return 0 }
        let cap = 2 * Double.pi / duration * (reduceMotion ? 1 : 1.5)
        return min(max(velocity / distance, -cap), cap)
    }
}
