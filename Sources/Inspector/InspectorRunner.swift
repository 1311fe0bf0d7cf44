import Canvas
import Foundation
import Motion
import Scenes

/// One setting a designer changed, for the trace: `{"event": "setting", "name":
/// "gap.response", "old": 0.32, "new": 0.4}`.
package struct SettingChange: Equatable, Sendable, Codable {
    package var name: String
    package var old: TraceValue
    package var new: TraceValue

    package init(name: String, old: TraceValue, new: TraceValue) {
        self.name = name
        self.old = old
        self.new = new
    }

    package func event(at t: Double) -> SceneEvent {
        SceneEvent(.setting, time: t, [("name", .string(name)), ("old", old), ("new", new)])
    }
}

/// What one inspector pass did: the settings it changed (for the trace), the events of
/// the page buttons it pressed, and the content's height (for the scroll limit).
package struct InspectorOutcome {
    package var changes: [SettingChange] = []
    package var events: [SceneEvent] = []
    package var height = 0.0
}

/// The inspector's vertical rhythm: every row's height and the space under it, the same
/// in every scene.
package enum InspectorLayout {
    /// A slider, a text field or a switch on its own row.
    package static let rowHeight = 30.0
    package static let rowGap = 4.0
    /// Buttons: page actions and choices.
    package static let buttonHeight = 28.0
    package static let buttonRowGap = 12.0
    /// Rows of page buttons stacked one under another sit closer.
    package static let stackedButtonRowGap = 8.0
    package static let buttonGap = 8.0
    /// A switch at the end of a row of buttons keeps this far from the last one.
    package static let switchGap = 18.0
    package static let headingHeight = 20.0
    package static let headingGap = 6.0
    /// Under a heading at the top of the panel (the scene's title).
    package static let titleGap = 10.0
    /// Above the footer (About, Save preset).
    package static let footerGap = 12.0
}

extension EventName {
    /// A setting changed by a control: `{"event": "setting", "name": "gap.response", "old": 0.32, "new": 0.4}`.
    package static let setting: EventName = "setting"
    /// A typed value the inspector refused: `{"event": "refused", "name": "gap.response",
    /// "text": "5", "reason": "out of range: 0.05 – 2 s"}`.
    package static let refused: EventName = "refused"
    /// The inspector's way of writing springs was chosen (docs/behaviour.md §11.2): `{"event": "form",
    /// "form": "duration"}`, followed by a `layout` with the form's controls.
    package static let form: EventName = "form"
}

/// Where the next row goes: the content's left edge and width, and the running top.
package struct InspectorCursor {
    package var x: Double
    package var y: Double
    package var width: Double

    /// A full-width row `height` tall at the top; the top moves down past it and `gap`.
    package mutating func row(_ height: Double, gap: Double) -> Rect {
        defer { y += height + gap }
        return Rect(x: x, y: y, width: width, height: height)
    }
}

extension Scene {
    /// The one inspector (docs/behaviour.md §6, §10): lays out, handles the pass's event and draws the
    /// scene's `inspector` list in `frame` scrolled by `scroll`, then the footer. Values
    /// change in place; every change of a setting is returned for the trace.
    /// `preview`: settings to show dashed over the plots (a preset entry under the pointer).
    package mutating func runInspector(_ ui: inout UIPass, frame: Rect, scroll: Double, at t: Double,
                               footer: inout InspectorFooter, preview: (any SceneSettings)? = nil) -> InspectorOutcome {
        let panel = ui.beginPanel(frame, scroll: scroll)
        ui.list?.commands.append(.pushClip(.rect(frame)))
        defer {
            ui.flushOverlays()
            ui.list?.commands.append(.popClip)
        }
        var cursor = InspectorCursor(x: panel.x, y: panel.y, width: panel.width)
        var out = InspectorOutcome()
        if Self.inspector.items.contains(where: { if case .spring = $0 { true } else { false } }) {
            ui.formChoice(&cursor, into: &out, at: t)
        }
        let defaults = Settings()
        let preview = ui.list == nil ? nil : (preview as? Settings) ?? UIPass.namedSpringPreview(Self.springGroups, settings: settings, state: ui.state)
        var previous: InspectorItem<Self>?
        for item in Self.inspector.items {
            // Two spacings depend on the neighbour: stacked button rows sit closer, and
            // the scene's title (a heading at the top) has more air under it.
            if case .actions? = previous, case .actions = item {
                cursor.y -= InspectorLayout.buttonRowGap - InspectorLayout.stackedButtonRowGap
            }
            run(item, &ui, &cursor, defaults: defaults, preview: preview, at: t, into: &out)
            if previous == nil, case .heading = item { cursor.y += InspectorLayout.titleGap - InspectorLayout.headingGap }
            previous = item
        }
        cursor.y += InspectorLayout.footerGap
        cursor.y = ui.footer(&footer, x: cursor.x, y: cursor.y)
        out.height = cursor.y + scroll - frame.minY
        return out
    }

