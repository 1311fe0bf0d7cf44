import Canvas
import Foundation
import Scenes

/// Which inspector draws a scene. A scene gets the generic inspector — a slider for every
/// number in its settings' limits table, with its key, range and default — unless it has
/// a hand-made one here (curve plots, text fields, page buttons). A new scene needs no
/// line here: the generic inspector shows and edits all its tunables.
extension Workbench {
    mutating func runInspector(_ pass: inout UIPass, at t: Double, footer: inout InspectorFooter)
        -> (changes: [SettingChange], height: Double) {
        var events: [SceneEvent] = []
        let frame = inspectorFrame, scroll = inspectorScroll
        var result: (changes: [SettingChange], height: Double)?
        result = withCurrent(LiquidPile.self) { pile in
            LiquidInspector.run(&pass, pile: &pile, frame: frame, scroll: scroll, at: t, footer: &footer, events: &events)
        } ?? withCurrent(PresenceScene.self) { scene in
            PresenceInspector.run(&pass, scene: &scene, frame: frame, scroll: scroll, at: t, footer: &footer, events: &events)
        } ?? withCurrent(NeckSandbox.self) { sandbox in
            NeckInspector.run(&pass, sandbox: &sandbox, frame: frame, scroll: scroll, footer: &footer)
        } ?? withCurrent(PushAlert.self) { alert in
            var settings = alert.settings
            let r = PushAlertInspector.run(&pass, settings: &settings, frame: frame, scroll: scroll, footer: &footer)
            if settings != alert.settings { alert.settings = settings }
            return r
        }
        inspectorEvents = events
        if let result { return result }
        return scenes[current].runGenericInspector(&pass, frame: frame, scroll: scroll, footer: &footer)
    }

    /// Runs `body` on the scene on the stage when it is an `S`.
    private mutating func withCurrent<S: Scene, R>(_ type: S.Type, _ body: (inout S) -> R) -> R? {
        guard var s = scenes[current] as? S else { return nil }
        let r = body(&s)
        scenes[current] = s
        return r
    }
}

extension Scene {
    /// The generic inspector: the scene's title, then one slider per number of its
    /// settings (SPEC §10: tunables as data, by key path), then the footer.
    mutating func runGenericInspector(_ ui: inout UIPass, frame: Rect, scroll: Double,
                                      footer: inout InspectorFooter) -> (changes: [SettingChange], height: Double) {
        typealias S = Self
        let panel = ui.beginPanel(frame, scroll: scroll)
        let x = panel.x, w = panel.width
        var y = panel.y
        ui.text(S.title, in: Rect(x: x, y: y, width: w, height: 20), style: UIPass.heading, color: ui.theme.label)
        y += 30
        var changes: [SettingChange] = []
        var settings = self.settings
        let defaults = S.Settings()
        for limit in S.Settings.limits {
            var value = settings[keyPath: limit.path]
            let span = limit.range.upperBound - limit.range.lowerBound
            let decimals = span <= 4 ? 3 : span <= 100 ? 1 : 0
            let spec = SliderSpec(range: limit.range, defaultValue: defaults[keyPath: limit.path], step: span / 100,
                                  fine: span / 1000, decimals: decimals, unit: limit.unit)
            let id = "\(S.settingsKey).\(limit.key)"
            if ui.slider(id, limit.key, value: &value, spec: spec, frame: Rect(x: x, y: y, width: w, height: PushAlertInspector.rowHeight)) {
                changes.append(SettingChange(name: id, old: .number(settings[keyPath: limit.path]), new: .number(value)))
                settings[keyPath: limit.path] = value
            }
            y += PushAlertInspector.rowHeight + 4
        }
        if settings != self.settings { self.settings = settings }
        y += 12
        y = ui.footer(&footer, x: x, y: y)
        return (changes, y + scroll - frame.minY)
    }
}
