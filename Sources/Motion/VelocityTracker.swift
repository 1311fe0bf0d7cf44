#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Estimates the pointer's velocity at release from timestamped samples (docs/behaviour.md §2).
///
/// Samples must carry the time the motion *happened*. A frame that took 50 ms delivers
/// 50 ms of motion at once; stamping it with the drain time squashes it into one instant
/// and the throw comes out several times too fast (or, with a stalled queue, zero).
///
///     var tracker = VelocityTracker()
///     tracker.add(time: 10.000, position: Point2(0, 0))
///     tracker.add(time: 10.008, position: Point2(4, 0))
///     tracker.velocity(releasedAt: 10.010)   // (500, 0) pt/s
///
/// Times are seconds of any magnitude: fitting happens on times relative to the newest
/// sample, so a session running for days loses no precision.
public struct VelocityTracker: Sendable, Codable {
    public enum Strategy: String, CaseIterable, Sendable, Codable {
        /// Unweighted degree-2 least squares per axis; the slope at the newest sample.
        case leastSquares = "lsq2"
        /// Kinetic-energy ("impulse") estimate: each segment's speed adds or removes work.
        case impulse
    }

    public struct Sample: Hashable, Sendable, Codable {
        public var time: Double
        public var position: Point2
        public init(time: Double, position: Point2) { self.time = time; self.position = position }
    }

    /// At most this many newest samples enter a fit.
    public static let maxSamples = 20
    /// No sample older than this before the newest enters a fit, s.
    public static let horizon = 0.100
    /// A gap longer than this between consecutive samples cuts the history, and a newest
    /// sample this much older than the release means the pointer had stopped, s.
    public static let maxGap = 0.040
    /// Slack for comparing times: sample times are whole milliseconds divided by 1000, and
    /// 0.128 − 0.088 is 0.04000000000000001 in binary; a 40 ms gap must count as 40 ms.
    /// Relative to the timestamps' size, since at 1.7e9 s one ulp is already 2.4e-7 s.
    static func timeSlack(_ t: Double) -> Double { 1e-9 + 4 * abs(t).ulp }

    public var strategy: Strategy
    private var samples: [Sample] = []

    public init(strategy: Strategy = .leastSquares) { self.strategy = strategy }

    /// Forgets every sample (a new gesture begins).
    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    /// Number of samples held.
    public var count: Int { samples.count }

    /// Adds a sample. A sample older than the newest one means the clock went backwards
    /// (a replay, a device switch): the history is dropped rather than fitted across.
    public mutating func add(time: Double, position: Point2) {
        guard time.isFinite, position.isFinite else { return }
        if let last = samples.last, time < last.time { samples.removeAll(keepingCapacity: true) }
        samples.append(Sample(time: time, position: position))
        if samples.count > Self.maxSamples { samples.removeFirst(samples.count - Self.maxSamples) }
    }

    /// The samples a fit uses, oldest first: the newest ≤ 20, none older than 100 ms
    /// before the newest, stopping at the first gap over 40 ms.
    public var window: ArraySlice<Sample> {
        guard let newest = samples.last else { return samples[...] }
        var first = samples.count - 1
        while first > 0 {
            let earlier = samples[first - 1]
            if newest.time - earlier.time > Self.horizon + Self.timeSlack(newest.time) { break }
            if samples[first].time - earlier.time > Self.maxGap + Self.timeSlack(newest.time) { break }
            first -= 1
        }
        return samples[first...]
    }

    /// Velocity in units per second at release time `release` (s), or at the newest sample
    /// when nil. Zero with fewer than two samples, or when the newest sample is more than
    /// 40 ms older than the release (the pointer had stopped before letting go).
    public func velocity(releasedAt release: Double? = nil) -> Point2 {
        let w = window
        guard let newest = w.last, w.count >= 2 else { return .zero }
        if let release, release - newest.time > Self.maxGap + Self.timeSlack(release) { return .zero }
        let t = w.map { $0.time - newest.time }
        let xs = w.map { $0.position.x - newest.position.x }
        let ys = w.map { $0.position.y - newest.position.y }
        switch strategy {
        case .leastSquares:
            return Point2(Self.fittedSlope(times: t, values: xs), Self.fittedSlope(times: t, values: ys))
        case .impulse:
            return Point2(Self.impulseVelocity(times: t, values: xs), Self.impulseVelocity(times: t, values: ys))
        }
    }

