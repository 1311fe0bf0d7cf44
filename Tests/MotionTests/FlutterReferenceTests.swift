import Foundation
import Testing
@testable import Motion

/// Flutter's published spring values (flutter/packages/flutter/test/physics/newton_test.dart),
/// docs/behaviour.md §1.2: mass 1, stiffness 100, compared by floor as Flutter does.
@Suite struct FlutterReferenceTests {
    func floors(_ spring: Spring, to: Double, at times: [Double]) -> [(Double, Double)] {
        times.map { t in
            let s = spring.value(at: t, from: 0, to: to, velocity: 0)
            return (s.position.rounded(.down), s.velocity.rounded(.down))
        }
    }

    @Test func criticallyDamped() {
        // withDampingRatio(mass 1, stiffness 100, ratio 1): 0 → 500.
        let spring = Spring(mass: 1, stiffness: 100, damping: 20)
        let r = floors(spring, to: 500, at: [0.25, 0.5, 0.75])
        #expect(r.map(\.0) == [356, 479, 497])
        #expect(r.map(\.1) == [1026, 168, 20])
        let late = spring.value(at: 1.5, from: 0, to: 500, velocity: 0)
        #expect(late.position > 499 && late.position < 501)
        #expect(late.velocity < 0.1)
    }

    @Test func overdamped() {
        // ratio 1.25 → c = 25: 0 → 500.
        let spring = Spring(mass: 1, stiffness: 100, damping: 25)
        let r = floors(spring, to: 500, at: [0.5, 1.0, 1.5])
        #expect(r.map(\.0) == [445, 495, 499])
        #expect(r.map(\.1) == [273, 22, 1])
    }

    @Test func underdamped() {
        // ratio 0.25 → c = 5: 0 → 300; overshoots with negative velocity at 1 s.
        let spring = Spring(mass: 1, stiffness: 100, damping: 5)
        let r = floors(spring, to: 300, at: [1.0, 6.0])
        #expect(r[0] == (325, -65))
        #expect(r[1].0 == 299)
        #expect(r[1].1 == 0)
    }
}
