import Canvas
import Inspector
import Motion
import Scenes

/// The window: a workbench that shows one scene at a time (docs/behaviour.md §10) — the stage with
/// the scene's page centred on it, the inspector on the right, the transport at the
/// bottom, and the HUD over the stage. It reaches scenes only through the `Scene`
/// protocol and the registry it was made with; every part of the chrome works in every
/// scene.
///
/// Pure — input arrives with wall-clock times and the scene clock lives here — so the
/// window, its slow motion and frame stepping are testable without SDL.
public struct Workbench: Sendable {
    /// The version the About text and `springlab --version` name.
    public static let version = "0.1.0"

    public static let barHeight = 52.0
    public static let inspectorWidth = 340.0
    /// Smallest window that keeps the widest page, the inspector and the bar usable.
    public static let minimumSize = Size(900, 560)
    public static let defaultSize = Size(1280, 800)
    public static let frameStep = 1.0 / 60
    public static let rates = [1.0, 0.5, 0.25, 0.1]

    /// What the stage shows: the live scene, a pose of its drive (scrubbing), the drive
    /// looping, or the drive played once from a press of the first button.
    public enum StageMode: Sendable, Equatable, Codable {
        case live
        case posed(Double)
        case looping(start: Double)
        case playing(start: Double)
    }

    /// The scenes this window can show, in key order (the registry, or a test's list).
    public let catalog: [any Scene.Type]
    /// One live scene per catalog entry: switching away and back keeps its state.
    public var scenes: [any Scene]
    /// The index of the scene on the stage.
    public package(set) var current = 0
    public var theme: Theme
    public package(set) var windowSize: Size
    public package(set) var clock: SceneClock
    public package(set) var mode: StageMode = .live
    public var showHUD = false
    public var showAbout = false
    /// The shortcut overlay (? or F1).
    public var showShortcuts = false
    /// The user's presets the inspector lists (the runner reads the folder).
    package var userPresets: [LibraryPreset] = []
    /// The preset list's open actions, rename and Save's question.
    package var presetList = PresetListState()
    /// The preset list's small curves, kept while the list and the settings stay.
    package var presetCurves = PresetCurves()
    /// The name typed for the next Save preset; nil: the scene's title.
    package var presetName: String?
    /// Frames the window has drawn since it opened (the HUD's frame number, docs/behaviour.md §17).
    package var framesDrawn = 0
    /// The path typed in the Spring Lab's Fit… row (docs/behaviour.md §16).
    package var fitPath = ""
    package let measurer: any TextMeasuring
    package var ui = UIState()
    package var inspectorScroll = 0.0
    /// Height of the inspector's content, for the scroll limit.
    package var inspectorHeightValue = 0.0
    /// Tracks every pointer move for the HUD's velocity vector.
    package var hudTracker = VelocityTracker()
    /// Every settings change, for Ctrl+Z / Ctrl+Shift+Z (docs/behaviour.md §11.3).
    package var history = UndoHistory()
    package var frameMs = 0.0
    package var fps = 0.0
    /// Live capture's badge over the stage (text, render progress, recording) — window
    /// chrome, never in a capture.
    package var captureBadge: (text: String, progress: Double?, recording: Bool)?
    /// What the last copy or paste said, and the wall time it was said (docs/behaviour.md §12.2).
    package var toast: (toast: Toast, wall: Double)?
    /// The capture panel's choices (docs/behaviour.md §14), and whether it is open.
    package var capture = CaptureOptions()
    package var showCapturePanel = false
    /// The file the last capture wrote (the badge names it; clicking it opens its folder).
    package var capturedFile: String?
    /// The chrome's frames and controls from the last input's pass, and what they depended
    /// on: a pointer move is hovered against them while that is unchanged (no pass).
    package var chromeFrames: (key: ChromeKey, frames: [(ControlID, Rect)], controls: [ControlID: (label: String?, kind: ControlKind)])?
    /// The wheel gesture going on: its target and the wall time of its last notch.
    package var wheelGesture: (target: WheelTarget, lastWall: Double)?

