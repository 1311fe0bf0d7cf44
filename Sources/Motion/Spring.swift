#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic spring, stored as mass, stiffness and damping coefficient.
///
/// Every parameterization designers meet converts to and from this one (docs/behaviour.md §1.1):
///
///     let alert = Spring(response: 0.42, dampingRatio: 0.78)   // SwiftUI spring(response:dampingFraction:)
///     let card  = Spring(duration: 0.5, bounce: 0.3)            // SwiftUI Spring(duration:bounce:)
///     let raw   = Spring(mass: 1, stiffness: 100, damping: 10)  // Flutter SpringDescription
///     raw.duration  // 0.628 s
///     raw.bounce    // 0.5
///
/// Units: seconds, and "units per second" for velocities. Unit mass unless given.
public struct Spring: Hashable, Sendable, Codable {
    /// Mass m (> 0).
    public let mass: Double
    /// Stiffness k, in m·s⁻² per unit of displacement (> 0).
    public let stiffness: Double
    /// Damping coefficient c (> 0).
    public let damping: Double

    /// The shortest response a spring may have. Below 50 ms a spring is a jump: the first
    /// frame at 60 Hz already lands past the target, and the curve is no longer visible.
    public static let minimumResponse = 0.05

    /// The smallest damping ratio kept. ζ must stay positive: at ζ = 0 a spring never
    /// settles, and every settle time, completion and loop built on it would hang.
    public static let minimumDampingRatio = 0.001
    /// The largest damping ratio kept: beyond it the slow root underflows and the value
    /// would effectively never move.
    public static let maximumDampingRatio = 1e4

    /// A spring from mass, stiffness and damping coefficient (Flutter, Motion, CSS).
    ///
    /// Non-positive or non-finite stiffness and mass are replaced by the nearest usable
    /// spring rather than producing NaN later; the damping ratio is kept positive.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        let m = mass.isFinite && mass > 0 ? min(max(mass, 1e-6), 1e6) : 1
        var k = stiffness.isFinite && stiffness > 0 ? stiffness : 1
        // Clamp the response (2π√(m/k)) to the minimum by capping k.
        let kMax = m * pow(2 * Double.pi / Spring.minimumResponse, 2)
        k = min(k, kMax)
        let cMin = Spring.minimumDampingRatio * 2 * (m * k).squareRoot()
        let cMax = Spring.maximumDampingRatio * 2 * (m * k).squareRoot()
        let c = damping.isFinite ? min(max(damping, cMin), cMax) : cMin
        self.mass = m
        self.stiffness = k
        self.damping = c
    }

    /// A spring from response R (the undamped period, s) and damping ratio ζ — SwiftUI's
    /// `spring(response:dampingFraction:)`. ω0 = 2π / R, k = m ω0², c = 2 ζ ω0 m.
    public init(response: Double, dampingRatio: Double, mass: Double = 1) {
        let r = response.isFinite ? max(response, Spring.minimumResponse) : Spring.minimumResponse
        let z = dampingRatio.isFinite
            ? min(max(dampingRatio, Spring.minimumDampingRatio), Spring.maximumDampingRatio) : 1
        let m = mass.isFinite && mass > 0 ? min(max(mass, 1e-6), 1e6) : 1
        let w0 = 2 * Double.pi / r
        self.mass = m
        self.stiffness = m * w0 * w0
        self.damping = 2 * z * w0 * m
    }

    /// A spring from perceptual duration d and bounce b ∈ (−1, 1) — SwiftUI's
    /// `Spring(duration:bounce:)`, Flutter's `withDurationAndBounce`.
    /// ζ = 1 − b for b ≥ 0 and 1 / (1 + b) for b < 0; duration acts as the response.
    public init(duration: Double, bounce: Double, mass: Double = 1) {
        let b = bounce.isFinite ? min(max(bounce, -0.999), 0.999) : 0
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        self.init(response: duration, dampingRatio: zeta, mass: mass)
    }

    /// Undamped angular frequency ω0 = √(k/m), rad/s.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio ζ = c / (2√(mk)); 1 is critical, above 1 overdamped.
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// Response R = 2π / ω0, the period the spring would ring at without damping.
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// Perceptual duration (SwiftUI's name for the response).
    public var duration: Double { response }

    /// Bounce: 1 − ζ when underdamped, 1/ζ − 1 when overdamped (negative), 0 critical.
    public var bounce: Double {
        let z = dampingRatio
        return z <= 1 ? 1 - z : 1 / z - 1
    }

    /// The damping regime, decided without tolerance: ζ < 1, = 1, > 1.
    public var regime: Regime {
        let z = dampingRatio
        if z < 1 { return .underdamped }
        if z > 1 { return .overdamped }
        return .critical
    }

    public enum Regime: String, Sendable { case underdamped, critical, overdamped }
}

extension Spring: CustomStringConvertible {
    public var description: String {
        "Spring(response: \(response), dampingRatio: \(dampingRatio), mass: \(mass))"
    }
}
