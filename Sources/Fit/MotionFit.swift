import Motion

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why samples could not be fitted; `message` is one line for the user.
public struct FitError: Error, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// A fitted motion and how well it fits (docs/behaviour.md §16).
public struct MotionFitResult: Sendable {
    public var motion: FittedMotion
    /// The samples the fit used: the move and the rest around it.
    public var samples: [MotionSample]
    /// Root-mean-square and largest distance between the samples of the move itself
    /// (from its start until it came to rest) and the fitted curve, % of the travel.
    public var rmsErrorPercent: Double
    public var maxErrorPercent: Double
    /// Every move from rest to rest found, largest first (times of its first and last
    /// moving sample); the fit is of the first.
    public var moves: [Move]

    /// ≤ 1 % RMS of the travel: the motion is a spring; above, the printed spring is only
    /// the closest one.
    public static let springVerdictLimit = 1.0
    public var isSpring: Bool { rmsErrorPercent <= Self.springVerdictLimit }
    public var travel: Double { motion.to - motion.from }
}

/// A move from one rest to the next.
public struct Move: Sendable, Equatable {
    public var from: Double
    public var to: Double
    public var beginTime: Double
    public var endTime: Double
    public var amplitude: Double { abs(to - from) }
}

/// From samples to a fitted spring: finds the rests and the moves between them, keeps the
/// largest, and fits the spring's closed form to it (docs/behaviour.md §16).
public enum MotionFit {
    /// The fewest samples a fit takes: six parameters need at least six.
    public static let minimumSamples = 6
    /// How long a position must hold still to count as a rest, s. Long enough that the
    /// turning point of a bounce is not one (a swing of a 0.5 s spring stays within the
    /// tolerance for about 60 ms), short enough for a quick pause between two moves.
    static let minimumRest = 0.12
    /// Rest kept on either side of the move, s: enough to pin the start and end positions
    /// without the still samples outweighing the motion.
    static let restBefore = 0.4, restAfter = 0.8

    /// Fits the largest rest-to-rest move in `samples` (times strictly increasing).
    public static func fit(_ samples: [MotionSample]) throws(FitError) -> MotionFitResult {
        // Solved in times from the first sample (an epoch in ms keeps its precision), told
        // in the samples' own.
        let origin = samples.first?.time ?? 0
        var result = try fitFromZero(samples.map { MotionSample(time: $0.time - origin, position: $0.position) })
        result.motion.start += origin
        result.samples = result.samples.map { MotionSample(time: $0.time + origin, position: $0.position) }
        result.moves = result.moves.map { Move(from: $0.from, to: $0.to, beginTime: $0.beginTime + origin, endTime: $0.endTime + origin) }
        return result
    }

    static func fitFromZero(_ samples: [MotionSample]) throws(FitError) -> MotionFitResult {
        guard samples.count >= minimumSamples else {
            throw FitError("\(samples.count) sample\(samples.count == 1 ? "" : "s") — a fit needs at least \(minimumSamples)")
        }
        let positions = samples.map(\.position)
        let low = positions.min() ?? 0, high = positions.max() ?? 0
        let range = high - low
        let noise = noiseLevel(positions)
        guard range > max(1e-9 * max(abs(low), abs(high)), 6 * noise, 1e-12) else {
            throw FitError("no motion: every sample is at \(shortNumber(low))\(range > 0 ? " (within \(shortNumber(range)))" : "")")
        }
        let tolerance = max(0.015 * range, 4 * noise)
        let rests = findRests(samples, tolerance: tolerance)
        var moves = findMoves(samples, rests: rests, tolerance: tolerance)
        guard let main = moves.first else {
            throw FitError("no motion from one rest to another (the samples never hold still)")
        }
        moves.removeAll { $0.amplitude < 0.1 * main.amplitude }
        // The window: the move with some rest either side.
        let begin = main.beginTime - restBefore, end = main.endTime + restAfter
        let window = samples.filter { $0.time >= begin && $0.time <= end }
        guard window.count >= minimumSamples else {
            throw FitError("the motion has \(window.count) samples — a fit needs at least \(minimumSamples)")
        }
        // The start guess: the last still sample before the move.
        let before = window.last { $0.time < main.beginTime }?.time ?? main.beginTime
        let motion = SpringFitter.fit(window, fromGuess: main.from, toGuess: main.to, startGuess: before)
        // A fit that ran away (an end far beyond anything the samples reached, a spring at
        // the fit's limits) is no answer, however small its error over a few samples.
        let reached = main.to - main.from
        guard abs((motion.to - motion.from) / reached - 1) < 0.5, motion.spring.response < SpringFitter.responseRange.upperBound * 0.99,
              motion.spring.dampingRatio < SpringFitter.ratioRange.upperBound * 0.99 else {
            throw FitError("no spring follows this motion (the closest one ends at \(shortNumber(motion.to)), where the samples came to rest at \(shortNumber(main.to)))")
        }
        // The error over the move itself: from the fitted start to where the samples came
        // to rest (the rest after adds nothing but agreement).
        let travel = abs(motion.to - motion.from) > 0 ? abs(motion.to - motion.from) : 1
        let moving = window.filter { $0.time >= min(motion.start, main.beginTime) && $0.time <= main.endTime }
        let errors = (moving.isEmpty ? window : moving).map { abs(motion.position(at: $0.time) - $0.position) / travel * 100 }
        let rms = (errors.reduce(0) { $0 + $1 * $1 } / Double(max(errors.count, 1))).squareRoot()
        return MotionFitResult(motion: motion, samples: window, rmsErrorPercent: rms,
                               maxErrorPercent: errors.max() ?? 0, moves: moves)
    }

