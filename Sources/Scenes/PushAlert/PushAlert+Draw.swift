import Canvas
import Motion

/// What the Push Alert looks like at one instant: the two spring values, the swipe
/// offset, and whether the leave fade applies.
public struct PushAlertPose: Sendable, Equatable {
    /// Gap spring value g: slot height = reserved × g.
    public var gap: Double
    /// Alert spring value a: panel height = N × a.
    public var openness: Double
    /// Horizontal swipe offset, pt.
    public var offset: Double
    /// True while leaving: the panel's opacity is presence(a). Solid on the way in.
    public var leaving: Bool

    public init(gap: Double, openness: Double, offset: Double = 0, leaving: Bool = false) {
        self.gap = gap; self.openness = openness; self.offset = offset; self.leaving = leaving
    }
}

extension PushAlert {
    /// The pose at scene time `t` from the live springs.
    public func pose(at t: Double) -> PushAlertPose {
        let leaving: Bool
        if case .leaving = phase { leaving = true } else { leaving = false }
        return PushAlertPose(gap: gap.value(at: t), openness: openness.value(at: t),
                             offset: offset.value(at: t), leaving: leaving)
    }

    /// Draws the page at scene time `t`.
    public func draw(at t: Double, theme: Theme, pageHeight: Double) -> DisplayList {
        draw(pose(at: t), theme: theme, pageHeight: pageHeight)
    }

    /// Draws the page in `pose`: the alert's slot, its panel and row, then the content rows
    /// wherever the gap spring puts them. Page points, top-left at (0, 0).
    public func draw(_ pose: PushAlertPose, theme: Theme, pageHeight: Double) -> DisplayList {
        var list = DisplayList(background: theme.page)
        let pad = Self.pagePadding
        let n = layout.naturalHeight
        let slotTop = pad
        let slotHeight = max(reservedHeight * pose.gap, 0)
        let a = max(pose.openness, 0)
        let panelOpacity = Self.panelOpacity(pose)
        let rowOpacity = panelOpacity * Self.reveal(a)

        if slotHeight > 0, a > 0, panelOpacity > 0 {
            // The slot clips with a plain rectangle, full stage width so a swipe can leave.
            let slot = Shape.rect(Rect(x: -10_000, y: slotTop, width: 20_000, height: slotHeight))
            list.clip(slot) { list in
                let panel = Rect(x: pad + pose.offset, y: slotTop, width: Self.panelWidth, height: n * a)
                let shape = Shape.roundedRect(panel, radius: settings.cornerRadius)
                list.fill(shape, Paint(fill: theme.alertSurface, stroke: theme.alertAccent.opacity(0.34),
                                       strokeWidth: 1), opacity: panelOpacity)
                guard rowOpacity > 0 else { return }
                // The row is centred in the panel: as the panel grows, the row descends.
                let rowTop = panel.midY - n / 2
                list.clip(shape) { list in
                    drawRow(into: &list, x: panel.x, y: rowTop, theme: theme, panelOpacity: panelOpacity,
                            opacity: rowOpacity)
                }
            }
        }

        // The stack adds no spacing after the alert: the alert reserves its own.
        var y = slotTop + slotHeight
        while y < pageHeight {
            let row = Rect(x: pad, y: y, width: Self.panelWidth, height: Self.rowHeight)
            list.fill(.roundedRect(row, radius: Self.rowRadius), Paint(fill: theme.row))
            y += Self.rowHeight + Self.rowSpacing
        }
        return list
    }

    /// The panel's opacity in `pose`: presence(a) while leaving (solid on the way in),
    /// times the swipe fade. Everything drawn around the panel — the arm ring — is capped
    /// by it, or an outline is left flying where the panel has already dissolved.
    public static func panelOpacity(_ pose: PushAlertPose) -> Double {
        (pose.leaving ? presence(max(pose.openness, 0)) : 1) * swipeFade(pose.offset)
    }

    private func drawRow(into list: inout DisplayList, x: Double, y: Double, theme: Theme, panelOpacity: Double,
                         opacity: Double) {
        let L = layout
        let P = PushAlertLayout.self
        drawWarning(in: L.glyph.offsetBy(dx: x, dy: y), theme: theme, panelOpacity: panelOpacity, opacity: opacity,
                    into: &list)
        for (i, line) in L.titleLines.enumerated() {
            let origin = Point2(x + L.titleOrigin.x, y + L.titleOrigin.y + Double(i) * L.titleLineHeight)
            list.text(TextRun(line, origin: origin, style: P.titleStyle, color: theme.alertInk), opacity: opacity)
        }
        list.fill(.capsule(L.pill.offsetBy(dx: x, dy: y)), Paint(fill: theme.alertAccent), opacity: opacity)
        list.text(TextRun(P.pillLabel, origin: Point2(x + L.pillText.x, y + L.pillText.y), style: P.pillStyle,
                          color: theme.alertPillInk), opacity: opacity)
        drawClose(L.close.offsetBy(dx: x, dy: y), theme: theme, opacity: opacity, into: &list)
    }

