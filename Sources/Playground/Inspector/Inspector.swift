import Canvas
import Foundation
import Motion
import Scenes

/// One setting a designer changed, for the trace: `{"event": "setting", "name":
/// "gap.response", "old": 0.32, "new": 0.4}`.
struct SettingChange: Equatable {
    var name: String
    var old: TraceValue
    var new: TraceValue

    func event(at t: Double) -> SceneEvent {
        SceneEvent("setting", time: t, [("name", .string(name)), ("old", old), ("new", new)])
    }
}

/// The Push Alert's inspector (SPEC §6): a group per spring — response and damping
/// sliders, the derived stiffness, damping coefficient and settle time, a small step
/// response and a reset — the gap/alert curve plot with the lead, then the scene's other
/// tunables. Immediate mode: `run` lays out, handles the pass's event and draws, over
/// the caller's settings.
enum PushAlertInspector {
    typealias Group = SpringGroup<PushAlertSettings>

    static let defaults = PushAlertSettings()

    static var groups: [Group] { [
        Group(id: "gap", title: "Gap", first: ("response", \.gap.response, " s"), damping: \.gap.damping,
              spring: { $0.gap.spring }),
        Group(id: "alert", title: "Alert", first: ("response", \.alert.response, " s"), damping: \.alert.damping,
              spring: { $0.alert.spring }),
        Group(id: "leave", title: "Leave  (alert response × ratio)", first: ("ratio", \.leaveRatio, "×"),
              damping: \.leaveDamping, spring: { $0.leave.spring }),
        Group(id: "close", title: "Close  (gap response × ratio)", first: ("ratio", \.closeRatio, "×"),
              damping: \.closeDamping, spring: { $0.close.spring }),
        Group(id: "throw", title: "Throw", first: ("response", \.throwSpring.response, " s"), damping: \.throwSpring.damping,
              spring: { $0.throwSpring.spring }),
        Group(id: "return", title: "Return", first: ("response", \.returnSpring.response, " s"),
              damping: \.returnSpring.damping, spring: { $0.returnSpring.spring }),
    ] }

    static var tunables: [NumberRow<PushAlertSettings>] { [
        NumberRow(id: "commit.fraction", label: "commit at", path: \.commitFraction, step: 0.01, fine: 0.001, decimals: 2,
                  unit: " W"),
        NumberRow(id: "dismiss.velocity", label: "dismiss speed", path: \.dismissVelocity, step: 10, fine: 1, decimals: 0,
                  unit: ""),
        NumberRow(id: "spacing.below", label: "spacing below", path: \.spacingBelow, step: 1, fine: 0.1, decimals: 1, unit: ""),
        NumberRow(id: "corner.radius", label: "corner radius", path: \.cornerRadius, step: 1, fine: 0.1, decimals: 1, unit: ""),
    ] }

    static let gapColor = Color(hex: 0x0A84FF)
    static let alertColor = Color(hex: 0xFF9F0A)
    static let rowHeight = 30.0

    /// Runs the inspector in `frame`, scrolled by `scroll` points. Returns the changes and
    /// the content height (for the scroll limit).
    static func run(_ ui: inout UIPass, settings: inout PushAlertSettings, frame: Rect, scroll: Double,
                    footer: inout InspectorFooter) -> (changes: [SettingChange], height: Double) {
        var changes: [SettingChange] = []
        let panel = ui.beginPanel(frame, scroll: scroll)
        let x = panel.x, w = panel.width
        var y = panel.y
        ui.list?.commands.append(.pushClip(.rect(frame)))
        defer { ui.list?.commands.append(.popClip) }

        // The pair's step responses on one axis, with the lead.
        let summary = CurveSummary([settings.gap.spring, settings.alert.spring])
        ui.text("Gap and alert", in: Rect(x: x, y: y, width: w, height: 18), style: UIPass.heading, color: ui.theme.label)
        let lead = summary.leadMs.map { String(format: "lead %.0f ms at 90 %%", $0) } ?? "no lead"
        ui.text(lead, in: Rect(x: x, y: y, width: w, height: 18), style: UIPass.value, color: ui.theme.label, right: true)
        y += 22
        let plotFrame = Rect(x: x, y: y, width: w, height: 96)
        ui.frames.append(("plot", plotFrame))
        ui.plot([(settings.gap.spring, gapColor), (settings.alert.spring, alertColor)], frame: plotFrame, summary: summary,
                marks: true)
        y += 100
        for (i, (name, color)) in [("gap", gapColor), ("alert", alertColor)].enumerated() {
            let at90 = summary.reach90[i].map { String(format: "%.0f ms", $0 * 1000) } ?? "never"
            let line = String(format: "%@  90 %% at %@ · settled at %.0f ms", name, at90, summary.settle[i] * 1000)
            ui.fill(.circle(center: Point2(x + 4, y + 8), radius: 3.5), Paint(fill: color))
            ui.text(line, in: Rect(x: x + 14, y: y, width: w - 14, height: 16), style: UIPass.small, color: ui.theme.secondaryLabel)
            y += 17
        }
        y += 12

        for group in groups {
            changes += group.run(&ui, settings: &settings, defaults: defaults, x: x, y: &y, width: w)
        }

        ui.text("Push Alert", in: Rect(x: x, y: y, width: w, height: 20), style: UIPass.heading, color: ui.theme.label)
        y += 24
        for row in tunables {
            if let change = row.run(&ui, settings: &settings, defaults: defaults, frame: Rect(x: x, y: y, width: w, height: rowHeight)) {
                changes.append(change)
            }
            y += rowHeight + 4
        }
        var title = settings.title
        if ui.textField("title.text", "title", value: &title, maxCharacters: PushAlertSettings.maxTitleCharacters,
                        frame: Rect(x: x, y: y, width: w, height: rowHeight)) {
            changes.append(SettingChange(name: "title.text", old: .string(settings.title), new: .string(title)))
            settings.title = title
        }
        y += rowHeight + 4
        var reduce = settings.reduceMotion
        if ui.toggle("reduceMotion", "Reduce Motion", value: &reduce, frame: Rect(x: x, y: y, width: w, height: rowHeight)) {
            changes.append(SettingChange(name: "reduceMotion", old: .bool(settings.reduceMotion), new: .bool(reduce)))
            settings.reduceMotion = reduce
        }
        y += rowHeight + 12
        y = ui.footer(&footer, x: x, y: y)
        return (changes, y + scroll - frame.minY)
    }

}

/// The last row of every inspector: About, and Save preset — the current settings of
/// every scene written as a preset file (`--preset` reads it back).
struct InspectorFooter {
    var showAbout: Bool
    var savePreset = false
}

extension UIPass {
    /// Draws the footer row at `y`; returns the y below it.
    mutating func footer(_ footer: inout InspectorFooter, x: Double, y: Double) -> Double {
        if button("about", footer.showAbout ? "Hide about" : "About SpringLab", frame: Rect(x: x, y: y, width: 132, height: 28)) {
            footer.showAbout.toggle()
        }
        if button("savePreset", "Save preset", frame: Rect(x: x + 140, y: y, width: 110, height: 28)) { footer.savePreset = true }
        return y + 44
    }
}
