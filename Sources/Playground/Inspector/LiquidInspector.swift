import Canvas
import Foundation
import Scenes

/// The pile's inspector: its motions as the spec names them, and controls to drive it.
/// (The full set of liquid spring groups arrives with the rest of the pile.)
enum LiquidInspector {
    static func run(_ ui: inout UIPass, pile: inout LiquidPile, frame: Rect, scroll: Double, at t: Double,
                    showAbout: inout Bool, events: inout [SceneEvent]) -> (changes: [SettingChange], height: Double) {
        ui.pointerRegion = frame
        ui.fill(.rect(frame), Paint(fill: ui.theme.chrome))
        ui.fill(.rect(Rect(x: frame.minX, y: frame.minY, width: 1, height: frame.height)), Paint(fill: ui.theme.chromeLine))
        let x = frame.minX + 16, w = frame.width - 32
        var y = frame.minY + 14 - scroll
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
        let lines = ["spread: reveal (0.50, bounce 0.20)", "gather: dismiss (0.30, bounce 0.08)",
                     "buds out: (0.62, bounce 0.22), +0.06 s, 0.05 s apart", "buds home: (0.50, 0), last first, 0.04 s apart",
                     "swipe: commit past 40 % or coast (r 0.99) past 40 %", "throw: (0.28, 0), leaves the list 0.16 s later",
                     "merge 8 pt — below the 12 pt list gap",
                     "clear all: × → red capsule, letters 22 ms apart, folds after 3 s",
                     "clearing: from the bottom 70 ms apart, top card last at 0.62 s",
                     "arrival: drops in from −52.8 pt (list −12) on reveal"]
        for line in lines {
            ui.text(line, in: Rect(x: x, y: y, width: w, height: 18), style: UIPass.small, color: ui.theme.secondaryLabel)
            y += 20
        }
        y += 12
        if ui.button("about", showAbout ? "Hide about" : "About SpringLab", frame: Rect(x: x, y: y, width: 132, height: 28)) {
            showAbout.toggle()
        }
        y += 44
        return ([], y + scroll - frame.minY)
    }
}
