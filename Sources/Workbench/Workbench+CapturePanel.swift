import Canvas
import Inspector
import Scenes

/// What the capture panel (or the badge) asked for; the runner does it (`WorkbenchEffect.capture`).
package enum CaptureAction: Equatable, Sendable {
    case record, screenshot, openFolder
    /// Save the last 10, 30 or 60 s (the panel's choice) as a bundle, as F9 does (docs/behaviour.md §17).
    case saveLast
    /// The badge's ×: the background renders stop and leave nothing (docs/behaviour.md §17).
    case cancelRender
}

extension EventName {
    /// The capture panel opened or closed: `{"event": "capturePanel", "shown": true}`.
    package static let capturePanel: EventName = "capturePanel"
    /// A capture choice changed: `{"event": "captureOptions", "format": "gif", "fps": 33, …}`.
    package static let captureOptions: EventName = "captureOptions"
}

/// The capture panel (docs/behaviour.md §14, §17): the transport's Capture button opens it over the
/// stage — format, frame rate, scale, stage or whole window, the pointer overlay, the
/// take's name, how much F9 saves, and Record, Screenshot, Open folder and Save the last
/// N s. R, S and F9 follow its choices.
extension Workbench {
    package static let capturePanelSize = Size(320, 382)

    /// The transport's Capture button.
    package var captureButtonFrame: Rect {
        transportLayout.capture
    }

    /// The panel, above the Capture button, inside the window.
    package var capturePanelFrame: Rect {
        let s = Self.capturePanelSize
        // Over the stage, never over the inspector.
        let x = max(min(captureButtonFrame.minX, stage.maxX - s.width - 8), 8)
        return Rect(x: x, y: bar.minY - 8 - s.height, width: s.width, height: s.height)
    }

    /// The trace's view of the choices.
    package var captureOptionFields: [(String, TraceValue)] {
        [("format", .string(capture.format.rawValue)), ("fps", .number(Double(capture.fps))), ("scale", .number(Double(capture.scale))),
         ("area", .string(capture.wholeWindow ? "window" : "stage")), ("pointer", .bool(capture.pointer)),
         ("name", .string(capture.name)), ("last", .number(Double(capture.lastSeconds)))]
    }

