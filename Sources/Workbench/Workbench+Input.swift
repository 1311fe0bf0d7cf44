import Canvas
import Inspector
import Motion
import Scenes

extension Workbench {
    // MARK: Input

    /// Routes one input, stamped with the wall time it happened. Returns trace events, and a
    /// `focus` event whenever the keyboard's focus moved (docs/behaviour.md §15.1); and what the input
    /// asks the runner to do (a preset saved, text for the clipboard, a capture, the end).
    ///
    /// The scenes are first brought up to the input's time, whatever acts on them then —
    /// the page, a page button, the transport or a setting (`updateScenes`).
    public mutating func handle(_ wallEvent: InputEvent) -> Handled {
        let due = updateScenes(to: sceneTime(atWall: wallEvent.time))
        let focus = ui.focus
        var effects: [WorkbenchEffect] = []
        let out = due + routeLayingOut(wallEvent, effects: &effects)
        let events = ui.focus == focus ? out : out + [focusEvent(at: sceneTime(atWall: wallEvent.time))]
        return Handled(events: events, effects: effects)
    }

    package mutating func route(_ wallEvent: InputEvent, effects: inout [WorkbenchEffect]) -> [SceneEvent] {
        let wall = wallEvent.time
        let t = sceneTime(atWall: wall)
        let event = wallEvent.at(t)
        switch event {
        case .pointerMoved(let p, _): ui.pointer = p; hudTracker.add(time: wall, position: p)
        case .pointerDown(let p, _, _): ui.pointer = p; hudTracker.reset(); hudTracker.add(time: wall, position: p)
        case .shift(let down, _): ui.shift = down
        default: break
        }
        // A paste's text follows its Ctrl+V (or Paste) at once; anything else in between
        // means the text went elsewhere.
        switch event {
        case .text, .shift: break
        default: ui.pasteTarget = nil
        }
        // A page plot's handle being dragged takes the pointer until it is let go.
        if let dragged = continueStagePlotDrag(event) { return dragged }
        // A move that no control holds changes nothing in the chrome but what is hovered:
        // it skips the inspector's pass (a whole layout of every row, 300–800 µs) and goes
        // to the scene — over the stage nothing is hovered, over the chrome the frames of
        // the last pass serve while nothing they depend on has changed. A take's replay is
        // mostly moves — 75,000 in ten minutes at 125 Hz — and is replayed twice, to check
        // it and to render it (issue 37).
        if case .pointerMoved(let p, _) = event { ui.stageHandle = stagePlotHandle(at: p)?.id }
        if case .pointerMoved(let p, _) = event, let hover = hoverFrames(at: p) {
            noteHover(event, wall: wall, frames: hover.frames, controls: hover.controls)
            return routeToStage(event)
        }
        // Ctrl+Q / Ctrl+W close the window as its close button does, whatever has the keyboard.
        if case .key(.quit, let t, _) = event {
            effects.append(.quit)
            return [SceneEvent(.quitRequested, time: t)]
        }
        // The wheel goes to the target its gesture started on (docs/behaviour.md §15.2).
        if case .wheel = event {
            noteHover(event, wall: wall, frames: [], controls: [:])
            return handleWheel(event, wall: wall)
        }
        // Escape peels one layer at a time (docs/behaviour.md §15.1), the topmost first: a field being
        // typed into, the capture panel and the shortcut overlay (each handles its own
        // Escape), then an open menu, then the inspector's focus, then the scene's cancel.
        if case .key(.escape, let t, _) = event, ui.editing == nil, !showCapturePanel, !showShortcuts, ui.openMenu != nil {
            ui.openMenu = nil
            return [SceneEvent(.menuClosed, time: t), layoutEvent(atWall: wall)]
        }
        // Ctrl+Shift+C: the HUD's lines as text for a bug report (docs/behaviour.md §17), shown or not.
        if case .key(.copyReport, let t, _) = event {
            let lines = ["SpringLab \(Workbench.version) · \(sceneName) · \(theme.rawValue)"] + hudReport(at: t, wall: wall).lines
            effects.append(.copy(lines.joined(separator: "\n") + "\n"))
            return [SceneEvent(.reportCopied, time: t, [("lines", .array(lines.map { .string($0) }))])]
        }
        // Ctrl+C / Ctrl+V act on the group under the pointer, else the focused one (§15.3).
        if case .key(let k, _, _) = event, k == .copy || k == .paste, ui.editing == nil { ui.codeTarget = codeTarget() }
        defer { ui.codeTarget = nil }
        // The inspector and transport see it first; what they use stops there.
        let before = SceneSettingsSet(self)
        let menu = ui.openMenu, panel = showCapturePanel, choices = capture
        let chromeKey = ChromeKey(layout: layoutKey, window: windowSize)
        var pass = UIPass(state: ui, event: event, theme: theme, measurer: measurer, drawing: false)
        var chrome: [WorkbenchEffect] = []
        var out = runChrome(&pass, wall: wall, effects: &chrome)
        ui = pass.state
        chromeFrames = (chromeKey, pass.frames, pass.controls)
        // A toast is the window's own to show; the rest is the runner's to do (the widgets'
        // requests first: they came first in the pass).
        for effect in pass.effects {
            switch effect {
            case .toast(let said): toast = (said, wall)
            case .copy(let text): effects.append(.copy(text))
            case .paste: effects.append(.paste)
            }
        }
        effects += chrome
        noteHover(event, wall: wall, frames: pass.frames, controls: pass.controls)
        recordHistory(before: before, events: out, event: event)
        // A menu opened or closed: the controls moved, and a test finds them by the layout.
        // (A GIF's frame rates are other buttons than a video's.)
        if ui.openMenu != menu || showCapturePanel != panel || capture != choices { out.append(layoutEvent(atWall: wall)) }
        if pass.consumed { return out }
        // A press on the stage or on empty chrome gives the keyboard back to the stage
        // (docs/behaviour.md §15.1): Enter then plays the drive, a digit switches scenes.
        if case .pointerDown = event { ui.focus = nil }
        if let grabbed = beginStagePlotDrag(event) { return out + grabbed }
        out += shortcut(event, wall: wall) ?? routeToStage(event)
        return out
    }

