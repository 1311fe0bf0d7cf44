import Canvas
import Motion
import Scenes

extension Workbench {
    // MARK: Input

    /// Routes one input, stamped with the wall time it happened (`handle` says `layout`
    /// after it when the controls moved). Returns trace events.
    mutating func route(_ wallEvent: InputEvent) -> [SceneEvent] {
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
        // The inspector and transport see it first; what they use stops there.
        let before = SceneSettingsSet(self)
        let menu = ui.openMenu, panel = showCapturePanel, choices = capture
        var pass = UIPass(state: ui, event: event, theme: theme, measurer: measurer, drawing: false)
        var out = runChrome(&pass, wall: wall)
        ui = pass.state
        if let said = ui.toast {
            toast = (said, wall)
            ui.toast = nil
        }
        noteHover(event, wall: wall, frames: pass.frames, controls: pass.controls)
        recordHistory(before: before, events: out, event: event)
        // A menu opened or closed: the controls moved, and a test finds them by the layout.
        // (A GIF's frame rates are other buttons than a video's.)
        if ui.openMenu != menu || showCapturePanel != panel || capture != choices { out.append(layoutEvent(atWall: wall)) }
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

    /// Keyboard shortcuts (SPEC §6, §10). Returns nil when the key is not one of them.
    private mutating func shortcut(_ event: InputEvent, wall: Double) -> [SceneEvent]? {
        guard case .key(let key, let t, _) = event else { return nil }
        switch key {
        case .space: return setPaused(!clock.isPaused, wall: wall)
        case .right: return step(frames: 1, wall: wall)
        case .left: return step(frames: -1, wall: wall)
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
        case .escape where ui.focus != nil && !scene.hasGesture:
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
            var gesture: String?
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
        return [SceneEvent(.undo, time: t, historyFields(step.changes, restoring: \.old))]
    }

    /// Ctrl+Shift+Z or Ctrl+Y: the last undone change made again.
    public mutating func redo(at t: Double) -> [SceneEvent] {
        guard let step = history.redo() else { return [SceneEvent(.redo, time: t, [("nothing", .bool(true))])] }
        restore(step.after)
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

    /// Reduce Motion (M) for every scene at once (SPEC §10).
    public mutating func setReduceMotion(_ on: Bool, at t: Double) -> [SceneEvent] {
        let old = scene.reduceMotion
        for i in scenes.indices { scenes[i].reduceMotion = on }
        return [SettingChange(name: "reduceMotion", old: .bool(old), new: .bool(on)).event(at: t)]
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
        return [SceneEvent(.scene, time: t, [("scene", .string(sceneName))])]
    }

    private mutating func routeToStage(_ event: InputEvent) -> [SceneEvent] {
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

    /// The first transport button (SPEC §10): the scene's own drive — live where the scene
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

    /// Steps scene time by exactly `frames` frames (pausing first).
    public mutating func step(frames: Int, wall: Double) -> [SceneEvent] {
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
