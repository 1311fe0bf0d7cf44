import Canvas
import Foundation
import Motion

extension LiquidPile {
    /// The pile's page at scene time `t`: a ground with a little colour for the glass to
    /// frost, the cards and bubbles as one liquid group, then their content.
    public func draw(at t: Double, theme: Theme, pageHeight: Double) -> DisplayList {
        let dark = theme == .dark
        var list = DisplayList(background: dark ? Color(hex: 0x121212) : Color(hex: 0xF3F2EE))
        for (i, tint) in [Notice.Tint.sky, .butter, .lilac].enumerated() {
            let c = Point2(80 + Double(i) * 140, 120 + Double(i % 2) * 90)
            list.fill(.circle(center: c, radius: 70), Paint(fill: tint.color.opacity(dark ? 0.35 : 0.55)))
        }
        var paint: LiquidPaint = dark ? .dark : .light
        paint.showField = showField
        var shapes: [Shape] = []
        for i in cards.indices.reversed() where cards[i].opacity.value(at: t) > 0.01 && !glassFades(cards[i], at: t) {
            shapes.append(.roundedRect(cardFrame(i, at: t), radius: Self.cardRadius))
        }
        for b in bubbles where !glassFades(b, at: t) { shapes.append(.capsule(bubbleFrame(b, at: t))) }
        // Reduce Motion: glass fading in place is its own group at its opacity — the cards
        // behind the front one under the pile, the front card and the bubbles over it.
        let fadingCards = cards.indices.filter { glassFades(cards[$0], at: t) && cards[$0].opacity.value(at: t) > 0.01 }
        for i in fadingCards.reversed() where i > 0 {
            fadingGlass(.roundedRect(cardFrame(i, at: t), radius: Self.cardRadius), cards[i].opacity.value(at: t), paint, into: &list)
        }
        if !shapes.isEmpty {
            list.commands.append(.liquid(LiquidGroup(shapes: shapes, merge: settings.merge, kernel: settings.kernel), paint, opacity: 1))
        }
        if fadingCards.first == 0 {
            fadingGlass(.roundedRect(cardFrame(0, at: t), radius: Self.cardRadius), cards[0].opacity.value(at: t), paint, into: &list)
        }
        for b in bubbles where glassFades(b, at: t) && b.opacity.value(at: t) > 0.01 {
            fadingGlass(.capsule(bubbleFrame(b, at: t)), b.opacity.value(at: t), paint, into: &list)
        }
        // The soft cue of an arrival: a glow around the new card that fades as it lands.
        for i in cards.indices {
            guard let at = cards[i].arrivedAt, t >= at, t - at < Self.arrivalCue else { continue }
            let k = (t - at) / Self.arrivalCue
            // Under Reduce Motion the glow stays put and only fades.
            let grow = reduceMotion ? 0 : 6 * k
            let f = cardFrame(i, at: t).insetBy(dx: -3 - grow, dy: -3 - grow)
            list.fill(.roundedRect(f, radius: Self.cardRadius + 3 + grow),
                      Paint(fill: .clear, stroke: cards[i].notice.tint.color, strokeWidth: 2), opacity: (1 - k) * 0.8)
        }
        for card in flying {
            // A card cleared under Reduce Motion fades where it stood instead of flying.
            let f = card.fadesInPlace ? fadingFrame(card, at: t) : flyingFrame(card, at: t)
            let opacity = card.fadesInPlace ? card.opacity.value(at: t) : 1
            list.commands.append(.liquid(LiquidGroup(shapes: [.roundedRect(f, radius: Self.cardRadius)], merge: Self.merge),
                                         paint, opacity: opacity))
            drawContent(card, frame: f, opacity: opacity, theme: theme, into: &list)
        }
        // Content back to front. A card's words show only below the card in front of it —
        // the glass is one surface, so words behind would otherwise print through the
        // front card's words while the pile spreads or gathers.
        for i in cards.indices.reversed() {
            let f = cardFrame(i, at: t)
            let spread = min(max((cards[i].frame.value(at: t).scale - restingScale(i)) / max(1 - restingScale(i), 1e-9), 0), 1)
            var words = i == 0 ? 1 : spread
            var uncovered = i == 0 ? Rect.infinite
                : Rect(x: -10_000, y: cardFrame(i - 1, at: t).maxY, width: 20_000, height: 20_000)
            if i == 1 && !expanded {
                // The top card dragged aside in the pile: the second card's words show only
                // in the columns it has uncovered, never printed over the top card's words.
                let top = cardFrame(0, at: t)
                let dx = cards[0].offset.value(at: t)
                if abs(dx) > 0.5 {
                    words = min(abs(dx) / 40, 1)
                    uncovered = dx > 0 ? Rect(x: -10_000, y: -10_000, width: top.minX + 10_000, height: 20_000)
                        : Rect(x: top.maxX, y: -10_000, width: 20_000, height: 20_000)
                }
            }
            list.clip(.rect(uncovered)) { l in
                drawContent(cards[i], frame: f, opacity: words * cards[i].opacity.value(at: t), theme: theme, into: &l)
            }
        }
        let label = dark ? Color(hex: 0xF4F3EF) : Color(hex: 0x141414)
        for b in bubbles {
            let f = bubbleFrame(b, at: t)
            let s = b.scale.value(at: t), o = b.opacity.value(at: t)
            guard s > 0.8 else { continue }
            let style = Self.bubbleStyle
            let shown = (s - 0.8) / 0.2
            let h = measurer.lineHeight(of: style)
            // The × stretching into Clear all: red fills in with the stretch, the × fades,
            // and the letters arrive one by one, 22 ms apart.
            let base = bubbleSlot(b.id).width
            let stretch = b.id == .clear ? min(max((b.width.value(at: t) - base) / max(clearWidth - base, 1), 0), 1) : 0
            if stretch > 0 {
                list.fill(.capsule(f), Paint(fill: Self.clearRed), opacity: stretch * shown * o)
                let advances = measurer.advances(of: Self.clearLabel, style: style)
                let x0 = f.midX - (advances.last ?? 0) / 2
                let since = clearArmedAt.map { t - $0 } ?? 0.3
                for (i, ch) in Self.clearLabel.enumerated() where i < advances.count {
                    let a = min(max((since - Self.letterStagger * Double(i)) / 0.08, 0), 1) * stretch * shown
                    list.text(TextRun(String(ch), origin: Point2(x0 + advances[i], f.midY - h / 2), style: style, color: .white),
                              opacity: a * o)
                }
            }
            let w = measurer.width(of: b.label, style: style)
            list.text(TextRun(b.label, origin: Point2(f.midX - w / 2, f.midY - h / 2), style: style, color: label),
                      opacity: shown * (1 - stretch) * o)
        }
        return list
    }

