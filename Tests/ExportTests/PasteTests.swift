import Export
import Foundation
import Motion
import Testing

/// Text as a designer copies it from each platform — named constants, newlines, missing
/// optional arguments — read as that platform documents it (docs/behaviour.md §12.3). Expected springs are
/// (response, ζ) worked out by hand: response = 2π√(m/k), ζ = c / 2√(mk).
@Suite struct PasteTests {
    static func response(k: Double, m: Double = 1) -> Double { 2 * .pi * (m / k).squareRoot() }

    static let cases: [(text: String, response: Double, ratio: Double)] = [
        // Compose (developer.android.com/reference/kotlin/androidx/compose/animation/core/Spring):
        // StiffnessLow 200, StiffnessMediumLow 400, StiffnessMedium 1500 (the default),
        // DampingRatioMediumBouncy 0.5, LowBouncy 0.75, NoBouncy 1 (the default).
        ("""
        animationSpec = spring(
            dampingRatio = Spring.DampingRatioMediumBouncy,
            stiffness = Spring.StiffnessLow,
            visibilityThreshold = 0.001f,
        )
        """, response(k: 200), 0.5),
        ("spring<IntOffset>(stiffness = Spring.StiffnessMediumLow, visibilityThreshold = IntOffset.VisibilityThreshold)",
         response(k: 400), 1),
        ("spring(Spring.DampingRatioLowBouncy)", response(k: 1500), 0.75),
        ("spring(stiffness = 300f, dampingRatio = 0.6f)", response(k: 300), 0.6),
        ("val spec = spring<Float>()", response(k: 1500), 1),
        // Android (developer.android.com/reference/androidx/dynamicanimation/animation/SpringForce):
        // STIFFNESS_VERY_LOW 50, STIFFNESS_LOW 200, DAMPING_RATIO_HIGH_BOUNCY 0.2; defaults
        // STIFFNESS_MEDIUM 1500, DAMPING_RATIO_MEDIUM_BOUNCY 0.5.
        ("""
        SpringForce spring = new SpringForce(0f)
                .setDampingRatio(SpringForce.DAMPING_RATIO_HIGH_BOUNCY)
                .setStiffness(SpringForce.STIFFNESS_VERY_LOW);
        """, response(k: 50), 0.2),
        ("""
        SpringAnimation(view, DynamicAnimation.TRANSLATION_Y, 0f).apply {
            spring.stiffness = SpringForce.STIFFNESS_LOW
            spring.dampingRatio = 0.6f
        }
        """, response(k: 200), 0.6),
        ("SpringForce()", response(k: 1500), 0.5),
        // Flutter (api.flutter.dev/flutter/physics/SpringDescription-class.html).
        ("SpringDescription.withDampingRatio(mass: 0.5, stiffness: 100, ratio: 1.1)", response(k: 100, m: 0.5), 1.1),
        ("const SpringDescription(\n  mass: 1,\n  stiffness: 180,\n  damping: 12,\n)", response(k: 180), 12 / (2 * 180.0.squareRoot())),
        ("SpringDescription.withDurationAndBounce(duration: const Duration(milliseconds: 300), bounce: 0.3)", 0.3, 0.7),
        ("SpringDescription.withDurationAndBounce()", 0.5, 1),
        // inMilliseconds truncates: 300 999 µs is 300 ms. Negative bounce: ζ = 1/(1 + b).
        ("SpringDescription.withDurationAndBounce(duration: Duration(microseconds: 300999), bounce: -0.5)", 0.3, 2),
        // SwiftUI (developer.apple.com/documentation/swiftui/animation): .spring() defaults
        // 0.5 / 0.825; .bouncy base bounce 0.3, .snappy 0.15; Spring(duration:) bounce 0.
        ("withAnimation(.spring(response: 0.35, dampingFraction: 0.7)) {\n    isOpen.toggle()\n}", 0.35, 0.7),
        (".animation(.bouncy, value: isOpen)", 0.5, 0.7),
        ("withAnimation(.snappy(duration: 0.4, extraBounce: 0.1)) { }", 0.4, 0.75),
        ("withAnimation(.spring()) { }", 0.5, 0.825),
        (".spring(duration: 0.6)", 0.6, 1),
        (".spring(Spring(duration: 0.4, bounce: 0.2), blendDuration: 0.1)", 0.4, 0.8),
        (".interpolatingSpring(stiffness: 170, damping: 15)", response(k: 170), 15 / (2 * 170.0.squareRoot())),
        // allowOverDamping defaults to false: "treated as critically damped".
        ("Spring(mass: 1, stiffness: 100, damping: 30)", response(k: 100), 1),
        ("Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)", response(k: 100), 1.5),
        // UIKit: the damping is the coefficient.
        ("let timing = UISpringTimingParameters(mass: 1.0, stiffness: 300.0, damping: 25.0,\n    initialVelocity: CGVector(dx: 0, dy: 0))",
         response(k: 300), 25 / (2 * 300.0.squareRoot())),
        // motion.dev spring.ts: defaults stiffness 100, damping 10, mass 1; visualDuration v →
        // response 1.2 v, ζ = 1 − bounce.
        ("<motion.div animate={{ x: 100 }} transition={{ type: \"spring\", stiffness: 300, damping: 20 }} />",
         response(k: 300), 20 / (2 * 300.0.squareRoot())),
        ("transition: { type: 'spring' }", response(k: 100), 0.5),
        ("{ type: \"spring\", visualDuration: 0.4, bounce: 0.25 }", 0.48, 0.75),
        // react-spring constants.ts: config.wobbly is tension 180, friction 12; defaults 170 / 26 / 1.
        ("useSpring({ x: 100, config: config.wobbly })", response(k: 180), 12 / (2 * 180.0.squareRoot())),
        ("useSpring({ x: 100, config: { tension: 280, friction: 60 } })", response(k: 280), 60 / (2 * 280.0.squareRoot())),
        ("config: { mass: 2 }", response(k: 170, m: 2), 26 / (2 * (2 * 170.0).squareRoot())),
        ("config: { frequency: 0.4, damping: 0.6 }", 0.4, 0.6),
        // JSON subsets.
        ("{\"stiffness\": 200, \"damping\": 20}", response(k: 200), 20 / (2 * 200.0.squareRoot())),
        ("{\"duration\": 0.5, \"bounce\": 0.3}", 0.5, 0.7),
        ("{\"response\": 0.5, \"dampingRatio\": 0.8, \"mass\": 3}", 0.5, 0.8),
        // Origami POP (Rebound's fromBouncinessAndSpeed; bounciness 8, speed 12 is tension
        // 342.1005882 and friction 24.68401925, computed by Tests/export's own Rebound).
        ("bounciness: 8, speed: 12", response(k: 342.1005882), 24.68401925 / (2 * 342.1005882.squareRoot())),
        ("SpringConfig.fromBouncinessAndSpeed(8, 12)", response(k: 342.1005882), 24.68401925 / (2 * 342.1005882.squareRoot())),
        ("SpringConfig.fromBouncinessAndSpeed(speed: 12, bounciness: 8)", response(k: 342.1005882), 24.68401925 / (2 * 342.1005882.squareRoot())),
        // Plain "R, Z".
        ("0.32, 0.85", 0.32, 0.85),
        ("  0.32 0.85\n", 0.32, 0.85),
    ]