    /// The samples' noise, from the spread of second differences (which a smooth motion
    /// barely moves): median |Δ²| ≈ 0.6745 · σ · √6 for Gaussian noise σ.
    static func noiseLevel(_ p: [Double]) -> Double {
        guard p.count >= 3 else { return 0 }
        var d: [Double] = []
        d.reserveCapacity(p.count - 2)
        for i in 1..<(p.count - 1) { d.append(abs(p[i + 1] - 2 * p[i] + p[i - 1])) }
        d.sort()
        return d[d.count / 2] / (0.6745 * 6.0.squareRoot())
    }

    /// Runs of samples that stay within `tolerance` of each other for at least
    /// `minimumRest` (or three samples, whichever is longer): index ranges.
    static func findRests(_ s: [MotionSample], tolerance: Double) -> [ClosedRange<Int>] {
        var rests: [ClosedRange<Int>] = []
        var i = 0
        while i < s.count {
            // Grow a run from i while its spread stays within the tolerance.
            var lo = s[i].position, hi = lo
            var j = i
            while j + 1 < s.count {
                let p = s[j + 1].position
                if max(hi, p) - min(lo, p) > tolerance { break }
                lo = min(lo, p)
                hi = max(hi, p)
                j += 1
            }
            if j - i >= 2 && s[j].time - s[i].time >= minimumRest {
                if let last = rests.last, last.upperBound + 1 >= i {
                    rests[rests.count - 1] = last.lowerBound...j
                } else {
                    rests.append(i...j)
                }
                i = j + 1
            } else {
                i += 1
            }
        }
        return rests
    }

    /// The moves between rests (and from the first sample or to the last when the samples
    /// start or end moving), largest first. A move followed, after a short pause, by a
    /// smaller one back the other way is one move: the pause was the turn of a bounce.
    static func findMoves(_ s: [MotionSample], rests: [ClosedRange<Int>], tolerance: Double) -> [Move] {
        func level(_ r: ClosedRange<Int>) -> Double {
            let p = s[r].map(\.position).sorted()
            return p[p.count / 2]
        }
        // Still spans as (first index, last index, level); open ends stand for a moving
        // start or end at that sample.
        var spans: [(Int, Int, Double)] = rests.map { ($0.lowerBound, $0.upperBound, level($0)) }
        if spans.first.map({ $0.0 > 0 }) ?? true { spans.insert((0, 0, s[0].position), at: 0) }
        if spans.last.map({ $0.1 < s.count - 1 }) ?? true { spans.append((s.count - 1, s.count - 1, s[s.count - 1].position)) }
        var moves: [Move] = []
        var k = 0
        while k + 1 < spans.count {
            var next = k + 1
            // Absorb bounces: the next leg goes back, is smaller, and the pause was short.
            while next + 1 < spans.count {
                let leg = spans[next].2 - spans[k].2
                let back = spans[next + 1].2 - spans[next].2
                let pause = s[spans[next].1].time - s[spans[next].0].time
                guard back * leg < 0, abs(back) < 0.6 * abs(leg), pause < 0.3 else { break }
                next += 1
            }
            let a = spans[k], b = spans[next]
            if abs(b.2 - a.2) > tolerance {
                let first = min(a.1 + 1, s.count - 1), last = max(b.0 - 1, first)
                moves.append(Move(from: a.2, to: b.2, beginTime: s[first].time, endTime: s[last].time))
            }
            k = next
        }
        return moves.sorted { $0.amplitude > $1.amplitude }
    }
}

/// A number in a message: up to four significant digits.
func shortNumber(_ v: Double) -> String {
    var text = String(v.formatted4)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text
}

extension Double {
    fileprivate var formatted4: String {
        let magnitude = abs(self)
        let decimals = magnitude >= 1000 ? 0 : magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3
        var scaled = (self * pow(10, Double(decimals))).rounded()
        if scaled == 0 { scaled = 0 }  // no "-0"
        let whole = Int(scaled)
        guard decimals > 0 else { return String(whole) }
        let unit = Int(pow(10, Double(decimals)))
        let sign = whole < 0 ? "-" : ""
        let fraction = String(abs(whole) % unit)
        return sign + String(abs(whole) / unit) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
