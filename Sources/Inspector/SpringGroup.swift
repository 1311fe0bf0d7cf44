import Canvas
import Foundation
import Motion
import Scenes

extension UIPass {
    /// One spring's group (docs/behaviour.md §6, §11.2): its title and Reset, the spring's numbers in the
    /// inspector's form — response and damping, duration and bounce, or mass, stiffness and
    /// damping coefficient — then the derived numbers beside a small step response.
    ///
    /// Whatever the form, the settings keep response and damping ratio: every number shown
    /// is converted from them (docs/behaviour.md §1.1), and a typed or dragged one is converted back into
    /// the one stored setting it moves, so the `setting` event names it (`gap.damping` for
    /// a bounce) and presets, replays and undo see what they always saw. A value whose
    /// conversion leaves the stored range is refused with the form's range.
    package mutating func springGroup<Settings>(_ group: SpringGroupSpec<Settings>, settings: inout Settings, defaults: Settings,
                                        exportID: String, cursor c: inout InspectorCursor, preview: Settings? = nil) -> [SettingChange] {
        let x = c.x, w = c.width, rowHeight = InspectorLayout.rowHeight, top = c.y
        let firstID: ControlID = "\(group.id).\(group.first.label)", dampingID: ControlID = "\(group.id).damping"
        var changes: [SettingChange] = []
        // A ratio group's first number is a ratio, not a response: no named spring fits it.
        let named = group.first.unit != "×"
        let codeMenuID: ControlID = "\(group.id).code"
        // The title's note ("(alert response × ratio)") goes on a line of its own under it.
        let title = Self.shortTitle(group.title), note = group.title.dropFirst(title.count).trimmingCharacters(in: .whitespaces)
        text(title, in: Rect(x: x, y: c.y, width: w - (named ? 188 : 114), height: 22), style: Self.heading, color: theme.label)
        if named, button("\(group.id).springs", "Springs…", frame: Rect(x: x + w - 128, y: c.y, width: 74, height: 22),
                         selected: state.openMenu == group.id) {
            state.openMenu = state.openMenu == group.id ? nil : group.id
        }
        if button(codeMenuID, "Code…", frame: Rect(x: x + w - (named ? 186 : 112), y: c.y, width: 54, height: 22),
                  selected: state.openMenu == codeMenuID) {
            state.openMenu = state.openMenu == codeMenuID ? nil : codeMenuID
        }
        if button("\(group.id).reset", "Reset", frame: Rect(x: x + w - 50, y: c.y, width: 50, height: 22)) {
            for (id, path) in [(firstID, group.first.path), (dampingID, group.damping)] where settings[keyPath: path] != defaults[keyPath: path] {
                changes.append(SettingChange(name: id.rawValue, old: .number(settings[keyPath: path]), new: .number(defaults[keyPath: path])))
                settings[keyPath: path] = defaults[keyPath: path]
            }
            state.masses[group.id] = nil
        }
        // A click on the title row (not on its buttons) gives the group the keyboard: Ctrl+C
        // and Ctrl+V then act on it while the pointer is elsewhere (docs/behaviour.md §15.3).
        let titleRow = Rect(x: x, y: top, width: w, height: 22), titleID: ControlID = "\(group.id).title"
        if pressed(in: titleRow) != nil { consumed = true; state.focus = titleID }
        if state.focus == titleID {
            fill(.roundedRect(titleRow.insetBy(dx: -4, dy: -2), radius: 6), Paint(fill: .clear, stroke: accent, strokeWidth: 1.5))
        }
        c.y += 26
        if !note.isEmpty {
            text(note, in: Rect(x: x, y: c.y - 2, width: w, height: 14), style: Self.small, color: theme.secondaryLabel)
            c.y += 16
        }
        if named, state.openMenu == group.id {
            changes += namedSpringMenu(group, settings: &settings, cursor: &c)
        }
        if state.openMenu == codeMenuID {
            codeMenu(group, settings: settings, exportID: exportID, cursor: &c)
        }
        let fields = SpringFields(group, settings: settings, defaults: defaults, form: state.springForm,
                                  mass: state.masses[group.id] ?? 1).fields
        for (i, field) in fields.enumerated() {
            var value = field.shown
            let frame = Rect(x: x, y: c.y, width: w, height: rowHeight)
            c.y += rowHeight + (i == fields.count - 1 ? 6 : 2)
            guard slider(field.id, field.label, value: &value, spec: field.spec, frame: frame) else { continue }
            guard let target = field.target else {
                state.masses[group.id] = value
                continue
            }
            // (Origami's speed moves the damping ratio too: both, each inside its range.)
            let writes = [(target.name, target.path, target.range, field.stored(value))]
                + (field.also.map { [($0.name, $0.path, $0.range, $0.stored(value))] } ?? [])
            for (name, path, range, stored) in writes {
                let old = settings[keyPath: path]
                let new = min(max(stored, range.lowerBound), range.upperBound)
                guard new != old else { continue }
                settings[keyPath: path] = new
                changes.append(SettingChange(name: name, old: .number(old), new: .number(new)))
            }
        }
        let plotWidth = 96.0
        let plotFrame = Rect(x: x + w - plotWidth, y: c.y, width: plotWidth, height: 36)
        // The plot's handles: its peak sets the bounce, its settle mark the response (docs/behaviour.md §18).
        changes += plotHandles(group, id: "\(group.id).plot", settings: &settings, plot: plotFrame, springs: [group.spring(settings)])
        let s = group.spring(settings)
        if list != nil {  // (the derived numbers and the curve are drawing only)
            text(SpringFields<Settings>.derived(s, form: state.springForm, ratio: group.first.unit == "×"),
                 in: Rect(x: x, y: c.y, width: w - plotWidth - 8, height: 36), style: Self.small, color: theme.secondaryLabel)
            // A named spring or a preset under the pointer: its curve dashed over this one.
            let ghost = preview.map { group.spring($0) }.flatMap { $0 == s ? nil : $0 }
            // On the curve's own time axis: the curve in force stays put under the preview.
            let summary = plotSummary(for: "\(group.id).plot", [s])
            plot([(s, accent)], frame: plotFrame, summary: summary, marks: false, dashed: ghost.map { [($0, accent)] } ?? [])
            drawPlotHandles(id: "\(group.id).plot", plot: plotFrame, spring: s, summary: summary, color: accent)
        }
        c.y += 36 + 18
        changes += codeKeys(group, settings: &settings, exportID: exportID, region: Rect(x: x, y: top, width: w, height: c.y - 12 - top))
        return changes
    }

