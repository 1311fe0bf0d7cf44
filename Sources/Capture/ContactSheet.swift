import Canvas

/// A filmstrip contact sheet (docs/behaviour.md §7): frames in a grid, each cut to its cell, with its
/// time written under it — the moments of a motion side by side for a review.
public enum ContactSheet {
    /// The label band and gaps at a sheet drawn at 1×; `compose`'s `labelScale` grows them
    /// so the times stay legible on a sheet drawn small.
    public static let labelHeight = 22.0
    public static let gap = 8.0

    /// Lays out `cells` (each a display list in its own points, drawn from its top-left) in
    /// `columns` columns of `cell`-sized frames. Returns the sheet and its size in points.
    public static func compose(_ cells: [(list: DisplayList, label: String)], cell: Size, columns: Int, background: Color,
                               labelColor: Color, labelScale: Double = 1) -> (list: DisplayList, size: Size) {
        let k = labelScale.isFinite && labelScale > 0 ? labelScale : 1
        let labelHeight = Self.labelHeight * k, gap = Self.gap * k
        let labelStyle = TextStyle(.semibold, size: 12 * k)
        let columns = max(1, min(columns, max(cells.count, 1)))
        let rows = (cells.count + columns - 1) / columns
        let pitch = Size(cell.width + gap, cell.height + labelHeight + gap)
        let size = Size(gap + Double(columns) * pitch.width, gap + Double(rows) * pitch.height)
        var sheet = DisplayList(background: background)
        for (i, c) in cells.enumerated() {
            let origin = Point2(gap + Double(i % columns) * pitch.width, gap + Double(i / columns) * pitch.height)
            let frame = Rect(x: origin.x, y: origin.y, width: cell.width, height: cell.height)
            sheet.clip(.rect(frame)) { l in
                l.fill(.rect(frame), Paint(fill: c.list.background))
                l.append(c.list, dx: origin.x, dy: origin.y)
            }
            sheet.text(TextRun(c.label, origin: Point2(origin.x + 2 * k, frame.maxY + 4 * k), style: labelStyle, color: labelColor))
        }
        return (sheet, size)
    }
}
