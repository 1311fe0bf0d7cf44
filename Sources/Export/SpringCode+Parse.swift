import Foundation
import Motion

extension SpringCode {
    /// Reads any of the formats (Origami's `bounciness: B, speed: S` too), or plain "R, Z" (response s, damping ratio). Throws a
    /// one-line reason when it cannot read the text.
    ///
    ///     try SpringCode.parse("0.32, 0.85").source                         // "response, damping"
    ///     try SpringCode.parse("spring(Spring.DampingRatioLowBouncy)")       // Compose, StiffnessMedium
    ///     try SpringCode.parse("{ stiffness: -5 }")  // throws "stiffness must be > 0, got -5"
    ///
    /// Which platform a text is comes from its own words (`UISpringTimingParameters`,
    /// `SpringDescription`, `SpringForce`, Kotlin's `label = value`, SwiftUI's `.spring(`, a
    /// `linear(`, `tension:`…), never from guessing at bare numbers — except the two-number
    /// "R, Z" docs/behaviour.md §12.3 asks for.
    public static func parse(_ text: String) throws(SpringPasteError) -> PastedSpring {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw SpringPasteError(reason: "nothing to paste: the text is empty") }
        if let keyframes = try readKeyframes(trimmed) { return keyframes }
        if let css = try readCSS(trimmed) { return css }
        let code = CodeScanner.strippingComments(trimmed)
        if let pasted = try readCode(code) { return pasted }
        // A spring written only in a comment — SwiftUI's "// or: Spring(duration:bounce:)" line
        // copied on its own — is still the spring the designer meant.
        let uncommented = trimmed.replacingOccurrences(of: "//", with: " ")
            .replacingOccurrences(of: "/*", with: " ").replacingOccurrences(of: "*/", with: " ")
        if uncommented != code, let pasted = try readCode(uncommented) { return pasted }
        if let plain = try readPlain(code) { return plain }
        throw SpringPasteError(reason: "no spring found: expected SwiftUI, UIKit, Compose, Android, Flutter, "
                               + "Motion, react-spring, CSS linear() or @keyframes, Web Animations, JSON, Origami or 'R, Z'")
    }

    /// Code in one of the platform formats, told apart by its own words.
    private static func readCode(_ code: String) throws(SpringPasteError) -> PastedSpring? {
        let scanner = CodeScanner(code)
        let calls = scanner.calls()
        if let call = calls.first(where: { $0.member == "UISpringTimingParameters" }) { return try readUIKit(call) }
        if calls.contains(where: { $0.member == "animate" }) && code.contains("usingSpringWithDamping") {
            throw SpringPasteError(reason: "not a spring to copy: UIView.animate(usingSpringWithDamping:) "
                                   + "derives its stiffness from the duration; paste UISpringTimingParameters(mass:stiffness:damping:)")
        }
        if let call = calls.first(where: { $0.name.hasPrefix("SpringDescription") }) { return try readFlutter(call) }
        if let pop = try readReboundCall(calls) { return pop }
        let names = scanner.names()
        if calls.contains(where: { ["SpringForce", "SpringAnimation", "setStiffness", "setDampingRatio"].contains($0.member) })
            || names.contains(where: { $0.contains("STIFFNESS_") || $0.contains("DAMPING_RATIO_") }) {
            return try readAndroid(scanner, calls: calls)
        }
        if let call = calls.first(where: isComposeSpring) { return try readCompose(call) }
        if let pasted = try readSwiftUI(calls: calls, names: names) { return pasted }
        if let preset = names.first(where: { $0.hasPrefix("config.") }), let pasted = try readReactSpringPreset(preset) {
            return pasted
        }
        let fields = scanner.fields()
        if !fields.isEmpty { return try readObject(fields) }
        return nil
    }

    /// Compose's `spring(…)`: no leading dot (that is SwiftUI's `.spring(`), labels written
    /// `label = value` or none at all (positional), or a `SpringSpec(…)`.
    private static func isComposeSpring(_ call: CodeCall) -> Bool {
        if call.member == "SpringSpec" { return true }
        guard call.name == "spring", !call.leadingDot else { return false }
        return call.equalsLabels || call.arguments.allSatisfy { $0.label == nil }
    }

    /// Plain "R, Z": response (s) and damping ratio, docs/behaviour.md §12.3.
    private static func readPlain(_ code: String) throws(SpringPasteError) -> PastedSpring? {
        var values: [CodeValue] = []
        var sign: [CodeToken] = []
        for t in CodeScanner(code).tokens {
            switch t {
            case .symbol(",") where sign.isEmpty, .symbol(";") where sign.isEmpty: continue
            case .symbol("-") where sign.isEmpty, .symbol("+") where sign.isEmpty: sign = [t]
            case .number, .word: values.append(CodeScanner.value(sign + [t])); sign = []
            default: return nil
            }
        }
        guard values.count == 2, values.allSatisfy(ValueReader.isNumberLike) else { return nil }
        let reader = ValueReader(platform: "plain 'R, Z'")
        let r = try reader.positive(values[0], "response")
        let z = try reader.positive(values[1], "damping ratio")
        return pasted(Spring(response: r, dampingRatio: z), "response, damping", response: r, dampingRatio: z)
    }

    /// The pasted spring with a note when `Spring`'s own limits changed what was asked for
    /// (response below 50 ms, ζ outside 0.001…10⁴), so the toast never claims more than was kept.
    static func pasted(_ spring: Spring, _ source: String, response: Double? = nil, dampingRatio: Double? = nil) -> PastedSpring {
        var notes: [String] = []
        if let r = response, abs(spring.response - r) > 1e-9 * r {
            notes.append("response kept at \(number(spring.response)) s")
        }
        if let z = dampingRatio, abs(spring.dampingRatio - z) > 1e-9 * z {
            notes.append("damping ratio kept at \(number(spring.dampingRatio))")
        }
        return PastedSpring(spring: spring, source: notes.isEmpty ? source : source + " (" + notes.joined(separator: ", ") + ")")
    }

    /// A spring from duration and bounce (SwiftUI, Flutter, UIKit), noting any clamping.
    static func pasted(duration d: Double, bounce b: Double, _ source: String) -> PastedSpring {
        pasted(Spring(duration: d, bounce: b), source, response: d, dampingRatio: SpringConversion.dampingRatio(bounce: b))
    }

    /// A spring from mass, stiffness and damping coefficient, noting any clamping.
    static func pasted(mass m: Double, stiffness k: Double, damping c: Double, _ source: String) -> PastedSpring {
        pasted(Spring(mass: m, stiffness: k, damping: c), source,
               response: SpringConversion.response(stiffness: k, mass: m),
               dampingRatio: SpringConversion.dampingRatio(coefficient: c, stiffness: k, mass: m))
    }
}

