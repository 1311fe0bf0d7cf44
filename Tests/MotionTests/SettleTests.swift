import Foundation
import Testing
@testable import Motion

/// docs/behaviour.md §1.4 and the figures in issue 2.
@Suite struct SettleTests {
    let gap = Spring(response: 0.32, dampingRatio: 0.85)
    let alert = Spring(response: 0.42, dampingRatio: 0.78)

    @Test func gapAndAlertSettleTimes() {
        // Issue 2: gap 0.3595 s, alert 0.5142 s (6 / (ζω0), ω0 = 2π/R).
        #expect(abs(gap.settleDuration - 0.3595) < 5e-5)
        #expect(abs(alert.settleDuration - 0.5142) < 5e-5)
    }

    @Test func alertOvershootsByAboutTwoPercent() {
        // Issue 2: the alert spring overshoots by 1.99 % (±0.01). Found by sampling the
        // step response densely, not by the overshoot formula.
        var peak = 0.0
        for i in 0...20_000 { peak = max(peak, alert.step(at: Double(i) * 1e-4)) }
        #expect(abs((peak - 1) * 100 - 1.99) <= 0.01)
    }

    /// docs/behaviour.md §1.4: from 6/(ζω0) on within 0.3 %. The curve's amplitude carries a factor
    /// 1/√(1−ζ²), so the claim holds up to ζ ≈ 0.8 (the alert spring: 0.28 %); at the gap
    /// spring's ζ 0.85 the worst excursion is 0.43 % — use the exact `settleTime(epsilon:)`
    /// where a hard bound matters.
    @Test(arguments: [(0.42, 0.78), (0.5, 0.3), (0.3, 0.6), (0.5, 0.5), (0.5, 0.7)])
    func sixOverDecayIsWithinPointThreePercent(response: Double, ratio: Double) {
        let s = Spring(response: response, dampingRatio: ratio)
        let rate = ratio * 2 * Double.pi / response
        var worstAfterSix = 0.0
        for i in 0...4000 {
            let t = 6 / rate + Double(i) * 0.001
            worstAfterSix = max(worstAfterSix, abs(s.step(at: t) - 1))
        }
        #expect(worstAfterSix <= 0.003)
        #expect(abs(s.settleDuration - 6 / rate) < 1e-12)
    }

    @Test func fourOverDecayIsVisiblyOff() {
        // docs/behaviour.md §1.4: at 4/(ζω0) the alert spring is still ≈ 2 % off its target — 1.4 pt
        // of a 70 pt panel, visible in a still frame; the reason the settle rule uses 6.
        let rate = 0.78 * 2 * Double.pi / 0.42
        let off = abs(1 - alert.step(at: 4 / rate))
        #expect(off > 0.015 && off < 0.025)
    }

    @Test func overAndCriticallyDampedSettleWithinPointThreePercent() {
        // Reference times from scipy's brentq on the textbook solutions (not this code):
        // critical ω0 = 10: e^(−10t)(1 + 10t) = 0.003 at t = 0.800716 s (6/ω0 = 0.6 s
        // would still be 1.7 % short); overdamped ζ = 2, ω0 = 10: 2.195807 s.
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 20).settleDuration - 0.800716315747031) < 1e-9)
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 40).settleDuration - 2.1958071636499716) < 1e-9)
        let critical = Spring(mass: 1, stiffness: 100, damping: 20)
        #expect(abs(1 - critical.step(at: 0.6)) > 0.015)
    }

    @Test(arguments: [0.01, 0.003, 1e-4])
    func exactSettleTimeForAnyEpsilon(epsilon: Double) {
        // The exact settle time T is the last moment |x − target| = ε: everything after
        // stays inside, and just before it the motion is outside (checked by sampling).
        for spring in [gap, alert, Spring(response: 0.5, dampingRatio: 0.2),
                       Spring(mass: 1, stiffness: 100, damping: 20), Spring(mass: 1, stiffness: 100, damping: 35)] {
            for (y0, v0) in [(-1.0, 0.0), (-1.0, 6.0), (0.5, -9.0)] {
                let t = spring.settleTime(epsilon: epsilon, displacement: y0, velocity: v0)
                let y = { (s: Double) in spring.value(at: s, from: y0, to: 0, velocity: v0).position }
                #expect(abs(abs(y(t)) - epsilon) < 1e-9, "boundary at \(t)")
                var outside = 0.0
                for i in 1...5000 { outside = max(outside, abs(y(t + Double(i) * 0.0005))) }
                #expect(outside <= epsilon * (1 + 1e-9))
            }
        }
    }

    @Test func exactSettleIsZeroWhenAlreadyInside() {
        #expect(alert.settleTime(epsilon: 0.1, displacement: 0.05, velocity: 0) == 0)
    }
}