    /// The frames a pointer move to `p` is hovered against without a pass of the chrome,
    /// when it needs none: no control holds the pointer (a slider's drag, a field's
    /// selection, the scrollbar), no field is being typed into, no panel lies over the
    /// stage, and the move is over the stage (nothing there to hover) or the chrome's
    /// frames are the last pass's (nothing they depend on changed since). Nil: a pass.
    private func hoverFrames(at p: Point2) -> (frames: [(ControlID, Rect)], controls: [ControlID: (label: String?, kind: ControlKind)])? {
        guard ui.active == nil, ui.editing == nil, !showCapturePanel else { return nil }
        if stage.contains(p) { return ([], [:]) }
        guard let cached = chromeFrames, cached.key == ChromeKey(layout: layoutKey, window: windowSize) else { return nil }
        return (cached.frames, cached.controls)
    }

    /// Keyboard shortcuts (docs/behaviour.md §6, §10). Returns nil when the key is not one of them.
    private mutating func shortcut(_ event: InputEvent, wall: Double) -> [SceneEvent]? {
        guard case .key(let key, let t, let shifted) = event else { return nil }
        switch key {
        case .space: return togglePlay(wall: wall)
        // Shift: ten frames (docs/behaviour.md §15.4).
        case .right: return step(frames: shifted ? 10 : 1, wall: wall)
        case .left: return step(frames: shifted ? -10 : -1, wall: wall)
        case .h: showHUD.toggle(); return [SceneEvent(.hud, time: t, [("shown", .bool(showHUD))])]
        case .d:
            theme = theme == .light ? .dark : .light
            return [SceneEvent(.theme, time: t, [("theme", .string(theme.rawValue))])]
        case .m: return setReduceMotion(!scene.reduceMotion, at: t)
        case .help where ui.editing == nil: return toggleShortcuts(at: t)
        case .escape where showShortcuts: return toggleShortcuts(at: t)
        case .undo where ui.editing == nil: return undo(at: t)
        case .redo where ui.editing == nil: return redo(at: t)
        case _ where Key.digits.contains(key):
            guard let i = Key.digits.firstIndex(of: key), i < catalog.count else { return nil }
            return switchScene(to: i, at: t)
        case .tab:
            ui.focus = nextFocus(after: ui.focus)
            return []
        case .escape where ui.focus != nil:
            // The inspector's focus goes before the scene's own cancel (docs/behaviour.md §15.1).
            ui.focus = nil
            return []
        default: return nil
        }
    }