    /// Slope at τ = 0 of the least-squares polynomial of degree ≤ 2 through (τ, v).
    /// Solved by QR (modified Gram–Schmidt) on the Vandermonde columns rather than normal
    /// equations, whose τ⁴ sums lose half the digits. Drops to degree 1 when the times
    /// cannot support a parabola (fewer than three distinct instants).
    static func fittedSlope(times: [Double], values: [Double]) -> Double {
        for degree in stride(from: min(2, times.count - 1), through: 1, by: -1) {
            if let c = leastSquares(times: times, values: values, degree: degree) { return c[1] }
        }
        return 0
    }

    /// Coefficients c0…c_degree, or nil when the system is rank deficient.
    static func leastSquares(times: [Double], values: [Double], degree: Int) -> [Double]? {
        let n = times.count, m = degree + 1
        guard n >= m else { return nil }
        // Plain loops, summing in the order a fold would: generic map, zip and reduce cost a
        // debug build a metadata lookup per call (`velocity` on a million rows spent most of
        // its time there).
        func dot(_ a: [Double], _ b: [Double]) -> Double {
            var sum = 0.0
            for k in 0..<n { sum += a[k] * b[k] }
            return sum
        }
        // Scale time to the window's span so the columns are of similar size.
        var span = 0.0
        for t in times { span = max(span, abs(t)) }
        span = max(span, 1e-12)
        var q = [[Double]](repeating: [Double](repeating: 0, count: n), count: m)
        for j in 0..<m {
            for k in 0..<n { q[j][k] = pow(times[k] / span, Double(j)) }
        }
        var r = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
        for j in 0..<m {
            let original = dot(q[j], q[j]).squareRoot()
            for i in 0..<j {
                let d = dot(q[i], q[j])
                r[i][j] = d
                for k in 0..<n { q[j][k] -= d * q[i][k] }
            }
            let norm = dot(q[j], q[j]).squareRoot()
            if norm <= 1e-9 * original { return nil }
            r[j][j] = norm
            for k in 0..<n { q[j][k] /= norm }
        }
        var qtb = [Double](repeating: 0, count: m)
        for j in 0..<m { qtb[j] = dot(q[j], values) }
        var c = [Double](repeating: 0, count: m)
        for j in stride(from: m - 1, through: 0, by: -1) {
            var sum = qtb[j]
            for k in (j + 1)..<m { sum -= r[j][k] * c[k] }
            c[j] = sum / r[j][j]
        }
        for j in 0..<m { c[j] /= pow(span, Double(j)) }
        return c
    }

    /// Impulse estimate: treat each segment's speed as a kick that adds kinetic energy
    /// (½v², unit mass) in its direction; the velocity is the one carrying the final
    /// energy. The first segment counts half, as the pointer started from rest.
    static func impulseVelocity(times: [Double], values: [Double]) -> Double {
        // Samples less than a microsecond apart are one sample (the newer position): a
        // denormal step divided into a distance is infinite, and infinite kicks gave NaN.
        var t: [Double] = [], v: [Double] = []
        for i in times.indices {
            if let last = t.last, times[i] - last < Self.sameInstant {
                v[v.count - 1] = values[i]
            } else {
                t.append(times[i]); v.append(values[i])
            }
        }
        guard t.count >= 2 else { return 0 }
        return impulse(times: t, values: v)
    }

    /// Two samples closer than this (s) are one instant to the impulse estimate.
    static let sameInstant = 1e-6

    private static func impulse(times: [Double], values: [Double]) -> Double {
        if times.count == 2 {
            let dt = times[1] - times[0]
            return dt > 0 ? (values[1] - values[0]) / dt : 0
        }
        func speed(ofEnergy e: Double) -> Double { (e < 0 ? -1 : 1) * (2 * abs(e)).squareRoot() }
        var work = 0.0
        for i in 1..<times.count {
            let dt = times[i] - times[i - 1]
            guard dt > 0 else { continue }
            let current = (values[i] - values[i - 1]) / dt
            work += (current - speed(ofEnergy: work)) * abs(current)
            if i == 1 { work *= 0.5 }  // only the oldest segment started from rest
        }
        return speed(ofEnergy: work)
    }
}
