import Canvas
import Inspector
import Scenes

extension EventName {
    /// The keyboard's focus moved (docs/behaviour.md §15.1): `{"event": "focus", "focus": "gap.response"}`,
    /// or `"stage"` when the stage has it back.
    package static let focus: EventName = "focus"
    /// Escape closed an open menu (the first layer it peels).
    package static let menuClosed: EventName = "menuClosed"
    /// Ctrl+Q or Ctrl+W: the window closes as its close button would close it.
    package static let quitRequested: EventName = "quitRequested"
    /// A Ctrl+wheel gesture took a slider (docs/behaviour.md §15.2): `{"event": "wheelTarget", "target":
    /// "alert.response"}`; its notches step that slider alone until 0.5 s without one.
    package static let wheelTarget: EventName = "wheelTarget"
}

/// What a wheel gesture acts on, chosen by its first notch and kept until it ends.
package enum WheelTarget: Sendable, Equatable, Codable {
    /// The inspector's content scrolls.
    case scroll
    /// One slider steps (Ctrl+wheel over it).
    case slider(ControlID)
    /// The scene on the stage has it.
    case stage
}

extension Workbench {
    /// A wheel gesture ends after this long without a notch (docs/behaviour.md §15.2): a run of notches
    /// closer than this is one target and one undo step.
    package static let wheelGestureGap = 0.5
    /// Points the inspector scrolls for one notch (a touchpad's fraction scrolls its share).
    package static let wheelScrollStep = 40.0

    /// The trace's account of where the keyboard went.
    package func focusEvent(at t: Double) -> SceneEvent {
        SceneEvent(.focus, time: t, [("focus", .string(ui.focus?.rawValue ?? "stage"))])
    }

    /// One wheel notch (or a touchpad's fraction of one). The plain wheel scrolls the
    /// inspector and never changes a value; Ctrl+wheel over a slider steps it. Either way
    /// the gesture keeps the target its first notch chose until 0.5 s pass without one, so
    /// the rows that scroll under a resting pointer are never touched — the defect this
    /// replaces retuned a spring with every notch as its row passed by.
    package mutating func handleWheel(_ event: InputEvent, wall: Double) -> [SceneEvent] {
        guard case .wheel(let dy, let p, let t, _, let ctrl) = event else { return [] }
        var out: [SceneEvent] = []
        let target: WheelTarget
        if let gesture = wheelGesture, wall - gesture.lastWall < Self.wheelGestureGap {
            target = gesture.target
        } else {
            // A new gesture: a new undo step, and nothing left over from the last one.
            history.endGesture()
            ui.wheelRemainder = 0
            if ctrl, let id = control(at: p, kind: .slider) {
                target = .slider(id)
                out.append(SceneEvent(.wheelTarget, time: t, [("target", .string(id.rawValue))]))
            } else {
                target = inspectorFrame.contains(p) ? .scroll : .stage
            }
        }
        wheelGesture = (target, wall)
        switch target {
        case .scroll:
            let before = inspectorScroll
            inspectorScroll -= dy * Self.wheelScrollStep
            clampScroll()
            // Controls moved: a test driving them by their frames needs the new ones.
            if inspectorScroll != before { out.append(layoutEvent(atWall: wall)) }
        case .slider(let id):
            let before = SceneSettingsSet(self)
            ui.wheelTarget = id
            var pass = UIPass(state: ui, event: event, theme: theme, measurer: measurer, drawing: false)
            let changed = runChrome(&pass, wall: wall)
            ui = pass.state
            ui.wheelTarget = nil
            let changes = changed.compactMap(SettingChange.init)
            if !changes.isEmpty {
                history.record(before: before, after: SceneSettingsSet(self), changes: changes, gesture: "wheel:\(id)")
            }
            out += changed
        case .stage:
            out += routeToStage(event)
        }
        return out
    }

    /// The chrome laid out as it stands, without an event and without drawing: every
    /// control's frame and kind, the focus order and the spring groups' regions.
    package func layoutPass(atWall wall: Double = 0) -> UIPass { measuredLayout(atWall: wall).pass }

    /// The dry pass, and the inspector's content height it measured (for the scroll limit).
    package func measuredLayout(atWall wall: Double) -> (pass: UIPass, inspectorHeight: Double) {
        var copy = self
        var pass = UIPass(state: ui, event: nil, theme: theme, measurer: measurer, drawing: false)
        copy.runChrome(&pass, wall: wall)
        return (pass, copy.inspectorHeightValue)
    }

    /// The chrome control of `kind` under `p` in the inspector's visible region, if any.
    package func control(at p: Point2, kind: ControlKind) -> ControlID? {
        guard inspectorFrame.contains(p) else { return nil }
        let pass = layoutPass()
        return pass.frames.last { id, frame in frame.contains(p) && pass.controls[id]?.kind == kind }?.0
    }

    /// The spring group Ctrl+C or Ctrl+V acts on (docs/behaviour.md §15.3): the one under the pointer
    /// when the pointer is over the inspector, else the one holding the keyboard's focus.
    package func codeTarget() -> ControlID? {
        let pass = layoutPass()
        let p = ui.pointer
        if inspectorFrame.contains(p), let under = pass.groupRegions.first(where: { $0.frame.contains(p) }) { return under.id }
        guard let focus = ui.focus else { return nil }
        return pass.groupRegions.first { focus.rawValue.hasPrefix($0.id.rawValue + ".") }?.id
    }
}
