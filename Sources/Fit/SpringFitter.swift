import Motion

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One position measured at one time: a row of a CSV, or where a tracked element was in
/// one frame of a video. Times are seconds from the first sample.
public struct MotionSample: Sendable, Equatable {
    public var time: Double
    public var position: Double

    public init(time: Double, position: Double) {
        self.time = time
        self.position = position
    }
}

/// A spring motion as the fit describes it: at rest at `from` until `start`, then moved
/// toward `to` by `spring`, beginning with `velocity` (units per second, signed).
public struct FittedMotion: Sendable, Equatable {
    public var spring: Spring
    public var start: Double
    public var from: Double
    public var to: Double
    public var velocity: Double

    public init(spring: Spring, start: Double, from: Double, to: Double, velocity: Double) {
        self.spring = spring
        self.start = start
        self.from = from
        self.to = to
        self.velocity = velocity
    }

    /// The position at time `t` (s): the closed form of the spring from `start` on
    /// (the same `Spring.value` every scene moves by), `from` before it.
    public func position(at t: Double) -> Double {
        guard t > start else { return from }
        return spring.value(at: t - start, from: from, to: to, velocity: velocity).position
    }
}

/// Least-squares fit of a spring motion to samples: the start time, start and end
/// positions, initial velocity, response and damping ratio that make the closed form pass
/// nearest the samples — under-, critically or over-damped alike.
///
/// Levenberg–Marquardt on six parameters: positions are scaled to the travel and the two
/// spring parameters are fitted as logarithms (both must stay positive, and a response
/// is as likely to be off by a factor as by an amount), with a forward-difference
/// Jacobian. A spring's error surface has local minima — a bouncy guess locks on to one
/// swing of a calm motion — so the fit runs from several starts (responses around the
/// one the half-way time suggests, damping ratios from the overshoot's and a spread
/// across the regimes) and keeps the best.
public enum SpringFitter {
    /// Parameter order in the solver's vector.
    private enum P { static let start = 0, from = 1, to = 2, velocity = 3, logResponse = 4, logRatio = 5, count = 6 }

    /// The spring's limits during the fit: responses of 50 ms (the shortest `Spring`) to a minute, damping ratios
    /// of 0.01 to 50 — wider than any interface motion, narrower than the values where the
    /// closed form stops telling the parameters apart.
    static let responseRange = Spring.minimumResponse...60.0
    static let ratioRange = 0.01...50.0

    /// Fits `samples` (times increasing), whose motion begins near `startGuess` and goes
    /// from about `fromGuess` to about `toGuess`. The caller chose the window; every
    /// sample in it counts equally.
    public static func fit(_ samples: [MotionSample], fromGuess: Double, toGuess: Double, startGuess: Double) -> FittedMotion {
        let travel = toGuess - fromGuess
        let scale = abs(travel) > 0 ? travel : 1
        // Normalised: 0 at the guessed start position, 1 at the guessed end.
        let ts = samples.map(\.time)
        let us = samples.map { ($0.position - fromGuess) / scale }
        let half = halfwayTime(ts, us, after: startGuess)
        let overshoot = (us.max() ?? 1) - 1
        let responseGuess = max(0.02, (half - startGuess) / 0.25)
        var ratios: [Double] = [0.3, 0.6, 0.85, 1.2, 2.5]
        if overshoot > 0.003 {
            let l = log(overshoot)
            ratios.append(-l / (Double.pi * Double.pi + l * l).squareRoot())
        }
        // A thrown start: the first moving samples' slope, in travels per second.
        let thrown = initialSlope(ts, us, after: startGuess)
        var best: (params: [Double], cost: Double)?
        for responseFactor in [0.7, 1.0, 1.5] {
            for ratio in ratios {
                for velocity in Set([0, thrown]) {
                    let start = [startGuess, 0, 1, velocity, log(responseGuess * responseFactor), log(ratio)]
                    let (p, cost) = levenbergMarquardt(from: start, ts: ts, us: us)
                    if cost < best?.cost ?? .infinity { best = (p, cost) }
                }
            }
        }
        let p = best?.params ?? [startGuess, 0, 1, 0, log(responseGuess), 0]
        let spring = Spring(response: exp(p[P.logResponse]), dampingRatio: exp(p[P.logRatio]))
        return FittedMotion(spring: spring, start: p[P.start], from: fromGuess + p[P.from] * scale,
                            to: fromGuess + p[P.to] * scale, velocity: p[P.velocity] * scale)
    }

    /// The normalised model at `t` for parameters `p`.
    private static func model(_ p: [Double], _ t: Double) -> Double {
        let tau = t - p[P.start]
        guard tau > 0 else { return p[P.from] }
        let r = clampedResponse(p), z = clampedRatio(p)
        let w0 = 2 * Double.pi / r
        let spring = Spring(mass: 1, stiffness: w0 * w0, damping: 2 * z * w0)
        return spring.value(at: tau, from: p[P.from], to: p[P.to], velocity: p[P.velocity]).position
    }