/// Turns written values into numbers for one platform, with the platform's named constants,
/// and says exactly what was wrong when it cannot.
struct ValueReader {
    /// Named for messages: "Compose spring(", "UIKit UISpringTimingParameters(".
    var platform: String
    /// The owner the platform's constants are written under ("Spring", "SpringForce").
    var owner: String?

    init(platform: String, owner: String? = nil) {
        self.platform = platform
        self.owner = owner
    }

    /// The platform's own name, for "unknown Compose stiffness constant …".
    var vendor: String { String(platform.split(separator: " ").first ?? "") }

    static let nonFinite: Set<String> = ["nan", "infinity", "inf", "positive_infinity", "negative_infinity"]

    static func isNumberLike(_ value: CodeValue) -> Bool {
        switch value {
        case .number: true
        case .name(let n), .other(let n):
            nonFinite.contains(String(n.split(separator: ".").last ?? "").lowercased().trimmingCharacters(in: ["-"]))
        default: false
        }
    }

    /// The number written for `what`, or nil when nothing was written. `constants` are the
    /// named values this field accepts, by their last name component ("StiffnessLow").
    func number(_ value: CodeValue?, _ what: String, constants: [String: Double] = [:]) throws(SpringPasteError) -> Double? {
        guard let value else { return nil }
        switch value {
        case .number(let x):
            guard x.isFinite else { throw SpringPasteError(reason: "\(what) must be a finite number, got \(x)") }
            return x
        case .name(let name):
            let parts = name.split(separator: ".").map(String.init)
            let last = parts.last ?? name
            if ValueReader.nonFinite.contains(last.lowercased()) {
                throw SpringPasteError(reason: "\(what) must be a finite number, got \(name)")
            }
            let ownerMatches = parts.count == 1 || (owner.map { parts.dropLast().last == $0 } ?? false)
            if ownerMatches, let x = constants[last] { return x }
            if let owner, ownerMatches, !constants.isEmpty {
                let full = parts.count == 1 ? owner + "." + name : name
                throw SpringPasteError(reason: "unknown \(vendor) \(what) constant \(full)")
            }
            throw SpringPasteError(reason: "could not read \(what) in \(platform): \(name) is not a number")
        case .other(let raw) where raw.isEmpty:
            throw SpringPasteError(reason: "found \(platform) but \(what) has no value")
        case .other(let raw):
            if ValueReader.nonFinite.contains(raw.trimmingCharacters(in: ["-"]).lowercased()) {
                throw SpringPasteError(reason: "\(what) must be a finite number, got \(raw)")
            }
            throw SpringPasteError(reason: "could not read \(what) in \(platform): \(raw)")
        case .string(let s):
            if let x = Double(s.trimmingCharacters(in: .whitespaces)) { return try number(.number(x), what) }
            throw SpringPasteError(reason: "could not read \(what) in \(platform): \"\(s)\" is not a number")
        case .call(let call):
            throw SpringPasteError(reason: "could not read \(what) in \(platform): \(call.name)(…) is not a number")
        }
    }

    /// A number that must be > 0 (stiffness, damping, mass, response, ratio, duration);
    /// `fallback` when nothing was written, else "found … but no stiffness".
    func positive(_ value: CodeValue?, _ what: String, constants: [String: Double] = [:],
                  default fallback: Double? = nil) throws(SpringPasteError) -> Double {
        guard let x = try number(value, what, constants: constants) else {
            if let fallback { return fallback }
            throw SpringPasteError(reason: "found \(platform) but no \(what)")
        }
        return try ValueReader.positive(x, what)
    }

    static func positive(_ x: Double, _ what: String) throws(SpringPasteError) -> Double {
        guard x > 0 else { throw SpringPasteError(reason: "\(what) must be > 0, got \(SpringCode.number(x))") }
        return x
    }

    /// A bounce, which must lie in (−1, 1).
    static func bounce(_ x: Double) throws(SpringPasteError) -> Double {
        guard x > -1 && x < 1 else {
            throw SpringPasteError(reason: "bounce must be between -1 and 1, got \(SpringCode.number(x))")
        }
        return x
    }
}