    /// The panel, when open: handles the event and draws (a layer of its own, over all).
    /// A click on the badge opens the captures folder.
    package mutating func runCapturePanel(_ ui: inout UIPass, at t: Double, effects: inout [WorkbenchEffect]) -> [SceneEvent] {
        if let badge = captureBadge, let progress = badge.progress, !ui.consumed, case .pointerDown(let p, _, _) = ui.event,
           captureBadgeClose(captureBadgeFrame(text: badge.text, progress: progress)).contains(p) {
            ui.consumed = true
            effects.append(.capture(.cancelRender))
            return []
        }
        if let badge = captureBadge, !badge.recording, badge.progress == nil, !ui.consumed,
           case .pointerDown(let p, _, _) = ui.event, captureBadgeFrame(text: badge.text, progress: nil).contains(p) {
            ui.consumed = true
            effects.append(.capture(.openFolder))
            return []
        }
        guard showCapturePanel else { return [] }
        let frame = capturePanelFrame
        let before = capture
        var out: [SceneEvent] = []
        ui.pointerRegion = frame
        let start = ui.list?.commands.count ?? 0
        ui.fill(.roundedRect(frame, radius: 14), Paint(fill: theme.chrome, stroke: theme.chromeLine, strokeWidth: 1,
                                                       shadow: Shadow(alpha: 0.18, radius: 24, offset: Point2(0, 8))))
        let x = frame.minX + 16, w = frame.width - 32
        var y = frame.minY + 14
        ui.text("Capture", at: Point2(x, y), style: TextStyle(.bold, size: 14), color: theme.label)
        ui.text("R record · S screenshot", in: Rect(x: x, y: y, width: w, height: 18), style: UIPass.label,
                color: theme.secondaryLabel, right: true)
        y += 30
        func row() -> Rect { defer { y += 36 }; return Rect(x: x, y: y, width: w, height: 28) }
        let formats = CaptureOptions.Format.allCases.map { (id: $0.rawValue, label: $0.title) }
        if let f = ui.choice("capture.format", "Format", options: formats, selected: capture.format.rawValue, frame: row()),
           let format = CaptureOptions.Format(rawValue: f) {
            capture.choose(format)
        }
        let rates = CaptureOptions.rates(for: capture.format).map { (id: String($0), label: "\($0) fps") }
        if let r = ui.choice("capture.fps", "Frame rate", options: rates, selected: String(capture.fps), frame: row()),
           let fps = Int(r) {
            capture.fps = fps
        }
        let scales = CaptureOptions.scales.map { (id: String($0), label: "\($0)×") }
        if let s = ui.choice("capture.scale", "Scale", options: scales, selected: String(capture.scale), frame: row()),
           let scale = Int(s) {
            capture.scale = scale
        }
        let areas = [(id: "stage", label: "Stage"), (id: "window", label: "Window")]
        if let a = ui.choice("capture.area", "Area", options: areas, selected: capture.wholeWindow ? "window" : "stage", frame: row()) {
            capture.wholeWindow = a == "window"
        }
        _ = ui.toggle("capture.pointer", "Pointer overlay", value: &capture.pointer, frame: row())
        var name = capture.name
        if ui.textField("capture.name", "Name", value: &name, maxCharacters: CaptureOptions.nameLimit, frame: row(),
                        mayBeEmpty: true, placeholder: "none (date and scene)") {
            capture.setName(name)
        }
        let lasts = CaptureOptions.lastChoices.map { (id: String($0), label: "\($0) s") }
        if let l = ui.choice("capture.last", "F9 saves", options: lasts, selected: String(capture.lastSeconds), frame: row()),
           let seconds = Int(l) {
            capture.lastSeconds = seconds
        }
        y += 6
        let buttons = UIPass.segments(3, x: x, y: y, width: w)
        if ui.button("capture.record", captureBadge?.recording == true ? "Stop" : "Record", frame: buttons[0], prominent: true) {
            effects.append(.capture(.record))
        }
        if ui.button("capture.screenshot", "Screenshot", frame: buttons[1]) { effects.append(.capture(.screenshot)) }
        if ui.button("capture.openFolder", "Open folder", frame: buttons[2]) { effects.append(.capture(.openFolder)) }
        y += 36
        if ui.button("capture.saveLast", "Save the last \(capture.lastSeconds) s · F9", frame: Rect(x: x, y: y, width: w, height: 28)) {
            effects.append(.capture(.saveLast))
        }
        // A press elsewhere closes the panel; on the stage it does nothing more.
        if !ui.consumed, case .pointerDown(let p, _, _) = ui.event, !frame.contains(p) {
            showCapturePanel = false
            ui.consumed = stage.contains(p)
            out.append(SceneEvent(.capturePanel, time: t, [("shown", .bool(false))]))
        }
        if !ui.consumed, case .key(.escape, _, _) = ui.event {
            ui.consumed = true
            showCapturePanel = false
            out.append(SceneEvent(.capturePanel, time: t, [("shown", .bool(false))]))
        }
        // Over the stage, whatever the pointer does there is the panel's.
        if frame.contains(ui.state.pointer), ui.event.map({ if case .key = $0 { return false } else { return true } }) ?? false {
            ui.consumed = true
        }
        if let drawn = ui.list {
            let panel = Array(drawn.commands[start...])
            // The layer holds the shadow too.
            let holds = frame.insetBy(dx: -32, dy: -32)
            ui.list?.commands = Array(drawn.commands[..<start]) + [.layer(id: "capturePanel", frame: holds, content: panel)]
        }
        if capture != before { out.append(SceneEvent(.captureOptions, time: t, captureOptionFields)) }
        return out
    }

    /// The badge's frame over the stage (bottom right), for its text; nil when there is none.
    package func captureBadgeFrame(text: String, progress: Double?) -> Rect {
        let style = TextStyle(.semibold, size: 12)
        // (A render's badge has its × at the right.)
        let w = min(measurer.width(of: text, style: style) + 24 + (progress == nil ? 0 : 26), stage.width - 24)
        let h = progress == nil ? 28.0 : 36.0
        return Rect(x: stage.maxX - 12 - w, y: stage.maxY - 12 - h, width: w, height: h)
    }

    /// The × of a render's badge: cancels it.
    package func captureBadgeClose(_ box: Rect) -> Rect {
        Rect(x: box.maxX - 30, y: box.minY + 4, width: 26, height: 22)
    }
}
