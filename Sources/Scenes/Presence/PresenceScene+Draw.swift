import Canvas
import Motion

extension PresenceScene {
    /// The page at scene time `t`: the two buttons, then the synced column beside the naive one.
    public func draw(at t: Double, theme: Theme) -> DisplayList {
        let dark = theme == .dark
        var list = DisplayList(background: dark ? Color(hex: 0x121212) : Color(hex: 0xF3F2EE))
        let card = dark ? Color(hex: 0x242426) : Color(hex: 0xFFFFFF)
        drawButton(showing ? "Hide detail" : "Show detail", frame: Self.toggleFrame, prominent: true, theme: theme, into: &list)
        drawButton("Next value", frame: Self.nextFrame, prominent: false, theme: theme, into: &list)
        list.text(TextRun("T  show / hide     N  next value", origin: Point2(Self.nextFrame.maxX + 16, Self.nextFrame.minY + 8),
                          style: Self.footerStyle, color: theme.secondaryLabel))
        let heads = [("Synced", "spacing shrinks with the content"), ("Naive", "instant insert and remove, fixed spacing")]
        for (i, head) in heads.enumerated() {
            let x = Self.columnX[i]
            list.text(TextRun(head.0, origin: Point2(x, 72), style: Self.titleStyle, color: theme.label))
            list.text(TextRun(head.1, origin: Point2(x, 94), style: Self.footerStyle, color: theme.secondaryLabel))
        }
        for synced in [true, false] {
            let f = layout(synced: synced, at: t)
            for id in [PresenceRowID.textCard, .numberCard, .nestedCard] {
                guard let r = f[id] else { continue }
                list.fill(.roundedRect(r, radius: Self.cardRadius),
                          Paint(fill: card, shadow: Shadow(alpha: dark ? 0.35 : 0.07, radius: 14, offset: Point2(0, 4))))
            }
            drawFixedRows(f, theme: theme, into: &list)
            if synced {
                drawDetail(.textDetail, text, frames: f, width: Self.contentWidth, at: t, theme: theme, into: &list)
                drawDetail(.nestedDetail, nested, frames: f, width: Self.nestedWidth, at: t, theme: theme, into: &list)
                drawNumber(f, at: t, theme: theme, into: &list)
            } else {
                drawPlain(.textDetail, textValue, frames: f, width: Self.contentWidth, theme: theme, into: &list)
                drawPlain(.nestedDetail, nestedValue, frames: f, width: Self.nestedWidth, theme: theme, into: &list)
                if let n = numberValue, let r = f[.numberValue] {
                    list.text(TextRun(Self.formatted(n), origin: Point2(r.minX, r.minY), style: Self.numberStyle, color: theme.label))
                }
            }
        }
        return list
    }

    private func drawButton(_ title: String, frame: Rect, prominent: Bool, theme: Theme, into list: inout DisplayList) {
        let accent = Color(hex: 0x0A84FF)
        list.fill(.capsule(frame), Paint(fill: prominent ? accent : theme.control, stroke: prominent ? .clear : theme.chromeLine,
                                         strokeWidth: prominent ? 0 : 1))
        let style = TextStyle(.semibold, size: 13)
        let w = measurer.width(of: title, style: style)
        list.text(TextRun(title, origin: Point2((frame.midX - w / 2).rounded(), frame.midY - measurer.lineHeight(of: style) / 2),
                          style: style, color: prominent ? .white : theme.label))
    }

    private func drawFixedRows(_ f: [PresenceRowID: Rect], theme: Theme, into list: inout DisplayList) {
        let rows: [(PresenceRowID, String, TextStyle, Color)] = [
            (.textTitle, Self.titles.text, Self.titleStyle, theme.label),
            (.textFooter, Self.footers.text, Self.footerStyle, theme.secondaryLabel),
            (.numberLabel, Self.titles.number, Self.footerStyle, theme.secondaryLabel),
            (.numberFooter, Self.footers.number, Self.footerStyle, theme.secondaryLabel),
            (.nestedHeader, Self.titles.nested, Self.titleStyle, theme.label),
            (.nestedLabel, Self.nestedLabel, Self.detailStyle, theme.label),
            (.nestedFooter, Self.footers.nested, Self.footerStyle, theme.secondaryLabel),
        ]
        for (id, text, style, color) in rows {
            guard let r = f[id] else { continue }
            list.text(TextRun(text, origin: Point2(r.minX, r.minY), style: style, color: color))
        }
        // The nested row's detail hangs off a hairline, so the nesting reads.
        if let row = f[.nestedRow], let label = f[.nestedLabel], row.maxY > label.maxY + 1 {
            list.fill(.rect(Rect(x: row.minX + 3, y: label.maxY + 2, width: 1.5, height: row.maxY - label.maxY - 2)),
                      Paint(fill: theme.chromeLine))
        }
    }