    /// The open menu of named springs (docs/behaviour.md §11.4): one row a spring, its platform and name;
    /// choosing one sets the group's response and damping ratio (one undo step, two
    /// `setting` events) and closes the menu.
    private mutating func namedSpringMenu<Settings>(_ group: SpringGroupSpec<Settings>, settings: inout Settings,
                                                    cursor c: inout InspectorCursor) -> [SettingChange] {
        var changes: [SettingChange] = []
        let firstID: ControlID = "\(group.id).\(group.first.label)", dampingID: ControlID = "\(group.id).damping"
        for spring in SpringLibrary.all {
            let frame = Rect(x: c.x, y: c.y, width: c.width, height: 22)
            c.y += 24
            // Its small step response at the row's right (docs/behaviour.md §18); a long name is cut before it.
            let size = Self.presetCurveSize
            let clicked = button("\(group.id).spring.\(spring.id)", fitted(spring.name, width: frame.width - size.width - 28),
                                 frame: frame, leading: true)
            controls["\(group.id).spring.\(spring.id)"] = (spring.name, .button)
            miniCurves([spring.spring], frame: Rect(x: frame.maxX - size.width - 8, y: frame.midY - size.height / 2,
                                                    width: size.width, height: size.height))
            guard clicked else { continue }
            state.openMenu = nil
            let values = Self.namedValues(spring)
            for (id, path, new) in [(firstID, group.first.path, values.response), (dampingID, group.damping, values.damping)] {
                let old = settings[keyPath: path]
                guard new != old else { continue }
                settings[keyPath: path] = new
                changes.append(SettingChange(name: id.rawValue, old: .number(old), new: .number(new)))
            }
        }
        c.y += 6
        return changes
    }

    /// The response and damping ratio a named spring sets: to the precision shown, like
    /// any value a pointer sets (docs/behaviour.md §11.1).
    package static func namedValues(_ spring: NamedSpring) -> (response: Double, damping: Double) {
        ((spring.response * 1000).rounded() / 1000, (spring.dampingRatio * 1000).rounded() / 1000)
    }

    /// The settings with the named spring under the pointer (an open Springs… menu's entry)
    /// set on its group: what the plots show dashed until a click applies it.
    package static func namedSpringPreview<Settings>(_ groups: [SpringGroupSpec<Settings>], settings: Settings,
                                                     state: UIState) -> Settings? {
        guard let id = state.hover?.id.rawValue else { return nil }
        // (Only while its menu is open: Escape closes it under a pointer that has not moved.)
        for group in groups where state.openMenu == group.id && id.hasPrefix("\(group.id).spring.") {
            guard let named = SpringLibrary.all.first(where: { id == "\(group.id).spring.\($0.id)" }) else { continue }
            var shown = settings
            let values = namedValues(named)
            shown[keyPath: group.first.path] = values.response
            shown[keyPath: group.damping] = values.damping
            return shown
        }
        return nil
    }

    /// A plain number's slider row (a spacing, a radius, a merge distance): its key path
    /// and range from its limits table row, its default from the defaults (or the documented
    /// own reset). Returns the change it made, if any.
    package mutating func numberRow<Settings>(_ number: NumberSpec<Settings>, settings: inout Settings, defaults: Settings,
                                      frame: Rect) -> SettingChange? {
        let limit = number.limit
        let spec = SliderSpec(range: limit.range, defaultValue: number.resetValue?(settings) ?? defaults[keyPath: limit.path],
                              step: number.step, fine: number.fine, decimals: number.decimals, unit: number.unit ?? limit.unit,
                              rangeUnit: limit.unit)
        var value = settings[keyPath: limit.path]
        let old = value
        guard slider(number.id, number.label, value: &value, spec: spec, frame: frame) else { return nil }
        settings[keyPath: limit.path] = value
        return SettingChange(name: number.id.rawValue, old: .number(old), new: .number(value))
    }
}
