import Canvas
import Foundation
import Scenes

/// The neck sandbox's inspector (SPEC §5.4): merge distance, smoothing, kernel, the
/// shapes, and the live readout of the waist and the snap gap.
enum NeckInspector {
    static func run(_ ui: inout UIPass, sandbox: inout NeckSandbox, frame: Rect, scroll: Double,
                    footer: inout InspectorFooter) -> (changes: [SettingChange], height: Double) {
        var changes: [SettingChange] = []
        let panel = ui.beginPanel(frame, scroll: scroll)
        let x = panel.x, w = panel.width
        var y = panel.y
        let row = PushAlertInspector.rowHeight
        ui.text("Neck sandbox", in: Rect(x: x, y: y, width: w, height: 20), style: UIPass.heading, color: ui.theme.label)
        y += 28
        var merge = sandbox.merge
        let limits = NeckSettings.self
        let mergeSpec = SliderSpec(range: limits.range(of: \.merge), defaultValue: LiquidGroup.defaultMerge, step: 1, fine: 0.1,
                                   decimals: 1, unit: " pt")
        if ui.slider("neck.merge", "merge", value: &merge, spec: mergeSpec, frame: Rect(x: x, y: y, width: w, height: row)) {
            changes.append(SettingChange(name: "neck.merge", old: .number(sandbox.merge), new: .number(merge)))
            sandbox.merge = merge
        }
        y += row + 4
        var k = sandbox.smoothing ?? sandbox.merge / 4
        let kSpec = SliderSpec(range: limits.range(of: \.effectiveSmoothing), defaultValue: sandbox.merge / 4, step: 0.25,
                               fine: 0.025, decimals: 2, unit: " pt")
        if ui.slider("neck.smoothing", "smoothing k", value: &k, spec: kSpec, frame: Rect(x: x, y: y, width: w, height: row)) {
            changes.append(SettingChange(name: "neck.smoothing", old: .number(sandbox.smoothing ?? sandbox.merge / 4), new: .number(k)))
            // Back on merge / 4 (a double-click reset) it follows the merge again.
            sandbox.smoothing = abs(k - sandbox.merge / 4) < 1e-9 ? nil : k
        }
        y += row + 2
        ui.text(sandbox.smoothing == nil ? "k follows merge / 4" : "k set by hand · double-click to follow merge",
                in: Rect(x: x + UIPass.labelWidth, y: y, width: w - UIPass.labelWidth, height: 16), style: UIPass.small,
                color: ui.theme.secondaryLabel)
        y += 24
        if let kernel = ui.kernelPicker("neck.kernel", current: sandbox.kernel, x: x, y: y, width: w) {
            changes.append(SettingChange(name: "neck.kernel", old: .string(sandbox.kernel.rawValue), new: .string(kernel.rawValue)))
            sandbox.kernel = kernel
        }
        y += 40
        ui.text("shapes", in: Rect(x: x, y: y, width: UIPass.labelWidth, height: 28), style: UIPass.label, color: ui.theme.secondaryLabel)
        let shapeFrames = UIPass.segments(NeckMeasure.Kind.allCases.count, x: x + UIPass.labelWidth, y: y, width: w - UIPass.labelWidth)
        for (kind, frame) in zip(NeckMeasure.Kind.allCases, shapeFrames) {
            if ui.button("neck.shape.\(kind.rawValue)", kind.rawValue.capitalized, frame: frame,
                         selected: sandbox.pieces.first?.kind == kind) {
                let size: Size = kind == .card ? Size(120, 60) : (kind == .circle ? Size(40, 40) : Size(80, 30))
                for i in 0..<min(2, sandbox.pieces.count) { sandbox.pieces[i].kind = kind; sandbox.pieces[i].size = size }
                // Keep the pair at the joined gap (4 pt) and the bubble apart (26 pt).
                if sandbox.pieces.count >= 2 {
                    sandbox.pieces[1].center.x = sandbox.pieces[0].center.x + size.width + LiquidGroup.joinedGap
                    sandbox.pieces[1].center.y = sandbox.pieces[0].center.y
                }
                if sandbox.pieces.count >= 3 {
                    let bubble = sandbox.pieces[2].size.width / 2
                    sandbox.pieces[2].center = Point2(sandbox.pieces[1].center.x + size.width / 2 + LiquidGroup.apartGap + bubble,
                                                      sandbox.pieces[1].center.y)
                }
                changes.append(SettingChange(name: "neck.shape", old: .null, new: .string(kind.rawValue)))
            }
        }
        y += 40
        var field = sandbox.showField
        if ui.toggle("neck.field", "Merge band (F)", value: &field, frame: Rect(x: x, y: y, width: w, height: row)) {
            sandbox.showField = field
        }
        y += row + 16
        // The live waist / gap / snap readout is drawn on the stage, not here: this panel
        // is a cached layer and would be redrawn on every frame of a drag.
        ui.text(String(format: "snaps apart at   %.1f pt", sandbox.snapGap), in: Rect(x: x, y: y, width: w, height: 18),
                style: UIPass.value, color: ui.theme.label)
        y += 22
        y += 12
        y = ui.footer(&footer, x: x, y: y)
        return (changes, y + scroll - frame.minY)
    }
}