    // MARK: Undo

    /// Adds what the inspector changed in this event to the history: a drag of one control
    /// (pointer down, moves) is one step until the pointer is released.
    private mutating func recordHistory(before: SceneSettingsSet, events: [SceneEvent], event: InputEvent) {
        let changes = events.compactMap(SettingChange.init)
        if !changes.isEmpty {
            var gesture: ControlID?
            switch event {
            case .pointerDown, .pointerMoved: gesture = ui.active
            case .pointerUp: gesture = history.openGesture
            default: gesture = nil
            }
            history.record(before: before, after: SceneSettingsSet(self), changes: changes, gesture: gesture)
        }
        if case .pointerUp = event { history.endGesture() }
    }

    /// Ctrl+Z: the last settings change undone, applied to the next motion at once.
    public mutating func undo(at t: Double) -> [SceneEvent] {
        guard let step = history.undo() else { return [SceneEvent(.undo, time: t, [("nothing", .bool(true))])] }
        restore(step.before)
        chromeFrames = nil  // the plots' handles moved with the springs
        return [SceneEvent(.undo, time: t, historyFields(step.changes, restoring: \.old))]
    }

    /// Ctrl+Shift+Z or Ctrl+Y: the last undone change made again.
    public mutating func redo(at t: Double) -> [SceneEvent] {
        guard let step = history.redo() else { return [SceneEvent(.redo, time: t, [("nothing", .bool(true))])] }
        restore(step.after)
        chromeFrames = nil
        return [SceneEvent(.redo, time: t, historyFields(step.changes, restoring: \.new))]
    }

    private mutating func restore(_ settings: SceneSettingsSet) {
        settings.apply(to: &self)
        // Reduce Motion lives in some scenes' settings and beside others': keep them as one.
        let reduced = scene.reduceMotion
        for i in scenes.indices { scenes[i].reduceMotion = reduced }
    }

    /// The trace's account of an undo or redo: the settings it moved and the value each
    /// now has (`name`/`value` for the first, `settings` and `values` for all).
    private func historyFields(_ changes: [SettingChange], restoring value: KeyPath<SettingChange, TraceValue>)
        -> [(String, TraceValue)] {
        var fields: [(String, TraceValue)] = [("settings", .array(changes.map { .string($0.name) })),
                                              ("values", .object(changes.map { ($0.name, $0[keyPath: value]) }))]
        if let first = changes.first { fields += [("name", .string(first.name)), ("value", first[keyPath: value])] }
        return fields
    }

    /// Reduce Motion (M) for every scene at once (docs/behaviour.md §10).
    public mutating func setReduceMotion(_ on: Bool, at t: Double) -> [SceneEvent] {
        let old = scene.reduceMotion
        for i in scenes.indices { scenes[i].reduceMotion = on }
        return [SettingChange(name: "reduceMotion", old: .bool(old), new: .bool(on)).event(at: t)]
    }

    private func nextFocus(after id: ControlID?) -> ControlID? {
        let order = layoutPass().state.focusOrder
        guard !order.isEmpty else { return nil }
        guard let id, let i = order.firstIndex(of: id) else { return order.first }
        return order[(i + 1) % order.count]
    }

    /// Shows the scene called `name` (a `--scene` word); nil when the catalog has none.
    public mutating func switchScene(named name: String, at t: Double) -> [SceneEvent]? {
        guard let i = catalog.firstIndex(where: { $0.name == name }) else { return nil }
        return switchScene(to: i, at: t)
    }

    public mutating func switchScene(to index: Int, at t: Double) -> [SceneEvent] {
        guard index != current, catalog.indices.contains(index) else { return [] }
        for i in scenes.indices { _ = scenes[i].cancelInteraction(at: t) }
        current = index
        mode = .live
        ui.focus = nil
        ui.editing = nil
        inspectorScroll = 0
        // Everything moved: the new scene's frames, as drawn.
        var layout = layoutEvent(atWall: 0)
        layout.time = t
        return [SceneEvent(.scene, time: t, [("scene", .string(sceneName))]), layout]
    }

