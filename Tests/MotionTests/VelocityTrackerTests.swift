import Foundation
import Testing
@testable import Motion

/// docs/behaviour.md §2: the least-squares tracker's window and rules, and the impulse strategy.
@Suite struct VelocityTrackerTests {
    func tracker(_ strategy: VelocityTracker.Strategy = .leastSquares, start: Double = 0,
                 step: Double = 0.008, count: Int, position: (Double) -> Point2) -> VelocityTracker {
        var t = VelocityTracker(strategy: strategy)
        for i in 0..<count {
            let time = start + Double(i) * step
            t.add(time: time, position: position(time - start))
        }
        return t
    }

    @Test(arguments: VelocityTracker.Strategy.allCases)
    func constantVelocityLine(strategy: VelocityTracker.Strategy) {
        let t = tracker(strategy, count: 12) { Point2(20 + 500 * $0, 300 - 200 * $0) }
        let v = t.velocity(releasedAt: 11 * 0.008 + 0.004)
        #expect(abs(v.x - 500) < 1e-6)
        #expect(abs(v.y - -200) < 1e-6)
    }

    @Test func pauseBeforeReleaseGivesZero() {
        let t = tracker(count: 12) { Point2(500 * $0, 0) }
        // Newest sample at 88 ms; released 50 ms later: the pointer had stopped.
        #expect(t.velocity(releasedAt: 0.088 + 0.050) == .zero)
        // 40 ms is still a flick.
        #expect(abs(t.velocity(releasedAt: 0.088 + 0.040).x - 500) < 1e-6)
    }

    @Test(arguments: VelocityTracker.Strategy.allCases)
    func twoSamplesGiveTheirSlope(strategy: VelocityTracker.Strategy) {
        var t = VelocityTracker(strategy: strategy)
        t.add(time: 2.000, position: Point2(10, 10))
        t.add(time: 2.016, position: Point2(22, 6))
        let v = t.velocity(releasedAt: 2.020)
        #expect(abs(v.x - 750) < 1e-6)
        #expect(abs(v.y - -250) < 1e-6)
    }

    @Test func oneSampleGivesZero() {
        var t = VelocityTracker()
        t.add(time: 1, position: Point2(5, 5))
        #expect(t.velocity(releasedAt: 1.001) == .zero)
    }

    @Test func gapOverFortyMillisecondsCutsHistory() {
        var t = VelocityTracker()
        // Slow drift at 100 pt/s, then a 50 ms gap, then three samples at 1000 pt/s.
        for i in 0..<6 { t.add(time: Double(i) * 0.008, position: Point2(Double(i) * 0.8, 0)) }
        let resume = 0.040 + 0.050
        for i in 0..<3 { t.add(time: resume + Double(i) * 0.008, position: Point2(100 + Double(i) * 8, 0)) }
        #expect(t.window.count == 3)
        #expect(abs(t.velocity(releasedAt: resume + 0.020).x - 1000) < 1e-6)
    }

    @Test func olderThanHundredMillisecondsIsDropped() {
        var t = VelocityTracker()
        // 10 ms steps; slope 300 until 190 ms, then slope −400 from 190 to 290 ms.
        for i in 0...29 {
            let time = Double(i) * 0.010
            let x = time <= 0.190 ? 300 * time : 300 * 0.190 - 400 * (time - 0.190)
            t.add(time: time, position: Point2(x, 0))
        }
        #expect(t.window.count == 11)  // 190 … 290 ms inclusive
        #expect(abs(t.velocity(releasedAt: 0.295).x - -400) < 1e-6)
    }

    @Test func atMostTwentySamples() {
        var t = VelocityTracker()
        // 1 ms steps: slope 50 for the first 10 samples, then slope 900.
        for i in 0..<30 {
            let x = i <= 10 ? 0.05 * Double(i) : 0.5 + 0.9 * Double(i - 10)
            t.add(time: Double(i) * 0.001, position: Point2(0, x))
        }
        #expect(t.window.count == 20)
        #expect(abs(t.velocity(releasedAt: 0.030).y - 900) < 1e-6)
    }

