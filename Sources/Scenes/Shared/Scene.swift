import Canvas
import Motion

/// A scene's settings: one Codable value with the documented defaults and validation by key
/// (docs/behaviour.md §10) — what presets, replays and the inspector read and write.
public protocol SceneSettings: Codable, Equatable, Sendable, BoundedSettings {
    init()
}

/// One scene of the workbench (docs/behaviour.md §10): a value that owns everything about itself, so
/// adding a scene is adding its files and one line in `SceneRegistry` — nothing in the
/// window, the command line or capture names a scene.
///
/// Everything is in page points with the page's top-left at the origin, and in scene time
/// (the workbench maps the window and its clock onto them).
public protocol Scene: Sendable, Codable {
    associatedtype Settings: SceneSettings

    /// The `--scene` word and the trace's name for the scene: "push-alert".
    static var name: String { get }
    /// The key of its settings in presets, replays and the remembered session: "pushAlert".
    /// By default the registry's, which follows from `name`.
    static var settingsKey: String { get }
    /// What the window calls it: "Push Alert".
    static var title: String { get }
    /// The page's width; the workbench centres the page on its stage.
    static var pageWidth: Double { get }
    /// `render`'s and `record`'s default stage: the page with its margins.
    static var defaultRenderSize: Size { get }
    /// The transport's first button and the drive it plays (docs/behaviour.md §10).
    static var drive: SceneDrive { get }
    /// Seconds after the window opens (or a take starts) at which the scene makes its
    /// entrance (`enter(at:)`), so the entrance is seen; nil for a scene that has none.
    static var entranceDelay: Double? { get }

    /// A fresh scene with `settings`, measuring text with `measurer`.
    static func make(_ settings: Settings, measurer: any TextMeasuring) -> Self

    var settings: Settings { get set }
    /// Reduce Motion (docs/behaviour.md §10): every scene has a reduced behaviour.
    var reduceMotion: Bool { get set }

    /// One input in page points and scene time; returns the trace's events. The scene first
    /// brings itself up to the input's time (`update(to:)`), so the input meets the scene
    /// as it stands then, however long ago the last frame was (docs/behaviour.md §15.5).
    mutating func handle(_ input: InputEvent) -> [SceneEvent]
    /// Brings time-driven state (landings, scheduled steps) up to `t`. What was scheduled
    /// happens at its own time, in time order — its springs start then, not at `t` — so
    /// the state at `t` is the same however often this was called on the way (docs/behaviour.md §15.5).
    mutating func update(to t: Double) -> [SceneEvent]
    func isAnimating(at t: Double) -> Bool
    func draw(at t: Double, theme: Theme, pageHeight: Double) -> DisplayList
    /// What the stage draws over the page at `t` and the state hash leaves out (a cue).
    func overlay(at t: Double) -> [DrawCommand]
    /// What the page's own plots would draw with `preview` — the settings a named spring or
    /// a preset under the pointer would make — dashed over them (page points; nothing for a
    /// scene without plots). The window draws it; captures and the state hash leave it out.
    func previewOverlay(_ preview: Settings, at t: Double, theme: Theme) -> [DrawCommand]
    /// The handles of the page's own plots (issue 42): each plotted curve's peak and settle
    /// mark, in page points, and the spring group whose spring draws it; none by default.
    func plotHandles() -> [PagePlotHandle]
    /// Where on the page `plotHandles` can be (a cheap test before working them out); nil: nowhere.
    var plotRegion: Rect? { get }
    /// The damping ratio at which `group`'s plotted curve peaks at `value` (of its plot's
    /// value axis), its response kept; nil when no damping ratio reaches it.
    func dampingRatio(peakingAt value: Double, group: ControlID) -> Double?
    /// The scene's scheduled entrance (the Push Alert presents itself).
    mutating func enter(at t: Double) -> [SceneEvent]
    /// Lets go of any gesture in progress (a scene switch, a resize).
    mutating func cancelInteraction(at t: Double) -> [SceneEvent]

    /// The first transport button: what the scene does live (present, show/hide, spread /
    /// gather), or `.posed` to have the workbench play the drive's poses once.
    mutating func playDrive(at t: Double) -> DrivePlay
    /// The scene posed at drive position `p` ∈ [0, 1] (scrub, loop, filmstrip, `render
    /// --progress`), drawn.
    func drawDrive(progress p: Double, theme: Theme, pageHeight: Double) -> DisplayList

    /// The HUD's scene part (docs/behaviour.md §10): commit lines, armed state, a projected stop and
    /// readout lines.
    func hud(at t: Double, pointerVelocity: Point2) -> SceneHUD
    /// Whether a gesture is in progress (Escape cancels it before it leaves a field).
    var hasGesture: Bool { get }
    /// Events after which the controls' resting frames change (a fresh `layout` follows).
    static var layoutChangingEvents: Set<EventName> { get }

