#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The closed-form response of a spring, split into what the start displacement and
/// the start velocity each contribute at time t.
///
/// The equation m·y'' + c·y' + k·y = 0 is linear, so with y the displacement from the
/// target, y(t) = y0·P(t) + v0·Q(t) and y'(t) = y0·P'(t) + v0·Q'(t). Computing these four
/// scalars once per frame lets one spring move a number, a point or a colour exactly.
/// Nothing is integrated: the same t gives the same bits at any frame rate (docs/behaviour.md §1.2).
public struct SpringResponse: Hashable, Sendable {
    /// Position contributed per unit of start displacement.
    public var positionFromDisplacement: Double
    /// Position contributed per unit of start velocity.
    public var positionFromVelocity: Double
    /// Velocity contributed per unit of start displacement.
    public var velocityFromDisplacement: Double
    /// Velocity contributed per unit of start velocity.
    public var velocityFromVelocity: Double
}

extension Spring {
    /// The exact response at time t (s) after the motion began; t ≤ 0 gives the identity.
    ///
    /// One formula covers all three regimes with a = c/2m (decay rate):
    ///   y = e^(−at) (y0·C + (v0 + a·y0)·S),  y' = e^(−at) (v0·C − (a·v0 + ω0²·y0)·S)
    /// where C, S are cos(ωd t), sin(ωd t)/ωd underdamped; 1, t critical; and
    /// cosh(s t), sinh(s t)/s overdamped (s = ω0√(ζ²−1)). Writing S as sin(x)/ωd rather
    /// than splitting into separate exponentials keeps it exact as ζ → 1 from either
    /// side, where the textbook two-root form cancels catastrophically.
    public func response(at t: Double) -> SpringResponse {
        guard t > 0 else {
            return SpringResponse(positionFromDisplacement: 1, positionFromVelocity: 0,
                                  velocityFromDisplacement: 0, velocityFromVelocity: 1)
        }
        let a = damping / (2 * mass)
        let w2 = stiffness / mass
        // Past ~745 decay constants e^(−at) is 0 in Double and cos(ωd t) may be NaN at
        // absurd t: the motion is over, exactly at its target.
        if a * t > 745 {
            return SpringResponse(positionFromDisplacement: 0, positionFromVelocity: 0,
                                  velocityFromDisplacement: 0, velocityFromVelocity: 0)
        }
        let disc = w2 - a * a  // ωd² when underdamped, −s² when overdamped
        let decayC: Double  // e^(−at)·C
        let decayS: Double  // e^(−at)·S
        if disc > 0 {
            let wd = disc.squareRoot()
            let e = exp(-a * t)
            decayC = e * cos(wd * t)
            decayS = e * sin(wd * t) / wd
        } else if disc < 0 {
            let s = (-disc).squareRoot()
            if s * t < 1 {
                let e = exp(-a * t)
                decayC = e * cosh(s * t)
                decayS = e * sinh(s * t) / s
            } else {
                // cosh and sinh overflow long before e^(−at) underflows; fold the decay in.
                let slow = exp((s - a) * t)
                let fast = exp(-(s + a) * t)
                decayC = (slow + fast) / 2
                decayS = (slow - fast) / (2 * s)
            }
        } else {
            let e = exp(-a * t)
            decayC = e
            decayS = e * t
        }
        return SpringResponse(
            positionFromDisplacement: decayC + a * decayS,
            positionFromVelocity: decayS,
            velocityFromDisplacement: -w2 * decayS,
            velocityFromVelocity: decayC - a * decayS)
    }

    /// Position and velocity at time t of a motion from `from` toward `to` that started
    /// with `velocity` (units per second, absolute).
    ///
    ///     let s = Spring(mass: 1, stiffness: 100, damping: 20)       // ζ = 1
    ///     s.value(at: 0.25, from: 0, to: 500, velocity: 0).position  // 356.39…
    public func value(at t: Double, from: Double, to: Double, velocity: Double)
        -> (position: Double, velocity: Double)
    {
        let r = response(at: t)
        let y0 = from - to
        return (to + y0 * r.positionFromDisplacement + velocity * r.positionFromVelocity,
                y0 * r.velocityFromDisplacement + velocity * r.velocityFromVelocity)
    }

    /// Fraction of the way from 0 to 1 at time t, starting at rest: the step response.
    public func step(at t: Double) -> Double {
        value(at: t, from: 0, to: 1, velocity: 0).position
    }
}
