import Canvas
import Motion

/// Optional content whose height and presence animate together (docs/behaviour.md §4.2).
///
/// What the naive version gets wrong, and what a user sees:
/// - it drops the content the moment the value goes away, so a collapsing row is empty
///   (or squashes its text) while it shrinks — here the last value is kept until the
///   collapse completes, and a value that returns meanwhile cancels the drop;
/// - it animates height and presence on two springs, or updates one alone, so spacing
///   and height drift apart mid-flight — here both are the two components of one
///   `AnimatedValue<Point2>` (x height, y presence): one curve, one step, one retarget;
/// - it retargets whenever the measured height differs from the in-flight height, which
///   is every frame of a motion — here only a change of more than 0.5 pt from the last
///   *target* does;
/// - it expands a row that was already there when the screen appeared — here the first
///   value settles at once.
public struct PresenceElement<Value: Equatable & Sendable & Codable>: Sendable, Codable {
    /// What happened, for the trace.
    public enum Change: String, Sendable {
        case shown, hidden, valueChanged, settled
    }

    /// The value drawn: the current one, or while collapsing the one that went away.
    public private(set) var shown: Value?
    /// The value shown before the last change, and the crossfade from it (0 → 1).
    public private(set) var previous: Value?
    public private(set) var crossfade = AnimatedValue(1.0)
    /// Visible height (x, pt) and presence (y, 0…1) on one motion.
    public private(set) var motion = AnimatedValue(Point2.zero)
    /// The height last sent as a target, pt.
    public private(set) var targetHeight = 0.0
    /// True while collapsing toward a drop.
    public private(set) var dropping = false
    private var appeared = false
    /// When the running motion lands (see `landing`), if one is running.
    public private(set) var arrival: Double?

    public init() {}

    /// Visible height at `t` (never negative: an underdamped spring may dip below 0).
    public func height(at t: Double) -> Double { max(motion.value(at: t).x, 0) }

    /// Presence at `t`, clamped to [0, 1].
    public func presence(at t: Double) -> Double { min(max(motion.value(at: t).y, 0), 1) }

    /// Crossfade progress at `t`: 0 shows `previous`, 1 shows `shown`.
    public func fade(at t: Double) -> Double { previous == nil ? 1 : min(max(crossfade.value(at: t), 0), 1) }

    public func isAnimating(at t: Double) -> Bool {
        arrival != nil || (previous != nil && !crossfade.isSettled(at: t))
    }

    /// Brings the element up to date with the value it should show and that value's
    /// natural height (pt, measured at the row's width) at scene time `t`.
    public mutating func set(_ value: Value?, naturalHeight: Double, curve: MotionCurve, at t: Double) -> [Change] {
        let h = naturalHeight.isFinite ? max(naturalHeight, 0) : 0
        guard appeared else {
            // First sight: whatever is there is simply there.
            appeared = true
            if let value {
                shown = value
                targetHeight = h
                motion.set(Point2(h, 1), at: t)
            }
            return []
        }
        guard let value else {
            guard shown != nil, !dropping else { return [] }
            dropping = true
            retarget(Point2(0, 0), height: 0, curve: curve, at: t)
            return []
        }
        if shown == nil || dropping {
            let returning = shown != nil
            previous = nil
            if let old = shown, old != value { startCrossfade(from: old, curve: curve, at: t) }
            shown = value
            dropping = false
            retarget(Point2(h, 1), height: h, curve: curve, at: t)
            // A value returning mid-collapse cancels the drop: what was leaving comes back.
            return returning && previous != nil ? [.shown, .valueChanged] : [.shown]
        }
        var changes: [Change] = []
        if let old = shown, old != value {
            startCrossfade(from: old, curve: curve, at: t)
            shown = value
            changes.append(.valueChanged)
        }
        if abs(h - targetHeight) > 0.5 { retarget(Point2(h, 1), height: h, curve: curve, at: t) }
        return changes
    }

    /// Completes what finished by `t`: the drop after a collapse, the end of a motion.
    public mutating func update(to t: Double) -> [Change] {
        var out: [Change] = []
        if let arrival, t >= arrival {
            self.arrival = nil
            // Land exactly on the target, so a collapsed row leaves its siblings exactly one
            // base spacing apart (the step is below `landing`'s hundredth of a point) — at
            // the landing time itself, not the frame that noticed it.
            motion.set(motion.target, at: arrival)
            if dropping {
                dropping = false
                shown = nil
                previous = nil
                out.append(.hidden)
            }
            out.append(.settled)
        }
        _ = crossfade.completions(through: t)
        if previous != nil, crossfade.isSettled(at: t) { previous = nil }
        return out
    }

    private mutating func retarget(_ target: Point2, height: Double, curve: MotionCurve, at t: Double) {
        let from = motion.value(at: t), velocity = motion.velocity(at: t)
        targetHeight = height
        motion.animate(to: target, curve: curve, at: t)
        arrival = t + Self.landing(curve, displacement: from - target, velocity: velocity)
    }

    /// How long until a motion is close enough to snap onto its target unseen: the height
    /// within 0.01 pt and the presence within 0.001 (a spacing of 8 × 0.001 pt), never
    /// before the curve's usual settle. The 0.3 % settle alone leaves 0.3 % of each
    /// collapsing row and its spacing — a 0.2 pt step under three rows when it snapped.
    static func landing(_ curve: MotionCurve, displacement d: Point2, velocity v: Point2) -> Double {
        guard case .spring(let spring) = curve else { return curve.settleDuration }
        return max(spring.settleTime(epsilon: 0.01, displacement: d.x, velocity: v.x),
                   spring.settleTime(epsilon: 0.001, displacement: d.y, velocity: v.y), curve.settleDuration)
    }

    private mutating func startCrossfade(from old: Value, curve: MotionCurve, at t: Double) {
        previous = old
        crossfade.set(0, at: t)
        crossfade.animate(to: 1, curve: curve, at: t)
    }
}
