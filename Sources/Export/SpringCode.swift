// Export — a spring as code for the platforms designers ship to, and back (docs/behaviour.md §12.2–§12.3).
// `SpringCode.text` writes a `Motion.Spring` for SwiftUI, UIKit, Compose, Android, Flutter,
// motion.dev, react-spring, CSS `linear()` and JSON, each exact in its own platform's
// semantics (cited beside every constant and default); `SpringCode.parse` reads any of them
// back — with the platforms' named constants, defaults, any argument order, or plain
// "R, Z" — and refuses anything else with a one-line reason; `SpringCode.cssLinear` samples
// the step response into an adaptive `linear()` easing. Pure value code on `Motion` and
// Foundation: no SDL, no clipboard, no I/O — the app owns the clipboard and the toast.

import Foundation
import Motion

/// The formats of docs/behaviour.md §12.2's Copy menu. The raw values are the command line's and the
/// presets' words (`springlab export --format react-spring`).
public enum SpringCodeFormat: String, CaseIterable, Sendable, Codable {
    case swiftui, uikit, compose, android, flutter, motion, reactSpring = "react-spring", css, json, origami, keyframes, waapi

    /// What the Copy menu and the toast say.
    public var title: String {
        switch self {
        case .swiftui: "SwiftUI"
        case .uikit: "UIKit"
        case .compose: "Compose"
        case .android: "Android"
        case .flutter: "Flutter"
        case .motion: "Motion"
        case .reactSpring: "react-spring"
        case .css: "CSS"
        case .json: "JSON"
        case .origami: "Origami"
        case .keyframes: "CSS keyframes"
        case .waapi: "Web Animations"
        }
    }
}

/// A spring read from pasted text, and what was read — for the toast.
public struct PastedSpring: Sendable, Equatable {
    public var spring: Spring
    /// What was read, for the toast: "Compose spring(dampingRatio, stiffness)", "response, damping".
    public var source: String

    public init(spring: Spring, source: String) {
        self.spring = spring
        self.source = source
    }
}

