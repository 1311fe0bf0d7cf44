import Canvas

/// A desktop stand-in for a haptic: where a phone would tap the hand, the stage pulses a
/// ring once around what the user acted on, and the trace records a `cue` event naming
/// the feedback a device would play. The arm of a swipe has always had one; spreading
/// the pile, a committed swipe, Clear all's arm and success and the alert's × tap
/// (a selection tick) have them too.
public struct Cue: Sendable, Equatable, Codable {
    /// The feedback a device would play, named as the platforms name them.
    public enum Kind: String, Sendable, Codable {
        /// A firm tap: a gesture crossed its line, a stack opened.
        case impact
        /// Something was done for good (the pile cleared).
        case success
        /// A destructive action is one click away (Clear all armed).
        case warning
        /// A light tick: a small control was pressed.
        case selection
    }

    public var kind: Kind
    /// What the user did: `spread`, `commit`, `arm`, `clearAll`, `close`.
    public var reason: String
    /// Scene time it fired.
    public var time: Double
    /// What the ring goes around, in page points when it fired.
    public var around: Rect
    public var radius: Double

    public init(_ kind: Kind, _ reason: String, at time: Double, around: Rect, radius: Double) {
        self.kind = kind
        self.reason = reason
        self.time = time
        self.around = around
        self.radius = radius
    }

    /// How long the ring shows, s.
    public static let duration = 0.3

    /// The trace's record of it.
    public var event: SceneEvent {
        SceneEvent(.cue, time: time, [("kind", .string(kind.rawValue)), ("reason", .string(reason))])
    }

    /// The ring's colour: the arm's orange for a gesture's line, green for success, red
    /// for a warning, and a quiet grey-blue for a selection tick.
    var color: Color {
        switch kind {
        case .impact: return Color(hex: 0xFF9F0A)
        case .success: return Color(hex: 0x34C759)
        case .warning: return Color(hex: 0xFF3B30)
        case .selection: return Color(hex: 0x8E8E93)
        }
    }

    /// The ring at scene time `t`, drawn at `opacity` (never more opaque than what it
    /// surrounds): it grows 4 pt out from 2 pt outside `around` and fades over 0.3 s; a
    /// selection tick is a thinner, smaller ring. Nothing before it fires or once it is done.
    public func ring(at t: Double, around frame: Rect? = nil, opacity: Double = 1) -> [DrawCommand] {
        let k = (t - time) / Self.duration
        guard k >= 0, k < 1 else { return [] }
        let grow = kind == .selection ? 2.0 : 4.0
        let pad = 2 + grow * k
        var list = DisplayList(background: .clear)
        list.fill(.roundedRect((frame ?? around).insetBy(dx: -pad, dy: -pad), radius: radius + pad),
                  Paint(fill: .clear, stroke: color, strokeWidth: kind == .selection ? 1.5 : 2), opacity: (1 - k) * opacity)
        return list.commands
    }
}

extension EventName {
    /// A haptic stand-in fired (`Cue`): its `kind` and `reason`.
    public static let cue: EventName = "cue"
}
