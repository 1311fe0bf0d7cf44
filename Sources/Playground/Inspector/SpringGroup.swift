import Canvas
import Foundation
import Motion

/// One spring's group in an inspector (SPEC §6): its first slider (response, or a ratio
/// of another spring) and damping, the derived stiffness, damping coefficient and settle
/// time, a small step response and a reset — over any settings type.
struct SpringGroup<Settings> {
    var id: String
    var title: String
    var first: (label: String, path: WritableKeyPath<Settings, Double>, spec: SliderSpec)
    var damping: WritableKeyPath<Settings, Double>
    var spring: (Settings) -> Spring

    func run(_ ui: inout UIPass, settings: inout Settings, defaults: Settings, x: Double, y: inout Double,
             width w: Double) -> [SettingChange] {
        let rowHeight = PushAlertInspector.rowHeight
        var changes: [SettingChange] = []
        ui.text(title, in: Rect(x: x, y: y, width: w - 60, height: 22), style: UIPass.heading, color: ui.theme.label)
        if ui.button("\(id).reset", "Reset", frame: Rect(x: x + w - 56, y: y, width: 56, height: 22)) {
            for path in [first.path, damping] where settings[keyPath: path] != defaults[keyPath: path] {
                let name = path == damping ? "\(id).damping" : "\(id).\(first.label)"
                changes.append(SettingChange(name: name, old: .number(settings[keyPath: path]), new: .number(defaults[keyPath: path])))
                settings[keyPath: path] = defaults[keyPath: path]
            }
        }
        y += 26
        var value = settings[keyPath: first.path]
        let oldValue = value
        if ui.slider("\(id).\(first.label)", first.label, value: &value, spec: first.spec,
                     frame: Rect(x: x, y: y, width: w, height: rowHeight)) {
            settings[keyPath: first.path] = value
            changes.append(SettingChange(name: "\(id).\(first.label)", old: .number(oldValue), new: .number(value)))
        }
        y += rowHeight + 2
        var ratio = settings[keyPath: damping]
        let oldRatio = ratio
        let spec = SliderSpec.damping(defaults[keyPath: damping])
        if ui.slider("\(id).damping", "damping", value: &ratio, spec: spec, frame: Rect(x: x, y: y, width: w, height: rowHeight)) {
            settings[keyPath: damping] = ratio
            changes.append(SettingChange(name: "\(id).damping", old: .number(oldRatio), new: .number(ratio)))
        }
        y += rowHeight + 6
        let s = spring(settings)
        let derived = String(format: "k %.1f   c %.2f   settle %.0f ms%@", s.stiffness, s.damping,
                             s.settleDuration * 1000, s.dampingRatio > 1 ? "   overdamped" : "")
        let plotWidth = 96.0
        ui.text(derived, in: Rect(x: x, y: y, width: w - plotWidth - 8, height: 36), style: UIPass.small,
                color: ui.theme.secondaryLabel)
        let plotFrame = Rect(x: x + w - plotWidth, y: y, width: plotWidth, height: 36)
        ui.plot([(s, ui.accent)], frame: plotFrame, summary: CurveSummary([s]), marks: false)
        y += 36 + 18
        return changes
    }
}
