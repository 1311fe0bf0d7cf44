import Motion

/// Reading SwiftUI and UIKit springs. Every default below is the one in Apple's declaration
/// of that symbol (https://developer.apple.com/documentation/swiftui/…, fetched 2026):
///
///     Animation.spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)   …/animation/spring(response:dampingfraction:blendduration:)
///     Animation.spring(duration: 0.5, bounce: 0.0, blendDuration: 0)             …/animation/spring(duration:bounce:blendduration:)
///     Animation.interactiveSpring(response: 0.15, dampingFraction: 0.86, …)       …/animation/interactivespring(response:dampingfraction:blendduration:)
///     Animation.interpolatingSpring(mass: 1.0, stiffness:, damping:, …)          …/animation/interpolatingspring(mass:stiffness:damping:initialvelocity:)
///     Spring(duration: 0.5, bounce: 0.0), Spring(response:, dampingRatio:)       …/spring/init(duration:bounce:), …/spring/init(response:dampingratio:)
///     Spring(mass: 1.0, stiffness:, damping:, allowOverDamping: false)           …/spring/init(mass:stiffness:damping:allowoverdamping:)
///     .smooth / .snappy / .bouncy(duration: 0.5, extraBounce: 0.0), base bounce 0, 0.15, 0.3
///                                                                               …/animation/snappy(duration:extrabounce:) etc.
///
/// Response R and damping fraction ζ mean k = (2π/R)², c = 4πζ/R at unit mass; duration d
/// and bounce b mean response d with ζ = 1 − b (b ≥ 0) or 1/(1 + b) (b < 0) — docs/behaviour.md §1.1, and
/// Flutter's withDurationAndBounce, documented as "the same result as SwiftUI's
/// spring(duration:bounce:blendDuration:)".
extension SpringCode {
    private static let swiftUILabels: Set<String> = [
        "response", "dampingFraction", "dampingRatio", "blendDuration", "duration", "bounce", "extraBounce",
        "mass", "stiffness", "damping", "allowOverDamping", "initialVelocity",
    ]
    private static let swiftUIMembers: Set<String> = ["spring", "interpolatingSpring", "interactiveSpring",
                                                      "smooth", "snappy", "bouncy"]

    /// The first SwiftUI spring in the text: a call (`.spring(…)`, `Spring(…)`,
    /// `Animation.bouncy(…)`) or a bare preset (`.snappy`).
    static func readSwiftUI(calls: [CodeCall], names: [String]) throws(SpringPasteError) -> PastedSpring? {
        for call in calls where isSwiftUI(call) {
            // .spring(Spring(duration: 0.5, bounce: 0.3)) — the spring is the inner one.
            if call.member == "spring", let first = call.arguments.first, first.label == nil,
               case .call(let inner) = first.value, inner.name == "Spring" {
                return try swiftUI(inner)
            }
            return try swiftUI(call)
        }
        for name in names {
            let parts = name.split(separator: ".").map(String.init)
            guard let member = parts.last, swiftUIMembers.contains(member), member != "interpolatingSpring",
                  name.hasPrefix(".") || ["Animation", "Spring"].contains(parts.dropLast().last ?? "") else { continue }
            return try swiftUI(CodeCall(name: member, leadingDot: true, equalsLabels: false, arguments: [], closed: true))
        }
        return nil
    }

    private static func isSwiftUI(_ call: CodeCall) -> Bool {
        if call.name == "Spring" { return !call.equalsLabels && call.arguments.allSatisfy { $0.label != nil } }
        guard swiftUIMembers.contains(call.member), !call.equalsLabels else { return false }
        let owner = call.name.split(separator: ".").dropLast().last.map(String.init)
        return call.leadingDot || owner == "Animation" || owner == "Spring"
            || (call.name == "spring" && call.arguments.contains { $0.label != nil })
    }

