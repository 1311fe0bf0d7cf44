import Foundation
import Testing
@testable import Motion

/// docs/behaviour.md §1.3, §1.6 (release velocity) and §1.7 (projection).
@Suite struct VelocityConventionTests {
    @Test func normalizedIsSignedAgainstTravel() {
        // u = v / (target − current): 600 pt/s toward a target 300 pt away is 2 travels/s.
        #expect(SpringVelocity.normalize(velocity: 600, from: 100, to: 400) == 2)
        // Pointer still moving away (+600) from a target behind it (−300): u = −2, so the
        // spring starts by continuing outward. Dividing by |travel| would give +2 and yank
        // it the wrong way.
        #expect(SpringVelocity.normalize(velocity: 600, from: 100, to: -200) == -2)
        #expect(SpringVelocity.normalize(velocity: -600, from: 100, to: -200) == 2)
    }

    @Test func normalizedIsZeroBelowOnePointOfTravel() {
        #expect(SpringVelocity.normalize(velocity: 5000, from: 10, to: 10.9) == 0)
        #expect(SpringVelocity.normalize(velocity: 5000, from: 10, to: 9.2) == 0)
        #expect(SpringVelocity.normalize(velocity: 5000, from: 10, to: 11) == 5000)
        #expect(SpringVelocity.normalize(velocity: .nan, from: 0, to: 100) == 0)
    }

    @Test func normalizedRoundTripsToAbsolute() {
        #expect(SpringVelocity.normalized(2).absolute(from: 100, to: 400) == 600)
        #expect(SpringVelocity.normalized(-2).absolute(from: 100, to: -200) == 600)
        #expect(SpringVelocity.absolute(-75).absolute(from: 0, to: 1) == -75)
    }

    @Test func releaseVelocityIsCapped() {
        // Cap ±(2π / duration × 1.5): elastic 0.42 s → 22.44 travels/s.
        let cap = 2 * Double.pi / 0.42 * 1.5
        #expect(abs(ReleaseVelocity.relative(velocity: 10_000, distance: 100, duration: 0.42) - cap) < 1e-12)
        #expect(abs(ReleaseVelocity.relative(velocity: -10_000, distance: 100, duration: 0.42) + cap) < 1e-12)
        #expect(ReleaseVelocity.relative(velocity: 300, distance: 100, duration: 0.42) == 3)
        // ×1 under Reduce Motion.
        let reduced = ReleaseVelocity.relative(velocity: 10_000, distance: 100, duration: 0.25, reduceMotion: true)
        #expect(abs(reduced - 2 * Double.pi / 0.25) < 1e-12)
        // No velocity when less than 1 pt is left.
        #expect(ReleaseVelocity.relative(velocity: 300, distance: 0.5, duration: 0.42) == 0)
    }

    @Test func projections() {
        // Control throw: x + v × 0.20 s.
        #expect(abs(Projection.control(position: 40, velocity: 800) - 200) < 1e-12)
        // Deceleration r: x + (v/1000) × r/(1 − r): cards r 0.99 → ×99, scroll 0.998 → ×499.
        #expect(abs(Projection.decelerating(position: 10, velocity: 1000, rate: 0.99) - 109) < 1e-9)
        #expect(abs(Projection.decelerating(position: 0, velocity: -500, rate: 0.998) - -249.5) < 1e-9)
    }
}
