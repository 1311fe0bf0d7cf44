import Canvas
import Inspector
import Scenes

/// Hover and tooltips (docs/behaviour.md §11.1): after the pointer rests 0.6 s over a control of the
/// inspector or the transport, one line says what it does and its key.
extension Workbench {
    package static let tooltipDelay = 0.6

    /// Follows the pointer after the chrome saw `event`: a move over a control starts the
    /// tooltip's wait (a move within the control whose tooltip shows keeps it); a press,
    /// a key or the wheel dismisses it.
    package mutating func noteHover(_ event: InputEvent, wall: Double, frames: [(ControlID, Rect)],
                            controls: [ControlID: (label: String?, kind: ControlKind)]) {
        switch event {
        case .pointerMoved(let p, _):
            let region = inspectorFrame.contains(p) || bar.contains(p)
            let hit = region && ui.active == nil ? frames.last { $0.1.contains(p) } : nil
            let hover = hit.flatMap { id, frame in
                controls[id].flatMap { c in tooltipText(id: id, label: c.label, kind: c.kind) == nil ? nil : UIState.Hover(id: id, frame: frame, label: c.label, kind: c.kind) }
            }
            if let hover, hover.id == ui.tooltipShown {
                ui.hover = hover
                return
            }
            ui.hover = hover
            ui.tooltipShown = nil
            ui.lastMoveWall = wall
        case .shift: break
        case .wheel, .focusLost:
            // The panel scrolls under a pointer at rest, or the window is left: what it was
            // over is no longer under it (the next move finds what is).
            ui.hover = nil
            ui.stageHandle = nil
            ui.lastMoveWall = nil
            ui.tooltipShown = nil
        default:
            ui.lastMoveWall = nil
            ui.tooltipShown = nil
        }
    }

    /// The tooltip showing at `wall`: the control's id, frame and text.
    package func tooltip(atWall wall: Double) -> (id: ControlID, frame: Rect, text: String)? {
        guard let h = ui.hover, let moved = ui.lastMoveWall, wall - moved >= Self.tooltipDelay,
              let text = tooltipText(id: h.id, label: h.label, kind: h.kind) else { return nil }
        return (h.id, h.frame, text)
    }

    /// True while the pointer rests over a control and its tooltip has yet to appear: the
    /// window keeps drawing until it does.
    package func tooltipPending(atWall wall: Double) -> Bool {
        guard ui.hover != nil, let moved = ui.lastMoveWall else { return false }
        return wall - moved < Self.tooltipDelay
    }

    /// The trace's `tooltip` event, once, when a tooltip appears.
    package mutating func tooltipEvents(atWall wall: Double) -> [SceneEvent] {
        guard let tip = tooltip(atWall: wall), ui.tooltipShown != tip.id else { return [] }
        ui.tooltipShown = tip.id
        return [SceneEvent(.tooltip, time: sceneTime(atWall: wall), [("id", .string(tip.id.rawValue)), ("text", .string(tip.text))])]
    }

