import Motion

/// Reading Jetpack Compose, Android (androidx.dynamicanimation) and Flutter springs.
///
/// Compose and Android springs are unit-mass: Compose's `SpringSimulation` sets
/// `naturalFreq = sqrt(stiffness)` (androidx/compose/animation/core/SpringSimulation.kt) and
/// Android's `SpringForce` `mNaturalFreq = Math.sqrt(stiffness)`
/// (androidx/dynamicanimation/animation/SpringForce.java), with the damping *ratio* given —
/// so k = stiffness, c = 2ζ√k at m = 1.
extension SpringCode {
    /// Compose's `Spring.Stiffness…` constants, by name, from `SpringLibrary` (which cites
    /// https://developer.android.com/reference/kotlin/androidx/compose/animation/core/Spring):
    /// High 10 000, Medium 1 500, MediumLow 400, Low 200, VeryLow 50.
    static let composeStiffness: [String: Double] = library([
        ("StiffnessHigh", "compose.stiffnessHigh"), ("StiffnessMedium", "compose.spring"),
        ("StiffnessMediumLow", "compose.stiffnessMediumLow"), ("StiffnessLow", "compose.stiffnessLow"),
        ("StiffnessVeryLow", "compose.stiffnessVeryLow"),
    ], \.stiffness)

    /// Compose's `Spring.DampingRatio…`: HighBouncy 0.2, MediumBouncy 0.5, LowBouncy 0.75, NoBouncy 1.
    static let composeRatio: [String: Double] = library([
        ("DampingRatioHighBouncy", "compose.highBouncy"), ("DampingRatioMediumBouncy", "compose.mediumBouncy"),
        ("DampingRatioLowBouncy", "compose.lowBouncy"), ("DampingRatioNoBouncy", "compose.spring"),
    ], \.dampingRatio)

    /// Android's `SpringForce.STIFFNESS_…` — the same numbers as Compose's, without MediumLow
    /// (https://developer.android.com/reference/androidx/dynamicanimation/animation/SpringForce:
    /// STIFFNESS_HIGH 10000, STIFFNESS_MEDIUM 1500, STIFFNESS_LOW 200, STIFFNESS_VERY_LOW 50).
    static let androidStiffness: [String: Double] = [
        "STIFFNESS_HIGH": "StiffnessHigh", "STIFFNESS_MEDIUM": "StiffnessMedium",
        "STIFFNESS_LOW": "StiffnessLow", "STIFFNESS_VERY_LOW": "StiffnessVeryLow",
    ].compactMapValues { composeStiffness[$0] }

    /// `SpringForce.DAMPING_RATIO_…`: HIGH_BOUNCY 0.2, MEDIUM_BOUNCY 0.5, LOW_BOUNCY 0.75, NO_BOUNCY 1.
    static let androidRatio: [String: Double] = [
        "DAMPING_RATIO_HIGH_BOUNCY": "DampingRatioHighBouncy", "DAMPING_RATIO_MEDIUM_BOUNCY": "DampingRatioMediumBouncy",
        "DAMPING_RATIO_LOW_BOUNCY": "DampingRatioLowBouncy", "DAMPING_RATIO_NO_BOUNCY": "DampingRatioNoBouncy",
    ].compactMapValues { composeRatio[$0] }

    private static func library(_ pairs: [(String, String)], _ value: KeyPath<Spring, Double>) -> [String: Double] {
        var table: [String: Double] = [:]
        for (name, id) in pairs {
            if let spring = SpringLibrary.spring(id)?.spring { table[name] = spring[keyPath: value] }
        }
        return table
    }

