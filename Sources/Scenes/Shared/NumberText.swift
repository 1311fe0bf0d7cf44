import Foundation

/// Numbers as files, the trace and readouts write them (docs/behaviour.md §15.7).
///
/// A double printed with every digit shows its binary noise: a damping of 0.9 reached by
/// arithmetic (1 − 0.1, a form conversion) is 0.8999999999999999, and a preset holding
/// that reads as a bug to anyone who opens it. So a setting is written as the shortest
/// decimal that reads back to the same value at the precision the inspector shows, and a
/// derived value (a stiffness, a settle time, a position) at 10 significant digits —
/// far finer than anything drawn, and short. Neither is ever written as `-0`.
///
///     NumberText.setting(0.8999999999999999)   // "0.9"
///     NumberText.derived(1e-9)                 // "1e-9"
public enum NumberText {
    /// The finest precision any setting is shown or set at: 3 decimals (docs/behaviour.md §11.1; a
    /// Shift-drag's fine steps, 0.001 or 0.025, need no more).
    public static let settingDecimals = 3
    /// Derived values: 10 significant digits (docs/behaviour.md §15.7).
    public static let derivedDigits = 10

    /// The shortest decimal that, read back, equals `value` when both are rounded to
    /// `decimals` places: 0.8999999999999999 → "0.9", 0.35 → "0.35", 60 → "60", 1e-9 →
    /// "0", 1.0005 → "1.001" (half away from zero, as the readout shows it). Always plain
    /// notation (a state file's `"fps": 6e1` reads back as no Int). Non-finite values give
    /// nil (JSON has no spelling for them).
    public static func setting(_ value: Double, decimals: Int = settingDecimals) -> String? {
        guard value.isFinite else { return nil }
        let scale = pow(10, Double(decimals))
        let target = (value * scale).rounded()
        guard target != 0 else { return "0" }
        // Fewest places first: the first that lands on the same shown value wins.
        for places in 0...decimals {
            let text = String(format: "%.\(places)f", value)
            if let back = Double(text), (back * scale).rounded() == target { return text }
        }
        return String(format: "%.\(decimals)f", value)
    }

    /// `value` at `digits` significant digits, written as briefly as possible:
    /// 1/3 → "0.3333333333", 1e-9 → "1e-9", 2 → "2", −0 → "0". Nil when not finite.
    public static func derived(_ value: Double, digits: Int = derivedDigits) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return tidy(String(format: "%.\(digits)g", value))
    }

    /// `String(format:)` for a readout, with every negative zero made positive:
    /// `String(format: "%.2f", -0.001)` is "-0.00", which says a direction where there is
    /// none (docs/behaviour.md §15.7).
    public static func format(_ format: String, _ arguments: any CVarArg...) -> String {
        unsigned(String(format: format, arguments: arguments))
    }

    /// `text` without its minus sign when every digit in it is 0 ("-0.00" → "0.00",
    /// "v -0, 0 pt/s" → "v 0, 0 pt/s"); a minus before any other digit stays.
    public static func unsigned(_ text: String) -> String {
        guard text.contains("-") else { return text }
        var out = ""
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            if chars[i] == "-", i + 1 < chars.count, chars[i + 1].isNumber || chars[i + 1] == "." {
                // The number this minus signs runs over digits and one point.
                var j = i + 1
                while j < chars.count, chars[j].isNumber || chars[j] == "." { j += 1 }
                let digits = chars[(i + 1)..<j]
                let zero = digits.allSatisfy { $0 == "0" || $0 == "." } && digits.contains("0")
                // An exponent's minus (1e-05) belongs to the exponent, not to a zero.
                let exponent = i > 0 && (chars[i - 1] == "e" || chars[i - 1] == "E")
                if zero && !exponent { i += 1; continue }
            }
            out.append(chars[i])
            i += 1
        }
        return out
    }

    /// "%g" spellings made plain JSON-style: "1e-09" → "1e-9", "1e+20" → "1e20", and a
    /// negative zero ("-0") → "0".
    private static func tidy(_ text: String) -> String {
        var s = text
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let mantissa = s[..<e]
            var exponent = s[s.index(after: e)...]
            var sign = ""
            if exponent.first == "+" { exponent = exponent.dropFirst() } else if exponent.first == "-" {
                sign = "-"
                exponent = exponent.dropFirst()
            }
            let digits = exponent.drop { $0 == "0" }
            s = "\(mantissa)e\(sign)\(digits.isEmpty ? "0" : String(digits))"
        }
        if s == "-0" { return "0" }
        return s
    }
}