    /// A workbench with every scene of `catalog` fresh, on their default settings, showing
    /// the first.
    public init(catalog: [any Scene.Type] = SceneRegistry.scenes, measurer: some TextMeasuring, theme: Theme, windowSize: Size,
                wall: Double = 0) {
        self.catalog = catalog
        scenes = catalog.map { Self.fresh($0, measurer: measurer) }
        self.measurer = measurer
        self.theme = theme
        self.windowSize = windowSize
        clock = SceneClock(wall: wall)
    }

    private static func fresh<S: Scene>(_ type: S.Type, measurer: any TextMeasuring) -> any Scene {
        S.make(S.Settings(), measurer: measurer)
    }

    // MARK: The scene on the stage

    /// The scene on the stage.
    public var scene: any Scene {
        get { scenes[current] }
        set { scenes[current] = newValue }
    }
    public var sceneType: any Scene.Type { catalog[current] }
    /// Its `--scene` word.
    public var sceneName: String { sceneType.name }

    /// The live scene of type `S`, if the catalog has it.
    public func scene<S: Scene>(_ type: S.Type) -> S? {
        scenes.lazy.compactMap { $0 as? S }.first
    }

    /// Changes the live scene of type `S` in place.
    public mutating func withScene<S: Scene, R>(_ type: S.Type, _ body: (inout S) -> R) -> R? {
        guard let i = scenes.firstIndex(where: { $0 is S }), var s = scenes[i] as? S else { return nil }
        let result = body(&s)
        scenes[i] = s
        return result
    }

    // MARK: Layout (window points)

    public var inspectorFrame: Rect {
        Rect(x: windowSize.width - Self.inspectorWidth, y: 0, width: Self.inspectorWidth,
             height: max(windowSize.height - Self.barHeight, 0))
    }
    public var stage: Rect {
        Rect(x: 0, y: 0, width: max(windowSize.width - Self.inspectorWidth, 0), height: max(windowSize.height - Self.barHeight, 0))
    }
    public var bar: Rect { Rect(x: 0, y: stage.maxY, width: windowSize.width, height: Self.barHeight) }
    /// Top-left of the scene's page: centred horizontally on the stage, at its top (drawn
    /// at `placement.scale`).
    public var pageOrigin: Point2 { placement.origin }

    /// Scene time at wall time `wall`.
    public func sceneTime(atWall wall: Double) -> Double { clock.scene(atWall: wall) }

    public mutating func resize(to size: Size, atWall wall: Double) -> [SceneEvent] {
        guard size != windowSize else { return [] }
        // A gesture's anchor is in page points and the page re-centres: cancel, don't jump.
        let due = updateScenes(to: sceneTime(atWall: wall))
        let cancelled = due + scene.cancelInteraction(at: sceneTime(atWall: wall))
        windowSize = size
        measureInspector(atWall: wall)
        return cancelled + [layoutEvent(atWall: wall)]
    }

    /// Every interactive control's frame by id: the page's resting frames, every slider,
    /// field and button of the inspector and the transport.
    public func controlFrames() -> [(ControlID, Rect)] {
        let place = placement
        var frames = (scene.scripted?.controlFrames() ?? []).map { ($0.0, place.window($0.1)) }
        // The page plot's handles (issue 42), where a press grabs them.
        let reach = Self.stageHandleReach
        for h in scene.plotHandles() {
            frames.append(("stage.\(h.group).plot.peak",
                           place.window(Rect(x: h.peak.x - reach, y: h.peak.y - reach, width: 2 * reach, height: 2 * reach))))
            frames.append(("stage.\(h.group).plot.settle",
                           place.window(Rect(x: h.settleX - reach * 0.75, y: h.plot.minY, width: 1.5 * reach, height: h.plot.height))))
        }
        frames += layoutPass().frames
        return frames
    }

    public func layoutEvent(atWall wall: Double) -> SceneEvent {
        var fields: [(String, TraceValue)] = [("window", .numbers([windowSize.width, windowSize.height]))]
        fields += controlFrames().map { ($0.0.rawValue, TraceValue.numbers($0.1.array)) }
        fields += scene.scripted?.layoutFields() ?? []
        return SceneEvent(.layout, time: sceneTime(atWall: wall), fields)
    }

    /// The scene's scheduled entrance (a replay's `present` line).
    public mutating func enter(at t: Double) -> [SceneEvent] {
        let due = updateScenes(to: t)
        return due + scene.enter(at: t)
    }

