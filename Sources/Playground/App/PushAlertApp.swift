import Canvas
import Motion
import Scenes

/// The whole window around the Push Alert: the stage (page centred on it), the inspector
/// on the right, the transport bar at the bottom, and the HUD over the stage.
///
/// Pure — input arrives with wall-clock times and the scene clock lives here — so the
/// window, its slow motion and frame stepping are testable without SDL.
public struct PushAlertApp: Sendable {
    public static let barHeight = 52.0
    public static let inspectorWidth = 340.0
    /// Smallest window that keeps the page (420 pt), the inspector and the bar usable.
    public static let minimumSize = Size(900, 560)
    public static let defaultSize = Size(1280, 800)
    public static let frameStep = 1.0 / 60
    public static let rates = [1.0, 0.5, 0.25, 0.1]

    /// What the stage shows: the live component, a pose of the presentation drive
    /// (scrubbing), or the drive looping.
    public enum StageMode: Sendable, Equatable {
        case live
        case posed(Double)
        case looping(start: Double)
    }

    /// The scenes a window can show (SPEC §8 names).
    public enum SceneKind: String, Sendable, CaseIterable {
        case pushAlert = "push-alert"
        case presence
        case liquid
        case neck
    }

    public var alert: PushAlert
    /// The neck sandbox (SPEC §5.4), shown when `scene` is `.neck`.
    public var neck = NeckSandbox()
    /// The pile of notices (SPEC §5.3), shown when `scene` is `.liquid`.
    public var pile: LiquidPile
    /// The synced and naive columns (SPEC §4.3), shown when `scene` is `.presence`.
    public var presence: PresenceScene
    public var scene = SceneKind.pushAlert
    public var theme: Theme
    public private(set) var windowSize: Size
    public private(set) var clock: SceneClock
    public internal(set) var mode: StageMode = .live
    public var showHUD = false
    public var showAbout = false
    /// Save preset was pressed: the window writes the settings out (a file is a side effect
    /// the app leaves to its runner).
    var presetRequested = false
    let measurer: any TextMeasuring
    var ui = UIState()
    var inspectorScroll = 0.0
    /// Height of the inspector's content, for the scroll limit.
    var inspectorHeightValue = 0.0
    /// Tracks every pointer move for the HUD's velocity vector.
    var hudTracker = VelocityTracker()
    /// Scene time of the last arming, for the cue: a ring that pulses once around the
    /// panel (the desktop's stand-in for a haptic tick).
    var armedAt: Double?
    /// Events the pile raised from inspector buttons during a pass.
    var inspectorEvents: [SceneEvent] = []
    var frameMs = 0.0
    var fps = 0.0
    /// Live capture's badge over the stage (text, render progress, recording) — window
    /// chrome, never in a capture.
    var captureBadge: (text: String, progress: Double?, recording: Bool)?