    @Test func quadraticMotionIsFitExactly() {
        // x = 5000 t² (accelerating): the slope at the newest sample, t = 0.072, is 720.
        let t = tracker(count: 10) { Point2(5000 * $0 * $0, 0) }
        #expect(abs(t.velocity(releasedAt: 0.075).x - 720) < 1e-6)
    }

    @Test func timestampsOfAnyMagnitude() {
        // A session running for 11 days: t ≈ 10⁶ s; 8 ms steps lose nothing.
        let t = tracker(start: 1_000_000, count: 12) { Point2(3000 + 1234 * $0, 0) }
        #expect(abs(t.velocity(releasedAt: 1_000_000 + 0.090).x - 1234) < 1e-3)
    }

    @Test func limitsHoldAtEpochSizedTimestamps() {
        // At t ≈ 1.7e9 s one ulp is 2.4e-7 s: a gap of exactly 40 ms, a rest of exactly
        // 40 ms and a sample exactly 100 ms old must still count as "not over the limit".
        let base = 1_700_000_000.0
        var t = VelocityTracker()
        for ms in [0.0, 40, 80, 100] { t.add(time: base + ms / 1000, position: Point2(ms * 2, 0)) }
        #expect(t.window.count == 4)
        #expect(abs(t.velocity(releasedAt: base + 0.140).x - 2000) < 1e-2)
        #expect(t.velocity(releasedAt: base + 0.141).x == 0)
        var gap = VelocityTracker()
        for ms in [0.0, 41, 81] { gap.add(time: base + ms / 1000, position: Point2(ms, 0)) }
        #expect(gap.window.count == 2)
    }

    @Test func repeatedTimestampsDoNotProduceNaN() {
        var t = VelocityTracker()
        for _ in 0..<5 { t.add(time: 1, position: Point2(3, 3)) }
        let v = t.velocity(releasedAt: 1)
        #expect(v == .zero)
        t.add(time: 1.01, position: Point2(4, 3))
        #expect(abs(t.velocity(releasedAt: 1.01).x - 100) < 1e-6)
    }

    @Test func impulseTakesSamplesUnderAMicrosecondApartAsOne() {
        // A denormal step (about 1e-320 s) divided into 5 pt was infinite and the estimate NaN.
        var denormal = VelocityTracker(strategy: .impulse), merged = VelocityTracker(strategy: .impulse)
        denormal.add(time: 0, position: Point2(0, 0))
        denormal.add(time: Double.leastNonzeroMagnitude * 2000, position: Point2(5, 0))  // about 1e-320 s
        merged.add(time: 0, position: Point2(5, 0))  // the same instant, its newer position
        for (t, x) in [(0.008, 10.0), (0.016, 20.0)] {
            denormal.add(time: t, position: Point2(x, 0))
            merged.add(time: t, position: Point2(x, 0))
        }
        let v = denormal.velocity(releasedAt: 0.016)
        #expect(v.x.isFinite && v.y.isFinite)
        #expect(v == merged.velocity(releasedAt: 0.016))
    }

    @Test func impulseWeighsRecentSpeed() {
        // Slow then fast: energy added late dominates, so the impulse estimate is near the
        // late speed (1000), far above the average of the window (550).
        var t = VelocityTracker(strategy: .impulse)
        var x = 0.0
        for i in 0..<8 {
            t.add(time: Double(i) * 0.008, position: Point2(x, 0))
            x += i < 4 ? 0.8 : 8  // 100 pt/s, then 1000 pt/s
        }
        let v = t.velocity(releasedAt: 0.060).x
        // Worked by hand from the kinetic-energy recurrence (Tests/reference notes): 1001.678.
        #expect(abs(v - 1001.6781584401076) < 1e-6)
    }
}
