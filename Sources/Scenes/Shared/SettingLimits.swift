import Foundation

/// One number of a settings type that a preset, a replay or the inspector may set: its
/// key, where it lives, and the range it must be in (docs/behaviour.md §13: every number read from a
/// file is range-checked before use, springs by §6's slider ranges).
///
/// The inspector's sliders take their ranges from the same table, so what a slider can
/// reach and what a file may hold never drift apart. A value a slider could never reach
/// is refused at the door: a leave ratio of 1e15 does not make a slow spring, it makes a
/// spring whose settle time is longer than the universe, and every loop that walks its
/// curve hangs.
///
///     SettingLimit("leaveRatio", \PushAlertSettings.leaveRatio, 0.25...2)
public struct SettingLimit<Settings>: Sendable {
    /// The key as a file spells it, below the settings object: `alert.response`.
    public let key: String
    /// Where the value lives (a key path literal, so the table can be a `static let`).
    public let path: WritableKeyPath<Settings, Double> & Sendable
    /// The accepted values, bounds included; NaN is never inside.
    public let range: ClosedRange<Double>
    /// Written after the range in messages: " s", " pt".
    public let unit: String

    public init(_ key: String, _ path: WritableKeyPath<Settings, Double> & Sendable, _ range: ClosedRange<Double>,
                unit: String = "") {
        self.key = key
        self.path = path
        self.range = range
        self.unit = unit
    }

    /// The two rows of a spring: `key.response` (s) and `key.damping`.
    public static func spring(_ key: String, response: WritableKeyPath<Settings, Double> & Sendable,
                              damping: WritableKeyPath<Settings, Double> & Sendable) -> [SettingLimit] {
        [SettingLimit("\(key).response", response, SpringSetting.responseRange, unit: " s"),
         SettingLimit("\(key).damping", damping, SpringSetting.dampingRange)]
    }
}

extension SpringSetting {
    /// Every spring's response, s (docs/behaviour.md §6's slider). Below 0.05 s a spring is a jump a
    /// 60 Hz frame cannot show; above 2 s it reads as broken, not as slow.
    public static let responseRange: ClosedRange<Double> = 0.05...2
    /// Every spring's damping ratio (docs/behaviour.md §6's slider; above 1 is overdamped). Near 0 a
    /// spring rings for minutes; far above 2 it creeps for as long.
    public static let dampingRange: ClosedRange<Double> = 0.05...2
}

/// What is wrong with one value of a settings object, by its key path: the message a
/// preset or a replay is refused with.
///
///     'pushAlert.leaveRatio' must be in [0.25, 2], got 1e+15
///     'pushAlert.title' is 10000 characters; at most 200
public struct SettingProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A number outside its range, or not a number at all.
        case outOfRange(value: Double, range: ClosedRange<Double>, unit: String)
        /// A text longer than it may be; `unit` names what was counted.
        case tooLong(length: Int, limit: Int, unit: String)
    }

    /// The key path: `alert.response`, or `pushAlert.alert.response` once placed `under`
    /// its settings object.
    public var key: String
    public var kind: Kind

    public init(key: String, kind: Kind) {
        self.key = key
        self.kind = kind
    }

    /// The same problem one level down: `under("pushAlert")` makes `pushAlert.title`.
    public func under(_ parent: String) -> SettingProblem { SettingProblem(key: "\(parent).\(key)", kind: kind) }

    public var description: String {
        switch kind {
        case .outOfRange(let value, let range, let unit):
            return "'\(key)' must be in [\(Self.format(range.lowerBound)), \(Self.format(range.upperBound))]\(unit), "
                + "got \(Self.format(value))"
        case .tooLong(let length, let limit, let unit):
            return "'\(key)' is \(length) \(unit); at most \(limit)"
        }
    }

    /// A number as a message echoes it: six significant digits at most, so 1.8e308
    /// prints as `1.8e+308`, not as 309 digits (docs/behaviour.md §13: errors are one short line).
    public static func format(_ value: Double) -> String { String(format: "%g", value) }
}

/// A settings type whose numbers are listed, with their ranges, in one table.
public protocol BoundedSettings {
    /// Every number a file may set, with its range, in the order problems are reported.
    static var limits: [SettingLimit<Self>] { get }
    /// The first value a file may not hold, by its key below the settings object; nil when
    /// every value is fine. By default the first number outside its range.
    func problem() -> SettingProblem?
}

extension BoundedSettings {
    public func problem() -> SettingProblem? { numberProblem() }

    /// The first number outside its range (NaN and infinities included), by key.
    public func numberProblem() -> SettingProblem? {
        for limit in Self.limits {
            let value = self[keyPath: limit.path]
            if !limit.range.contains(value) {
                return SettingProblem(key: limit.key, kind: .outOfRange(value: value, range: limit.range, unit: limit.unit))
            }
        }
        return nil
    }

    /// The table's row for the number at `path`, if it has one.
    public static func limit(of path: KeyPath<Self, Double>) -> SettingLimit<Self>? {
        limits.first { ($0.path as AnyKeyPath) == path }
    }

    /// The accepted range of the number at `path` — what its slider spans. Every slider's
    /// number is in the table (the inspector tests click each one to both ends); one
    /// that is not would get 0…1, which those tests would catch.
    public static func range(of path: KeyPath<Self, Double>) -> ClosedRange<Double> {
        limit(of: path)?.range ?? 0...1
    }
}