    public init(settings: PushAlertSettings, measurer: some TextMeasuring, theme: Theme, windowSize: Size, wall: Double = 0) {
        alert = PushAlert(settings: settings, measurer: measurer)
        pile = LiquidPile(measurer: measurer)
        presence = PresenceScene(measurer: measurer)
        self.measurer = measurer
        self.theme = theme
        self.windowSize = windowSize
        clock = SceneClock(wall: wall)
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
    /// Top-left of the scene's page: centred horizontally on the stage, at its top.
    public var pageOrigin: Point2 {
        let width: Double
        switch scene {
        case .neck: width = NeckSandbox.pageWidth
        case .liquid: width = LiquidPile.pageWidth
        case .presence: width = PresenceScene.pageWidth
        case .pushAlert: width = PushAlert.pageWidth
        }
        return Point2(((stage.width - width) / 2).rounded(), 0)
    }

    /// Scene time at wall time `wall`.
    public func sceneTime(atWall wall: Double) -> Double { clock.scene(atWall: wall) }

    public mutating func resize(to size: Size, atWall wall: Double) -> [SceneEvent] {
        guard size != windowSize else { return [] }
        // The drag's anchor is in page points and the page re-centres: cancel, don't jump.
        let cancelled = alert.cancelDrag(at: sceneTime(atWall: wall))
        windowSize = size
        clampScroll()
        return cancelled + [layoutEvent(atWall: wall)]
    }

    /// Every interactive control's frame by id: the alert's resting frames, every slider,
    /// field and button of the inspector and the transport.
    public func controlFrames() -> [(String, Rect)] {
        var settings = alert.settings
        settings.reduceMotion = true
        var resting = PushAlert(settings: settings, measurer: measurer)
        _ = resting.present(at: 0)
        let o = pageOrigin
        var frames = [("panel", resting.panelFrame(at: 0).offsetBy(dx: o.x, dy: o.y)),
                      ("close", resting.closeFrame(at: 0).offsetBy(dx: o.x, dy: o.y)),
                      ("pill", resting.pillFrame(at: 0).offsetBy(dx: o.x, dy: o.y))]
        if scene == .liquid { frames += pile.restingFrames().map { ($0.0, $0.1.offsetBy(dx: o.x, dy: o.y)) } }
        // The presence page's buttons, and its synced rows where they come to rest.
        if scene == .presence {
            frames += presence.controlFrames(at: PresenceScene.restingTime).map { ($0.0, $0.1.offsetBy(dx: o.x, dy: o.y)) }
        }
        var copy = self
        var pass = UIPass(state: copy.ui, event: nil, theme: theme, measurer: measurer, drawing: false)
        copy.runChrome(&pass, wall: 0)
        frames += pass.frames
        return frames
    }

    public func layoutEvent(atWall wall: Double) -> SceneEvent {
        var fields: [(String, TraceValue)] = [("window", .numbers([windowSize.width, windowSize.height]))]
        fields += controlFrames().map { ($0.0, TraceValue.numbers($0.1.array)) }
        fields.append(("naturalHeight", .number(alert.naturalHeight)))
        return SceneEvent("layout", time: sceneTime(atWall: wall), fields)
    }

    // MARK: Input

    /// Routes one input, stamped with the wall time it happened. Returns trace events.
    public mutating func handle(_ wallEvent: InputEvent) -> [SceneEvent] {
        let wall = wallEvent.time
        let t = sceneTime(atWall: wall)
        let event = wallEvent.at(t)
        switch event {
        case .pointerMoved(let p, _): ui.pointer = p; hudTracker.add(time: wall, position: p)
        case .pointerDown(let p, _, _): ui.pointer = p; hudTracker.reset(); hudTracker.add(time: wall, position: p)
        case .shift(let down, _): ui.shift = down
        default: break
        }
        // The inspector and transport see it first; what they use stops there.
        var pass = UIPass(state: ui, event: event, theme: theme, measurer: measurer, drawing: false)
        var out = runChrome(&pass, wall: wall)
        ui = pass.state
        if pass.consumed { return out }
        if case .wheel(let dy, let p, _, _) = event, inspectorFrame.contains(p) {
            let before = inspectorScroll
            inspectorScroll -= dy * 40
            clampScroll()
            // Controls moved: a test driving them by their frames needs the new ones.
            return inspectorScroll == before ? out : out + [layoutEvent(atWall: wall)]
        }
        out += shortcut(event, wall: wall) ?? routeToStage(event)
        return out
    }

    private mutating func clampScroll() {
        inspectorScroll = min(max(inspectorScroll, 0), max(inspectorHeightValue - inspectorFrame.height, 0))
    }

    /// Keyboard shortcuts (SPEC §6). Returns nil when the key is not one of them.
    private mutating func shortcut(_ event: InputEvent, wall: Double) -> [SceneEvent]? {
        guard case .key(let key, let t, _) = event else { return nil }
        switch key {
        case .space: return setPaused(!clock.isPaused, wall: wall)
        case .right: return step(frames: 1, wall: wall)
        case .left: return step(frames: -1, wall: wall)
        case .h: showHUD.toggle(); return [SceneEvent("hud", time: t, [("shown", .bool(showHUD))])]
        case .d:
            theme = theme == .light ? .dark : .light
            return [SceneEvent("theme", time: t, [("theme", .string(theme.rawValue))])]
        case .m:
            let old = alert.settings.reduceMotion
            alert.settings.reduceMotion.toggle()
            presence.settings.reduceMotion = !old
            return [SettingChange(name: "reduceMotion", old: .bool(old), new: .bool(!old)).event(at: t)]
        case .digit1: return switchScene(.pushAlert, at: t)
        case .digit4: return switchScene(.neck, at: t)
        case .digit3: return switchScene(.liquid, at: t)
        case .digit2: return switchScene(.presence, at: t)
        case .tab:
            ui.focus = nextFocus(after: ui.focus)
            return []
        case .escape where ui.focus != nil && !alert.isDragging:
            ui.focus = nil
            return []
        case .enter where scene == .pushAlert:
            mode = .live
            return alert.handle(event)
        default: return nil
        }
    }

    private func nextFocus(after id: String?) -> String? {
        var copy = self
        var pass = UIPass(state: copy.ui, event: nil, theme: theme, measurer: measurer, drawing: false)
        copy.runChrome(&pass, wall: 0)
        let order = pass.state.focusOrder
        guard !order.isEmpty else { return nil }
        guard let id, let i = order.firstIndex(of: id) else { return order.first }
        return order[(i + 1) % order.count]
    }

    public mutating func switchScene(_ kind: SceneKind, at t: Double) -> [SceneEvent] {
        guard kind != scene else { return [] }
        _ = alert.cancelDrag(at: t)
        _ = pile.cancelTouch(at: t)
        scene = kind
        ui.focus = nil
        ui.editing = nil
        inspectorScroll = 0
        return [SceneEvent("scene", time: t, [("scene", .string(kind.rawValue))])]
    }

    private mutating func routeToStage(_ event: InputEvent) -> [SceneEvent] {
        let o = pageOrigin
        // A press outside the stage belongs to no scene; everything else reaches the scene
        // in page points.
        if case .pointerDown(let p, _, _) = event, !stage.contains(p) { return [] }
        let routed = event.offsetBy(dx: -o.x, dy: -o.y)
        switch scene {
        case .liquid:
            // Handle first, then lay out: an argument evaluated inside the call would see
            // the pile from before the event.
            let events = pile.handle(routed)
            return withRestingLayout(events, at: event.time)
        case .neck: return neck.handle(routed)
        case .presence:
            let events = presence.handle(routed)
            return withRestingLayout(events, at: event.time)
        case .pushAlert: break
        }
        // Touching the component takes it back from the presentation drive.
        if case .pointerDown = event, mode != .live { mode = .live }
        let events = alert.handle(routed)
        if let armed = events.first(where: { $0.name == "armed" }) { armedAt = armed.time }
        return events.map { e in
            var e = e
            e.fields = e.fields.map { key, value in
                switch (key, value) {
                case ("x", .number(let x)): return (key, .number(x + o.x))
                case ("y", .number(let y)): return (key, .number(y + o.y))
                default: return (key, value)
                }
            }
            return e
        }
    }

    // MARK: Transport

    public mutating func setPaused(_ paused: Bool, wall: Double) -> [SceneEvent] {
        clock.setPaused(paused, atWall: wall)
        return [SceneEvent("paused", time: sceneTime(atWall: wall), [("paused", .bool(paused))])]
    }

    /// Steps scene time by exactly `frames` frames (pausing first).
    public mutating func step(frames: Int, wall: Double) -> [SceneEvent] {
        var out: [SceneEvent] = []
        if !clock.isPaused { out += setPaused(true, wall: wall) }
        clock.step(by: Double(frames) * Self.frameStep, atWall: wall)
        out.append(SceneEvent("stepped", time: sceneTime(atWall: wall), [("frames", .number(Double(frames)))]))
        return out
    }

    public mutating func setRate(_ rate: Double, wall: Double) -> [SceneEvent] {
        let old = clock.rate
        clock.setRate(rate, atWall: wall)
        return [SceneEvent("timeScale", time: sceneTime(atWall: wall), [("old", .number(old)), ("new", .number(rate))])]
    }

    /// Presentation-drive position shown on the scrub bar.
    func driveProgress(at t: Double) -> Double? {
        switch mode {
        case .live: return nil
        case .posed(let p): return p
        case .looping(let start):
            let loop = Double(PushAlert.loopFrames) / PushAlert.loopFPS
            let x = (t - start).truncatingRemainder(dividingBy: loop) / loop
            return x < 0 ? x + 1 : x
        }
    }

    // MARK: Time

    public mutating func update(toWall wall: Double) -> [SceneEvent] {
        let t = sceneTime(atWall: wall)
        let alertEvents = alert.update(to: t)
        let pileEvents = pile.update(to: t)
        return alertEvents + withRestingLayout(pileEvents, at: t) + presence.update(to: t)
    }

    /// The pile's and the presence page's layouts change with what happens to them: follow
    /// such events with a fresh `layout` (resting frames), so a test always knows where the
    /// cards and rows will be.
    func withRestingLayout(_ events: [SceneEvent], at t: Double) -> [SceneEvent] {
        let moving: Set<String> = scene == .liquid ? ["expanded", "collapsed", "cardRemoved", "arrived", "cleared"]
            : (scene == .presence ? ["toggled", "next"] : [])
        guard events.contains(where: { moving.contains($0.name) }) else { return events }
        var layout = layoutEvent(atWall: 0)
        layout.time = t
        return events + [layout]
    }

    public func isAnimating(atWall wall: Double) -> Bool {
        let t = sceneTime(atWall: wall)
        return mode != .live || alert.isAnimating(at: t) || pile.isAnimating(at: t) || presence.isAnimating(at: t)
    }

    mutating func noteFrame(ms: Double, fps: Double) { frameMs = ms; self.fps = fps }
}
