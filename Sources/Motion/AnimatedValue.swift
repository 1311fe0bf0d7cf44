#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value a spring can move: a vector space over Double.
public protocol Animatable: Equatable, Sendable, Codable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Double) -> Self
    /// Finite in every component.
    var isFinite: Bool { get }
}

extension Double: Animatable {}

/// A 2-D point or vector in points.
public struct Point2: Animatable, Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point2(0, 0)
    public static func + (l: Point2, r: Point2) -> Point2 { Point2(l.x + r.x, l.y + r.y) }
    public static func - (l: Point2, r: Point2) -> Point2 { Point2(l.x - r.x, l.y - r.y) }
    public static func * (l: Point2, r: Double) -> Point2 { Point2(l.x * r, l.y * r) }
    public var isFinite: Bool { x.isFinite && y.isFinite }
    public var length: Double { (x * x + y * y).squareRoot() }
}

/// Identifies one motion of an `AnimatedValue`, so its completion can be matched.
public struct MotionID: Hashable, Sendable, Comparable, Codable {
    public let rawValue: Int
    public static func < (l: MotionID, r: MotionID) -> Bool { l.rawValue < r.rawValue }
}

/// A value moved by springs that can be sent to a new target at any time (docs/behaviour.md §1.5).
///
/// Pure: time is always an argument and nothing reads a clock, so a test, a replay and
/// the live window all see the same numbers for the same times.
///
///     var x = AnimatedValue(0.0)
///     x.animate(to: 100, curve: .spring(alert), at: 0)
///     x.value(at: 0.1)                         // mid-flight
///     x.animate(to: 0, curve: .spring(leave), at: 0.1)   // keeps 0.1's position AND velocity
///
/// Retargeting starts the new motion from the exact position and velocity of the old one
/// at that instant. Restarting from rest instead is what makes an interrupted animation
/// visibly stop and lurch (a dismissal landing mid-arrival would freeze for a frame).
public struct AnimatedValue<Value: Animatable>: Sendable, Codable {
    struct Segment: Sendable, Codable {
        var id: MotionID
        var start: Double
        var from: Value
        var velocity: Value
        var target: Value
        var curve: MotionCurve
        /// The curve's settle duration, worked out once: for critical and overdamped
        /// springs it is a bisection, and completion is asked every frame.
        var settle: Double
        var completion: Double { start + settle }
    }

    struct Pending: Sendable, Codable {
        var id: MotionID
        var start: Double
        var target: Value
        var curve: MotionCurve
        var velocity: Value?
        var settle: Double
    }

    private var current: Segment
    private var pending: Pending?
    private var nextID = 1
    /// Completed motions not yet handed out by `completions(through:)`.
    /// Motions that finished and are not yet reported, with their completion times.
    private var finished: [Finished] = []
    struct Finished: Sendable, Codable { var id: MotionID; var completion: Double }
    private var reportedCurrent = false

    /// A value at rest at `value`.
    public init(_ value: Value) {
        current = Segment(id: MotionID(rawValue: 0), start: -.infinity, from: value, velocity: .zero,
                          target: value, curve: .instant, settle: 0)
        reportedCurrent = true
    }

    /// The target of the newest motion (pending or running).
    public var target: Value { pending?.target ?? current.target }

    /// Sends the value toward `target`, starting at `time + delay`.
    ///
    /// Until the start, the previous motion continues unchanged. The new motion begins
    /// from the previous motion's exact position and velocity at its start, unless
    /// `velocity` overrides the start velocity (a release hands over the pointer's speed).
    /// Any motion that had not started yet is replaced and will never report completion.
    @discardableResult
    public mutating func animate(to target: Value, curve: MotionCurve, at time: Double,
                                 delay: Double = 0, velocity: Value? = nil) -> MotionID {
        settle(through: time)
        let id = MotionID(rawValue: nextID)
        nextID += 1
        let safeTarget = target.isFinite ? target : self.target
        let safeVelocity = velocity.flatMap { $0.isFinite ? $0 : nil }
        pending = Pending(id: id, start: time + max(delay.isFinite ? delay : 0, 0), target: safeTarget,
                          curve: curve, velocity: safeVelocity, settle: curve.settleDuration)
        settle(through: time)
        return id
    }