    /// The scene's spring groups, in the inspector's order.
    package static var springGroups: [SpringGroupSpec<Settings>] {
        inspector.items.compactMap { if case .spring(let group) = $0 { group } else { nil } }
    }

    private mutating func run(_ item: InspectorItem<Self>, _ ui: inout UIPass, _ c: inout InspectorCursor, defaults: Settings,
                              preview: Settings?, at t: Double, into out: inout InspectorOutcome) {
        typealias L = InspectorLayout
        switch item {
        case .heading(let title):
            ui.text(title, in: c.row(L.headingHeight, gap: L.headingGap), style: UIPass.heading, color: ui.theme.label)
        case .actions(let controls):
            runActions(controls, &ui, frame: c.row(L.buttonHeight, gap: L.buttonRowGap), at: t, into: &out)
        case .toggle(let toggle):
            runToggle(toggle, &ui, frame: c.row(L.rowHeight, gap: L.rowGap), into: &out)
        case .spring(let spec):
            out.changes += editSettings {
                ui.springGroup(spec, settings: &$0, defaults: defaults, exportID: Self.exportID(ofGroup: spec.id), cursor: &c,
                               preview: preview)
            }
        case .number(let spec):
            let frame = c.row(L.rowHeight, gap: L.rowGap)
            out.changes += editSettings { ui.numberRow(spec, settings: &$0, defaults: defaults, frame: frame).map { [$0] } ?? [] }
        case .choice(let spec):
            runChoice(spec, &ui, frame: c.row(L.buttonHeight, gap: L.buttonRowGap), into: &out)
        case .text(let spec):
            let frame = c.row(L.rowHeight, gap: L.rowGap)
            out.changes += editSettings { settings in
                var text = settings[keyPath: spec.path]
                guard ui.textField(spec.id, spec.label, value: &text, maxCharacters: spec.maxCharacters, frame: frame) else { return [] }
                let old = settings[keyPath: spec.path]
                settings[keyPath: spec.path] = text
                return [SettingChange(name: spec.id.rawValue, old: .string(old), new: .string(text))]
            }
        case .readout(let spec):
            ui.readout(spec.text(self), style: spec.style, cursor: &c)
        case .curvePlot(let spec):
            let groups = Self.springGroups
            out.changes += editSettings {
                ui.curvePlot(spec, settings: &$0, groups: spec.curves.map { curve in groups.first { $0.id == curve.group } },
                             preview: preview, cursor: &c)
            }
        }
    }

    /// Runs `body` over a copy of the settings and writes it back only if it changed (a
    /// scene may re-lay its page out on every write).
    private mutating func editSettings(_ body: (inout Settings) -> [SettingChange]) -> [SettingChange] {
        var edited = settings
        let changes = body(&edited)
        if edited != settings { settings = edited }
        return changes
    }

    private mutating func runActions(_ controls: [InspectorControl<Self>], _ ui: inout UIPass, frame: Rect, at t: Double,
                                     into out: inout InspectorOutcome) {
        var x = frame.minX
        for control in controls {
            switch control {
            case .button(let action):
                let button = Rect(x: x, y: frame.minY, width: action.width, height: frame.height)
                x = button.maxX + InspectorLayout.buttonGap
                if ui.button(action.id, action.label(self), frame: button, selected: action.selected?(self) ?? false) {
                    out.events += action.perform(&self, t)
                }
            case .toggle(let toggle):
                let left = x == frame.minX ? x : x - InspectorLayout.buttonGap + InspectorLayout.switchGap
                runToggle(toggle, &ui, frame: Rect(x: left, y: frame.minY, width: frame.maxX - left, height: frame.height), into: &out)
                x = frame.maxX
            }
        }
    }

    private mutating func runToggle(_ toggle: SceneToggle<Self>, _ ui: inout UIPass, frame: Rect, into out: inout InspectorOutcome) {
        var value = self[keyPath: toggle.path]
        guard ui.toggle(toggle.id, toggle.label, value: &value, frame: frame) else { return }
        if toggle.recorded { out.changes.append(SettingChange(name: toggle.id.rawValue, old: .bool(!value), new: .bool(value))) }
        self[keyPath: toggle.path] = value
    }

    private mutating func runChoice(_ spec: ChoiceSpec<Self>, _ ui: inout UIPass, frame: Rect, into out: inout InspectorOutcome) {
        let current = spec.selected(self)
        guard let picked = ui.choice(spec.id, spec.label, options: spec.options, selected: current, frame: frame),
              picked != current || spec.reapplies else { return }
        out.changes.append(SettingChange(name: spec.setting, old: current.map { .string($0) } ?? .null, new: .string(picked)))
        spec.choose(&self, picked)
    }
}

extension Scene {
    /// What the page's own plots draw dashed for the named spring or preset under the
    /// pointer (`preset`: a preset entry's settings for this scene), or nothing.
    package func previewOverlay(state: UIState, preset: (any SceneSettings)?, at t: Double, theme: Theme) -> [DrawCommand] {
        guard let preview = (preset as? Settings) ?? UIPass.namedSpringPreview(Self.springGroups, settings: settings, state: state)
        else { return [] }
        return previewOverlay(preview, at: t, theme: theme)
    }
}

