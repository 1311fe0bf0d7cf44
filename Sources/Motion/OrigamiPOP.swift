/// Origami's POP Animation patch (docs/behaviour.md §18): a spring written as bounciness and speed, the
/// way Facebook's Origami and Rebound let a designer write it.
///
/// The conversion is Rebound's, formula for formula (facebookarchive/rebound, rebound-core,
/// `BouncyConversion.java` and `OrigamiValueConverter.java`, commit 79eca40; the entry
/// point is `SpringConfig.fromBouncinessAndSpeed(bounciness, speed)`):
///
///     b  = 0.8 · (bounciness / 1.7) / 20          normalize to 0…20, project to 0…0.8
///     s  = (speed / 1.7) / 20                     normalize to 0…20
///     Tq = 0.5 + s · (200 − 0.5)                  Quartz Composer "bouncy" tension
///     u  = 2b − b²                                quadratic-out
///     Fq = u · 0.01 + (1 − u) · nobounce(Tq)      Quartz Composer "bouncy" friction
///     tension  = (Tq − 30) · 3.62 + 194           (0 stays 0)
///     friction = (Fq − 8) · 3 + 25                (0 stays 0)
///
/// with `nobounce` the friction that just does not bounce, three cubic fits in Tq:
///
///     Tq ≤ 18:       0.0007 Tq³ − 0.031 Tq² + 0.64 Tq + 1.28
///     18 < Tq ≤ 44:  0.000044 Tq³ − 0.006 Tq² + 0.36 Tq + 2
///     Tq > 44:       0.00000045 Tq³ − 0.000332 Tq² + 0.1078 Tq + 5.84
///
/// Rebound's spring has unit mass: tension is stiffness and friction is the damping
/// coefficient, each per unit of mass — a spring of mass m is written by k/m and c/m.
///
/// Where ports disagree: Rebound's Java constructor takes `BouncyConversion(speed,
/// bounciness)` — speed first — while `fromBouncinessAndSpeed` takes bounciness first, as
/// React Native's `SpringConfig.fromBouncinessAndSpeed` does; React Native's
/// `stiffnessFromOrigamiValue` and `dampingFromOrigamiValue` drop Rebound's "0 stays 0"
/// guard (with it a speed of 0 would give no spring at all, so the difference is only at
/// that value, which SpringLab refuses). We follow Rebound.
public enum OrigamiPOP {
    /// The bounciness where Rebound's quadratic turns: beyond it a POP spring bounces less,
    /// not more, so the inspector's slider and `--bounciness` stop here.
    public static let maxBounciness = 42.5
    /// The speeds the inspector's slider spans, as `--speed` accepts them.
    public static let speedRange = 0.1...100.0

    /// Rebound's `tensionFromOrigamiValue`.
    public static func tension(origami value: Double) -> Double { value == 0 ? 0 : (value - 30) * 3.62 + 194 }
    /// Rebound's `origamiValueFromTension`.
    public static func origami(tension: Double) -> Double { tension == 0 ? 0 : (tension - 194) / 3.62 + 30 }
    /// Rebound's `frictionFromOrigamiValue`.
    public static func friction(origami value: Double) -> Double { value == 0 ? 0 : (value - 8) * 3 + 25 }
    /// Rebound's `origamiValueFromFriction`.
    public static func origami(friction: Double) -> Double { friction == 0 ? 0 : (friction - 25) / 3 + 8 }

    /// The friction (Quartz Composer units) at which a spring of tension `tq` just does not
    /// bounce: Rebound's `b3_nobounce`.
    public static func noBounceFriction(tension tq: Double) -> Double {
        if tq <= 18 { return 0.0007 * tq * tq * tq - 0.031 * tq * tq + 0.64 * tq + 1.28 }
        if tq <= 44 { return 0.000044 * tq * tq * tq - 0.006 * tq * tq + 0.36 * tq + 2 }
        return 0.00000045 * tq * tq * tq - 0.000332 * tq * tq + 0.1078 * tq + 5.84
    }

    /// Tension and friction (per unit mass) of the POP spring with `bounciness` and `speed`.
    public static func tensionAndFriction(bounciness: Double, speed: Double) -> (tension: Double, friction: Double) {
        let b = 0.8 * (bounciness / 1.7) / 20
        let s = (speed / 1.7) / 20
        let tq = 0.5 + s * (200 - 0.5)
        let u = 2 * b - b * b
        let fq = u * 0.01 + (1 - u) * noBounceFriction(tension: tq)
        return (tension(origami: tq), friction(origami: fq))
    }

    /// The spring of `bounciness` and `speed` (unit mass).
    public static func spring(bounciness: Double, speed: Double) -> Spring {
        let (k, c) = tensionAndFriction(bounciness: bounciness, speed: speed)
        return Spring(mass: 1, stiffness: k, damping: c)
    }

    /// The speed whose tension is `tension` (per unit mass): Rebound's `s` from the Quartz
    /// Composer tension, scaled back (speed alone sets the tension).
    public static func speed(tension: Double) -> Double {
        (origami(tension: tension) - 0.5) / (200 - 0.5) * 20 * 1.7
    }

    /// The bounciness whose friction, at the tension `tension`, is `friction` (both per
    /// unit mass); nil past Rebound's turning point (no POP spring is that bouncy).
    public static func bounciness(tension: Double, friction: Double) -> Double? {
        let start = noBounceFriction(tension: origami(tension: tension))
        guard start != 0.01 else { return nil }
        let u = (origami(friction: friction) - start) / (0.01 - start)
        guard u <= 1 else { return nil }
        return (1 - (1 - u).squareRoot()) * 20 * 1.7 / 0.8
    }

    /// Bounciness and speed of `spring`, exactly inverting `tensionAndFriction`; nil when no
    /// POP spring has its tension and friction — a spring too slow for any speed above 0,
    /// or bouncier than the curve's turning point (Rebound's quadratic has no real root).
    public static func bouncinessAndSpeed(of spring: Spring) -> (bounciness: Double, speed: Double)? {
        let k = spring.stiffness / spring.mass, c = spring.damping / spring.mass
        let speed = speed(tension: k)
        guard speed > 0, let bounciness = bounciness(tension: k, friction: c) else { return nil }
        return (bounciness, speed)
    }
}