    /// The warning glyph: a rounded equilateral triangle in the accent, as wide as the glyph's
    /// box and centred in it, with an exclamation mark in the pill's ink.
    ///
    /// There is no triangle among the shapes, so it is built from round-capped strokes: a
    /// triangle with corners of radius r is a smaller triangle grown by r in every
    /// direction, which is its three edges and its inside stroked r wide on each side. The
    /// strokes overlap, so they are drawn in one opaque colour: the accent already mixed,
    /// at the row's opacity, onto the panel's surface mixed onto the page (the panel only
    /// ever moves over the page) — what a translucent glyph would show, without darker
    /// seams where its pieces cross while it fades.
    private func drawWarning(in box: Rect, theme: Theme, panelOpacity: Double, opacity: Double,
                             into list: inout DisplayList) {
        func over(_ top: Color, _ bottom: Color, _ alpha: Double) -> Color {
            let a = min(max(alpha, 0), 1)
            return Color(r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a),
                         b: top.b * a + bottom.b * (1 - a))
        }
        let behind = over(theme.alertSurface, theme.page, panelOpacity)
        let fill = over(theme.alertAccent, behind, opacity)
        let ink = over(theme.alertPillInk, fill, opacity)

        let r = Self.warningCornerRadius
        let side = box.width - 2 * r                   // the inner triangle's side
        let innerHeight = side * 3.0.squareRoot() / 2
        let top = box.midY - (innerHeight + 2 * r) / 2 + r  // its apex, the outline centred
        let base = top + innerHeight
        let apex = Point2(box.midX, top)
        let left = Point2(box.midX - side / 2, base), right = Point2(box.midX + side / 2, base)
        for (a, b) in [(apex, left), (left, right), (right, apex)] { list.line(from: a, to: b, width: 2 * r, color: fill) }
        // The inside: rows no further apart than r, each reaching the inner triangle's sides.
        let rows = Int((innerHeight / r).rounded(.up))
        for k in 1..<rows {
            let yk = top + innerHeight * Double(k) / Double(rows)
            let half = (yk - top) / innerHeight * side / 2
            list.line(from: Point2(box.midX - half, yk), to: Point2(box.midX + half, yk), width: 2 * r, color: fill)
        }
        // The mark sits on the triangle's centre line, lower than the box's centre where the
        // triangle is wide enough for it: a bar, a gap, a dot.
        let outlineTop = top - r, outlineHeight = innerHeight + 2 * r
        let bar = Rect(x: box.midX - 1.1, y: outlineTop + 0.27 * outlineHeight, width: 2.2, height: 0.36 * outlineHeight)
        list.fill(.capsule(bar), Paint(fill: ink))
        list.fill(.circle(center: Point2(box.midX, outlineTop + 0.8 * outlineHeight), radius: 1.3), Paint(fill: ink))
    }

    /// The warning triangle's corner radius, pt.
    static let warningCornerRadius = 2.5

    /// The ×: two strokes crossing at the close target's centre, in the ink at 45 % (docs/behaviour.md
    /// §3.1) mixed onto the panel's surface first — two translucent strokes would darken
    /// where they cross. The centre is snapped to the middle of a pixel at 1× (a whole
    /// point and a half): each stroke then runs through pixel centres, one clean diagonal
    /// of pixels, where on a pixel corner it smears over two and the crossing is a 2×2
    /// blot; at 2× that is a pixel corner with 3 px strokes, symmetric too. Glyphs are
    /// placed on whole pixels as well, so the × keeps its place beside the title as the
    /// row descends.
    private func drawClose(_ target: Rect, theme: Theme, opacity: Double, into list: inout DisplayList) {
        let P = PushAlertLayout.self
        let c = Point2((target.midX - 0.5).rounded() + 0.5, (target.midY - 0.5).rounded() + 0.5)
        let h = P.closeGlyphSize / 2
        let ink = theme.alertInk, surface = theme.alertSurface
        func mix(_ a: Double, _ b: Double) -> Double { a * 0.45 + b * 0.55 }
        let color = Color(r: mix(ink.r, surface.r), g: mix(ink.g, surface.g), b: mix(ink.b, surface.b), a: opacity)
        list.line(from: Point2(c.x - h, c.y - h), to: Point2(c.x + h, c.y + h), width: P.closeStroke, color: color)
        list.line(from: Point2(c.x - h, c.y + h), to: Point2(c.x + h, c.y - h), width: P.closeStroke, color: color)
    }
}

// MARK: - Presentation drive (docs/behaviour.md §3.5)

extension PushAlert {
    /// The pose at pass position p ∈ [0, 1] over the alert's whole life, both springs
    /// sampled in seconds on one shared time axis — so the lead is emergent, never tuned:
    /// p < 0.08 nothing; 0.08–0.32 arrival over max(alert settle, gap settle); 0.32–0.58
    /// at rest; 0.58–0.84 departure over max(leave settle, delay + close settle) with the
    /// gap starting after the close delay; then closed.
    public func drivePose(progress p: Double) -> PushAlertPose {
        let p = p.isFinite ? min(max(p, 0), 1) : 0
        let s = settings
        if p < 0.08 { return PushAlertPose(gap: 0, openness: 0) }
        if p < 0.32 {
            let span = max(s.alert.spring.settleDuration, s.gap.spring.settleDuration)
            let t = (p - 0.08) / 0.24 * span
            return PushAlertPose(gap: s.gap.spring.step(at: t), openness: s.alert.spring.step(at: t))
        }
        if p < 0.58 { return PushAlertPose(gap: 1, openness: 1) }
        if p < 0.84 {
            let delay = closeDelay
            let span = max(s.leave.spring.settleDuration, delay + s.close.spring.settleDuration)
            let t = (p - 0.58) / 0.26 * span
            let g = t < delay ? 1 : 1 - s.close.spring.step(at: t - delay)
            return PushAlertPose(gap: g, openness: 1 - s.leave.spring.step(at: t), leaving: true)
        }
        return PushAlertPose(gap: 0, openness: 0, leaving: true)
    }

    /// Duration of the catalog loop: 32 frames at 15 fps.
    public static let loopFrames = 32
    public static let loopFPS = 15.0
}