/// The last rows of every inspector: About, Save preset — the current settings of every
/// scene written as a preset file (`--preset` reads it back) — its name, and the preset list.
package struct InspectorFooter {
    package var showAbout: Bool
    package var savePreset = false
    /// The presets to list (docs/behaviour.md §18): the user's, then the built-in ones.
    package var presets: [FooterPreset] = []
    /// The list's open actions, rename and question, kept by the workbench.
    package var list = PresetListState()
    /// What a click in the list asked for.
    package var action: PresetAction?
    /// The name Save preset saves under (the scene's title until the user types one).
    package var presetName = ""
    /// A recording to fit (docs/behaviour.md §16), for the Spring Lab's Fit… row; nil: no such row.
    package var fitPath: String?
    /// Fit… was pressed, or a path was typed and committed with Enter.
    package var fitRequested = false

    package init(showAbout: Bool, savePreset: Bool = false, presets: [FooterPreset] = [], list: PresetListState = PresetListState(),
                 presetName: String = "") {
        self.showAbout = showAbout
        self.savePreset = savePreset
        self.presets = presets
        self.list = list
        self.presetName = presetName
    }

    /// The preset chosen to load, if one was.
    package var load: PresetRef? { if case .load(let ref)? = action { ref } else { nil } }
}

extension UIPass {
    /// The row choosing how every spring group writes its spring (docs/behaviour.md §11.2, §18), at the
    /// top of any inspector with a spring: `form.response`, `form.duration`,
    /// `form.stiffness`, `form.origami`.
    package mutating func formChoice(_ c: inout InspectorCursor, into out: inout InspectorOutcome, at t: Double) {
        let frame = c.row(InspectorLayout.buttonHeight, gap: InspectorLayout.buttonRowGap)
        // Four forms across the panel, as a segmented control (its tooltip names the choice).
        var picked: String?
        for (form, segment) in zip(SpringForm.allCases, Self.segments(SpringForm.allCases.count, x: frame.minX, y: frame.minY,
                                                                     width: frame.width))
            where button("form.\(form.rawValue)", form.title, frame: segment, selected: state.springForm == form) {
            picked = form.rawValue
        }
        guard let picked, let form = SpringForm(rawValue: picked), form != state.springForm else { return }
        state.springForm = form
        out.events.append(SceneEvent(.form, time: t, [("form", .string(picked))]))
    }

    /// Draws the footer row at `y`; returns the y below it.
    package mutating func footer(_ footer: inout InspectorFooter, x: Double, y: Double) -> Double {
        var y = y
        if var path = footer.fitPath {
            // Fit a recording (docs/behaviour.md §16): its title with the Fit… button at the right, as a
            // spring group's title has its buttons, and the path across the panel under it —
            // for when dropping the file is not at hand. Enter in the field fits it too.
            text("Fit a recording", in: Rect(x: x, y: y + 4, width: 200, height: 20), style: Self.heading, color: theme.label)
            if button("fitRecording", "Fit…", frame: Rect(x: x + 238, y: y, width: 70, height: 28)) { footer.fitRequested = true }
            y += 36
            let field = Rect(x: x, y: y, width: 308, height: 30)
            if textField("fitPath", "video or CSV", value: &path, maxCharacters: 400, frame: field), !path.isEmpty {
                footer.fitRequested = true
            }
            footer.fitPath = path
            y += 44
        }
        if button("about", footer.showAbout ? "Hide about" : "About SpringLab", frame: Rect(x: x, y: y, width: 132, height: 28)) {
            footer.showAbout.toggle()
        }
        if button("savePreset", "Save preset", frame: Rect(x: x + 140, y: y, width: 110, height: 28)) { footer.savePreset = true }
        y += 36
        // What Save preset names the file (docs/behaviour.md §11.4: "Save preset (name it)").
        _ = textField("presetName", "preset name", value: &footer.presetName, maxCharacters: 60,
                      frame: Rect(x: x, y: y, width: 250 + Self.labelWidth - 92, height: 30))
        y += 40
        if let name = footer.list.confirmReplace {
            y = replaceQuestion(name, x: x, y: y, action: &footer.action)
        }
        guard !footer.presets.isEmpty else { return y }
        return presetList(footer.presets, state: &footer.list, x: x, y: y, action: &footer.action) + 12
    }

    /// A line the scene writes: a note under the slider column, or a value across the panel
    /// with a little air above it.
    package mutating func readout(_ text: String, style: ReadoutStyle, cursor c: inout InspectorCursor) {
        switch style {
        case .note:
            c.y -= 2  // tucked under the slider it speaks of
            let row = c.row(16, gap: 6)
            self.text(text, in: Rect(x: row.minX + Self.labelWidth, y: row.minY, width: row.width - Self.labelWidth, height: row.height),
                      style: Self.small, color: theme.secondaryLabel)
        case .value:
            c.y += 8
            self.text(text, in: c.row(18, gap: 4), style: Self.value, color: theme.label)
        }
    }
}
