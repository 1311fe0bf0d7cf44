import Canvas
import Foundation

/// The Spring Lab's inspector (docs/behaviour.md §12.1): the A/B switch first (a recorded setting, at
/// the top so it is never scrolled away), then spring A and spring B — each group with
/// every form, named springs, undo and presets from the one inspector — and under each
/// what a step from rest does on it.
extension SpringLab {
    public static var inspector: InspectorSpec<SpringLab> {
        InspectorSpec([
            .heading("Spring Lab"),
            .toggle(SceneToggle(id: abToggleID, label: "A/B: compare with spring B", path: \.settings.ab, recorded: true)),
            .spring(SpringGroupSpec(id: "a", title: "Spring A", spring: \.a)),
            .readout(ReadoutSpec(id: "a.step", style: .note) { $0.stepSummary(.a) }),
            .spring(SpringGroupSpec(id: "b", title: "Spring B", spring: \.b)),
            .readout(ReadoutSpec(id: "b.step", style: .note) { $0.stepSummary(.b) }),
        ])
    }

    /// "overshoot 1.0 % · 90 % at 262 ms": the spring's step from rest, from stop to stop.
    func stepSummary(_ card: Card) -> String {
        let c = LabCurve(spring: tunedSpring(card), from: Self.stopX(.left), target: Self.stopX(.right), velocity: 0)
        let at90 = c.reach90.map { NumberText.format("%.0f ms", $0 * 1000) } ?? "never"
        return NumberText.format("step: overshoot %.1f %% · 90 %% at %@", c.overshoot * 100, at90)
    }
}