    /// Jumps to `value` at `time` with no motion (Reduce Motion, a drag setting the value
    /// directly each frame). Replaces any running or pending motion.
    public mutating func set(_ value: Value, at time: Double, velocity: Value = .zero) {
        settle(through: time)
        pending = nil
        recordCompletionOfCurrent(before: time)
        let id = MotionID(rawValue: nextID)
        nextID += 1
        let v = value.isFinite ? value : self.value(at: time)
        current = Segment(id: id, start: time, from: v, velocity: velocity.isFinite ? velocity : .zero,
                          target: v, curve: .instant, settle: 0)
        reportedCurrent = true
    }

    /// Promotes a pending motion whose start has come, recording the completion of the
    /// motion it replaces if that one had already finished by then.
    private mutating func settle(through time: Double) {
        guard let p = pending, p.start <= time else { return }
        recordCompletionOfCurrent(before: p.start)
        let state = Self.state(of: current, at: p.start)
        current = Segment(id: p.id, start: p.start, from: state.position, velocity: p.velocity ?? state.velocity,
                          target: p.target, curve: p.curve, settle: p.settle)
        reportedCurrent = false
        pending = nil
    }

    private mutating func recordCompletionOfCurrent(before replacement: Double) {
        if !reportedCurrent, current.completion <= replacement {
            finished.append(Finished(id: current.id, completion: current.completion))
        }
        reportedCurrent = true
    }

    private static func state(of s: Segment, at time: Double) -> (position: Value, velocity: Value) {
        let t = time - s.start
        guard t > 0 else { return (s.from, t == 0 ? s.velocity : .zero) }
        let r = s.curve.response(at: t)
        let y0 = s.from - s.target
        let position = s.target + y0 * r.positionFromDisplacement + s.velocity * r.positionFromVelocity
        let velocity = y0 * r.velocityFromDisplacement + s.velocity * r.velocityFromVelocity
        return (position, velocity)
    }

    private func segment(at time: Double) -> Segment {
        guard let p = pending, p.start <= time else { return current }
        let state = Self.state(of: current, at: p.start)
        return Segment(id: p.id, start: p.start, from: state.position, velocity: p.velocity ?? state.velocity,
                       target: p.target, curve: p.curve, settle: p.settle)
    }

    /// Position at `time`.
    public func value(at time: Double) -> Value { Self.state(of: segment(at: time), at: time).position }

    /// Velocity at `time`, units per second.
    public func velocity(at time: Double) -> Value { Self.state(of: segment(at: time), at: time).velocity }

    /// True once the newest motion has reached its settle time and nothing is pending.
    public func isSettled(at time: Double) -> Bool {
        let s = segment(at: time)
        let started = pending.map { $0.start <= time } ?? true
        return started && time >= s.completion
    }

    /// The time from which the newest motion is settled: `isSettled(at: t)` exactly when
    /// `t >= settlesAt` (−∞ for a value that never moved). A scene that acts once a value
    /// has settled (drops a card once it has melted, refills once the last card has flown)
    /// acts at this time — not at the first frame after it, which would depend on the
    /// frame rate.
    public var settlesAt: Double {
        if let p = pending { return p.start + p.settle }
        return current.completion
    }

    /// The motions that completed at or before `time`, each reported once, in order.
    /// A motion replaced before its settle time is never reported.
    public mutating func completions(through time: Double) -> [MotionID] {
        settle(through: time)
        if !reportedCurrent, current.completion <= time {
            finished.append(Finished(id: current.id, completion: current.completion))
            reportedCurrent = true
        }
        let done = finished.map(\.id)
        finished.removeAll()
        return done
    }
}
