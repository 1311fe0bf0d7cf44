import Foundation
import Motion

/// Reading a CSS `linear()` easing back as a spring (docs/behaviour.md §12.3).
extension SpringCode {
    /// A CSS easing: our own export (its `/* spring: … */` comment names the exact spring),
    /// or anyone's `linear()` with a duration, fitted. Nil when the text has no CSS easing.
    static func readCSS(_ text: String) throws(SpringPasteError) -> PastedSpring? {
        guard let open = try linearCall(in: text) else {
            let lower = text.lowercased()
            for curve in ["cubic-bezier(", "steps("] where lower.contains(curve) {
                throw SpringPasteError(reason: "not a spring: CSS \(curve)) is a fixed curve; paste a linear() easing")
            }
            return nil
        }
        if let named = try springComment(in: text) { return named }
        let body = text[text.index(open, offsetBy: "linear(".count)...]
        guard let close = body.firstIndex(of: ")") else {
            throw SpringPasteError(reason: "found CSS linear( but no closing )")
        }
        let points = try linearPoints(String(body[..<close]))
        var outside = text
        outside.removeSubrange(open...close)
        // A CSS time, or a Web Animations duration (a number of milliseconds).
        guard let duration = cssDuration(in: outside) ?? animateDuration(in: outside) else {
            throw SpringPasteError(reason: "found CSS linear() but no duration (e.g. 0.5s) to fit a spring to")
        }
        return try fit(points, duration: duration)
    }

    /// Where `linear(` starts, if the text has one that is CSS's (not SwiftUI's `.linear(`).
    private static func linearCall(in text: String) throws(SpringPasteError) -> String.Index? {
        guard let range = text.range(of: "linear(") else { return nil }
        if range.lowerBound > text.startIndex {
            let before = text[text.index(before: range.lowerBound)]
            if before == "." {
                throw SpringPasteError(reason: "not a spring: .linear(duration:) is a fixed-duration curve")
            }
            if before.isLetter || before == "-" || before == "_" { return nil }
        }
        return range.lowerBound
    }

    /// The exact spring our export names in its comment: "/* spring: response 0.5 s,
    /// damping ratio 0.8[, mass 2] */".
    private static func springComment(in text: String) throws(SpringPasteError) -> PastedSpring? {
        guard let start = text.range(of: "/*"), let end = text.range(of: "*/", range: start.upperBound..<text.endIndex) else {
            return nil
        }
        let tokens = CodeScanner(String(text[start.upperBound..<end.lowerBound])).tokens
        guard tokens.first == .word("spring") else { return nil }
        func after(_ words: [String]) -> Double? {
            for i in tokens.indices where i + words.count < tokens.count
                && words.enumerated().allSatisfy({ tokens[i + $0.offset] == .word($0.element) }) {
                if case .number(let x) = tokens[i + words.count] { return x }
            }
            return nil
        }
        guard let r = after(["response"]), let z = after(["damping", "ratio"]) else { return nil }
        let response = try ValueReader.positive(r, "response")
        let ratio = try ValueReader.positive(z, "damping ratio")
        let mass = try ValueReader.positive(after(["mass"]) ?? 1, "mass")
        return pasted(Spring(response: response, dampingRatio: ratio, mass: mass),
                      "CSS linear() (the spring named in its comment)", response: response, dampingRatio: ratio)
    }

    /// `duration: N` of Web Animations' `element.animate(…, { duration: N })`, in seconds.
    private static func animateDuration(in text: String) -> Double? {
        guard text.contains("animate(") else { return nil }
        let tokens = CodeScanner(CodeScanner.strippingComments(text)).tokens
        for (i, t) in tokens.enumerated() where i + 2 < tokens.count && t == .word("duration") {
            if case .number(let ms) = tokens[i + 2], ms > 0, ms.isFinite { return ms / 1000 }
        }
        return nil
    }

