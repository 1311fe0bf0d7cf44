import Canvas

/// The alert's row laid out at rest, in panel coordinates (docs/behaviour.md §3.1). Measured from
/// content: the natural height N grows with a two-line title or a dropped pill.
public struct PushAlertLayout: Sendable, Equatable, Codable {
    public static let paddingH = 14.0
    public static let paddingV = 15.0
    public static let spacing = 12.0
    public static let glyphSize = 20.0
    public static let closeSize = 20.0
    public static let pillHeight = 30.0
    public static let pillPaddingH = 11.0
    /// The pill drops this far below the title when it cannot share its line.
    public static let pillDrop = 10.0

    public static let titleStyle = TextStyle(.semibold, size: 15)
    public static let pillStyle = TextStyle(.semibold, size: 13)
    public static let pillLabel = "Update"
    /// The close control's × is drawn, two strokes crossing at the centre of its 20 pt
    /// target: 8 pt across (what a 10 pt bold "×" means to a reader, and the size iOS
    /// draws a close glyph in a 20 pt control), 1.5 pt thick (bold at that size; the
    /// strokes of 15 pt semibold text are about as thick). Inter's own "×" at 10 pt is
    /// 5 px across at 1× — a grey blob.
    public static let closeGlyphSize = 8.0
    public static let closeStroke = 1.5

    public var width: Double
    public var naturalHeight: Double
    public var glyph: Rect
    public var titleLines: [String]
    public var titleOrigin: Point2
    public var titleLineHeight: Double
    public var title: Rect
    public var pill: Rect
    public var pillText: Point2
    public var close: Rect
    /// True when the pill sits on its own line under the title.
    public var pillDropped: Bool

    /// Lays out the row for a panel `width` points wide.
    public init(title text: String, width: Double, measurer: some TextMeasuring) {
        let P = PushAlertLayout.self
        self.width = width
        let rowWidth = max(width - 2 * P.paddingH, 1)
        let pillWidth = measurer.width(of: P.pillLabel, style: P.pillStyle) + 2 * P.pillPaddingH
        let lineHeight = measurer.lineHeight(of: P.titleStyle)
        titleLineHeight = lineHeight
        // Title column beside the pill: row − glyph − pill − close − three spacings.
        let inlineColumn = rowWidth - P.glyphSize - pillWidth - P.closeSize - 3 * P.spacing
        let longestWord = TextLayout.longestWordWidth(text, style: P.titleStyle, measurer: measurer)
        pillDropped = inlineColumn < longestWord
        // Dropped: the title gets everything but glyph, close and two spacings.
        let column = pillDropped ? rowWidth - P.glyphSize - P.closeSize - 2 * P.spacing : inlineColumn
        titleLines = TextLayout.wrap(text, width: max(column, 1), style: P.titleStyle, measurer: measurer)
        let titleHeight = Double(max(titleLines.count, 1)) * lineHeight
        let titleX = P.paddingH + P.glyphSize + P.spacing
        let closeX = width - P.paddingH - P.closeSize
        // The block beside the glyph: the title, and under it the pill when it dropped.
        let block = pillDropped ? titleHeight + P.pillDrop + P.pillHeight : max(titleHeight, P.pillHeight)
        let content = max(block, P.glyphSize, P.closeSize)
        naturalHeight = content + 2 * P.paddingV
        // A row centres its items: the glyph and the × on the whole block, whether or not
        // the pill dropped (never on the title's first line alone).
        let mid = P.paddingV + content / 2
        if pillDropped {
            let top = mid - block / 2
            title = Rect(x: titleX, y: top, width: column, height: titleHeight)
            pill = Rect(x: titleX, y: top + titleHeight + P.pillDrop, width: pillWidth, height: P.pillHeight)
        } else {
            title = Rect(x: titleX, y: mid - titleHeight / 2, width: column, height: titleHeight)
            pill = Rect(x: titleX + column + P.spacing, y: mid - P.pillHeight / 2, width: pillWidth, height: P.pillHeight)
        }
        glyph = Rect(x: P.paddingH, y: mid - P.glyphSize / 2, width: P.glyphSize, height: P.glyphSize)
        close = Rect(x: closeX, y: mid - P.closeSize / 2, width: P.closeSize, height: P.closeSize)
        titleOrigin = Point2(title.x, title.y)
        let pillLabelWidth = pillWidth - 2 * P.pillPaddingH
        let pillLine = measurer.lineHeight(of: P.pillStyle)
        pillText = Point2(pill.midX - pillLabelWidth / 2, pill.midY - pillLine / 2)
    }
}
