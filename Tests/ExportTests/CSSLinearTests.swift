import Export
import Foundation
import Motion
import Testing

/// CSS `linear()` (docs/behaviour.md §12.2): adaptive — fewer points than a uniform grid at the same
/// tolerance — and within the tolerance everywhere, read back by CSS's own rules.
///
/// Point counts at the default 0.005 (first and last included), as built:
///   SwiftUI default (response 0.55, ζ 0.825): 12 · smooth (0.5, 1): 11 · snappy (0.5, 0.85): 12
///   · bouncy (0.5, 0.7): 13 · (0.3, 0.3): 25.
/// A uniform grid needs (computed below, same tolerance): 35 · 37 · 34 · 41 · 98.
@Suite struct CSSLinearTests {
    static let named: [(name: String, response: Double, ratio: Double)] = [
        ("SwiftUI default", 0.55, 0.825), ("smooth", 0.5, 1), ("snappy", 0.5, 0.85), ("bouncy", 0.5, 0.7), ("(0.3, 0.3)", 0.3, 0.3),
    ]

    /// The fewest evenly spaced points (values exact, first 0 and last 1 as CSS needs) whose
    /// polyline is within `tolerance` of the step response over [0, duration].
    func uniformCount(_ spring: Spring, duration: Double, tolerance: Double) -> Int {
        let check = 4000
        let truth = (0...check).map { spring.step(at: duration * Double($0) / Double(check)) }
        for n in 2...400 {
            var values = (0..<n).map { spring.step(at: duration * Double($0) / Double(n - 1)) }
            values[0] = 0
            values[n - 1] = 1
            var worst = 0.0
            for (k, y) in truth.enumerated() {
                let x = Double(k) / Double(check) * Double(n - 1)
                let i = min(Int(x), n - 2)
                let line = values[i] + (values[i + 1] - values[i]) * (x - Double(i))
                worst = max(worst, abs(line - y))
            }
            if worst <= tolerance { return n }
        }
        return 401
    }

    @Test(arguments: named)
    func adaptiveNeedsFewerPointsThanUniform(name: String, response: Double, ratio: Double) throws {
        let spring = Spring(response: response, dampingRatio: ratio)
        let easing = SpringCode.cssLinear(spring)
        let uniform = uniformCount(spring, duration: easing.duration, tolerance: 0.005)
        #expect(easing.points.count < uniform, "\(name): \(easing.points.count) adaptive vs \(uniform) uniform")
        print("CSS linear() points, \(name): \(easing.points.count) adaptive, \(uniform) uniform")
        // The struct's points are the printed ones: the text parses back to them.
        let parsed = try #require(CSSLinear(easing.text))
        #expect(parsed.stops.count == easing.points.count)
        for (stop, point) in zip(parsed.stops, easing.points) {
            #expect(abs(stop.input - point.progress) < 1e-12 && stop.output == point.value)
        }
    }

    @Test(arguments: [0.02, 0.005, 0.001])
    func aTighterToleranceTakesMorePointsAndHoldsIt(tolerance: Double) throws {
        let spring = Spring(response: 0.5, dampingRatio: 0.7)
        let easing = SpringCode.cssLinear(spring, tolerance: tolerance)
        let parsed = try #require(CSSLinear(easing.text))
        let times = sampleTimes(to: easing.duration, count: 2000)
        let worst = times.map { abs(parsed.output(at: $0 / easing.duration) - spring.step(at: $0)) }.max() ?? 1
        #expect(worst <= tolerance, "tolerance \(tolerance): off by \(worst)")
        if tolerance < 0.02 {
            #expect(easing.points.count > SpringCode.cssLinear(spring, tolerance: tolerance * 4).points.count)
        }
    }

    @Test func nearlyCriticalSpringsStillEndWithinTheTolerance() throws {
        // 6/(ζω0) leaves a ζ = 0.99 spring about 1.7 % short (docs/behaviour.md §1.4 counts on ζ ≤ 0.8):
        // the easing runs on until the curve is within the tolerance, so its final 1 is true.
        let spring = Spring(response: 0.5, dampingRatio: 0.99)
        let easing = SpringCode.cssLinear(spring)
        #expect(easing.duration >= spring.settleDuration)
        #expect(abs(spring.step(at: easing.duration) - 1) <= 0.005)
        let parsed = try #require(CSSLinear(easing.text))
        let worst = sampleTimes(to: easing.duration).map { abs(parsed.output(at: $0 / easing.duration) - spring.step(at: $0)) }.max() ?? 1
        #expect(worst <= 0.005)
    }

