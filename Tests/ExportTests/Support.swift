import Foundation
import Motion

/// References for the Export tests that do not go through the code under test: a
/// number-extracting regex, an RK4 integrator of m·x'' + c·x' + k·(x − 1) = 0, and a CSS
/// `linear()` reader written from CSS Easing Level 2.

/// The springs every format is checked with: under-, critically and over-damped, docs/behaviour.md §1.1's
/// check values, a bouncy one and a mass-2 one.
let exportSprings: [(name: String, spring: Spring)] = [
    ("duration 0.5 / bounce 0.3 (docs/behaviour.md §1.1)", Spring(duration: 0.5, bounce: 0.3)),
    ("stiffness 100 / damping 10 (docs/behaviour.md §1.1)", Spring(mass: 1, stiffness: 100, damping: 10)),
    ("critical, response 0.4", Spring(response: 0.4, dampingRatio: 1)),
    ("overdamped, bounce -0.3 (docs/behaviour.md §1.1)", Spring(duration: 0.5, bounce: -0.3)),
    ("bouncy (0.3, 0.3)", Spring(response: 0.3, dampingRatio: 0.3)),
    ("mass 2, k 200, c 20", Spring(mass: 2, stiffness: 200, damping: 20)),
]

/// The number written after `label` and ":" or "=", with an optional Kotlin `f`.
func written(_ label: String, in text: String) -> Double? {
    let pattern = NSRegularExpression.escapedPattern(for: label) + #"\s*[:=]\s*(-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)f?"#
    guard let regex = try? NSRegularExpression(pattern: pattern),
          let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
          let range = Range(match.range(at: 1), in: text) else { return nil }
    return Double(text[range])
}

/// The number inside `call(…)` — Android's `setStiffness(157.9136704f)`.
func argument(of call: String, in text: String) -> Double? {
    let pattern = NSRegularExpression.escapedPattern(for: call) + #"\((-?[0-9]+(?:\.[0-9]+)?)f?\)"#
    guard let regex = try? NSRegularExpression(pattern: pattern),
          let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
          let range = Range(match.range(at: 1), in: text) else { return nil }
    return Double(text[range])
}

/// The step response of m·x'' + c·x' + k·(x − 1) = 0 from rest at 0, by classical RK4 with
/// at most `maxStep` s per step, at each of `times` (ascending).
func rk4Step(mass m: Double, stiffness k: Double, damping c: Double, at times: [Double], maxStep: Double = 1e-4) -> [Double] {
    var x = 0.0, v = 0.0, t = 0.0
    func acceleration(_ x: Double, _ v: Double) -> Double { (-k * (x - 1) - c * v) / m }
    var result: [Double] = []
    for target in times {
        while t < target {
            let h = min(maxStep, target - t)
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
        }
        result.append(x)
    }
    return result
}

/// 200 times over [0, end].
func sampleTimes(to end: Double, count: Int = 200) -> [Double] {
    (0..<count).map { end * Double($0) / Double(count - 1) }
}

/// A CSS `linear()` as CSS Easing Level 2 defines it
/// (https://drafts.csswg.org/css-easing-2/#linear-easing-function): each stop is an output
/// and zero, one or two input percentages; a missing first input is 0%, a missing last one
/// 100%; an input below an earlier one takes the earlier one's; runs of stops without an
/// input are spaced evenly between the stops around them.
struct CSSLinear {
    var stops: [(input: Double, output: Double)]
    /// Exactly what the stops said, before filling in inputs (for "first is 0, last is 1").
    var written: [(output: Double, inputs: [Double])]

    init?(_ text: String) {
        guard let open = text.range(of: "linear("), let close = text[open.upperBound...].firstIndex(of: ")") else { return nil }
        written = []
        for piece in text[open.upperBound..<close].split(separator: ",") {
            let parts = piece.split(separator: " ")
            guard let output = parts.first.flatMap({ Double($0) }) else { return nil }
            let inputs = parts.dropFirst().compactMap { Double($0.dropLast()) }.map { $0 / 100 }
            written.append((output, inputs))
        }
        var points: [(input: Double?, output: Double)] = written.flatMap { w in
            w.inputs.isEmpty ? [(nil, w.output)] : w.inputs.map { (Optional($0), w.output) }
        }
        if points.first?.input == nil { points[0].input = 0 }
        if points.last?.input == nil { points[points.count - 1].input = 1 }
        var highest = 0.0
        for i in points.indices { if let x = points[i].input { highest = max(highest, x); points[i].input = highest } }
        var i = 1
        while i < points.count {
            if points[i].input != nil { i += 1; continue }
            var j = i
            while points[j].input == nil { j += 1 }
            let a = points[i - 1].input ?? 0, b = points[j].input ?? 1
            for k in i..<j { points[k].input = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
            i = j
        }
        stops = points.map { ($0.input ?? 0, $0.output) }
    }

    /// The output at input progress x: the segment from the last stop at or before x.
    func output(at x: Double) -> Double {
        var a = 0
        for (i, s) in stops.enumerated() where s.input <= x { a = i }
        a = min(a, stops.count - 2)
        let p = stops[a], q = stops[a + 1]
        guard q.input > p.input else { return q.output }
        return p.output + (q.output - p.output) * (x - p.input) / (q.input - p.input)
    }
}

/// The duration in a `transition` shorthand, "0.523s" → 0.523 (seconds) and its digits.
func cssSeconds(in text: String) -> (seconds: Double, milliseconds: Int)? {
    guard let regex = try? NSRegularExpression(pattern: #"transform ([0-9]+(?:\.[0-9]{1,3})?)s linear\("#),
          let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
          let range = Range(match.range(at: 1), in: text), let seconds = Double(text[range]) else { return nil }
    let parts = text[range].split(separator: ".")
    let whole = Int(parts[0]) ?? 0
    let fraction = parts.count > 1 ? Int(parts[1].padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0 : 0
    return (seconds, whole * 1000 + fraction)
}