    private static func clampedResponse(_ p: [Double]) -> Double {
        min(max(exp(p[P.logResponse]), responseRange.lowerBound), responseRange.upperBound)
    }

    private static func clampedRatio(_ p: [Double]) -> Double {
        min(max(exp(p[P.logRatio]), ratioRange.lowerBound), ratioRange.upperBound)
    }

    private static func cost(_ p: [Double], _ ts: [Double], _ us: [Double]) -> Double {
        var sum = 0.0
        for i in ts.indices {
            let r = model(p, ts[i]) - us[i]
            sum += r * r
        }
        return sum
    }

    /// Minimises the sum of squared residuals from `initial`; returns the parameters and
    /// their cost.
    static func levenbergMarquardt(from initial: [Double], ts: [Double], us: [Double]) -> ([Double], Double) {
        let n = P.count
        var p = initial
        var current = cost(p, ts, us)
        var lambda = 1e-3
        var residuals = [Double](repeating: 0, count: ts.count)
        var jacobian = [[Double]](repeating: [Double](repeating: 0, count: ts.count), count: n)
        let steps = [1e-5, 1e-6, 1e-6, 1e-5, 1e-6, 1e-6]
        for _ in 0..<120 {
            for i in ts.indices { residuals[i] = model(p, ts[i]) - us[i] }
            for k in 0..<n {
                var q = p
                q[k] += steps[k]
                for i in ts.indices { jacobian[k][i] = (model(q, ts[i]) - us[i] - residuals[i]) / steps[k] }
            }
            // Normal equations: JᵀJ and Jᵀr.
            var jtj = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
            var jtr = [Double](repeating: 0, count: n)
            for a in 0..<n {
                for b in a..<n {
                    var s = 0.0
                    for i in ts.indices { s += jacobian[a][i] * jacobian[b][i] }
                    jtj[a][b] = s
                    jtj[b][a] = s
                }
                var s = 0.0
                for i in ts.indices { s += jacobian[a][i] * residuals[i] }
                jtr[a] = s
            }
            var improved = false
            while lambda < 1e12 {
                var m = jtj
                for k in 0..<n { m[k][k] += lambda * max(jtj[k][k], 1e-12) }
                guard let delta = solve(m, jtr.map { -$0 }) else { lambda *= 10; continue }
                var q = p
                for k in 0..<n { q[k] += delta[k] }
                // Keep the spring parameters where the closed form still distinguishes them.
                q[P.logResponse] = min(max(q[P.logResponse], log(responseRange.lowerBound)), log(responseRange.upperBound))
                q[P.logRatio] = min(max(q[P.logRatio], log(ratioRange.lowerBound)), log(ratioRange.upperBound))
                let c = cost(q, ts, us)
                if c < current {
                    let gain = current - c
                    p = q
                    current = c
                    lambda = max(lambda / 3, 1e-9)
                    improved = true
                    if gain < 1e-13 * max(current, 1e-30) + 1e-20 { return (p, current) }
                    break
                }
                lambda *= 4
            }
            if !improved { break }
        }
        return (p, current)
    }

    /// Solves `m x = b` by Gaussian elimination with partial pivoting; nil when singular.
    static func solve(_ m: [[Double]], _ b: [Double]) -> [Double]? {
        let n = b.count
        var a = m
        var x = b
        for col in 0..<n {
            var pivot = col
            for row in col..<n where abs(a[row][col]) > abs(a[pivot][col]) { pivot = row }
            guard abs(a[pivot][col]) > 1e-300, a[pivot][col].isFinite else { return nil }
            a.swapAt(col, pivot)
            x.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = a[row][col] / a[col][col]
                if f == 0 { continue }
                for k in col..<n { a[row][k] -= f * a[col][k] }
                x[row] -= f * x[col]
            }
        }
        for col in stride(from: n - 1, through: 0, by: -1) {
            var s = x[col]
            for k in (col + 1)..<n { s -= a[col][k] * x[k] }
            x[col] = s / a[col][col]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    /// The first time after `start` the normalised motion is half-way, interpolated.
    private static func halfwayTime(_ ts: [Double], _ us: [Double], after start: Double) -> Double {
        for i in 1..<max(ts.count, 1) where ts[i] > start && us[i] >= 0.5 && us[i - 1] < 0.5 {
            let f = (0.5 - us[i - 1]) / (us[i] - us[i - 1])
            return ts[i - 1] + f * (ts[i] - ts[i - 1])
        }
        return start + (ts.last.map { ($0 - start) / 4 } ?? 0.1)
    }

    /// The slope, travels per second, over the first samples after `start` whose progress
    /// passes 2 %: about the throw's velocity when there was one.
    private static func initialSlope(_ ts: [Double], _ us: [Double], after start: Double) -> Double {
        guard let i = ts.indices.first(where: { ts[$0] > start && abs(us[$0]) > 0.02 }), i + 1 < ts.count,
              ts[i + 1] > ts[i] else { return 0 }
        let slope = (us[i + 1] - us[i]) / (ts[i + 1] - ts[i])
        return slope.isFinite ? slope : 0
    }
}
