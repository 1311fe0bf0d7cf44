import Canvas
import Foundation
import Motion

/// The sandbox's readout (docs/behaviour.md §5.4) in its three forms — the stage's line, the HUD's and
/// the `pieceDropped` trace fields — all from one `NeckReading`, so they cannot disagree.
extension NeckSandbox {
    /// The stage's line: which pair, its gap and waist (as a share of the thinner shape's
    /// height — its width when the pair stands one above the other), and the snap gap —
    /// `shapes 2–3   gap 4.0 pt   waist 21.1 pt (70 % of height)   snaps at 10.0 pt`;
    /// `shapes 1–2   gap 14.0 pt   no neck   snaps at 10.0 pt` once it has snapped;
    /// `shapes 1–2   overlapping by 12.0 pt   snaps at 10.0 pt` when the outlines cross (a
    /// waist measured there is the union's bulge, not a neck, and would read over 100 %).
    public static func readout(_ reading: NeckReading?, snapGap: Double) -> String {
        let snap = NumberText.format("snaps at %.1f pt", snapGap)
        guard let r = reading else { return snap }
        if r.isOverlapping { return [r.pairLabel, NumberText.format("overlapping by %.1f pt", r.overlap), snap].joined(separator: "   ") }
        let side = abs(r.across.x) > abs(r.across.y) ? "width" : "height"
        let neck = r.waist > 0
            ? NumberText.format("waist %.1f pt (%.0f %% of ", r.waist, r.waist / max(r.thickness, 1) * 100) + side + ")" : "no neck"
        return [r.pairLabel, NumberText.format("gap %.1f pt", max(r.gap, 0)), neck, snap].joined(separator: "   ")
    }

    /// The HUD's shorter line: `shapes 2–3  gap 4.0  waist 21.1  snaps at 10.0 pt`, or
    /// `shapes 1–2  overlapping by 12.0  snaps at 10.0 pt`.
    func hudLine() -> String {
        let reading = self.reading
        let snap = NumberText.format("snaps at %.1f pt", snapGap(for: reading))
        guard let r = reading else { return snap }
        let middle = r.isOverlapping ? NumberText.format("overlapping by %.1f", r.overlap)
            : NumberText.format("gap %.1f  waist %.1f", max(r.gap, 0), r.waist)
        return [r.pairLabel, middle, snap].joined(separator: "  ")
    }

    /// The trace's view of the reading: `pair` (the shapes' numbers from 1, as the stage's
    /// readout names them — "shapes 2–3" is [2, 3]; docs/behaviour.md §15.7), the signed `gap`
    /// (negative: overlapping by that much), `waist` (0 when snapped or overlapping) and
    /// `overlapping`.
    var readingFields: [(String, TraceValue)] {
        guard let r = reading else { return [] }
        return [("pair", .numbers([Double(r.first + 1), Double(r.second + 1)])), ("gap", .number(r.gap)), ("waist", .number(r.waist)),
                ("overlapping", .bool(r.isOverlapping))]
    }

    /// The snap gap of `reading`'s pair: see `snapGap`.
    func snapGap(for reading: NeckReading?) -> Double {
        guard let p = reading.map({ pieces[$0.first] }) ?? pieces.first else { return 0 }
        return NeckMeasure.snapGap(p.kind, size: p.size, merge: merge, kernel: kernel, count: 2, smoothing: smoothing)
    }

    /// Each shape's number (from 1, as the readout names them) at its centre, so "shapes
    /// 2–3" points at two shapes a designer can see.
    func drawNumbers(into list: inout DisplayList, color: Color, measurer: (any TextMeasuring)?) {
        let style = TextStyle(.semibold, size: 11)
        // Without a measurer: Inter's figures are about 0.6 em wide, its line 1.21 em tall.
        let lineHeight = measurer?.lineHeight(of: style) ?? 1.21 * style.size
        for (i, piece) in pieces.enumerated() {
            let label = "\(i + 1)"
            let width = measurer?.width(of: label, style: style) ?? 0.6 * style.size
            let origin = Point2((piece.center.x - width / 2).rounded(), (piece.center.y - lineHeight / 2).rounded())
            list.text(TextRun(label, origin: origin, style: style, color: color))
        }
    }

    /// The measured waist as a dimension line across the neck: a hairline with a short tick
    /// at each end, so the number in the readout has a place on the stage.
    func drawWaist(_ ends: (Point2, Point2), into list: inout DisplayList, color: Color) {
        let (a, b) = ends
        let length = (b - a).length
        guard length > 0 else { return }
        let across = (b - a) * (1 / length)
        let tick = Point2(-across.y, across.x) * 3
        let ink = color.opacity(0.55)
        list.line(from: a, to: b, width: 1, color: ink)
        for end in [a, b] { list.line(from: end - tick, to: end + tick, width: 1, color: ink) }
    }
}