    /// `spring(dampingRatio = …, stiffness = …, visibilityThreshold = …)`, named or positional in
    /// that order; defaults `Spring.DampingRatioNoBouncy` and `Spring.StiffnessMedium` (the
    /// declaration of `fun <T> spring(…)` in androidx/compose/animation/core/AnimationSpec.kt).
    static func readCompose(_ call: CodeCall) throws(SpringPasteError) -> PastedSpring {
        let written = call.member == "SpringSpec" ? "SpringSpec(" : "spring("
        let reader = ValueReader(platform: "Compose \(written)", owner: "Spring")
        guard call.closed else { throw SpringPasteError(reason: "found Compose \(written) but no closing )") }
        let parameters = ["dampingRatio", "stiffness", "visibilityThreshold"]
        if let unknown = call.arguments.compactMap(\.label).first(where: { !parameters.contains($0) }) {
            throw SpringPasteError(reason: "found Compose \(written) with an argument it does not have: \(unknown)")
        }
        let positional = call.arguments.filter { $0.label == nil }.map(\.value)
        let ratioValue = call.argument("dampingRatio") ?? positional.first
        let stiffnessValue = call.argument("stiffness") ?? (positional.count > 1 ? positional[1] : nil)
        let z = try reader.positive(ratioValue, "dampingRatio", constants: composeRatio,
                                    default: composeRatio["DampingRatioNoBouncy"] ?? 1)
        let k = try reader.positive(stiffnessValue, "stiffness", constants: composeStiffness,
                                    default: composeStiffness["StiffnessMedium"] ?? 1500)
        var source = "Compose \(written)dampingRatio, stiffness)"
        let defaulted = [ratioValue == nil ? "dampingRatio NoBouncy" : nil, stiffnessValue == nil ? "stiffness Medium" : nil]
            .compactMap { $0 }
        if !defaulted.isEmpty { source += " with default " + defaulted.joined(separator: " and ") }
        return pasted(mass: 1, stiffness: k, damping: 2 * z * k.squareRoot(), source)
    }

    /// `SpringForce().setStiffness(…).setDampingRatio(…)`, Kotlin's `stiffness = …` inside
    /// `apply { }`, or bare `STIFFNESS_…` / `DAMPING_RATIO_…` constants; defaults
    /// STIFFNESS_MEDIUM and DAMPING_RATIO_MEDIUM_BOUNCY (SpringForce.java initialises
    /// `mNaturalFreq = Math.sqrt(STIFFNESS_MEDIUM)`, `mDampingRatio = DAMPING_RATIO_MEDIUM_BOUNCY`).
    static func readAndroid(_ scanner: CodeScanner, calls: [CodeCall]) throws(SpringPasteError) -> PastedSpring {
        let reader = ValueReader(platform: "Android SpringForce", owner: "SpringForce")
        func setter(_ name: String) throws(SpringPasteError) -> CodeValue? {
            guard let call = calls.last(where: { $0.member == name }) else { return nil }
            guard call.closed, let value = call.arguments.first?.value else {
                throw SpringPasteError(reason: "found Android \(name)( but no value")
            }
            return value
        }
        let names = scanner.names()
        let stiffnessValue = try setter("setStiffness") ?? scanner.assignment("stiffness")
            ?? names.first { $0.contains("STIFFNESS_") }.map(CodeValue.name)
        let ratioValue = try setter("setDampingRatio") ?? scanner.assignment("dampingRatio")
            ?? names.first { $0.contains("DAMPING_RATIO_") }.map(CodeValue.name)
        let k = try reader.positive(stiffnessValue, "stiffness", constants: androidStiffness,
                                    default: androidStiffness["STIFFNESS_MEDIUM"] ?? 1500)
        let z = try reader.positive(ratioValue, "dampingRatio", constants: androidRatio,
                                    default: androidRatio["DAMPING_RATIO_MEDIUM_BOUNCY"] ?? 0.5)
        var source = "Android SpringForce(stiffness, dampingRatio)"
        let defaulted = [stiffnessValue == nil ? "STIFFNESS_MEDIUM" : nil, ratioValue == nil ? "DAMPING_RATIO_MEDIUM_BOUNCY" : nil]
            .compactMap { $0 }
        if !defaulted.isEmpty { source += " with default " + defaulted.joined(separator: " and ") }
        return pasted(mass: 1, stiffness: k, damping: 2 * z * k.squareRoot(), source)
    }

