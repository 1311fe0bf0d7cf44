import Canvas
import Foundation
import Motion

extension LiquidPile {
    /// The pile's page at scene time `t`: a ground with a little colour for the glass to
    /// frost, the glass (`drawGlass`), the soft cue of an arrival, cards flying off, then
    /// the words on the glass (`+Words`, `+Labels`).
    public func draw(at t: Double, theme: Theme, pageHeight: Double) -> DisplayList {
        let dark = theme == .dark
        var list = DisplayList(background: dark ? Color(hex: 0x121212) : Color(hex: 0xF3F2EE))
        for (i, tint) in [Notice.Tint.sky, .butter, .lilac].enumerated() {
            let c = Point2(80 + Double(i) * 140, 120 + Double(i % 2) * 90)
            list.fill(.circle(center: c, radius: 70), Paint(fill: tint.color.opacity(dark ? Self.darkBlob : 0.55)))
        }
        var paint: LiquidPaint = dark ? .dark : .light
        paint.showField = showField
        drawGlass(at: t, paint: paint, into: &list)
        drawArrivalCue(at: t, into: &list)
        for card in flying {
            // Thrown cards fly off fading; under Reduce Motion a card fades where it stood.
            let f = fadingFrame(card, at: t)
            let opacity = card.fadesInPlace ? card.opacity.value(at: t) : 1
            guard opacity > 0.01 else { continue }
            fadingGlass(.roundedRect(f, radius: Self.cardRadius), opacity, paint, into: &list)
            drawWords(card, frame: f, appear: min(opacity, Self.grown(card, at: t)), under: [], theme: theme, into: &list)
        }
        drawCardWords(at: t, theme: theme, into: &list)
        drawBubbleLabels(at: t, theme: theme, into: &list)
        return list
    }

    /// The coloured blobs behind the pile in dark, at this opacity over #121212: enough
    /// colour for the glass to show, and the brightest thing behind the dark glass that the
    /// secondary ink is chosen against (`PileInk`).
    static let darkBlob = 0.35

    /// The glass, back to front (docs/behaviour.md §5.3, §5.3.1).
    ///
    /// Overlapping shapes of one group are one glass surface: the collapsed stack — the
    /// front card and the peeks tucked under it — is one liquid group with the header's
    /// bubbles and every card out from under it, so the backdrop is blurred and bent once
    /// (the front card is as clear as a card in the list, not frosted again over each peek)
    /// and the rim and highlight follow the merged outline: the front card with the peeks'
    /// stepped lower edges. Cards parting and meeting neck in the same group.
    ///
    /// Glass that is coming or going is its own group at its opacity, so no neck forms to
    /// it and it does not pop to full glass: a card fading (Reduce Motion, a thrown or
    /// melting card), one still mostly transparent (a card beyond the two peeks fading in as
    /// the pile spreads), and one tucked under the card in front while its fade is under
    /// way — beneath the group; a fading front card and bubbles over it.
    func drawGlass(at t: Double, paint: LiquidPaint, into list: inout DisplayList) {
        var shapes: [Shape] = []
        for i in cards.indices.reversed() {
            let o = cards[i].opacity.value(at: t)
            guard o > 0.01 else { continue }
            let shape = Shape.roundedRect(cardFrame(i, at: t), radius: Self.cardRadius)
            let fades = glassFades(cards[i], at: t)
            if i == 0 {
                // A fading front card is drawn over the group, below.
                if !fades { shapes.append(shape) }
            } else if fades || o < 0.5 || (o < Self.wholeGlass && isTucked(i, at: t)) {
                fadingGlass(shape, o, paint, into: &list)
            } else {
                shapes.append(shape)
            }
        }
        for b in bubbles where !glassFades(b, at: t) { shapes.append(.capsule(bubbleFrame(b, at: t))) }
        if !shapes.isEmpty {
            list.commands.append(.liquid(LiquidGroup(shapes: shapes, merge: settings.merge, kernel: settings.kernel), paint, opacity: 1))
        }
        if let front = cards.first, glassFades(front, at: t), front.opacity.value(at: t) > 0.01 {
            fadingGlass(.roundedRect(cardFrame(0, at: t), radius: Self.cardRadius), front.opacity.value(at: t), paint, into: &list)
        }
        for b in bubbles where glassFades(b, at: t) && b.opacity.value(at: t) > 0.01 {
            fadingGlass(.capsule(bubbleFrame(b, at: t)), b.opacity.value(at: t), paint, into: &list)
        }
    }

    /// The opacity from which a card tucked under the one in front counts as whole glass
    /// and melts into the stack: a peek at rest is 1, a card still fading in or out is not.
    static let wholeGlass = 0.999

    /// True when card `i`'s glass lies under the card in front of it (their frames overlap).
    func isTucked(_ i: Int, at t: Double) -> Bool {
        guard i > 0 else { return false }
        let o = cardFrame(i, at: t).intersection(cardFrame(i - 1, at: t))
        return o.width > 0.5 && o.height > 0.5
    }

    /// One shape as its own liquid group at `opacity`.
    func fadingGlass(_ shape: Shape, _ opacity: Double, _ paint: LiquidPaint, into list: inout DisplayList) {
        list.commands.append(.liquid(LiquidGroup(shapes: [shape], merge: settings.merge, kernel: settings.kernel), paint, opacity: opacity))
    }

    /// The soft cue of an arrival (docs/behaviour.md §5.3): once it has landed, a wash and an inner rim
    /// of the notice's tint light up inside its glass and fade over 0.45 s. Drawn inside
    /// the glass and only after the growth from a point is done, it is never a ring where
    /// there is no glass yet (docs/behaviour.md §5.3.1) — the first version drew a 2 pt ring around the
    /// card's final outline while the glass was still 72 % of it.
    func drawArrivalCue(at t: Double, into list: inout DisplayList) {
        for i in cards.indices {
            guard let lands = cards[i].landsAt ?? cards[i].arrivedAt, t >= lands else { continue }
            let k = (t - lands) / Self.arrivalCue
            guard k < 1 else { continue }
            // Rising over its first tenth, so it does not switch on in one frame.
            let o = min(k / 0.1, 1) * (1 - k) * cards[i].opacity.value(at: t)
            let f = cardFrame(i, at: t)
            guard o > 0.01, f.width > 4, f.height > 4 else { continue }
            let tint = cards[i].notice.tint.color
            list.fill(.roundedRect(f, radius: Self.cardRadius), Paint(fill: tint.opacity(0.16), stroke: tint.opacity(0.6), strokeWidth: 1.5),
                      opacity: o)
        }
    }

    /// How long the arrival glow lasts once it has landed, s.
    static let arrivalCue = 0.45

    /// Relative times are counted from a fixed reference, so captures are deterministic.
    static let referenceDate = Date(timeIntervalSince1970: 1_796_000_000)
}
