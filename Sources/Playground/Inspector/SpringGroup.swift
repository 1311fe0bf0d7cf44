import Canvas
import Foundation
import Motion
import Scenes

extension UIPass {
    /// One spring's group (SPEC §6): its title and Reset, the first slider (response, or a
    /// ratio of another spring) and damping, then the derived stiffness, damping
    /// coefficient and settle time beside a small step response. Both sliders span the
    /// ranges of the settings' limits table, the same ones a preset is checked against.
    mutating func springGroup<Settings>(_ group: SpringGroupSpec<Settings>, settings: inout Settings, defaults: Settings,
                                        cursor c: inout InspectorCursor) -> [SettingChange] {
        let x = c.x, w = c.width, rowHeight = InspectorLayout.rowHeight
        let firstID = "\(group.id).\(group.first.label)", dampingID = "\(group.id).damping"
        var changes: [SettingChange] = []
        text(group.title, in: Rect(x: x, y: c.y, width: w - 60, height: 22), style: Self.heading, color: theme.label)
        if button("\(group.id).reset", "Reset", frame: Rect(x: x + w - 56, y: c.y, width: 56, height: 22)) {
            for (id, path) in [(firstID, group.first.path), (dampingID, group.damping)] where settings[keyPath: path] != defaults[keyPath: path] {
                changes.append(SettingChange(name: id, old: .number(settings[keyPath: path]), new: .number(defaults[keyPath: path])))
                settings[keyPath: path] = defaults[keyPath: path]
            }
        }
        c.y += 26
        let firstSpec = SliderSpec(range: Settings.range(of: group.first.path), defaultValue: defaults[keyPath: group.first.path],
                                   step: 0.01, fine: 0.001, decimals: 3, unit: group.first.unit)
        if let change = sliderRow(firstID, group.first.label, path: group.first.path, spec: firstSpec, settings: &settings,
                                  frame: Rect(x: x, y: c.y, width: w, height: rowHeight)) {
            changes.append(change)
        }
        c.y += rowHeight + 2
        let dampingSpec = SliderSpec(range: Settings.range(of: group.damping), defaultValue: defaults[keyPath: group.damping],
                                     step: 0.01, fine: 0.001, decimals: 3, labelAbove: (1, "overdamped"))
        if let change = sliderRow(dampingID, "damping", path: group.damping, spec: dampingSpec, settings: &settings,
                                  frame: Rect(x: x, y: c.y, width: w, height: rowHeight)) {
            changes.append(change)
        }
        c.y += rowHeight + 6
        let s = group.spring(settings)
        let derived = String(format: "k %.1f   c %.2f   settle %.0f ms%@", s.stiffness, s.damping,
                             s.settleDuration * 1000, s.dampingRatio > 1 ? "   overdamped" : "")
        let plotWidth = 96.0
        text(derived, in: Rect(x: x, y: c.y, width: w - plotWidth - 8, height: 36), style: Self.small, color: theme.secondaryLabel)
        plot([(s, accent)], frame: Rect(x: x + w - plotWidth, y: c.y, width: plotWidth, height: 36), summary: CurveSummary([s]),
             marks: false)
        c.y += 36 + 18
        return changes
    }

    /// A plain number's slider row (a spacing, a radius, a merge distance): its key path
    /// and range from the settings' limits table row `spec.key`, its default from the
    /// defaults (or the spec's own reset). Returns the change it made, if any.
    mutating func numberRow<Settings>(_ number: NumberSpec<Settings>, settings: inout Settings, defaults: Settings,
                                      frame: Rect) -> SettingChange? {
        guard let limit = number.limit else { return nil }
        let spec = SliderSpec(range: limit.range, defaultValue: number.resetValue?(settings) ?? defaults[keyPath: limit.path],
                              step: number.step, fine: number.fine, decimals: number.decimals, unit: number.unit ?? limit.unit,
                              rangeUnit: limit.unit)
        return sliderRow(number.id, number.label, path: limit.path, spec: spec, settings: &settings, frame: frame)
    }

    /// A slider over the number at `path`; returns the change for the trace, if any.
    private mutating func sliderRow<Settings>(_ id: String, _ label: String, path: WritableKeyPath<Settings, Double>,
                                              spec: SliderSpec, settings: inout Settings, frame: Rect) -> SettingChange? {
        var value = settings[keyPath: path]
        let old = value
        guard slider(id, label, value: &value, spec: spec, frame: frame) else { return nil }
        settings[keyPath: path] = value
        return SettingChange(name: id, old: .number(old), new: .number(value))
    }
}