    /// Flutter's `SpringDescription` (https://api.flutter.dev/flutter/physics/SpringDescription-class.html):
    /// - `SpringDescription({required mass, required stiffness, required damping})`, damping the coefficient c;
    /// - `.withDampingRatio({required mass, required stiffness, ratio = 1.0})`, c = ratio · 2√(mk);
    /// - `.withDurationAndBounce({duration = Duration(milliseconds: 500), bounce = 0.0})`: mass 1,
    ///   k = 4π²/d², ζ = 1 − b (b > 0) or 1/(b + 1), with d = `duration.inMilliseconds` / 1000 —
    ///   whole milliseconds, as Flutter truncates.
    static func readFlutter(_ call: CodeCall) throws(SpringPasteError) -> PastedSpring {
        let written = call.name + "("
        let reader = ValueReader(platform: "Flutter \(written)")
        guard call.closed else { throw SpringPasteError(reason: "found Flutter \(written) but no closing )") }
        switch call.member {
        case "SpringDescription":
            let m = try reader.positive(call.argument("mass"), "mass")
            let k = try reader.positive(call.argument("stiffness"), "stiffness")
            let c = try reader.positive(call.argument("damping"), "damping")
            return pasted(mass: m, stiffness: k, damping: c, "Flutter SpringDescription(mass, stiffness, damping)")
        case "withDampingRatio":
            let m = try reader.positive(call.argument("mass"), "mass")
            let k = try reader.positive(call.argument("stiffness"), "stiffness")
            let z = try reader.positive(call.argument("ratio"), "ratio", default: 1)
            return pasted(mass: m, stiffness: k, damping: z * 2 * (m * k).squareRoot(),
                          "Flutter SpringDescription.withDampingRatio(mass, stiffness, ratio)")
        case "withDurationAndBounce":
            var seconds = 0.5
            if let value = call.argument("duration") {
                guard case .call(let duration) = value, duration.name == "Duration" else {
                    throw SpringPasteError(reason: "could not read duration in Flutter \(written): expected Duration(milliseconds: …)")
                }
                seconds = try flutterMilliseconds(duration) / 1000
            }
            let b = try ValueReader.bounce(try reader.number(call.argument("bounce"), "bounce") ?? 0)
            return pasted(duration: seconds, bounce: b, "Flutter SpringDescription.withDurationAndBounce(duration, bounce)")
        default:
            throw SpringPasteError(reason: "found Flutter \(written) which is not a SpringDescription constructor")
        }
    }

    /// Dart's `Duration(seconds:, milliseconds:, microseconds: …).inMilliseconds`: whole
    /// numbers only, the total truncated to milliseconds; must be > 0.
    private static func flutterMilliseconds(_ duration: CodeCall) throws(SpringPasteError) -> Double {
        let reader = ValueReader(platform: "Flutter Duration(")
        let microsecondsPer: [String: Double] = ["days": 86_400e6, "hours": 3_600e6, "minutes": 60e6,
                                                 "seconds": 1e6, "milliseconds": 1e3, "microseconds": 1]
        var total = 0.0
        for argument in duration.arguments {
            guard let label = argument.label, let scale = microsecondsPer[label] else {
                throw SpringPasteError(reason: "found Flutter Duration( with an argument it does not have")
            }
            let x = try reader.number(argument.value, label) ?? 0
            guard x == x.rounded() else {
                throw SpringPasteError(reason: "Flutter Duration(\(label):) takes a whole number, got \(number(x))")
            }
            total += x * scale
        }
        let milliseconds = (total / 1000).rounded(.towardZero)
        guard milliseconds > 0 else {
            throw SpringPasteError(reason: "duration must be > 0, got \(number(milliseconds)) ms")
        }
        return milliseconds
    }
}
