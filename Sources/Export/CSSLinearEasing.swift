import Foundation
import Motion

/// A spring's step response as a CSS `linear()` easing with its duration (docs/behaviour.md §12.2).
///
///     let easing = SpringCode.cssLinear(Spring(response: 0.5, dampingRatio: 0.8))
///     easing.text      // "transition: transform 0.597s linear(0, 0.0211 2.9%, 0.0914 6.5%, …, 1.0105 83.7%, 1)"
///     easing.duration  // 0.597 — exactly the printed duration; 12 points
public struct CSSLinearEasing: Sendable, Equatable {
    /// Seconds, the text's duration exactly (whole milliseconds).
    public var duration: Double
    /// The printed points: progress in [0, 1] (the percentage / 100), value as printed.
    /// The first is (0, 0) and the last (1, 1).
    public var points: [(progress: Double, value: Double)]
    /// "transition: transform 0.523s linear(0, 0.0512 3.125%, …, 1)"
    public var text: String
    /// The points as printed: each value and its percentage ("0.0512", "3.125"), from
    /// ("0", "0") to ("1", "100") — what a keyframes rule places its keyframes at.
    public var written: [(value: String, percent: String)]
    /// The duration as printed, in seconds ("0.523").
    public var seconds: String { SpringCode.decimal(Int((duration * 1000).rounded()), decimals: 3) }
    /// The `linear(…)` function alone.
    public var function: String {
        guard let open = text.range(of: "linear(") else { return text }
        return String(text[open.lowerBound...])
    }

    public init(duration: Double, points: [(progress: Double, value: Double)], text: String,
                written: [(value: String, percent: String)] = []) {
        self.duration = duration
        self.points = points
        self.text = text
        self.written = written
    }

    public static func == (a: CSSLinearEasing, b: CSSLinearEasing) -> Bool {
        a.duration == b.duration && a.text == b.text && a.points.count == b.points.count
            && zip(a.points, b.points).allSatisfy { $0.progress == $1.progress && $0.value == $1.value }
    }
}

extension SpringCode {
    /// CSS linear() easing of the spring's step response (docs/behaviour.md §12.2).
    ///
    /// How it is built, and why:
    /// - **Duration**: the settle time rounded *up* to whole milliseconds, so the printed
    ///   duration is exact and the curve is sampled on exactly that span. Where the 6/(ζω0)
    ///   rule stops short of the tolerance (ζ just under 1, where it leaves the curve 1.7 %
    ///   short) it is extended to the exact time the curve stays within 0.9 × tolerance —
    ///   otherwise the last point, exactly 1, would itself be off by more than the tolerance.
    /// - **Points**: greedy longest segments on a grid of candidate times whose percentages
    ///   print exactly (steps of 10⁻ᵈ %). Each candidate segment is checked against the
    ///   true curve at every grid time between its ends, *using the printed (rounded)
    ///   values*, within the tolerance less the most the curve can stray between two grid
    ///   times (h²·max|x''|/8 with |x''| ≤ ω0² for a step from rest). So the text a browser
    ///   reads is within `tolerance` of the spring everywhere, with as few points as that
    ///   greedy finds — far fewer than a uniform grid, which must be dense everywhere to be
    ///   right where the curve bends hardest.
    /// - **Values** print with enough decimals that rounding costs ≤ 1 % of the tolerance.
    public static func cssLinear(_ spring: Spring, tolerance: Double = 0.005) -> CSSLinearEasing {
        let tol = tolerance.isFinite ? min(max(tolerance, 1e-4), 0.25) : 0.005
        let settle = max(spring.settleDuration, spring.settleTime(fraction: 0.9 * tol))
        let milliseconds = max(1, Int((settle * 1000).rounded(.up)))
        let duration = Double(milliseconds) / 1000

        // Grid: 100 × 10^d steps, d the percentage's decimals, fine enough that the curve
        // between grid times costs at most 5 % of the tolerance.
        let w0 = spring.naturalFrequency
        let hMax = (0.4 * tol).squareRoot() / w0
        var percentDecimals = 0
        while percentDecimals < 4 && duration / (100 * pow(10, Double(percentDecimals))) > hMax { percentDecimals += 1 }
        let n = 100 * Int(pow(10, Double(percentDecimals)))
        let h = duration / Double(n)
        let between = h * h * w0 * w0 / 8
        var valueDecimals = 2
        while 0.5 * pow(10, -Double(valueDecimals)) > tol / 100 { valueDecimals += 1 }
        let scale = pow(10, Double(valueDecimals))

        let exact = (0...n).map { spring.step(at: Double($0) * h) }
        var printed = exact.map { Int(($0 * scale).rounded()) }
        printed[0] = 0
        printed[n] = Int(scale)  // ends at exactly 1
        let target = tol - between - 1e-12
        let chosen = greedyBreakpoints(exact: exact, printed: printed.map { Double($0) / scale }, target: target)

        let points = chosen.map { (progress: Double($0) / Double(n), value: Double(printed[$0]) / scale) }
        let written = chosen.enumerated().map { index, k -> (value: String, percent: String) in
            if index == 0 { return ("0", "0") }
            if index == chosen.count - 1 { return ("1", "100") }
            return (decimal(printed[k], decimals: valueDecimals), decimal(k, decimals: percentDecimals))
        }
        // The ends are written bare: linear() places its first and last values at 0 % and 100 %.
        let stops = written.indices.map { i in i == 0 || i == written.count - 1 ? written[i].value : "\(written[i].value) \(written[i].percent)%" }
        let seconds = decimal(milliseconds, decimals: 3)
        let text = "transition: transform \(seconds)s linear(\(stops.joined(separator: ", ")))"
        return CSSLinearEasing(duration: duration, points: points, text: text, written: written)
    }

    /// Grid indices from 0 to the last: from each breakpoint, the farthest next one whose
    /// segment stays within `target` of `exact` at every grid time it spans (found by
    /// doubling, then bisection; any index reported fits).
    static func greedyBreakpoints(exact: [Double], printed: [Double], target: Double) -> [Int] {
        let last = exact.count - 1
        func fits(_ i: Int, _ j: Int) -> Bool {
            let slope = (printed[j] - printed[i]) / Double(j - i)
            for k in (i + 1)...j where abs(printed[i] + slope * Double(k - i) - exact[k]) > target { return false }
            return true
        }
        var chosen = [0]
        var i = 0
        while i < last {
            var good = i + 1
            var span = 2
            var bad: Int?
            while bad == nil {
                let probe = min(i + span, last)
                if fits(i, probe) {
                    good = probe
                    if probe == last { break }
                    span *= 2
                } else {
                    bad = probe
                }
            }
            if var hi = bad {
                var lo = good
                while hi - lo > 1 {
                    let mid = (lo + hi) / 2
                    if fits(i, mid) { lo = mid } else { hi = mid }
                }
                good = lo
            }
            chosen.append(good)
            i = good
        }
        return chosen
    }

    /// An integer `units` × 10^−decimals written exactly, trailing zeros trimmed:
    /// (1234, 4) → "0.1234", (2500, 2) → "25", (523, 3) → "0.523".
    static func decimal(_ units: Int, decimals: Int) -> String {
        let sign = units < 0 ? "-" : ""
        let magnitude = abs(units)
        guard decimals > 0 else { return sign + String(magnitude) }
        let divisor = Int(pow(10, Double(decimals)))
        var fraction = String(magnitude % divisor)
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = String(magnitude / divisor)
        return sign + (fraction.isEmpty ? whole : whole + "." + fraction)
    }
}