    /// What a control does, and its key where it has one; its label otherwise.
    package func tooltipText(id control: ControlID, label: String?, kind: ControlKind) -> String? {
        let name = label ?? "", id = control.rawValue
        switch id {
        case "showAlert": return "\(sceneType.drive.label) (Enter)"
        case "play": return "Play / pause the clock (Space)"
        case "stepBack": return "One frame back (←)"
        case "stepForward": return "One frame forward (→)"
        case "loop": return "Loop the scene's drive"
        case "hud": return "HUD (H)"
        case "rate": return "Time scale: the next of 1×, 0.5×, 0.25×, 0.1×"
        case "inspectorScroll": return "Scroll the inspector: drag, or the wheel"
        case "scrub": return "Scrub the drive: drag to pose the scene at any point"
        case "savePreset": return "Save these settings as a preset"
        case "about": return "About SpringLab: version and credits"
        case "fitRecording": return "Fit the recording: spring B becomes the spring that moved it (or drop the file on the window)"
        default: break
        }
        if id.hasPrefix("rate.") { return "Play the clock at \(name)" }
        if id == "form.origami" { return "Write every spring as Origami's POP bounciness and speed (Rebound's conversion)" }
        if id.hasPrefix("form.") { return "Write every spring as \(name)" }
        if id.hasPrefix("preset.") || id.hasPrefix("builtIn.") { return "Load the preset \(name) (one undo step); its curve shows dashed over the plots" }
        if id.hasPrefix("presetMenu.") { return "Rename, duplicate or delete this preset" }
        if id.hasPrefix("builtInMenu.") { return "Duplicate this built-in preset to make one of your own" }
        if id == "presetAction.rename" { return "Rename this preset: type a name, Enter to apply, Escape to keep it" }
        if id == "presetAction.duplicate" { return "Save a copy of this preset as your own" }
        if id == "presetAction.delete" { return "Move this preset to the desktop's Trash (restore it from there)" }
        if id.hasPrefix("replacePreset.") { return "Replace the saved preset, keep both, or cancel the save" }
        if id.hasSuffix(".plot.peak") { return "Drag the peak up or down to set the bounce (Shift: finer)" }
        if id.hasSuffix(".plot.settle") { return "Drag the settle mark left or right to set the response (Shift: finer)" }
        if id.contains(".spring.") { return "\(name): click to use it; its curve shows dashed over the plot until then" }
        if id.hasSuffix(".springs") { return "Springs…: pick a named spring for this group" }
        if id.hasSuffix(".code") { return "Code…: copy this spring as SwiftUI, Compose, CSS … code, or paste one (Ctrl+C, Ctrl+V over the group)" }
        if id.contains(".copy.") { return "Copy this spring as \(name.replacingOccurrences(of: "Copy as ", with: "")) code to the clipboard" }
        if id.contains(".default.") { return "Make Ctrl+C over a spring group copy this format" }
        if id.hasSuffix(".paste") { return "Paste a spring from the clipboard: any format of this menu, or 'response, damping'" }
        if id.hasSuffix(".reset") { return "Reset: this spring back to its default" }
        switch kind {
        case .slider:
            return "\(name): drag, click the track to jump, Ctrl+wheel to step, Shift for finer, double-click to reset; click the number to type"
        case .field: return "\(name): click to type; Enter applies, Escape abandons"
        case .toggle: return "\(name): click or Space to switch"
        case .button, .scrub: return label
        }
    }

    /// The tooltip under its control (above it in the transport), kept inside the window.
    package func drawTooltip(into list: inout DisplayList, atWall wall: Double) {
        guard let tip = tooltip(atWall: wall) else { return }
        let style = TextStyle(.regular, size: 12)
        let w = measurer.width(of: tip.text, style: style) + 20
        let h = measurer.lineHeight(of: style) + 10
        let below = tip.frame.maxY + 6 + h <= windowSize.height
        let y = below ? tip.frame.maxY + 6 : tip.frame.minY - 6 - h
        let x = min(max(tip.frame.midX - w / 2, 4), max(windowSize.width - w - 4, 4))
        let box = Rect(x: x.rounded(), y: y.rounded(), width: w.rounded(.up), height: h.rounded(.up))
        let dark = theme == .dark
        list.fill(.roundedRect(box, radius: 6), Paint(fill: dark ? Color(hex: 0xF2F2F7) : Color(hex: 0x1C1C1E, alpha: 0.92),
                                                    shadow: Shadow(alpha: 0.18, radius: 8, offset: Point2(0, 3))))
        list.text(TextRun(tip.text, origin: Point2(box.minX + 10, box.minY + 5), style: style,
                          color: dark ? Color(hex: 0x1C1C1E) : .white))
    }
}

extension Workbench {
    /// What the pointer would drag where it is (or is dragging): a plot's peak moves up and
    /// down, its settle mark left and right (docs/behaviour.md §18); nil elsewhere (the arrow).
    package var pointerDrags: String? {
        let id = (ui.active ?? ui.hover?.id ?? ui.stageHandle)?.rawValue ?? ""
        if id.hasSuffix(".plot.peak") { return "vertical" }
        if id.hasSuffix(".plot.settle") { return "horizontal" }
        return nil
    }
}
