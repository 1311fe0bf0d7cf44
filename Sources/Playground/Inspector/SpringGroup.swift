import Canvas
import Foundation
import Motion
import Scenes

/// One spring's group in an inspector (SPEC §6): its first slider (response, or a ratio
/// of another spring) and damping, the derived stiffness, damping coefficient and settle
/// time, a small step response and a reset — over any settings type. Both sliders span
/// the ranges of the settings' limits table, the same ones a preset is checked against.
struct SpringGroup<Settings: BoundedSettings> {
    var id: String
    var title: String
    /// The first slider's label, value and unit (" s" for a response, "×" for a ratio).
    var first: (label: String, path: WritableKeyPath<Settings, Double>, unit: String)
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
        let firstSpec = SliderSpec(range: Settings.range(of: first.path), defaultValue: defaults[keyPath: first.path],
                                   step: 0.01, fine: 0.001, decimals: 3, unit: first.unit)
        if ui.slider("\(id).\(first.label)", first.label, value: &value, spec: firstSpec,
                     frame: Rect(x: x, y: y, width: w, height: rowHeight)) {
            settings[keyPath: first.path] = value
            changes.append(SettingChange(name: "\(id).\(first.label)", old: .number(oldValue), new: .number(value)))
        }
        y += rowHeight + 2
        var ratio = settings[keyPath: damping]
        let oldRatio = ratio
        let spec = SliderSpec(range: Settings.range(of: damping), defaultValue: defaults[keyPath: damping], step: 0.01,
                              fine: 0.001, decimals: 3, labelAbove: (1, "overdamped"))
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

/// A plain number's slider row in an inspector (a spacing, a radius, a merge distance):
/// its range comes from the settings' limits table, its default from the defaults.
struct NumberRow<Settings: BoundedSettings> {
    var id: String
    var label: String
    var path: WritableKeyPath<Settings, Double>
    var step: Double
    var fine: Double
    var decimals: Int
    var unit: String

    func spec(defaults: Settings) -> SliderSpec {
        SliderSpec(range: Settings.range(of: path), defaultValue: defaults[keyPath: path], step: step, fine: fine,
                   decimals: decimals, unit: unit)
    }

    /// Runs the slider in `frame`; returns the change it made, if any.
    func run(_ ui: inout UIPass, settings: inout Settings, defaults: Settings, frame: Rect) -> SettingChange? {
        var value = settings[keyPath: path]
        let old = value
        guard ui.slider(id, label, value: &value, spec: spec(defaults: defaults), frame: frame) else { return nil }
        settings[keyPath: path] = value
        return SettingChange(name: id, old: .number(old), new: .number(value))
    }
}