    // MARK: Time

    public mutating func update(toWall wall: Double) -> [SceneEvent] {
        let t = sceneTime(atWall: wall)
        if case .playing(let start) = mode, t - start >= sceneType.drive.duration { mode = .live }
        return updateScenes(to: t) + tooltipEvents(atWall: wall)
    }

    /// Brings every scene up to scene time `t`. Every scene keeps its own time: one
    /// switched away from still lands its motions.
    ///
    /// Also run before anything acts on a scene at `t` — an input, a page button, a
    /// setting, the entrance (docs/behaviour.md §15.5): what happens at `t` must find the scene as it
    /// stands at `t`, not as the last frame left it. Without it a 30 fps take, or
    /// `render --time` (a whole script's inputs with no frame between them), pressed
    /// "Remove by app" on a pile that had not yet closed up behind a card, and drew
    /// another picture than a 60 fps take at the same time.
    package mutating func updateScenes(to t: Double) -> [SceneEvent] {
        var out: [SceneEvent] = []
        for i in scenes.indices {
            let events = scenes[i].update(to: t)
            out += i == current ? withRestingLayout(events, at: t) : events
        }
        return out
    }

    /// A scene's layout changes with what happens to it: such events are followed by a
    /// fresh `layout` (resting frames), so a test always knows where things will be.
    package func withRestingLayout(_ events: [SceneEvent], at t: Double) -> [SceneEvent] {
        let moving = sceneType.layoutChangingEvents
        guard events.contains(where: { moving.contains($0.name) }) else { return events }
        var layout = layoutEvent(atWall: 0)
        layout.time = t
        return events + [layout]
    }

    /// One frame of `springlab bench` at wall time `wall` (60 Hz frames): the scene's bench
    /// drive, every scene advanced, the frame drawn. Tests step the drive with it too.
    public mutating func benchFrame(atWall wall: Double) -> DisplayList {
        benchStep(atWall: wall)
        return draw(atWall: wall)
    }

    /// The same frame's drive and update without drawing it: a test that looks at every
    /// few frames still steps through each.
    public mutating func benchStep(atWall wall: Double) {
        driveScene(at: wall)
        _ = update(toWall: wall)
    }

    /// The scene's bench driver at `t` (nothing for a scene without one).
    public mutating func driveScene(at t: Double) {
        guard var driven = scene.scripted else { return }
        driven.benchFrame(at: t)
        scene = driven
    }

    /// One whole cycle of the scene's bench driver, s (its drive for a scene without one).
    public var benchCycle: Double { sceneType.scripted?.benchCycle ?? sceneType.drive.duration }

    /// Whether the next frame can differ from the last with no input. A paused clock and a
    /// scrubbed pose rest (docs/behaviour.md §15.4): drawn once, then no frame until something changes —
    /// a scrubbed pose used to be redrawn 150–200 times a second until the drive played.
    public func isAnimating(atWall wall: Double) -> Bool {
        if tooltipPending(atWall: wall) { return true }
        if clock.isPaused { return false }
        switch mode {
        case .posed: return false
        case .looping, .playing: return true
        case .live: return scenes.contains { $0.isAnimating(at: sceneTime(atWall: wall)) }
        }
    }

    package mutating func noteFrame(ms: Double, fps: Double) {
        frameMs = ms
        self.fps = fps
        framesDrawn += 1
    }

    /// Carries the window's own choices onto a restarted workbench (a take's, which starts
    /// the scene again from its settings): starting, stopping or rendering a take changes no
    /// setting, form or choice (docs/behaviour.md §15.3), and the undo history goes on. (The inspector's
    /// scroll and a stiffness form's masses start again as a replay of the take starts
    /// them: a pointer recorded over the inspector must land on the same control.)
    package mutating func keepChoices(of other: Workbench) {
        springForm = other.springForm
        ui.copyFormat = other.ui.copyFormat
        history = other.history
        showHUD = other.showHUD
        capture = other.capture
        userPresets = other.userPresets
        presetName = other.presetName
    }

    package mutating func clampScroll() {
        inspectorScroll = min(max(inspectorScroll, 0), max(inspectorHeightValue - inspectorFrame.height, 0))
    }
}
