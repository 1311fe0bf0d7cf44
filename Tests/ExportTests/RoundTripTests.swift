import Export
import Motion
import Testing

/// Copy then paste gives the same spring back (docs/behaviour.md §12.2–§12.3): response and damping
/// ratio to 1e-9 relative in every format, and the mass where the format carries one.
@Suite struct RoundTripTests {
    @Test(arguments: SpringCodeFormat.allCases)
    func pastingTheCopiedTextGivesTheSameSpring(format: SpringCodeFormat) throws {
        for (name, spring) in exportSprings {
            let text = SpringCode.text(spring, format: format)
            let pasted = try SpringCode.parse(text).spring
            #expect(abs(pasted.response / spring.response - 1) < 1e-9, "\(format) \(name): \(text)")
            #expect(abs(pasted.dampingRatio / spring.dampingRatio - 1) < 1e-9, "\(format) \(name): \(text)")
            // Formats with a mass field keep the mass; the rest are written at unit mass.
            let keepsMass: Set<SpringCodeFormat> = [.uikit, .flutter, .motion, .reactSpring, .json, .css, .keyframes, .waapi]
            let mass = keepsMass.contains(format) ? spring.mass : 1
            #expect(abs(pasted.mass - mass) < 1e-9, "\(format) \(name)")
        }
    }

    @Test func swiftUIGivesBothFormsAndEachLinePastesAlone() throws {
        // docs/behaviour.md §1.1: duration 0.5 / bounce 0.3 is response 0.5 with ζ = 0.7.
        let text = SpringCode.text(Spring(duration: 0.5, bounce: 0.3), format: .swiftui)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0] == ".spring(response: 0.5, dampingFraction: 0.7)")
        #expect(lines[1].contains("Spring(duration: 0.5, bounce: 0.3)"))
        for line in lines {
            let pasted = try SpringCode.parse(line).spring
            #expect(abs(pasted.response - 0.5) < 1e-12 && abs(pasted.dampingRatio - 0.7) < 1e-12, "\(line)")
        }
    }

    @Test func theSpecCheckValuesAppearInTheText() {
        // docs/behaviour.md §1.1: duration 0.5 / bounce 0.3 → k 157.91, c 17.59 (mass 1).
        let bouncy = SpringCode.text(Spring(duration: 0.5, bounce: 0.3), format: .uikit)
        #expect(abs((written("stiffness", in: bouncy) ?? 0) - 157.91) < 0.005, "\(bouncy)")
        #expect(abs((written("damping", in: bouncy) ?? 0) - 17.59) < 0.005, "\(bouncy)")
        // bounce −0.3 → c 35.90.
        let over = SpringCode.text(Spring(duration: 0.5, bounce: -0.3), format: .flutter)
        #expect(abs((written("damping", in: over) ?? 0) - 35.90) < 0.005, "\(over)")
        // stiffness 100 / damping 10 → duration 0.628, bounce 0.5.
        let swift = SpringCode.text(Spring(mass: 1, stiffness: 100, damping: 10), format: .swiftui)
        #expect(abs((written("duration", in: swift) ?? 0) - 0.628) < 0.0005, "\(swift)")
        #expect(written("bounce", in: swift) == 0.5, "\(swift)")
    }

    @Test func numbersCarryTenSignificantDigitsAndNoNoise() {
        // 2π/0.5 squared is 157.91367041742973: ten digits, and 0.5 stays "0.5".
        let text = SpringCode.text(Spring(response: 0.5, dampingRatio: 0.5), format: .compose)
        #expect(text == "spring(dampingRatio = 0.5f, stiffness = 157.9136704f)")
        let flutter = SpringCode.text(Spring(mass: 1, stiffness: 100, damping: 10), format: .flutter)
        #expect(flutter == "SpringDescription(mass: 1, stiffness: 100, damping: 10)")
        #expect(SpringCode.text(Spring(mass: 1, stiffness: 100, damping: 10), format: .android)
                == "SpringForce().setStiffness(100f).setDampingRatio(0.5f)")
        #expect(SpringCode.text(Spring(mass: 1, stiffness: 100, damping: 10), format: .reactSpring)
                == "{ tension: 100, friction: 10, mass: 1 }")
        #expect(SpringCode.text(Spring(mass: 1, stiffness: 100, damping: 10), format: .motion)
                == "{ type: \"spring\", stiffness: 100, damping: 10, mass: 1 }")
    }

    @Test func formatsHaveTheirMenuTitlesAndCommandLineWords() {
        #expect(SpringCodeFormat.allCases.map(\.title)
                == ["SwiftUI", "UIKit", "Compose", "Android", "Flutter", "Motion", "react-spring", "CSS", "JSON", "Origami",
                    "CSS keyframes", "Web Animations"])
        #expect(SpringCodeFormat(rawValue: "react-spring") == .reactSpring)
        #expect(SpringCodeFormat(rawValue: "origami") == .origami)
        #expect(SpringCodeFormat.allCases.count == 12)
    }
}
