import Export
import Foundation
import Motion
import Testing

/// Each exported text, read with a small regex here (not our parser) and run through the
/// platform's own model of a spring, integrated with RK4 here (not our closed form), draws
/// the curve `Spring.value` draws — within 1e-4 of the travel at 200 times up to the settle
/// time (docs/behaviour.md §12.2).
@Suite struct PlatformModelTests {
    /// The platform's mass, stiffness and damping coefficient, from the text and the
    /// documented meaning of its fields.
    func platformModel(_ text: String, format: SpringCodeFormat) -> [(m: Double, k: Double, c: Double)] {
        switch format {
        case .swiftui:
            // .spring(response:dampingFraction:): k = (2π/R)², c = 4πζ/R at unit mass
            // (developer.apple.com/documentation/swiftui/animation/spring(response:dampingfraction:blendduration:)).
            guard let r = written("response", in: text), let z = written("dampingFraction", in: text),
                  let d = written("duration", in: text), let b = written("bounce", in: text) else { return [] }
            // Spring(duration:bounce:): Flutter's withDurationAndBounce, documented as "the same
            // result as SwiftUI's spring(duration:bounce:)": k = 4π²/d², ζ = 1 − b or 1/(b + 1).
            let kd = 4 * Double.pi * Double.pi / (d * d)
            let zd = b > 0 ? 1 - b : 1 / (b + 1)
            return [(1, pow(2 * .pi / r, 2), 4 * .pi * z / r), (1, kd, zd * 2 * kd.squareRoot())]
        case .uikit, .flutter, .motion:
            // UISpringTimingParameters(mass:stiffness:damping:), SpringDescription(mass:stiffness:damping:),
            // motion.dev { stiffness, damping, mass }: damping is the coefficient c.
            guard let m = written("mass", in: text), let k = written("stiffness", in: text),
                  let c = written("damping", in: text) else { return [] }
            return [(m, k, c)]
        case .reactSpring:
            // react-spring SpringValue.ts: a = (−tension·1e-6·x − friction·1e-3·v)/mass per ms²
            // = (−tension·x − friction·v)/mass per s²: tension = k, friction = c.
            guard let m = written("mass", in: text), let k = written("tension", in: text),
                  let c = written("friction", in: text) else { return [] }
            return [(m, k, c)]
        case .compose, .android:
            // Compose SpringSimulation / Android SpringForce: unit mass, ω0 = √stiffness, the
            // damping *ratio* given; Kotlin Float literals, so round to Float as the compiler does.
            let k = format == .compose ? written("stiffness", in: text) : argument(of: "setStiffness", in: text)
            let z = format == .compose ? written("dampingRatio", in: text) : argument(of: "setDampingRatio", in: text)
            guard let k, let z else { return [] }
            let kf = Double(Float(k)), zf = Double(Float(z))
            return [(1, kf, 2 * zf * kf.squareRoot())]
        case .json:
            guard let r = written("\"response\"", in: text), let z = written("\"dampingRatio\"", in: text),
                  let m = written("\"mass\"", in: text), let k = written("\"stiffness\"", in: text),
                  let c = written("\"damping\"", in: text) else { return [] }
            let w = 2 * Double.pi / r
            return [(m, m * w * w, 2 * z * w * m), (m, k, c)]
        case .origami:
            // Origami POP, as Facebook Rebound converts it (SpringConfig.fromBouncinessAndSpeed:
            // BouncyConversion, then OrigamiValueConverter), written out here from the
            // published formulas: tension and friction at unit mass.
            guard let bounciness = written("bounciness", in: text), let speed = written("speed", in: text) else { return [] }
            let b = 0.8 * ((bounciness / 1.7) - 0) / (20 - 0)
            let s = ((speed / 1.7) - 0) / (20 - 0)
            let tq = 0.5 + s * (200 - 0.5)
            let nobounce = tq <= 18 ? 0.0007 * pow(tq, 3) - 0.031 * pow(tq, 2) + 0.64 * tq + 1.28
                : tq <= 44 ? 0.000044 * pow(tq, 3) - 0.006 * pow(tq, 2) + 0.36 * tq + 2
                : 0.00000045 * pow(tq, 3) - 0.000332 * pow(tq, 2) + 0.1078 * tq + 5.84
            let t = 2 * b - b * b
            let fq = t * 0.01 + (1 - t) * nobounce
            return [(1, (tq - 30) * 3.62 + 194, (fq - 8) * 3 + 25)]
        case .css, .keyframes, .waapi:
            return []  // sampled curves: CSSLinearTests and Tests/export judge them
        }
    }

    @Test(arguments: SpringCodeFormat.allCases.filter { ![.css, .keyframes, .waapi].contains($0) })
    func thePlatformDrawsOurCurve(format: SpringCodeFormat) {
        for (name, spring) in exportSprings {
            let text = SpringCode.text(spring, format: format)
            let models = platformModel(text, format: format)
            #expect(!models.isEmpty, "\(format) \(name): could not read \(text)")
            let times = sampleTimes(to: spring.settleDuration)
            let ours = times.map { spring.value(at: $0, from: 0, to: 1, velocity: 0).position }
            for model in models {
                let theirs = rk4Step(mass: model.m, stiffness: model.k, damping: model.c, at: times)
                let worst = zip(ours, theirs).map { abs($0 - $1) }.max() ?? .infinity
                #expect(worst <= 1e-4, "\(format) \(name): off by \(worst) of the travel")
            }
        }
    }

    @Test(arguments: exportSprings.map(\.spring))
    func cssLinearIsWithinTheToleranceOfTheSpring(spring: Spring) throws {
        let text = SpringCode.text(spring, format: .css)
        let easing = try #require(CSSLinear(text), "\(text)")
        let duration = try #require(cssSeconds(in: text), "\(text)")
        // The duration is whole milliseconds, at least the settle time, and exactly the struct's.
        #expect(duration.seconds * 1000 == Double(duration.milliseconds))
        #expect(duration.seconds >= spring.settleDuration)
        #expect(SpringCode.cssLinear(spring).duration == duration.seconds)
        // Starts at exactly 0, ends at exactly 1, inputs never go back.
        #expect(easing.written.first?.output == 0 && easing.written.first?.inputs.isEmpty == true)
        #expect(easing.written.last?.output == 1 && easing.written.last?.inputs.isEmpty == true)
        let inputs = easing.stops.map(\.input)
        #expect(zip(inputs, inputs.dropFirst()).allSatisfy { $0 < $1 }, "\(text)")
        #expect(inputs.first == 0 && inputs.last == 1)
        // Within 0.005 of the spring (RK4 reference) at 200 times over the duration.
        let times = sampleTimes(to: duration.seconds)
        let reference = rk4Step(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, at: times)
        let worst = zip(times, reference).map { abs(easing.output(at: $0 / duration.seconds) - $1) }.max() ?? .infinity
        #expect(worst <= 0.005, "off by \(worst): \(text)")
    }
}
