import Canvas
import Foundation
import Scenes

/// The pile's inspector: its motions as the spec names them, and controls to drive it.
/// (The full set of liquid spring groups arrives with the rest of the pile.)
enum LiquidInspector {
    typealias Group = SpringGroup<LiquidPileSettings>

    /// The pile's springs, named as SPEC §5.3 uses them.
    static var groups: [Group] {
        func group(_ id: String, _ title: String, _ path: WritableKeyPath<LiquidPileSettings, SpringSetting>) -> Group {
            Group(id: id, title: title, first: ("response", path.appending(path: \.response), " s"),
                  damping: path.appending(path: \.damping), spring: { $0[keyPath: path].spring })
        }
        return [group("reveal", "Reveal  (spread, arrivals)", \.reveal), group("dismiss", "Dismiss  (gather, clear)", \.dismiss),
                group("settle", "Settle  (swipe returns)", \.settle), group("split", "Split  (buds out)", \.split),
                group("home", "Home  (buds melt in)", \.home), group("morph", "Morph  (× → Clear all)", \.morph),
                group("press", "Press  (sink under the pointer)", \.press)]
    }

    static func run(_ ui: inout UIPass, pile: inout LiquidPile, frame: Rect, scroll: Double, at t: Double,
                    footer: inout InspectorFooter, events: inout [SceneEvent]) -> (changes: [SettingChange], height: Double) {
        let panel = ui.beginPanel(frame, scroll: scroll)
        let x = panel.x, w = panel.width
        var y = panel.y
        ui.text("Liquid pile", in: Rect(x: x, y: y, width: w, height: 20), style: UIPass.heading, color: ui.theme.label)
        y += 30
        if ui.button("pile.spread", "Spread", frame: Rect(x: x, y: y, width: 90, height: 28), selected: pile.expanded) {
            events += pile.spread(at: t)
        }
        if ui.button("pile.gather", "Gather", frame: Rect(x: x + 98, y: y, width: 90, height: 28)) { events += pile.gather(at: t) }
        if ui.button("pile.add", "+ notice", frame: Rect(x: x + 196, y: y, width: 90, height: 28)) {
            events += pile.addSampleNotice(at: t)
        }
        y += 36
        if ui.button("pile.remove", "Remove by app", frame: Rect(x: x, y: y, width: 132, height: 28)),
           let last = pile.cards.last(where: { !$0.melting }) {
            events += pile.removeByApp(id: last.notice.id, at: t)
        }
        var field = pile.showField
        if ui.toggle("pile.field", "Field (F)", value: &field, frame: Rect(x: x + 150, y: y, width: w - 150, height: 28)) {
            pile.showField = field
        }
        y += 40
        var changes: [SettingChange] = []
        var settings = pile.settings
        let defaults = LiquidPileSettings()
        for g in groups {
            changes += g.run(&ui, settings: &settings, defaults: defaults, x: x, y: &y, width: w)
        }
        ui.text("Merge", in: Rect(x: x, y: y, width: w, height: 20), style: UIPass.heading, color: ui.theme.label)
        y += 26
        let merge = NumberRow<LiquidPileSettings>(id: "pile.merge", label: "merge", path: \.merge, step: 0.5, fine: 0.05,
                                                  decimals: 1, unit: " pt")
        if let change = merge.run(&ui, settings: &settings, defaults: defaults, frame: Rect(x: x, y: y, width: w, height: 30)) {
            changes.append(change)
        }
        y += 36
        if let kernel = ui.kernelPicker("pile.kernel", current: settings.kernel, x: x, y: y, width: w) {
            changes.append(SettingChange(name: "pile.kernel", old: .string(settings.kernel.rawValue), new: .string(kernel.rawValue)))
            settings.kernel = kernel
        }
        y += 40
        if settings != pile.settings { pile.settings = settings }
        y += 12
        y = ui.footer(&footer, x: x, y: y)
        return (changes, y + scroll - frame.minY)
    }
}