    /// One SwiftUI call, by its name and labels.
    private static func swiftUI(_ call: CodeCall) throws(SpringPasteError) -> PastedSpring {
        let written = call.name == "Spring" ? "Spring(" : ".\(call.member)("
        let reader = ValueReader(platform: "SwiftUI \(written)")
        guard call.closed else { throw SpringPasteError(reason: "found SwiftUI \(written) but no closing )") }
        let labels = Set(call.arguments.compactMap(\.label))
        if let unknown = labels.subtracting(swiftUILabels).sorted().first {
            throw SpringPasteError(reason: "found SwiftUI \(written) with an argument it cannot read: \(unknown)")
        }
        func value(_ label: String) -> CodeValue? { call.argument(label) }

        switch call.member {
        case "smooth", "snappy", "bouncy":
            // Base bounces from Apple's extraBounce documentation, kept in SpringLibrary.
            let base = SpringLibrary.spring("swiftui.\(call.member)")?.spring.bounce ?? 0
            let d = try reader.positive(value("duration"), "duration", default: 0.5)
            let extra = try reader.number(value("extraBounce"), "extraBounce") ?? 0
            let b = try ValueReader.bounce(base + extra)
            return pasted(duration: d, bounce: b, "SwiftUI .\(call.member)(duration, extraBounce)")
        case "interactiveSpring" where !labels.contains("duration"):
            let r = try reader.positive(value("response"), "response", default: 0.15)
            let z = try reader.positive(value("dampingFraction"), "dampingFraction", default: 0.86)
            return pasted(Spring(response: r, dampingRatio: z), "SwiftUI .interactiveSpring(response, dampingFraction)",
                          response: r, dampingRatio: z)
        default: break
        }
        if labels.contains("stiffness") || labels.contains("damping") || labels.contains("mass") {
            let m = try reader.positive(value("mass"), "mass", default: 1)
            let k = try reader.positive(value("stiffness"), "stiffness")
            var c = try reader.positive(value("damping"), "damping")
            var note = ""
            // Spring(mass:stiffness:damping:allowOverDamping: false) treats overdamping as critical.
            if call.name == "Spring", value("allowOverDamping") != .name("true"),
               SpringConversion.dampingRatio(coefficient: c, stiffness: k, mass: m) > 1 {
                c = 2 * (m * k).squareRoot()
                note = ", critically damped as allowOverDamping is false"
            }
            let form = call.name == "Spring" ? "Spring(mass, stiffness, damping" : ".\(call.member)(mass, stiffness, damping"
            return pasted(mass: m, stiffness: k, damping: c, "SwiftUI \(form))\(note)")
        }
        if labels.contains("response") || labels.contains("dampingFraction") || labels.contains("dampingRatio") {
            // Spring(response:dampingRatio:) has no defaults; .spring(response:dampingFraction:) has.
            let isStruct = call.name == "Spring"
            let ratioLabel = labels.contains("dampingRatio") ? "dampingRatio" : (isStruct ? "dampingRatio" : "dampingFraction")
            let r = try reader.positive(value("response"), "response", default: isStruct ? nil : 0.5)
            let z = try reader.positive(value(ratioLabel), ratioLabel, default: isStruct ? nil : 0.825)
            return pasted(Spring(response: r, dampingRatio: z), "SwiftUI \(written)response, \(ratioLabel))",
                          response: r, dampingRatio: z)
        }
        if labels.isEmpty || labels.contains("duration") || labels.contains("bounce") {
            if call.member == "interactiveSpring" {
                throw SpringPasteError(reason: "SwiftUI .interactiveSpring(duration:extraBounce:) has no documented "
                                       + "base bounce; paste .interactiveSpring(response:dampingFraction:)")
            }
            if call.member == "spring" && labels.isEmpty {
                // `.spring` / `.spring()`: "uses the default parameter values" — response 0.5, 0.825.
                return pasted(Spring(response: 0.5, dampingRatio: 0.825), "SwiftUI .spring (defaults)")
            }
            if call.member == "interpolatingSpring" && !labels.contains("duration") && !labels.contains("bounce") {
                throw SpringPasteError(reason: "found SwiftUI .interpolatingSpring( but no stiffness")
            }
            let d = try reader.positive(value("duration"), "duration", default: 0.5)
            let b = try ValueReader.bounce(try reader.number(value("bounce"), "bounce") ?? 0)
            return pasted(duration: d, bounce: b, "SwiftUI \(written)duration, bounce)")
        }
        let list = call.arguments.compactMap(\.label).joined(separator: ", ")
        throw SpringPasteError(reason: "found SwiftUI \(written) with labels (\(list)) it cannot read as a spring")
    }

    /// UIKit's `UISpringTimingParameters`. Only the physical form and iOS 17's
    /// duration/bounce form describe a whole spring: `init(dampingRatio:)` and `init()` take
    /// their speed from the animator's duration, which the text does not carry.
    /// https://developer.apple.com/documentation/uikit/uispringtimingparameters/init(mass:stiffness:damping:initialvelocity:)
    /// — mass "must be greater than 0", damping is the coefficient c.
    static func readUIKit(_ call: CodeCall) throws(SpringPasteError) -> PastedSpring {
        let reader = ValueReader(platform: "UIKit UISpringTimingParameters(")
        guard call.closed else { throw SpringPasteError(reason: "found UIKit UISpringTimingParameters( but no closing )") }
        let labels = Set(call.arguments.compactMap(\.label))
        if labels.contains("duration") || labels.contains("bounce") {
            // iOS 17: init(duration:bounce:) — no defaults, SwiftUI's duration/bounce model.
            let d = try reader.positive(call.argument("duration"), "duration")
            guard let written = try reader.number(call.argument("bounce"), "bounce") else {
                throw SpringPasteError(reason: "found UIKit UISpringTimingParameters( but no bounce")
            }
            let b = try ValueReader.bounce(written)
            return pasted(duration: d, bounce: b, "UIKit UISpringTimingParameters(duration, bounce)")
        }
        if !labels.contains("stiffness") && !labels.contains("damping") && !labels.contains("mass") {
            throw SpringPasteError(reason: "UIKit UISpringTimingParameters(dampingRatio:) takes its speed from the "
                                   + "animator's duration; paste the mass:stiffness:damping: form")
        }
        let m = try reader.positive(call.argument("mass"), "mass")
        let k = try reader.positive(call.argument("stiffness"), "stiffness")
        let c = try reader.positive(call.argument("damping"), "damping")
        return pasted(mass: m, stiffness: k, damping: c, "UIKit UISpringTimingParameters(mass, stiffness, damping)")
    }
}
