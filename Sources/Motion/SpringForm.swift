#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The four ways a designer writes one spring (docs/behaviour.md §1.1, §11.2). The raw values are the
/// remembered session's `form` words.
///
///     response  — response R (s) and damping ratio ζ (SwiftUI `spring(response:dampingFraction:)`)
///     duration  — duration d (s) and bounce b (SwiftUI `Spring(duration:bounce:)`)
///     stiffness — mass m, stiffness k and damping coefficient c (Flutter `SpringDescription`)
///     origami   — bounciness and speed (Origami's POP Animation, Rebound; `OrigamiPOP`)
public enum SpringForm: String, CaseIterable, Sendable, Codable {
    case response, duration, stiffness, origami

    /// The name on its button.
    public var title: String {
        switch self {
        case .response: "Response"
        case .duration: "Duration"
        case .stiffness: "Stiffness"
        case .origami: "Origami"
        }
    }
}

/// Exact conversions between the forms (docs/behaviour.md §1.1), with none of `Spring`'s clamping: the
/// inspector keeps every spring as response and damping ratio and shows it in any form,
/// so each number shown or typed goes through these and back without drift.
///
///     SpringConversion.dampingRatio(bounce: 0.3)                        // 0.7
///     SpringConversion.stiffness(response: 0.5, mass: 1)                // 157.91
///     SpringConversion.response(stiffness: 100, mass: 1)                // 0.628
///     SpringConversion.dampingRatio(coefficient: 10, stiffness: 100, mass: 1)  // 0.5
public enum SpringConversion {
    /// Bounce b from ζ: 1 − ζ when ζ ≤ 1, 1/ζ − 1 when overdamped (negative).
    public static func bounce(dampingRatio z: Double) -> Double { z <= 1 ? 1 - z : 1 / z - 1 }

    /// ζ from bounce b ∈ (−1, 1): 1 − b for b ≥ 0, 1 / (1 + b) for b < 0.
    public static func dampingRatio(bounce b: Double) -> Double { b >= 0 ? 1 - b : 1 / (1 + b) }

    /// Stiffness k = m ω0², ω0 = 2π / R.
    public static func stiffness(response r: Double, mass m: Double) -> Double {
        let w0 = 2 * Double.pi / r
        return m * w0 * w0
    }

    /// Damping coefficient c = 2 ζ ω0 m.
    public static func coefficient(response r: Double, dampingRatio z: Double, mass m: Double) -> Double {
        2 * z * (2 * Double.pi / r) * m
    }

    /// Response R = 2π √(m / k).
    public static func response(stiffness k: Double, mass m: Double) -> Double { 2 * Double.pi * (m / k).squareRoot() }

    /// ζ = c / (2 √(m k)).
    public static func dampingRatio(coefficient c: Double, stiffness k: Double, mass m: Double) -> Double {
        c / (2 * (m * k).squareRoot())
    }
}
