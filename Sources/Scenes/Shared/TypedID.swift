/// A string id typed by what it names, so an event name can never be passed where a
/// layout row is meant: code spells ids as constants (`.armed`, `.textFooter`) declared
/// beside what uses them, and the raw value is what the trace, the layout event and tests
/// read (strings only at that edge). The literal form is for tests and that edge.
public struct TypedID<Tag>: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral, Codable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
}

/// What names a trace event.
public enum EventTag {}
/// The name of a trace event (`armed`, `cardDismissed`).
public typealias EventName = TypedID<EventTag>

/// What names a row or card of the presence page.
public enum PresenceRowTag {}
/// A row or card of the presence page's layout (docs/behaviour.md §4.3): `text.detail`.
public typealias PresenceRowID = TypedID<PresenceRowTag>

/// What names a scene to the outside.
public enum SceneTag {}
/// A scene's `--scene` word (`push-alert`): what the command line, the trace and the
/// remembered session call it.
public typealias SceneID = TypedID<SceneTag>

/// What names a control: an inspector row, button or field, or a part of a page that
/// scripts aim at.
public enum ControlTag {}
/// A control by id (`gap.response`, `pile.merge`, `card.a`): the key of its frame in the
/// `layout` event and the name its changes have in the trace.
public typealias ControlID = TypedID<ControlTag>

/// A control's parts are named below it (`gap.reset`, `neck.kernel.quadratic`), so an id
/// may be written as an interpolation of another.
extension TypedID: ExpressibleByStringInterpolation where Tag == ControlTag {
    public init(stringInterpolation: DefaultStringInterpolation) { self.init(rawValue: String(stringInterpolation: stringInterpolation)) }
}