    /// Glass fading in place under Reduce Motion: one shape as its own liquid group.
    private func fadingGlass(_ shape: Shape, _ opacity: Double, _ paint: LiquidPaint, into list: inout DisplayList) {
        list.commands.append(.liquid(LiquidGroup(shapes: [shape], merge: settings.merge, kernel: settings.kernel), paint, opacity: opacity))
    }

    /// A card's tile, glyph, title, time and message inside its glass, at `opacity`.
    private func drawContent(_ card: Card, frame f: Rect, opacity: Double, theme: Theme, into list: inout DisplayList) {
        guard opacity > 0.01 else { return }
        let dark = theme == .dark
        let label = dark ? Color(hex: 0xF4F3EF) : Color(hex: 0x141414)
        let secondary = dark ? Color(hex: 0xA6A49F) : Color(hex: 0x5C5A56)
        let card = card
        list.clip(.roundedRect(f, radius: Self.cardRadius)) { l in
            let tile = Rect(x: f.minX + Self.cardPadding, y: f.minY + Self.cardPadding, width: Self.tileSize, height: Self.tileSize)
            l.fill(.roundedRect(tile, radius: 10), Paint(fill: card.notice.tint.color), opacity: opacity)
            drawGlyph(card.notice.glyph, in: tile, into: &l, opacity: opacity)
            let x = tile.maxX + 12
            let time = Notice.relativeTime(age: card.notice.age, reference: LiquidPile.referenceDate)
            let tw = measurer.width(of: time, style: Self.timeStyle)
            l.text(TextRun(card.notice.title, origin: Point2(x, f.minY + Self.cardPadding), style: Self.titleStyle, color: label),
                   opacity: opacity)
            l.text(TextRun(time, origin: Point2(f.maxX - Self.cardPadding - tw, f.minY + Self.cardPadding + 2), style: Self.timeStyle,
                           color: secondary), opacity: opacity)
            var y = f.minY + Self.cardPadding + measurer.lineHeight(of: Self.titleStyle) + 4
            for line in card.messageLines {
                l.text(TextRun(line, origin: Point2(x, y), style: Self.messageStyle, color: secondary), opacity: opacity)
                y += measurer.lineHeight(of: Self.messageStyle)
            }
        }
    }

    /// Glyphs from shapes, in a dark ink on the tile.
    private func drawGlyph(_ g: Notice.Glyph, in tile: Rect, into l: inout DisplayList, opacity: Double) {
        let ink = Paint(fill: Color(hex: 0x141414, alpha: 0.78))
        let c = tile.center
        switch g {
        case .bell:
            l.fill(.roundedRect(Rect(x: c.x - 8, y: c.y - 9, width: 16, height: 15), radius: 7), ink, opacity: opacity)
            l.fill(.capsule(Rect(x: c.x - 10, y: c.y + 3, width: 20, height: 4)), ink, opacity: opacity)
            l.fill(.circle(center: Point2(c.x, c.y + 9), radius: 2.5), ink, opacity: opacity)
        case .message:
            l.fill(.roundedRect(Rect(x: c.x - 11, y: c.y - 8, width: 22, height: 15), radius: 6), ink, opacity: opacity)
            l.fill(.circle(center: Point2(c.x - 6, c.y + 8), radius: 3), ink, opacity: opacity)
        case .calendar:
            l.fill(.roundedRect(Rect(x: c.x - 10, y: c.y - 9, width: 20, height: 19), radius: 4), ink, opacity: opacity)
            l.fill(.rect(Rect(x: c.x - 7, y: c.y - 3, width: 14, height: 10)), Paint(fill: .white), opacity: opacity)
        case .download:
            l.fill(.capsule(Rect(x: c.x - 2, y: c.y - 10, width: 4, height: 14)), ink, opacity: opacity)
            l.fill(.capsule(Rect(x: c.x - 10, y: c.y + 6, width: 20, height: 4)), ink, opacity: opacity)
            l.fill(.circle(center: Point2(c.x, c.y + 2), radius: 4.5), ink, opacity: opacity)
        case .star:
            l.fill(.circle(center: c, radius: 9), ink, opacity: opacity)
            l.fill(.circle(center: c, radius: 4), Paint(fill: .white.opacity(0.9)), opacity: opacity)
        }
    }

    /// How long the arrival glow lasts, s.
    static let arrivalCue = 0.45

    /// Relative times are counted from a fixed reference, so captures are deterministic.
    static let referenceDate = Date(timeIntervalSince1970: 1_796_000_000)
}