    package mutating func routeToStage(_ event: InputEvent) -> [SceneEvent] {
        // A press outside the stage belongs to no scene; everything else reaches the scene
        // in page points.
        if case .pointerDown(let p, _, _) = event, !stage.contains(p) { return [] }
        // Touching the scene takes it back from the drive.
        if case .pointerDown = event, mode != .live { mode = .live }
        // Enter plays the drive's live action (Show alert, Show/Hide …) from anywhere.
        if case .key(.enter, let t, _) = event { return playDrive(at: t) }
        // Handle first, then lay out: an argument evaluated inside the call would see the
        // scene from before the event. Positions in the trace are window points, as the
        // pointer was (Workbench+Page).
        let events = scene.handle(pageEvent(event))
        return withRestingLayout(events, at: event.time).map(windowEvent)
    }

    // MARK: Transport

    /// The first transport button (docs/behaviour.md §10): the scene's own drive — live where the scene
    /// has a live action, else its poses played once. The trace says which.
    public mutating func playDrive(at t: Double) -> [SceneEvent] {
        let played = scene.playDrive(at: t)
        let event = SceneEvent(.drive, time: t, [("scene", .string(sceneName)), ("label", .string(sceneType.drive.label))])
        switch played {
        case .live(let events):
            mode = .live
            return [event] + withRestingLayout(events, at: t)
        case .posed:
            mode = .playing(start: t)
            return [event]
        }
    }

    public mutating func setPaused(_ paused: Bool, wall: Double) -> [SceneEvent] {
        clock.setPaused(paused, atWall: wall)
        return [SceneEvent(.paused, time: sceneTime(atWall: wall), [("paused", .bool(paused))])]
    }

    /// Play (Space, or the Play button): a scrubbed pose plays the drive on from where it
    /// was scrubbed to (docs/behaviour.md §15.4), with the clock running; otherwise the clock pauses or
    /// runs on.
    public mutating func togglePlay(wall: Double) -> [SceneEvent] {
        guard case .posed(let p) = mode else { return setPaused(!clock.isPaused, wall: wall) }
        if clock.isPaused { clock.setPaused(false, atWall: wall) }
        let t = sceneTime(atWall: wall)
        mode = .playing(start: t - p * sceneType.drive.duration)
        return [SceneEvent(.paused, time: t, [("paused", .bool(false)), ("progress", .number(p))])]
    }

    /// Whether the transport's Play button reads "Play": the clock is paused, or a scrubbed
    /// pose rests.
    package var showsPlay: Bool {
        if case .posed = mode { return true }
        return clock.isPaused
    }

    /// Steps scene time by exactly `frames` frames (pausing first); a scrubbed pose steps
    /// along its drive by the same time (docs/behaviour.md §15.4).
    public mutating func step(frames: Int, wall: Double) -> [SceneEvent] {
        if case .posed(let p) = mode {
            let moved = min(max(p + Double(frames) * Self.frameStep / sceneType.drive.duration, 0), 1)
            mode = .posed(moved)
            return [SceneEvent(.stepped, time: sceneTime(atWall: wall), [("frames", .number(Double(frames))),
                                                                          ("progress", .number(moved))])]
        }
        var out: [SceneEvent] = []
        if !clock.isPaused { out += setPaused(true, wall: wall) }
        clock.step(by: Double(frames) * Self.frameStep, atWall: wall)
        out.append(SceneEvent(.stepped, time: sceneTime(atWall: wall), [("frames", .number(Double(frames)))]))
        return out
    }

    public mutating func setRate(_ rate: Double, wall: Double) -> [SceneEvent] {
        let old = clock.rate
        clock.setRate(rate, atWall: wall)
        return [SceneEvent(.timeScale, time: sceneTime(atWall: wall), [("old", .number(old)), ("new", .number(rate))])]
    }

    /// The current scene's drive position shown on the scrub bar; nil while live.
    public func driveProgress(at t: Double) -> Double? {
        let duration = sceneType.drive.duration
        switch mode {
        case .live: return nil
        case .posed(let p): return p
        case .looping(let start):
            let x = (t - start).truncatingRemainder(dividingBy: duration) / duration
            return x < 0 ? x + 1 : x
        case .playing(let start): return min(max((t - start) / duration, 0), 1)
        }
    }
}