    /// Its page buttons, springs and tunables for the inspector, in order (docs/behaviour.md §6, §10);
    /// by default `InspectorSpec.standard`, built from the settings' limits table.
    static var inspector: InspectorSpec<Self> { get }
}

extension Scene {
    /// The `--scene` word, typed.
    public static var id: SceneID { SceneID(rawValue: name) }
    public static var settingsKey: String { SceneRegistry.settingsKey(forName: name) }
    public static var layoutChangingEvents: Set<EventName> { [] }
    public static var entranceDelay: Double? { nil }
    public var hasGesture: Bool { false }
    public mutating func enter(at t: Double) -> [SceneEvent] { [] }
    public func overlay(at t: Double) -> [DrawCommand] { [] }
    public func previewOverlay(_ preview: Settings, at t: Double, theme: Theme) -> [DrawCommand] { [] }
    public func plotHandles() -> [PagePlotHandle] { [] }
    public var plotRegion: Rect? { nil }
    public func dampingRatio(peakingAt value: Double, group: ControlID) -> Double? { nil }
    public mutating func cancelInteraction(at t: Double) -> [SceneEvent] {
        handle(.captureLost(time: t))
    }
}

/// The drive of a scene: the transport's first button, and the motion scrub, loop,
/// filmstrip and `render --progress` pose (docs/behaviour.md §10).
public struct SceneDrive: Sendable {
    /// The first button's label: "Show alert", "Show/Hide", "Spread/Gather", "Stretch".
    public var label: String
    /// How long one pass of the drive lasts when played or looped, s.
    public var duration: Double
    /// Spans of the drive tinted on the scrub bar (arrival, departure …), in [0, 1].
    public var spans: [ClosedRange<Double>]

    public init(label: String, duration: Double, spans: [ClosedRange<Double>]) {
        self.label = label
        self.duration = duration
        self.spans = spans
    }
}

/// What pressing the first transport button did.
public enum DrivePlay: Sendable, Equatable {
    /// The scene acted live (its events are the trace's).
    case live([SceneEvent])
    /// The workbench plays the drive's poses once, from the press.
    case posed
}

/// The scene's part of the HUD, in page points.
public struct SceneHUD: Sendable, Equatable {
    /// Commit lines: where a gesture arms and commits.
    public var commitLines: [Rect] = []
    public var armed = false
    /// Where the gesture in progress would coast to, if one is.
    public var projected: Rect?
    /// Readout lines under the frame time and velocity.
    public var lines: [String] = []

    public init(commitLines: [Rect] = [], armed: Bool = false, projected: Rect? = nil, lines: [String] = []) {
        self.commitLines = commitLines
        self.armed = armed
        self.projected = projected
        self.lines = lines
    }
}

/// A scripted interaction by name (docs/behaviour.md §7): what a hand does, aimed at where the
/// controls are when it does it.
public struct SceneScript: Sendable {
    public enum Action: Sendable {
        /// A click at the centre of a control or page frame (an id from the layout).
        case click(ControlID)
        /// A drag from a frame's centre by (dx, dy), in `steps` moves over `seconds`, held
        /// `hold` s before release.
        case drag(ControlID, dx: Double, dy: Double, seconds: Double, steps: Int, hold: Double)
        case key(Key)
    }

    public var name: String
    public var duration: Double
    public var actions: [(at: Double, action: Action)]

    public init(_ name: String, duration: Double, _ actions: [(at: Double, action: Action)] = []) {
        self.name = name
        self.duration = duration
        self.actions = actions
    }
}

/// A handle on a page's plot (issue 42): dragging the peak up or down sets the group's
/// bounce, the settle mark left or right its response.
public struct PagePlotHandle: Sendable, Equatable {
    /// The spring group whose spring the curve is (`a`, `b`).
    public var group: ControlID
    /// The plot's frame, page points.
    public var plot: Rect
    /// The curve's highest point (page points) and its value there.
    public var peak: Point2
    public var peakValue: Double
    /// The settle mark's x (page points) and the settle time, s.
    public var settleX: Double
    public var settle: Double
    /// Page points per unit of the value axis (upwards), and per second of the time axis.
    public var pointsPerValue: Double
    public var pointsPerSecond: Double

    public init(group: ControlID, plot: Rect, peak: Point2, peakValue: Double, settleX: Double, settle: Double,
                pointsPerValue: Double, pointsPerSecond: Double) {
        self.group = group
        self.plot = plot
        self.peak = peak
        self.peakValue = peakValue
        self.settleX = settleX
        self.settle = settle
        self.pointsPerValue = pointsPerValue
        self.pointsPerSecond = pointsPerSecond
    }
}