    /// Lines of `text` from `origin` down (the natural layout: never squashed).
    private func drawLines(_ text: String, origin: Point2, width: Double, color: Color, opacity: Double, blur: Double = 0,
                           into list: inout DisplayList) {
        let lh = measurer.lineHeight(of: Self.detailStyle)
        for (i, l) in lines(text, width: width).enumerated() {
            list.text(TextRun(l, origin: Point2(origin.x, origin.y + Double(i) * lh), style: Self.detailStyle, color: color,
                              blur: blur), opacity: opacity)
        }
    }

    /// How far (pt) a detail's text is blurred at the far end of a value change when the
    /// inspector's blur switch is on: the leaving text blurs 0 → 6 as it fades out while
    /// the arriving one sharpens 6 → 0 as it fades in, so halfway both are soft rather than
    /// two sharp texts printed over each other. Off (the default) the change is the design's
    /// plain crossfade of opacity.
    static let valueChangeBlur = 6.0

    /// A synced detail: drawn at its natural height and cut by its visible frame — at full
    /// opacity: collapsing cuts, it does not fade as well — and changing value by a
    /// crossfade of the old text out and the new one in (blurring as well, with the switch).
    private func drawDetail(_ id: PresenceRowID, _ element: PresenceElement<String>, frames f: [PresenceRowID: Rect], width: Double,
                            at t: Double, theme: Theme, into list: inout DisplayList) {
        guard let r = f[id], r.height > 0, let shown = element.shown else { return }
        let k = element.fade(at: t)
        let blur = settings.valueBlur ? Self.valueChangeBlur : 0
        // Blurred ink spreads up to `blur` past the glyphs: the clip leaves it room at the
        // sides and top, and below only while no line is cut there (so a collapse still cuts).
        let margin = element.previous == nil ? 0 : blur
        let lh = measurer.lineHeight(of: Self.detailStyle)
        let tallest = Double(max(lines(shown, width: width).count, element.previous.map { lines($0, width: width).count } ?? 0)) * lh
        let below = r.height >= tallest - 0.01 ? margin : 0
        let clip = Rect(x: r.minX - 2 - margin, y: r.minY - margin, width: width + 4 + 2 * margin, height: r.height + margin + below)
        list.clip(.rect(clip)) { l in
            if let old = element.previous {
                drawLines(old, origin: Point2(r.minX, r.minY), width: width, color: theme.secondaryLabel, opacity: 1 - k, blur: blur * k,
                          into: &l)
            }
            drawLines(shown, origin: Point2(r.minX, r.minY), width: width, color: theme.secondaryLabel, opacity: k,
                      blur: blur * (1 - k), into: &l)
        }
    }

    private func drawPlain(_ id: PresenceRowID, _ text: String?, frames f: [PresenceRowID: Rect], width: Double, theme: Theme,
                           into list: inout DisplayList) {
        guard let text, let r = f[id] else { return }
        drawLines(text, origin: Point2(r.minX, r.minY), width: width, color: theme.secondaryLabel, opacity: 1, into: &list)
    }

    /// The number: right-aligned in its frame, each digit that changed rolling on its own —
    /// up and out for a larger number, down for a smaller — the ones first, each place a
    /// little after the one to its right.
    private func drawNumber(_ f: [PresenceRowID: Rect], at t: Double, theme: Theme, into list: inout DisplayList) {
        guard let r = f[.numberValue], r.height > 0, let shown = number.shown else { return }
        // Full opacity while the row collapses or grows: its frame's clip cuts it (docs/behaviour.md §4.2).
        let k = number.fade(at: t)
        let style = Self.numberStyle
        let lh = measurer.lineHeight(of: style)
        let new = Array(Self.formatted(shown)), old = number.previous.map { Array(Self.formatted($0)) } ?? new
        let direction: Double = (number.previous ?? shown) <= shown ? 1 : -1
        let newAdv = measurer.advances(of: String(new), style: style), oldAdv = measurer.advances(of: String(old), style: style)
        let places = max(new.count, old.count)
        let stagger = places > 1 ? min(0.08, 0.5 / Double(places - 1)) : 0
        list.clip(.rect(Rect(x: r.minX - 40, y: r.minY, width: r.width + 80, height: r.height))) { l in
            for place in 0..<places {
                let ni = new.count - 1 - place, oi = old.count - 1 - place
                let n: Character? = ni >= 0 ? new[ni] : nil, o: Character? = oi >= 0 ? old[oi] : nil
                let p = min(max((k - stagger * Double(place)) / max(1 - stagger * Double(places - 1), 1e-6), 0), 1)
                let nx = ni >= 0 ? r.maxX - (newAdv[new.count] - newAdv[ni]) : 0
                let ox = oi >= 0 ? r.maxX - (oldAdv[old.count] - oldAdv[oi]) : 0
                if n == o || number.previous == nil {
                    if let n { l.text(TextRun(String(n), origin: Point2(nx, r.minY), style: style, color: theme.label)) }
                    continue
                }
                if let o {
                    l.text(TextRun(String(o), origin: Point2(ox, r.minY - direction * p * lh), style: style, color: theme.label),
                           opacity: 1 - p)
                }
                if let n {
                    l.text(TextRun(String(n), origin: Point2(nx, r.minY + direction * (1 - p) * lh), style: style, color: theme.label),
                           opacity: p)
                }
            }
        }
    }
}