    @Test func theTextIsATransitionWithTheExactSpringInAComment() {
        let text = SpringCode.text(Spring(response: 0.5, dampingRatio: 0.8), format: .css)
        #expect(text.hasPrefix("transition: transform "))
        #expect(text.contains("s linear(0, "))
        #expect(text.hasSuffix(", 1) /* spring: response 0.5 s, damping ratio 0.8 */"))
        #expect(!text.contains("\n"))
    }

    @Test func aBareLinearIsFittedToTheClosestSpring() throws {
        // Our own easing with its comment removed: a fit lands within the 0.005 of sampling.
        let spring = Spring(response: 0.5, dampingRatio: 0.7)
        let bare = SpringCode.cssLinear(spring).text
        let pasted = try SpringCode.parse(bare)
        #expect(abs(pasted.spring.response / 0.5 - 1) < 0.02, "\(pasted.source)")
        #expect(abs(pasted.spring.dampingRatio / 0.7 - 1) < 0.03, "\(pasted.source)")
        #expect(pasted.source.hasPrefix("CSS linear() fitted"))
        #expect(pasted.source.contains("max deviation"))
        // Written by hand, in milliseconds, with omitted percentages: a critically damped
        // spring of response 0.3 s, 1 − e^(−ωt)(1 + ωt) with ω = 2π/0.3, to 3 decimals.
        let hand = try SpringCode.parse("animation: slide 600ms linear(0, 0.04, 0.131, 0.243, 0.358 10%, 0.562 15%, "
                                        + "0.715, 0.821, 0.89 30%, 0.96 40%, 0.986, 0.995, 0.999 75%, 1)")
        #expect(hand.source.hasPrefix("CSS linear() fitted"), "\(hand.source)")
        #expect(abs(hand.spring.response / 0.3 - 1) < 0.05 && abs(hand.spring.dampingRatio - 1) < 0.1, "\(hand.source)")
    }

    @Test func webExportsWithoutTheirCommentAreFittedToo() throws {
        // The keyframes rule and the element.animate call with their spring comment cut
        // off: fitted from their points like a bare linear().
        let spring = Spring(response: 0.5, dampingRatio: 0.7)
        for format in [SpringCodeFormat.keyframes, .waapi] {
            let text = SpringCode.text(spring, format: format)
            let cut = try #require(text.range(of: " /* spring:"))
            let pasted = try SpringCode.parse(String(text[..<cut.lowerBound]))
            #expect(abs(pasted.spring.response / 0.5 - 1) < 0.02, "\(format): \(pasted.source)")
            #expect(abs(pasted.spring.dampingRatio / 0.7 - 1) < 0.03, "\(format): \(pasted.source)")
            #expect(pasted.source.contains("fitted"), "\(format): \(pasted.source)")
        }
        // A keyframes rule without its animation's duration, or with keyframes out of order.
        #expect(throws: SpringPasteError.self) {
            try SpringCode.parse("@keyframes spring {\n  0% { transform: translateX(calc(var(--travel) * 0)); }\n"
                                 + "  100% { transform: translateX(calc(var(--travel) * 1)); }\n}")
        }
        #expect(throws: SpringPasteError.self) {
            try SpringCode.parse("@keyframes spring {\n  50% { transform: translateX(calc(var(--travel) * 0.5)); }\n}\nanimation: spring 0.4s linear;")
        }
    }

    @Test func aLinearThatIsNoSpringOrHasNoDurationIsRefused() {
        // Up, back down to 0, up again: no spring's step response does that.
        #expect(throws: SpringPasteError.self) { try SpringCode.parse("transition: transform 0.4s linear(0, 1 10%, 0 20%, 1)") }
        do {
            _ = try SpringCode.parse("linear(0, 0.6 20%, 1.02 50%, 1)")
            Issue.record("a linear() without a duration was fitted")
        } catch {
            #expect(error.reason.contains("no duration"), "\(error.reason)")
        }
    }
}
