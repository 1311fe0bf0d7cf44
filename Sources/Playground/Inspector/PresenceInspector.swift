import Canvas
import Foundation
import Scenes

/// The presence scene's inspector (SPEC §4.3): the one animation that moves height and
/// presence together, the spacings, the numeric card's alignment, and the page's controls.
enum PresenceInspector {
    static var group: SpringGroup<PresenceSettings> {
        SpringGroup(id: "presence", title: "Height + presence  (one spring)",
                    first: ("response", \.animation.response, " s"),
                    damping: \.animation.damping, spring: { $0.animation.spring })
    }

    static func run(_ ui: inout UIPass, scene: inout PresenceScene, frame: Rect, scroll: Double, at t: Double,
                    footer: inout InspectorFooter, events: inout [SceneEvent]) -> (changes: [SettingChange], height: Double) {
        let panel = ui.beginPanel(frame, scroll: scroll)
        let x = panel.x, w = panel.width
        var y = panel.y
        ui.text("Presence", in: Rect(x: x, y: y, width: w, height: 20), style: UIPass.heading, color: ui.theme.label)
        y += 30
        if ui.button("presence.inspector.toggle", scene.showing ? "Hide (T)" : "Show (T)", frame: Rect(x: x, y: y, width: 100, height: 28)) {
            events += scene.toggleTapped(at: t)
        }
        if ui.button("presence.inspector.next", "Next value (N)", frame: Rect(x: x + 108, y: y, width: 124, height: 28)) {
            events += scene.nextTapped(at: t)
        }
        y += 40
        var changes: [SettingChange] = []
        var settings = scene.settings
        let defaults = PresenceSettings()
        changes += group.run(&ui, settings: &settings, defaults: defaults, x: x, y: &y, width: w)
        ui.text("Spacing", in: Rect(x: x, y: y, width: w, height: 20), style: UIPass.heading, color: ui.theme.label)
        y += 26
        for (id, label, path) in [("presence.spacing", "in cards", \PresenceSettings.spacing),
                                  ("presence.cardSpacing", "between", \PresenceSettings.cardSpacing)] {
            let row = NumberRow(id: id, label: label, path: path, step: 1, fine: 0.1, decimals: 1, unit: " pt")
            if let change = row.run(&ui, settings: &settings, defaults: defaults,
                                    frame: Rect(x: x, y: y, width: w, height: PushAlertInspector.rowHeight)) {
                changes.append(change)
            }
            y += PushAlertInspector.rowHeight + 4
        }
        y += 8
        ui.text("number", in: Rect(x: x, y: y, width: UIPass.labelWidth, height: 28), style: UIPass.label, color: ui.theme.secondaryLabel)
        let frames = UIPass.segments(3, x: x + UIPass.labelWidth, y: y, width: w - UIPass.labelWidth)
        for (alignment, frame) in zip(CollapsibleStack.Alignment.allCases, frames) {
            if ui.button("presence.align.\(alignment.rawValue)", alignment.rawValue.capitalized, frame: frame,
                         selected: settings.numberAlignment == alignment) {
                changes.append(SettingChange(name: "presence.numberAlignment", old: .string(settings.numberAlignment.rawValue),
                                             new: .string(alignment.rawValue)))
                settings.numberAlignment = alignment
            }
        }
        y += 44
        if settings != scene.settings { scene.settings = settings }
        y = ui.footer(&footer, x: x, y: y)
        return (changes, y + scroll - frame.minY)
    }
}
