import Canvas
import Motion

extension PresenceScene {
    static let titles = (text: "Spring review", number: "Downloads this week", nested: "Nested stack")
    static let footers = (text: "Updated just now", number: "Digits roll one by one", nested: "No residual space when hidden")
    static let nestedLabel = "Build details"
    /// The nested row's own stack is tighter than the cards'.
    static let nestedSpacing = 4.0

    /// Every frame of one column at scene time `t`, by id, in page points: the cards
    /// (`text.card`, …) and their rows (`text.title`, `text.detail`, `text.footer`,
    /// `number.label`, `number.value`, `number.footer`, `nested.header`, `nested.row`,
    /// `nested.label`, `nested.detail`, `nested.footer`). The synced column (left) stacks
    /// with presence; the naive one (right) inserts and removes at once with fixed spacing.
    /// A row that is not there has no frame.
    public func layout(synced: Bool, at t: Double) -> [PresenceRowID: Rect] {
        let x0 = Self.columnX[synced ? 0 : 1]
        let base = settings.spacing
        var frames: [PresenceRowID: Rect] = [:]
        func line(_ text: String, _ style: TextStyle) -> Size { Size(measurer.width(of: text, style: style), measurer.lineHeight(of: style)) }
        func detailSize(_ text: String?, width: Double) -> Double {
            guard let text else { return 0 }
            return lines(text, width: width).map { measurer.width(of: $0, style: Self.detailStyle) }.max() ?? 0
        }
        /// A row: (id, child) — synced rows report presence, naive rows are there or not.
        typealias Row = (id: PresenceRowID, child: CollapsibleStack.Child)
        func optional(_ id: PresenceRowID, width: Double, natural: Double, present: Bool, element: (height: Double, presence: Double))
            -> Row? {
            if synced { return (id, .collapsing(Size(width, element.height), presence: element.presence)) }
            return present ? (id, .fixed(Size(width, natural))) : nil
        }
        func place(_ rows: [Row], spacing: Double, alignment: CollapsibleStack.Alignment, at origin: Point2, width: Double)
            -> CollapsibleStack.Snapshot {
            let s = CollapsibleStack.layout(rows.map(\.child), spacing: spacing, alignment: alignment)
            let dx: Double
            switch alignment {
            case .leading: dx = 0
            case .center: dx = (width - s.size.width) / 2
            case .trailing: dx = width - s.size.width
            }
            for (row, f) in zip(rows, s.frames) { frames[row.id] = f.offsetBy(dx: origin.x + dx, dy: origin.y) }
            return s
        }
        let inner = Point2(x0 + Self.padding, 0)
        let content = Self.contentWidth

        // Card A: title, the optional detail, footer.
        let textShown = synced ? text.shown : textValue
        let a: [Row] = [(.textTitle, .fixed(line(Self.titles.text, Self.titleStyle)))]
            + [optional(.textDetail, width: detailSize(textShown, width: content), natural: detailHeight(textValue, width: content),
                        present: textValue != nil, element: (text.height(at: t), text.presence(at: t)))].compactMap { $0 }
            + [(.textFooter, .fixed(line(Self.footers.text, Self.footerStyle)))]
        // Card B: label, the optional number (its width follows the roll), footer.
        let numberWidth: Double = {
            guard synced else { return numberValue.map { line(Self.formatted($0), Self.numberStyle).width } ?? 0 }
            let new = number.shown.map { line(Self.formatted($0), Self.numberStyle).width } ?? 0
            guard let old = number.previous else { return new }
            let k = number.fade(at: t)
            return line(Self.formatted(old), Self.numberStyle).width * (1 - k) + new * k
        }()
        let b: [Row] = [(.numberLabel, .fixed(line(Self.titles.number, Self.footerStyle)))]
            + [optional(.numberValue, width: numberWidth, natural: measurer.lineHeight(of: Self.numberStyle),
                        present: numberValue != nil, element: (number.height(at: t), number.presence(at: t)))].compactMap { $0 }
            + [(.numberFooter, .fixed(line(Self.footers.number, Self.footerStyle)))]
        // Card C: header, a row that is itself a stack (label, optional detail), footer.
        let nestedShown = synced ? nested.shown : nestedValue
        let rowRows: [Row] = [(.nestedLabel, .fixed(line(Self.nestedLabel, Self.detailStyle)))]
            + [optional(.nestedDetail, width: detailSize(nestedShown, width: Self.nestedWidth),
                        natural: detailHeight(nestedValue, width: Self.nestedWidth), present: nestedValue != nil,
                        element: (nested.height(at: t), nested.presence(at: t)))].compactMap { $0 }
        let rowSize = CollapsibleStack.layout(rowRows.map(\.child), spacing: Self.nestedSpacing, alignment: .leading).size
        let c: [Row] = [(.nestedHeader, .fixed(line(Self.titles.nested, Self.titleStyle))),
                        (.nestedRow, .fixed(rowSize)),
                        (.nestedFooter, .fixed(line(Self.footers.nested, Self.footerStyle)))]

        // The column: each card's stack measured once, the cards stacked from those sizes.
        let measured = [(a, CollapsibleStack.Alignment.leading), (b, settings.numberAlignment), (c, .leading)].map {
            CollapsibleStack.layout($0.0.map(\.child), spacing: base, alignment: $0.1).size.height + 2 * Self.padding
        }
        let column = CollapsibleStack.layout(measured.map { .fixed(Size(Self.columnWidth, $0)) }, spacing: settings.cardSpacing,
                                             alignment: .leading)
        let cards: [PresenceRowID] = [.textCard, .numberCard, .nestedCard]
        for (id, f) in zip(cards, column.frames) { frames[id] = f.offsetBy(dx: x0, dy: Self.cardsTop) }
        let tops = column.frames.map { $0.minY + Self.cardsTop + Self.padding }
        _ = place(a, spacing: base, alignment: .leading, at: Point2(inner.x, tops[0]), width: content)
        _ = place(b, spacing: base, alignment: settings.numberAlignment, at: Point2(inner.x, tops[1]), width: content)
        _ = place(c, spacing: base, alignment: .leading, at: Point2(inner.x, tops[2]), width: content)
        if let row = frames[.nestedRow] {
            _ = place(rowRows, spacing: Self.nestedSpacing, alignment: .leading, at: Point2(row.x, row.y), width: row.width)
            if let d = frames[.nestedDetail] { frames[.nestedDetail] = d.offsetBy(dx: 12, dy: 0) }
        }
        return frames
    }

