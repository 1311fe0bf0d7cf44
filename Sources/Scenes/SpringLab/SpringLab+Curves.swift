import Canvas
import Motion

/// One spring's motion as the Spring Lab plots it: from where the last input left the
/// card, to its stop, with the velocity it was handed — position as a fraction of the
/// travel (0 at the start, 1 at the stop) and velocity in pt/s, the overshoot past the
/// stop, where it first reaches 90 % and where it settles.
///
/// Plotting the step response from rest instead would show a curve the card never
/// drew: a throw at 2000 pt/s reaches 90 % in half the time and overshoots three times
/// as far as the same spring started from rest.
public struct LabCurve: Sendable, Equatable {
    public var spring: Spring
    public var from: Double
    public var target: Double
    /// Start velocity, pt/s.
    public var velocity: Double
    /// How far past the stop the motion goes, as a fraction of the travel (≥ 0).
    public private(set) var overshoot = 0.0
    /// First time the motion is 90 % of the way, s; nil if it never is.
    public private(set) var reach90: Double?

    public init(spring: Spring, from: Double, target: Double, velocity: Double) {
        self.spring = spring
        self.from = from
        self.target = target
        self.velocity = velocity
        overshoot = findOvershoot()
        reach90 = findReach(0.9)
    }

    public var travel: Double { target - from }
    /// When the motion is visually settled, s (docs/behaviour.md §1.4; the `settled` event's time).
    public var settle: Double { spring.settleDuration }

    /// Fraction of the travel at `t` s.
    public func progress(at t: Double) -> Double {
        guard abs(travel) > 0 else { return 1 }
        return (spring.value(at: t, from: from, to: target, velocity: velocity).position - from) / travel
    }

    /// Velocity at `t` s, pt/s.
    public func velocity(at t: Double) -> Double {
        spring.value(at: t, from: from, to: target, velocity: velocity).velocity
    }

    /// How many even steps the scans take across `horizon`: a spring at the lowest damping
    /// (0.05) rings about 19 periods before it settles, and 512 steps over 1.25 × that
    /// still gives each half period 10 samples, so no turning point is stepped over.
    static let scanSteps = 512
    var horizon: Double { settle * 1.25 }

    /// The largest excursion past the stop: at the turning points (zeros of the velocity),
    /// each found between two samples of opposite sign and bisected to 1e-9 s.
    private func findOvershoot() -> Double {
        let dt = horizon / Double(Self.scanSteps)
        guard dt > 0, dt.isFinite, abs(travel) >= 1e-9 else { return 0 }
        var peak = 0.0
        var previous = velocity(at: 0)
        for k in 1...Self.scanSteps {
            let t = Double(k) * dt
            let v = velocity(at: t)
            if (previous > 0) != (v > 0), previous != 0 {
                var lo = t - dt, hi = t
                let sign: Double = previous > 0 ? 1 : -1
                for _ in 0..<40 {
                    let mid = (lo + hi) / 2
                    if sign * velocity(at: mid) > 0 { lo = mid } else { hi = mid }
                }
                peak = max(peak, progress(at: (lo + hi) / 2) - 1)
            }
            previous = v
        }
        return peak
    }

    /// The first time the progress reaches `level`, bisected between the samples around it.
    private func findReach(_ level: Double) -> Double? {
        let dt = horizon / Double(Self.scanSteps)
        guard dt > 0, dt.isFinite else { return nil }
        for k in 1...Self.scanSteps where progress(at: Double(k) * dt) >= level {
            var lo = Double(k - 1) * dt, hi = Double(k) * dt
            for _ in 0..<40 {
                let mid = (lo + hi) / 2
                if progress(at: mid) >= level { hi = mid } else { lo = mid }
            }
            return hi
        }
        return nil
    }
}

extension SpringLab {
    /// The input the curves plot: the last release's or send's initial conditions, or —
    /// before any, or when it left less than 1 pt to travel — a step from the left stop to
    /// the right one, from rest. `start` is when it began (the playhead's zero).
    public var plotted: (from: Double, target: Double, velocity: Double, start: Double?) {
        let left = Self.stopX(.left), right = Self.stopX(.right)
        // A fitted recording: its start, scaled to the track (the curves are in travels).
        if let fitted { return (left, right, fitted.normalizedVelocity * (right - left), nil) }
        if let r = reference, abs(r.target - r.from) >= 1 { return (r.from, r.target, r.velocity, r.start) }
        return (left, right, 0, nil)
    }

    /// `card`'s spring as tuned, over the plotted input.
    public func curve(_ card: Card) -> LabCurve {
        let p = plotted
        return LabCurve(spring: tunedSpring(card), from: p.from, target: p.target, velocity: p.velocity)
    }

    /// The ghost's spring for `card` over the same input, when it differs from the
    /// current one (changing A leaves no ghost on B).
    public func ghostCurve(_ card: Card) -> LabCurve? {
        guard let ghost else { return nil }
        let old = card == .a ? ghost.a : ghost.b
        guard old != (card == .a ? settings.a : settings.b) else { return nil }
        let p = plotted
        return LabCurve(spring: old.spring, from: p.from, target: p.target, velocity: p.velocity)
    }

    /// Where the playhead is at `t`, s into the plotted motion: it runs with the live
    /// motion and stops where the slower card settles; nil before any motion, while a
    /// drag holds the cards, and under Reduce Motion (the curves are then a still diagram
    /// of the tuned springs: the cards are not doing what they show).
    public func playhead(at t: Double) -> Double? {
        guard !reducedMotion, !isDragging, let start = plotted.start, let end = liveEnd else { return nil }
        return min(max(t - start, 0), end - start)
    }
}