/// Why pasted text could not be read: one line, naming what was wrong and with what value.
public struct SpringPasteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line, e.g. "stiffness must be > 0, got -5".
    public var reason: String
    public var description: String { reason }

    public init(reason: String) {
        // A reason is shown in a one-line toast and written to the trace, and it often
        // quotes what was pasted (docs/behaviour.md §13): never let a pasted newline, ESC, BEL or a
        // right-to-left override through, and never a 400-character name whole.
        self.reason = Self.oneLine(reason)
    }

    /// Longest word (a run without spaces) a reason quotes whole, and the longest reason.
    static let wordLimit = 60, reasonLimit = 240

    /// `text` as one safe line: line breaks as spaces, control and format characters
    /// written as `\u{1B}`, each word cut to `wordLimit` characters and the whole to
    /// `reasonLimit`, with "…" where something was cut.
    static func oneLine(_ text: String) -> String {
        var out = "", word = 0, total = 0
        for scalar in text.unicodeScalars {
            if total == reasonLimit { return out + "…" }
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == " " {
                out += " "; word = 0; total += 1
                continue
            }
            if word == wordLimit { out += "…" }
            word += 1
            guard word <= wordLimit else { continue }
            total += 1
            let category = scalar.properties.generalCategory
            if category == .control || category == .format {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Writing springs as code, and reading them back.
///
///     let s = Spring(duration: 0.5, bounce: 0.3)
///     SpringCode.text(s, format: .compose)
///     // spring(dampingRatio = 0.7f, stiffness = 157.9136704f)
///     try SpringCode.parse("spring(stiffness = Spring.StiffnessLow)").spring.response  // 0.444 s
public enum SpringCode {
    /// The spring as code in `format` (docs/behaviour.md §12.2). May be several lines (SwiftUI gives both forms).
    ///
    /// Numbers carry 10 significant digits (trailing zeros trimmed): enough that pasting the
    /// text back gives the same response and damping ratio to 1e-9, and that the platform's
    /// curve differs from ours by far less than 1e-4 of the travel; Kotlin's get `f`.
    /// Formats without a mass field (SwiftUI's response form, Compose, Android, CSS) carry
    /// the spring at unit mass — same response and ζ, so the same normalized curve.
    public static func text(_ spring: Spring, format: SpringCodeFormat) -> String {
        let r = number(spring.response), z = number(spring.dampingRatio)
        let m = number(spring.mass), k = number(spring.stiffness), c = number(spring.damping)
        // Unit-mass stiffness for the formats that have no mass (ω0² = k/m).
        let unitK = spring.stiffness / spring.mass
        switch format {
        case .swiftui:
            return ".spring(response: \(r), dampingFraction: \(z))\n"
                + "// or: Spring(duration: \(r), bounce: \(number(spring.bounce)))"
        case .uikit:
            return "UISpringTimingParameters(mass: \(m), stiffness: \(k), damping: \(c), initialVelocity: .zero)"
        case .compose:
            return "spring(dampingRatio = \(kotlin(spring.dampingRatio)), stiffness = \(kotlin(unitK)))"
        case .android:
            return "SpringForce().setStiffness(\(kotlin(unitK))).setDampingRatio(\(kotlin(spring.dampingRatio)))"
        case .flutter:
            return "SpringDescription(mass: \(m), stiffness: \(k), damping: \(c))"
        case .motion:
            // docs/behaviour.md §12.2: motion.dev's duration-defined springs drop the inherited velocity,
            // so the export is always the physical form.
            return "{ type: \"spring\", stiffness: \(k), damping: \(c), mass: \(m) }"
        case .reactSpring:
            return "{ tension: \(k), friction: \(c), mass: \(m) }"
        case .css:
            return cssLinear(spring).text + " " + cssComment(spring)
        case .json:
            return "{\"response\": \(r), \"dampingRatio\": \(z), \"stiffness\": \(k), \"damping\": \(c), \"mass\": \(m)}"
        case .origami:
            return origami(spring)
        case .keyframes:
            return keyframes(spring)
        case .waapi:
            return waapi(spring)
        }
    }

    /// A CSS `@keyframes` rule for engines without `linear()` (docs/behaviour.md §18): one keyframe at
    /// each point of the `linear()` easing — so within the same 0.005 of the travel — each
    /// `P% { transform: translateX(calc(var(--travel) * X)); }`, run linearly for the
    /// easing's duration, and the comment that names the exact spring.
    static func keyframes(_ spring: Spring) -> String {
        let easing = cssLinear(spring)
        var lines = ["@keyframes spring {"]
        for point in easing.written {
            lines.append("  \(point.percent)% { transform: translateX(calc(var(--travel) * \(point.value))); }")
        }
        lines.append("}")
        lines.append("animation: spring \(easing.seconds)s linear; \(cssComment(spring))")
        return lines.joined(separator: "\n")
    }

    /// The Web Animations API (docs/behaviour.md §18): `element.animate` from 0 to the travel, the
    /// duration in milliseconds and the easing the CSS export's `linear()`.
    static func waapi(_ spring: Spring) -> String {
        let easing = cssLinear(spring)
        let milliseconds = Int((easing.duration * 1000).rounded())
        return "element.animate([{ transform: \"translateX(0)\" }, { transform: \"translateX(var(--travel))\" }], "
            + "{ duration: \(milliseconds), easing: \"\(easing.function)\" }) \(cssComment(spring))"
    }

    /// Origami's POP Animation (docs/behaviour.md §18): `bounciness: B, speed: S`, Rebound's conversion
    /// inverted exactly (`OrigamiPOP`). A spring bouncier than any POP spring at its speed
    /// says so in a comment instead of writing a near miss.
    static func origami(_ spring: Spring) -> String {
        guard let pop = OrigamiPOP.bouncinessAndSpeed(of: spring) else {
            return "// no Origami POP spring is this bouncy at this speed (damping ratio \(number(spring.dampingRatio)), "
                + "response \(number(spring.response)) s)"
        }
        return "bounciness: \(number(pop.bounciness)), speed: \(number(pop.speed))"
    }

    /// The comment that follows an exported `linear()` so pasting it gives the exact spring
    /// back (a sampled curve alone only approximates it).
    static func cssComment(_ spring: Spring) -> String {
        var words = "spring: response \(number(spring.response)) s, damping ratio \(number(spring.dampingRatio))"
        if spring.mass != 1 { words += ", mass \(number(spring.mass))" }
        return "/* \(words) */"
    }

    /// `x` with 10 significant digits, trailing zeros trimmed, never in exponent form:
    /// 0.5 → "0.5", 157.91367041742973 → "157.9136704", 1500 → "1500".
    ///
    /// Why 10: the worst case of ζ = c / 2√(mk) read back from c and k each rounded to 10
    /// digits is 7.5e-10 relative — inside the 1e-9 round trip — while 17 digits would print
    /// binary noise ("0.30000000000000004") a designer would have to read past.
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf") }
        guard x != 0 else { return "0" }
        let magnitude = Int(floor(log10(abs(x))))
        let decimals = min(max(9 - magnitude, 0), 30)
        var text = String(format: "%.\(decimals)f", x)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// A Kotlin `Float` literal: the same digits with the `f` suffix ("0.5f", "1500f").
    static func kotlin(_ x: Double) -> String { number(x) + "f" }
}
