#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A timing curve given by a cubic Bézier from (0, 0) to (1, 1), as in CSS
/// `cubic-bezier(x1, y1, x2, y2)`. Used only where Reduce Motion replaces a spring with a
/// short fade-like ease (docs/behaviour.md §1.6).
public struct CubicBezier: Hashable, Sendable, Codable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1); self.y1 = y1
        self.x2 = min(max(x2, 0), 1); self.y2 = y2
    }

    /// CSS / Core Animation ease-out (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// CSS / Core Animation ease-in (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)

    private func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        // Bernstein form with P0 = 0, P3 = 1.
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// Curve parameter s whose x equals `x` (x is monotonic because x1, x2 ∈ [0, 1]).
    private func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {  // Newton, fast when the slope is healthy
            let dx = derivative(s, x1, x2)
            if abs(dx) < 1e-7 { break }
            let next = s - (coordinate(s, x1, x2) - x) / dx
            if next < 0 || next > 1 { break }
            s = next
        }
        if abs(coordinate(s, x1, x2) - x) < 1e-12 { return s }
        var lo = 0.0, hi = 1.0  // bisection fallback, always converges
        for _ in 0..<60 {
            s = (lo + hi) / 2
            if coordinate(s, x1, x2) < x { lo = s } else { hi = s }
        }
        return s
    }

    /// Progress y at normalized time x ∈ [0, 1].
    public func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return coordinate(parameter(forX: x), y1, y2)
    }

    /// dy/dx at normalized time x.
    public func slope(at x: Double) -> Double {
        guard x > 0, x < 1 else { return 0 }
        let s = parameter(forX: x)
        let dx = derivative(s, x1, x2)
        return dx == 0 ? 0 : derivative(s, y1, y2) / dx
    }
}

/// How a value travels to a new target: an exact spring, a timed ease (Reduce Motion),
/// or an instant jump (Reduce Motion for loops, and "apply without motion").
public enum MotionCurve: Hashable, Sendable, Codable {
    case spring(Spring)
    case ease(CubicBezier, duration: Double)
    case instant

    /// How long until the motion is logically complete, s (the spring's visual settle).
    public var settleDuration: Double {
        switch self {
        case .spring(let s): return s.settleDuration
        case .ease(_, let d): return max(d, 0)
        case .instant: return 0
        }
    }

    /// The four linear coefficients of this curve at time t (see `SpringResponse`).
    /// For an ease the start velocity is ignored and the curve is a blend of start and
    /// target: position = target + y0·(1 − e(t/d)).
    public func response(at t: Double) -> SpringResponse {
        switch self {
        case .spring(let s):
            return s.response(at: t)
        case .ease(let bezier, let d):
            guard d > 0, t < d else {
                return SpringResponse(positionFromDisplacement: t <= 0 ? 1 : 0, positionFromVelocity: 0,
                                      velocityFromDisplacement: 0, velocityFromVelocity: 0)
            }
            let x = max(t, 0) / d
            return SpringResponse(positionFromDisplacement: 1 - bezier.progress(at: x), positionFromVelocity: 0,
                                  velocityFromDisplacement: -bezier.slope(at: x) / d, velocityFromVelocity: 0)
        case .instant:
            return SpringResponse(positionFromDisplacement: 0, positionFromVelocity: 0,
                                  velocityFromDisplacement: 0, velocityFromVelocity: 0)
        }
    }
}