    /// A CSS `@keyframes` rule (docs/behaviour.md §18's `keyframes` export): the spring its comment
    /// names, else one fitted to its keyframes — `P% { … * X) … }`, run linearly over the
    /// `animation`'s duration.
    static func readKeyframes(_ text: String) throws(SpringPasteError) -> PastedSpring? {
        guard text.contains("@keyframes") else { return nil }
        if let named = try springComment(in: text) { return named }
        let pattern = #"(-?[0-9]+(?:\.[0-9]+)?)%\s*\{[^}]*\*\s*(-?[0-9]+(?:\.[0-9]+)?)\s*\)"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        let ns = text as NSString
        var points: [(input: Double, output: Double)] = []
        for m in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            guard let p = Double(ns.substring(with: m.range(at: 1))), let x = Double(ns.substring(with: m.range(at: 2))) else { continue }
            points.append((p / 100, x))
        }
        guard points.count >= 2, points.first?.input == 0, points.last?.input == 1,
              zip(points, points.dropFirst()).allSatisfy({ $0.input < $1.input }) else {
            throw SpringPasteError(reason: "found CSS @keyframes but not its keyframes from 0% to 100%, each "
                                   + "`P% { transform: translateX(calc(var(--travel) * X)); }`")
        }
        guard let duration = cssDuration(in: text) else {
            throw SpringPasteError(reason: "found CSS @keyframes but no animation duration (e.g. 0.5s) to fit a spring to")
        }
        return try fit(points, duration: duration)
    }

    /// The first CSS time outside the easing — `0.523s`, `500ms` — in seconds. In a
    /// `transition` the first time is the duration, the second the delay.
    private static func cssDuration(in text: String) -> Double? {
        let tokens = CodeScanner(CodeScanner.strippingComments(text)).tokens
        for (i, t) in tokens.enumerated() where i + 1 < tokens.count {
            guard case .number(let x) = t, x > 0, x.isFinite else { continue }
            if tokens[i + 1] == .word("s") { return x }
            if tokens[i + 1] == .word("ms") { return x / 1000 }
        }
        return nil
    }

    /// The control points of `linear(…)`'s arguments, canonicalized as CSS Easing Level 2
    /// says (https://drafts.csswg.org/css-easing-2/#linear-easing-function-parsing): a
    /// missing first input is 0, a missing last input max(1, the largest so far); an input
    /// below an earlier one is raised to it; runs of missing inputs are spread evenly
    /// between their neighbours; two percentages make two points.
    static func linearPoints(_ arguments: String) throws(SpringPasteError) -> [(input: Double, output: Double)] {
        var raw: [(input: Double?, output: Double)] = []
        for piece in arguments.split(separator: ",") {
            let words = piece.split(whereSeparator: \.isWhitespace)
            guard let first = words.first, let output = Double(first), output.isFinite, words.count <= 3 else {
                throw SpringPasteError(reason: "could not read CSS linear(): '\(piece.trimmingCharacters(in: .whitespaces))'")
            }
            var inputs: [Double] = []
            for word in words.dropFirst() {
                guard word.hasSuffix("%"), let p = Double(word.dropLast()), p.isFinite else {
                    throw SpringPasteError(reason: "could not read CSS linear(): '\(word)' is not a percentage")
                }
                inputs.append(p / 100)
            }
            if inputs.isEmpty { raw.append((nil, output)) }
            for input in inputs { raw.append((input, output)) }
        }
        guard raw.count >= 2 else { throw SpringPasteError(reason: "CSS linear() needs at least two points to fit a spring to") }
        if raw[0].input == nil { raw[0].input = 0 }
        if raw[raw.count - 1].input == nil { raw[raw.count - 1].input = max(1, raw.compactMap(\.input).max() ?? 1) }
        var largest = -Double.infinity
        for i in raw.indices {
            if let x = raw[i].input { largest = max(largest, x); raw[i].input = largest }
        }
        var i = 0
        while i < raw.count {
            guard raw[i].input == nil else { i += 1; continue }
            var j = i
            while raw[j].input == nil { j += 1 }  // the last point always has an input
            let a = raw[i - 1].input ?? 0, b = raw[j].input ?? 1
            for k in i..<j { raw[k].input = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
            i = j
        }
        return raw.map { (input: $0.input ?? 0, output: $0.output) }
    }

    /// The easing's output at input progress `x`, as CSS Easing Level 2 computes it.
    static func linearOutput(_ points: [(input: Double, output: Double)], at x: Double) -> Double {
        var a = (points.lastIndex { $0.input <= x }) ?? 0
        if a == points.count - 1 { a -= 1 }
        let p = points[a], q = points[a + 1]
        if p.input == q.input { return q.output }
        return p.output + (x - p.input) / (q.input - p.input) * (q.output - p.output)
    }

    /// The spring (response, ζ) whose step response is closest to the easing in least
    /// squares over the duration, if within 0.02 of it everywhere.
    ///
    /// Search: a coarse log-spaced grid (response from 1/30 to 2× the duration, ζ 0.05–4),
    /// then a shrinking pattern search in log space. A sum of squares on 300 times is smooth
    /// in (log R, log ζ) near the answer, so this finds the same minimum a Gauss–Newton
    /// would, without derivatives to get wrong.
    private static func fit(_ points: [(input: Double, output: Double)], duration: Double) throws(SpringPasteError) -> PastedSpring {
        let samples = 300
        let times = (0..<samples).map { duration * (Double($0) + 0.5) / Double(samples) }
        let targets = times.map { linearOutput(points, at: $0 / duration) }
        func cost(_ logR: Double, _ logZ: Double) -> Double {
            let s = Spring(response: exp(logR), dampingRatio: exp(logZ))
            var sum = 0.0
            for (t, y) in zip(times, targets) { let d = s.step(at: t) - y; sum += d * d }
            return sum
        }
        let rLow = log(max(duration / 30, Spring.minimumResponse)), rHigh = log(max(2 * duration, Spring.minimumResponse))
        let zLow = log(0.05), zHigh = log(4.0)
        var best = (r: rLow, z: zLow, cost: Double.infinity)
        for i in 0...24 {
            for j in 0...24 {
                let r = rLow + (rHigh - rLow) * Double(i) / 24, z = zLow + (zHigh - zLow) * Double(j) / 24
                let c = cost(r, z)
                if c < best.cost { best = (r, z, c) }
            }
        }
        var step = 0.1
        while step > 1e-7 {
            var improved = false
            for (dr, dz) in [(step, 0.0), (-step, 0), (0, step), (0, -step)] {
                let c = cost(best.r + dr, best.z + dz)
                if c < best.cost { best = (best.r + dr, best.z + dz, c); improved = true }
            }
            if !improved { step /= 2 }
        }
        let spring = Spring(response: exp(best.r), dampingRatio: exp(best.z))
        var worst = 0.0
        for k in 0...1000 {
            let t = duration * Double(k) / 1000
            worst = max(worst, abs(spring.step(at: t) - linearOutput(points, at: t / duration)))
        }
        let r = short(spring.response), z = short(spring.dampingRatio), off = short(worst)
        guard worst <= 0.02 else {
            throw SpringPasteError(reason: "not a spring: the closest spring to this linear() (response \(r) s, "
                                   + "damping ratio \(z)) is \(off) off, more than 0.02")
        }
        return PastedSpring(spring: spring, source: "CSS linear() fitted: response \(r) s, damping ratio \(z) "
                            + "(max deviation \(off))")
    }

    /// Four significant digits, for a toast.
    private static func short(_ x: Double) -> String { String(format: "%.4g", x) }
}