    /// A scene time long after any motion (a million seconds: every spring's exponential
    /// is exactly 0 there, where infinity would give 0 × ∞).
    public static let restingTime = 1e6

    /// The page's controls and the synced column's rows, by id, in page points.
    public func controlFrames(at t: Double) -> [(ControlID, Rect)] {
        var out: [(ControlID, Rect)] = [("presence.toggle", Self.toggleFrame), ("presence.next", Self.nextFrame)]
        let synced = layout(synced: true, at: t)
        out += synced.keys.sorted { $0.rawValue < $1.rawValue }.compactMap { id in synced[id].map { ("synced.\(id.rawValue)", $0) } }
        return out
    }
}

/// The presence page's rows and cards; the raw values are the ids the `layout` trace event
/// and tests use (`synced.text.detail`).
extension PresenceRowID {
    public static let textCard: PresenceRowID = "text.card"
    public static let textTitle: PresenceRowID = "text.title"
    public static let textDetail: PresenceRowID = "text.detail"
    public static let textFooter: PresenceRowID = "text.footer"
    public static let numberCard: PresenceRowID = "number.card"
    public static let numberLabel: PresenceRowID = "number.label"
    public static let numberValue: PresenceRowID = "number.value"
    public static let numberFooter: PresenceRowID = "number.footer"
    public static let nestedCard: PresenceRowID = "nested.card"
    public static let nestedHeader: PresenceRowID = "nested.header"
    public static let nestedRow: PresenceRowID = "nested.row"
    public static let nestedLabel: PresenceRowID = "nested.label"
    public static let nestedDetail: PresenceRowID = "nested.detail"
    public static let nestedFooter: PresenceRowID = "nested.footer"
}
