import Canvas
import Foundation

/// The neck sandbox's inspector (docs/behaviour.md §5.4): merge distance, smoothing, kernel, the
/// shapes, the merge band and the snap gap. The live waist and gap are drawn on the stage:
/// the inspector is a cached layer and would be redrawn on every frame of a drag.
extension NeckSandbox {
    public static var inspector: InspectorSpec<NeckSandbox> {
        InspectorSpec([
            .heading("Neck sandbox"),
            .number(NumberSpec(id: "neck.merge", label: "merge", limit: .merge, step: 1, fine: 0.1, decimals: 1)),
            .number(NumberSpec(id: "neck.smoothing", label: "smoothing k", limit: .smoothing, step: 0.25, fine: 0.025, decimals: 2,
                               resetValue: { $0.merge / 4 })),
            .readout(ReadoutSpec(id: "neck.smoothing.note", style: .note) {
                $0.smoothing == nil ? "k follows merge / 4" : "k set by hand · double-click to follow merge"
            }),
            .choice(ChoiceSpec(id: "neck.kernel", label: "kernel", path: \.kernel)),
            .choice(ChoiceSpec(id: "neck.shape", label: "shapes", reapplies: true, get: { $0.pieces.first?.kind },
                               set: { $0.setShape($1) })),
            .toggle(SceneToggle(id: "neck.field", label: "Merge band (F)", path: \.showField)),
            .readout(ReadoutSpec(id: "neck.snap", style: .value) { String(format: "snaps apart at   %.1f pt", $0.snapGap) }),
        ])
    }

    /// Makes the first two pieces `kind` at its sandbox size (card 120×60, circle 40,
    /// capsule 80×30) and lays the row out again: the pair at the joined gap (4 pt), so a
    /// neck shows at once, and the bubble apart (26 pt), so it does not.
    public mutating func setShape(_ kind: NeckMeasure.Kind) {
        let size: Size = kind == .card ? Size(120, 60) : (kind == .circle ? Size(40, 40) : Size(80, 30))
        for i in 0..<min(2, pieces.count) {
            pieces[i].kind = kind
            pieces[i].size = size
        }
        if pieces.count >= 2 {
            pieces[1].center = Point2(pieces[0].center.x + size.width + LiquidGroup.joinedGap, pieces[0].center.y)
        }
        if pieces.count >= 3 {
            let bubble = pieces[2].size.width / 2
            pieces[2].center = Point2(pieces[1].center.x + size.width / 2 + LiquidGroup.apartGap + bubble, pieces[1].center.y)
        }
    }
}
