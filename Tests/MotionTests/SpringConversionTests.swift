import Foundation
import Testing
@testable import Motion

/// docs/behaviour.md §1.1 check values and Apple's documented conversions.
@Suite struct SpringConversionTests {
    @Test func durationAndBounceToStiffnessAndDamping() {
        // docs/behaviour.md §1.1: duration 0.5 / bounce 0.3 → k 157.91, c 17.59 (mass 1).
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(s.stiffness - 157.91) < 0.005)
        #expect(abs(s.damping - 17.59) < 0.005)
        #expect(abs(s.mass - 1) < 1e-15)
    }

    @Test func negativeBounceIsOverdamped() {
        // docs/behaviour.md §1.1: bounce −0.3 → c 35.90; ζ = 1 / (1 + b) = 1.428…
        let s = Spring(duration: 0.5, bounce: -0.3)
        #expect(abs(s.damping - 35.90) < 0.005)
        #expect(abs(s.dampingRatio - 1 / 0.7) < 1e-12)
        #expect(s.regime == .overdamped)
        #expect(abs(s.bounce - -0.3) < 1e-12)
    }

    @Test func stiffnessAndDampingToDurationAndBounce() {
        // docs/behaviour.md §1.1 and SwiftUI's Spring(mass: 1, stiffness: 100, damping: 10):
        // duration 0.628, bounce 0.5.
        let s = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(s.duration - 0.628) < 0.0005)
        #expect(abs(s.bounce - 0.5) < 1e-12)
        #expect(abs(s.dampingRatio - 0.5) < 1e-12)
    }

    @Test func responseAndDampingFraction() {
        // SwiftUI spring(response: 0.5, dampingFraction: 0.825): ω0 = 2π/0.5 = 12.566…,
        // k = ω0² = 157.9137, c = 2·0.825·ω0 = 20.7345.
        let s = Spring(response: 0.5, dampingRatio: 0.825)
        #expect(abs(s.stiffness - 157.9137) < 1e-4)
        #expect(abs(s.damping - 20.7345) < 1e-4)
        #expect(abs(s.response - 0.5) < 1e-12)
        #expect(abs(s.dampingRatio - 0.825) < 1e-12)
    }

    @Test func massScalesStiffnessAndDampingNotResponse() {
        // ζ = c / (2√(mk)), ω0 = √(k/m): mass 2, k 200, c 20 → ω0 10, ζ 0.5.
        let s = Spring(mass: 2, stiffness: 200, damping: 20)
        #expect(abs(s.naturalFrequency - 10) < 1e-12)
        #expect(abs(s.dampingRatio - 0.5) < 1e-12)
        let same = Spring(response: s.response, dampingRatio: 0.5, mass: 2)
        #expect(abs(same.stiffness - 200) < 1e-9)
        #expect(abs(same.damping - 20) < 1e-9)
    }

    @Test(arguments: [(0.14, 0.0), (0.32, 0.25), (0.42, 0.38), (0.5, -0.5), (1.7, 0.9), (0.3, -0.9)])
    func everyFormRoundTrips(duration: Double, bounce: Double) {
        let a = Spring(duration: duration, bounce: bounce)
        let b = Spring(response: a.response, dampingRatio: a.dampingRatio)
        let c = Spring(mass: 1, stiffness: b.stiffness, damping: b.damping)
        #expect(abs(c.duration - duration) < 1e-12)
        #expect(abs(c.bounce - bounce) < 1e-12)
    }

    @Test func responseIsClampedAndRatioKeptPositive() {
        // docs/behaviour.md §1.1: response clamped to at least 0.05 s; ζ kept positive.
        #expect(abs(Spring(response: 0.001, dampingRatio: 1).response - 0.05) < 1e-12)
        #expect(abs(Spring(mass: 1, stiffness: 1e9, damping: 10).response - 0.05) < 1e-12)
        #expect(Spring(response: 0.3, dampingRatio: 0).dampingRatio > 0)
        #expect(Spring(mass: 1, stiffness: 100, damping: -5).dampingRatio > 0)
        #expect(Spring(response: .nan, dampingRatio: .nan).stiffness.isFinite)
    }
}
