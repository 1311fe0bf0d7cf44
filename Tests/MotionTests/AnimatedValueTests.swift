import Foundation
import Testing
@testable import Motion

/// docs/behaviour.md §1.5: retargeting, delays and completion.
@Suite struct AnimatedValueTests {
    let alert = MotionCurve.spring(Spring(response: 0.42, dampingRatio: 0.78))
    let leave = MotionCurve.spring(Spring(response: 0.3, dampingRatio: 0.78))

    @Test func startsAtRestAndReachesTarget() {
        var x = AnimatedValue(0.0)
        x.animate(to: 100, curve: alert, at: 1)
        #expect(x.value(at: 1) == 0)
        #expect(x.value(at: 0.5) == 0)
        // Matches the spring evaluated directly with the start shifted to t = 1.
        let direct = Spring(response: 0.42, dampingRatio: 0.78).value(at: 0.2, from: 0, to: 100, velocity: 0)
        #expect(abs(x.value(at: 1.2) - direct.position) < 1e-12)
        #expect(abs(x.value(at: 3) - 100) < 1e-6)
    }

    @Test(arguments: [0.05, 0.13, 0.31])
    func retargetKeepsPositionAndVelocityContinuous(at t: Double) {
        var x = AnimatedValue(0.0)
        x.animate(to: 100, curve: alert, at: 0)
        let before = (x.value(at: t), x.velocity(at: t))
        x.animate(to: -40, curve: leave, at: t)
        let after = (x.value(at: t), x.velocity(at: t))
        #expect(abs(before.0 - after.0) < 1e-9)
        #expect(abs(before.1 - after.1) < 1e-9)
        // And just after, the new motion carries on from that velocity (finite difference).
        let h = 1e-7
        let slope = (x.value(at: t + h) - x.value(at: t)) / h
        #expect(abs(slope - before.1) < 1e-3 * max(1, abs(before.1)))
        #expect(abs(x.value(at: t + 5) - -40) < 1e-6)
    }

    @Test func delayedMotionKeepsThePreviousOneUntilItStarts() {
        var x = AnimatedValue(0.0)
        x.animate(to: 100, curve: alert, at: 0)
        let reference = x  // the arrival alone
        x.animate(to: 0, curve: leave, at: 0.1, delay: 0.12)
        for t in stride(from: 0.1, through: 0.22, by: 0.01) {
            #expect(x.value(at: t) == reference.value(at: t))
        }
        // From 0.22 on it leaves, starting from the arrival's exact state at 0.22.
        let start = (reference.value(at: 0.22), reference.velocity(at: 0.22))
        let leaveSpring = Spring(response: 0.3, dampingRatio: 0.78)
        let expected = leaveSpring.value(at: 0.05, from: start.0, to: 0, velocity: start.1)
        #expect(abs(x.value(at: 0.27) - expected.position) < 1e-9)
    }

    @Test func completionIsReportedOnceAtSettleTime() {
        var x = AnimatedValue(0.0)
        let id = x.animate(to: 1, curve: alert, at: 0)
        let settle = 6 / (0.78 * 2 * Double.pi / 0.42)  // 0.5142 s
        #expect(x.completions(through: settle - 0.001).isEmpty)
        #expect(x.completions(through: settle + 0.001) == [id])
        #expect(x.completions(through: 10).isEmpty)
        #expect(x.isSettled(at: settle + 0.001))
        #expect(!x.isSettled(at: settle - 0.001))
    }

    @Test func replacedMotionNeverCompletes() {
        var x = AnimatedValue(0.0)
        let first = x.animate(to: 1, curve: alert, at: 0)
        let second = x.animate(to: 0, curve: leave, at: 0.2)
        let done = x.completions(through: 5)
        #expect(!done.contains(first))
        #expect(done == [second])
    }

    @Test func pendingMotionReplacedBeforeItStartsNeverCompletes() {
        var x = AnimatedValue(0.0)
        let pending = x.animate(to: 1, curve: alert, at: 0, delay: 0.5)
        let replacement = x.animate(to: 2, curve: alert, at: 0.1)
        #expect(x.completions(through: 5) == [replacement])
        #expect(pending != replacement)
    }

    @Test func motionThatFinishedBeforeBeingReplacedStillCompletes() {
        var x = AnimatedValue(0.0)
        let first = x.animate(to: 1, curve: alert, at: 0)
        let second = x.animate(to: 0, curve: alert, at: 2)  // long after 0.5142 s
        #expect(x.completions(through: 5) == [first, second])
    }

    @Test func explicitVelocityOverridesInheritedOne() {
        var x = AnimatedValue(0.0)
        x.animate(to: 300, curve: alert, at: 0, velocity: 1200)
        #expect(abs(x.velocity(at: 0) - 1200) < 1e-9)
    }

    @Test func pointsMoveOnBothAxes() {
        var p = AnimatedValue(Point2(0, 0))
        p.animate(to: Point2(100, -50), curve: alert, at: 0)
        let s = Spring(response: 0.42, dampingRatio: 0.78)
        let v = p.value(at: 0.2)
        #expect(abs(v.x - s.value(at: 0.2, from: 0, to: 100, velocity: 0).position) < 1e-12)
        #expect(abs(v.y - s.value(at: 0.2, from: 0, to: -50, velocity: 0).position) < 1e-12)
        p.animate(to: .zero, curve: leave, at: 0.2)
        #expect((p.value(at: 0.2) - v).length < 1e-9)
    }

    @Test func nonFiniteTargetsAreIgnored() {
        var x = AnimatedValue(5.0)
        x.animate(to: .nan, curve: alert, at: 0)
        #expect(x.value(at: 1) == 5)
        x.animate(to: 10, curve: alert, at: 1, velocity: .infinity)
        #expect(x.value(at: 1.3).isFinite)
    }

    @Test func setJumpsWithoutMotion() {
        var x = AnimatedValue(0.0)
        x.animate(to: 100, curve: alert, at: 0)
        x.set(42, at: 0.1)
        #expect(x.value(at: 0.1) == 42)
        #expect(x.value(at: 0.4) == 42)
        #expect(x.velocity(at: 0.4) == 0)
    }

    @Test func setKeepsTheCompletionOfAMotionThatHadFinished() {
        var x = AnimatedValue(0.0)
        let id = x.animate(to: 1, curve: alert, at: 0)
        x.set(5, at: 2)  // long after 0.5142 s
        #expect(x.completions(through: 3) == [id])
    }

    @Test func reduceMotionEaseEndsExactlyAtItsDuration() {
        var x = AnimatedValue(0.0)
        x.animate(to: 1, curve: MotionRole.reveal.curve(reduceMotion: true), at: 0)
        #expect(x.value(at: 0.2) == 1)
        #expect(x.value(at: 0.1) > 0.5)  // ease-out: more than half way at half time
        #expect(x.completions(through: 0.2).count == 1)
    }
}