    @Test(arguments: cases)
    func readsWhatADesignerCopies(text: String, response: Double, ratio: Double) throws {
        let pasted = try SpringCode.parse(text)
        #expect(abs(pasted.spring.response - response) < 1e-6, "\(text) → \(pasted.source)")
        #expect(abs(pasted.spring.dampingRatio - ratio) < 1e-6, "\(text) → \(pasted.source)")
        #expect(!pasted.source.isEmpty && !pasted.source.contains("\n"))
    }

    @Test func theSourceSaysWhatWasRead() throws {
        #expect(try SpringCode.parse("spring(dampingRatio = 0.5f, stiffness = 200f)").source == "Compose spring(dampingRatio, stiffness)")
        #expect(try SpringCode.parse("0.32, 0.85").source == "response, damping")
        #expect(try SpringCode.parse("spring()").source.contains("default"))
    }

    @Test func motionDurationSpringsAreSolvedAsMotionSolvesThem() throws {
        // motion.dev findSpring: ζ = 1 − bounce, and ω0 where the envelope of the step
        // response, e^(−ζω0·T)·ζ/√(1−ζ²), falls to 0.001 at the duration T. Solved here by
        // bisection; motion's 11 Newton steps converge to the same root.
        for (text, duration, bounce) in [("{ type: \"spring\", duration: 0.8, bounce: 0.25 }", 0.8, 0.25),
                                          ("{ type: \"spring\", bounce: 0.5 }", 0.8, 0.5)] {
            let z = 1 - bounce
            var lo = 0.1, hi = 1000.0
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if exp(-z * mid * duration) * z / (1 - z * z).squareRoot() > 0.001 { lo = mid } else { hi = mid }
            }
            let pasted = try SpringCode.parse(text).spring
            #expect(abs(pasted.naturalFrequency / lo - 1) < 1e-6, "\(text): ω0 \(pasted.naturalFrequency) vs \(lo)")
            #expect(abs(pasted.dampingRatio - z) < 1e-9)
        }
    }

    static let refusals: [(text: String, says: String)] = [
        ("", "empty"),
        ("   \n  ", "empty"),
        ("Can we make the alert feel a bit snappier?", "no spring found"),
        ("spring(dampingRatio = Float.NaN, stiffness = 200f)", "finite"),
        ("{ tension: NaN, friction: 10 }", "finite"),
        ("nan, 0.8", "finite"),
        ("UISpringTimingParameters(mass: 1, stiffness: -5, damping: 10, initialVelocity: .zero)", "stiffness must be > 0, got -5"),
        ("SpringDescription(mass: 0, stiffness: 100, damping: 10)", "mass must be > 0, got 0"),
        ("0.32, 0", "damping ratio must be > 0, got 0"),
        ("spring(stiffness = Spring.StiffnessUltraHigh)", "unknown Compose stiffness constant Spring.StiffnessUltraHigh"),
        ("SpringForce().setStiffness(SpringForce.STIFFNESS_MEDIUM_LOW)", "unknown Android stiffness constant"),
        ("spring(dampingRatio = 0.5f, stiffness = )", "found Compose spring( but stiffness has no value"),
        ("UISpringTimingParameters(mass: 1, stiffness: 100, initialVelocity: .zero)", "found UIKit UISpringTimingParameters( but no damping"),
        ("UISpringTimingParameters(dampingRatio: 0.8)", "animator's duration"),
        ("transition: transform 0.3s cubic-bezier(0.2, 0, 0, 1)", "not a spring"),
        ("{ type: \"tween\", duration: 0.3 }", "not a spring"),
        ("{\"response\": 0.5, \"dampingRatio\": 0.8, \"stiffness\": 100}", "inconsistent"),
        ("{\"stiffness\": 100}", "found JSON stiffness but no damping"),
        ("{\"duration\": 0.5, \"bounce\": 1.2}", "bounce must be between -1 and 1, got 1.2"),
        ("bounciness: 50, speed: 3", "bounciness must be at most 42.5"),
        ("bounciness: 5", "found Origami but no speed"),
        ("speed: 0, bounciness: 5", "speed must be > 0, got 0"),
    ]

    @Test(arguments: refusals)
    func refusesWithAOneLineReason(text: String, says: String) {
        do {
            let pasted = try SpringCode.parse(text)
            Issue.record("read \(pasted.spring) from \(text) (\(pasted.source))")
        } catch {
            #expect(error.reason.contains(says), "\(text) → \(error.reason)")
            #expect(!error.reason.isEmpty && !error.reason.contains("\n"))
            #expect(error.description == error.reason)
        }
    }

    /// docs/behaviour.md §13 for what a refusal quotes of the paste: ESC, BEL and a right-to-left
    /// override written as escapes, never raw; a 400-character constant cut at 60.
    @Test func aRefusalQuotesThePasteSafely() {
        let hostile = "spring(stiffness = Spring.Stiffness\u{1B}\u{07}\u{202E}Evil)"
        do { _ = try SpringCode.parse(hostile); Issue.record("read a spring from \(hostile)") } catch {
            #expect(!error.reason.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" }, "\(error.reason)")
            #expect(error.reason.contains("\\u{1B}") && error.reason.contains("\\u{202E}"), "\(error.reason)")
        }
        let long = "spring(stiffness = Spring.Stiffness" + String(repeating: "X", count: 400) + ")"
        do { _ = try SpringCode.parse(long); Issue.record("read a spring from a 400-character constant") } catch {
            #expect(error.reason.count <= 120, "\(error.reason.count) characters: \(error.reason)")
            #expect(error.reason.contains("…"))
        }
    }
}
