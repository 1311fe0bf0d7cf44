#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Spring {
    /// Slowest decay rate of the motion, 1/s: ζω0 when underdamped or critical, the slow
    /// root ω0(ζ − √(ζ²−1)) when overdamped (written ω0² / (a + s) to avoid cancellation).
    public var slowestDecayRate: Double {
        let a = damping / (2 * mass)
        let w2 = stiffness / mass
        let disc = a * a - w2
        guard disc > 0 else { return a }
        return w2 / (a + disc.squareRoot())
    }

    /// When the motion is *visually* settled, s (docs/behaviour.md §1.4).
    ///
    /// Underdamped: 6 / (ζω0). Why 6 and not the common 4: e^(−4) leaves the curve about
    /// 2 % off, a visible misalignment in a still frame (an alert 1.4 pt above its row);
    /// e^(−6) is within 0.3 % up to ζ ≈ 0.8.
    ///
    /// Critically and overdamped: when the step response is within the same 0.3 %. Using
    /// 6 over the slowest rate literally would stop a critical spring 1.7 % short — the
    /// polynomial factor (1 + ω0 t) is 7 there — and every no-bounce settle (press,
    /// value, all of Reduce Motion) would complete visibly early.
    ///
    ///     Spring(response: 0.32, dampingRatio: 0.85).settleDuration  // 0.3595 s
    public var settleDuration: Double {
        dampingRatio < 1 ? 6 / slowestDecayRate : settleTime(fraction: Spring.settleFraction)
    }

    /// The "visually settled" tolerance for critical and overdamped springs: 0.3 %.
    public static let settleFraction = 0.003

    /// Fraction by which a step from rest overshoots its target: e^(−πζ/√(1−ζ²)), or 0
    /// for critical and overdamped springs.
    public var overshoot: Double {
        let z = dampingRatio
        guard z < 1 else { return 0 }
        return exp(-Double.pi * z / (1 - z * z).squareRoot())
    }

    /// The exact time after which |position − target| stays within `epsilon` (same units
    /// as the value) forever, for a motion that starts `displacement` away from its target
    /// with `velocity`.
    ///
    /// Exact, not sampled: between consecutive turning points (zeros of the velocity,
    /// found in closed form) the displacement is monotonic, so the last turning point
    /// outside ε is found by walking them, and the crossing after it by bisection to
    /// machine precision. A sampled search can step over a late overshoot peak.
    public func settleTime(epsilon: Double, displacement y0: Double, velocity v0: Double) -> Double {
        guard epsilon > 0, epsilon.isFinite, y0.isFinite, v0.isFinite else { return 0 }
        let y = { (t: Double) -> Double in self.value(at: t, from: y0, to: 0, velocity: v0).position }
        let points = [0] + turningPoints(displacement: y0, velocity: v0, epsilon: epsilon)
        guard let last = points.lastIndex(where: { abs(y($0)) > epsilon }) else { return 0 }
        let lo = points[last]
        var hi: Double
        if last + 1 < points.count {
            hi = points[last + 1]
        } else {
            // After its final turning point the motion approaches the target monotonically.
            hi = max(lo, 1e-3) * 2 + 6 / slowestDecayRate
            var guardCount = 0
            while abs(y(hi)) > epsilon && guardCount < 200 { hi *= 2; guardCount += 1 }
        }
        let sign: Double = y(lo) > 0 ? 1 : -1
        var a = lo, b = hi
        for _ in 0..<200 {
            let mid = (a + b) / 2
            if mid <= a || mid >= b { break }
            if sign * y(mid) > epsilon { a = mid } else { b = mid }
        }
        return b
    }

    /// Settle time of a unit step from rest to within `fraction` of the travel.
    public func settleTime(fraction: Double) -> Double {
        settleTime(epsilon: fraction, displacement: -1, velocity: 0)
    }

    /// Times t > 0 where the velocity is zero, in order, stopping once the motion's
    /// envelope is inside epsilon (no later turning point can leave it).
    func turningPoints(displacement y0: Double, velocity v0: Double, epsilon: Double) -> [Double] {
        let a = damping / (2 * mass)
        let w2 = stiffness / mass
        let k = a * v0 + w2 * y0  // v(t) = e^(−at)(v0·C − k·S)
        let disc = w2 - a * a
        if disc > 0 {
            let wd = disc.squareRoot()
            // v0 cos θ − (k/ωd) sin θ = 0  ⇒  θ = atan2(v0·ωd, k) + nπ
            var theta = atan2(v0 * wd, k)
            if theta <= 0 { theta += Double.pi }
            let amplitude = (y0 * y0 + pow((v0 + a * y0) / wd, 2)).squareRoot()
            var result: [Double] = []
            var n = 0.0
            while result.count < 1_000_000 {
                let t = (theta + n * Double.pi) / wd
                if amplitude * exp(-a * t) <= epsilon { break }
                result.append(t)
                n += 1
            }
            // The crossing after the last turning point outside ε lies before the next one.
            result.append((theta + n * Double.pi) / wd)
            return result
        }
        if disc < 0 {
            let s = (-disc).squareRoot()
            let ratio = k == 0 ? 0 : v0 * s / k  // tanh(s t) = v0·s / k
            return ratio > 0 && ratio < 1 ? [atanh(ratio) / s] : []
        }
        let t = k == 0 ? 0 : v0 / k
        return t > 0 ? [t] : []
    }
}
