import Canvas
import Foundation
import Motion

/// The words on the pile's glass (docs/behaviour.md §5.3.1): they never ride over glass they do not
/// belong to, and they come and go by blurring, never by being sliced.
///
/// What a first version did, and what a user saw: a card's words were clipped to the part
/// of its glass below the card in front, so while the pile spread every line was cut
/// through the middle of its letters as the edge swept down it; an arrival's words and the
/// words of the card it covered were printed over each other. Here a card's words — its
/// title, time, message lines and tile — have a visibility from 0 to 1, drawn as their
/// opacity with a blur of 6 pt × (1 − visibility), so they sharpen in and soften out. They
/// are invisible while any glass in front of the card covers one of them, and fully visible
/// once all are 6 pt clear of it (as sharp as they are clear: the blur never reaches past
/// the glass they lie on); they also follow the card's own coming and going — spreading out
/// of the pile, gathering into it, landing.
extension LiquidPile {
    /// The blur (pt) of a word that is just coming in or has almost gone (docs/behaviour.md §5.3.1).
    static let wordBlur = 6.0
    /// How far (pt) a word must be from glass that is not its own to show whole.
    static let wordClearance = 6.0
    /// A card's words come in over the middle of its spread: none below 45 % of the way
    /// out of the pile (about 0.1 s into the calm reveal — docs/behaviour.md §5.3.1's delay), all by 85 %.
    /// Gathering runs the same ramp backwards, so words leave within the dismiss motion's
    /// first few hundredths of a second.
    static let wordsIn: ClosedRange<Double> = 0.45...0.85
    /// A peek moving up to the front of the pile (the card before it thrown or melted away)
    /// brings its words in sooner: nothing is in front of it to wait for, only its own
    /// width to grow into. Late enough that they do not show on a peek's narrow glass.
    static let frontWordsIn: ClosedRange<Double> = 0.2...0.6
    /// An arrival's words start to come in this long after it arrives (s): during the
    /// drop, as the glass grows — not after it has landed, which left the pile with no
    /// words on its front card for about 0.35 s.
    static let arrivalWordsDelay = 0.12
    /// …and blur in over this long (s).
    static let landingFade = 0.2

    /// Ink for the pile's words in `theme` (docs/behaviour.md §5.2's label colours; the secondary ink is
    /// lifted in dark — see `PileInk`).
    static func ink(_ theme: Theme) -> PileInk { theme == .dark ? .dark : .light }

    /// 0…1: `x` between `range`'s ends, clamped.
    static func ramp(_ x: Double, _ range: ClosedRange<Double>) -> Double {
        min(max((x - range.lowerBound) / (range.upperBound - range.lowerBound), 0), 1)
    }

    /// How far (pt) `box` is clear of `glass`: the gap along the axis that separates them,
    /// negative (how deep) when they overlap.
    static func clearance(of box: Rect, from glass: Rect) -> Double {
        max(glass.minX - box.maxX, box.minX - glass.maxX, glass.minY - box.maxY, box.minY - glass.maxY)
    }

    /// How far (pt) `box` lies inside `glass` from its nearest edge, negative when it pokes out.
    static func inset(of box: Rect, in glass: Rect) -> Double {
        min(box.minX - glass.minX, glass.maxX - box.maxX, box.minY - glass.minY, glass.maxY - box.maxY)
    }

    /// How far card `i` is out of the collapsed pile, 0 tucked in as a peek … 1 at full
    /// width: its width scale between the peek's (the step behind it for the front card,
    /// which grows as a peek moves up to the front) and 1.
    func outOfPile(_ i: Int, at t: Double) -> Double {
        let peek = restingScale(max(place(of: i), 1))
        return min(max((cards[i].frame.value(at: t).scale - peek) / max(1 - peek, 1e-9), 0), 1)
    }

    /// The glass in front of card `i` at `t`: the cards before it in the list (but `skipping`),
    /// and cards flying off over the list.
    /// A melting card's glass stops keeping words out once it has shrunk below 70 % — its
    /// own words are gone by then (`grown`), and the card closing up under it brings its
    /// words in as it grows to the front instead of all at once when the melt ends.
    func glass(inFrontOf i: Int, skipping: Int? = nil, at t: Double) -> [Rect] {
        var out = cards.indices.prefix(i).filter {
            $0 != skipping && cards[$0].opacity.value(at: t) > 0.01 && !(cards[$0].melting && cards[$0].growth.value(at: t) < Self.meltedAway)
        }.map { cardFrame($0, at: t) }
        for card in flying where card.opacity.value(at: t) > 0.01 { out.append(fadingFrame(card, at: t)) }
        return out
    }

    /// The words of every card in the list, back to front.
    func drawCardWords(at t: Double, theme: Theme, into list: inout DisplayList) {
        for i in cards.indices.reversed() {
            let f = cardFrame(i, at: t)
            // The front card too: a peek moving up to the front (the card before it thrown
            // or melted away) brings its words in as it grows to full width — unless the
            // throw already showed them (below).
            // (Counted among the cards that stay: a card melting away in front is not the front.)
            let atFront = place(of: i) == 0 && !cards[i].melting
            var appear = Self.ramp(outOfPile(i, at: t), atFront ? Self.frontWordsIn : Self.wordsIn)
            if atFront && !expanded, let thrown = flying.last {
                // The top card thrown off the pile has just left the list: the words its drag
                // uncovered stay as they were while the card moving up grows.
                appear = max(appear, min(abs(thrown.offset.value(at: t)) / 40, 1))
            }
            var front = glass(inFrontOf: i, at: t)
            var columns: Rect?
            let top = frontIndex ?? 0
            let dx = cards[top].offset.value(at: t)
            if i > top && place(of: i) == 1 && !cards[i].melting && !expanded && abs(dx) > 0.5 {
                // The top card dragged aside in the pile: the second card's words show only in
                // the columns it has uncovered, never printed over the top card's words
                // (docs/behaviour.md §5.3) — the one place a card's words are cut, by the drag itself.
                let topFrame = cardFrame(top, at: t)
                appear = min(abs(dx) / 40, 1)
                front = glass(inFrontOf: i, skipping: top, at: t)
                columns = dx > 0 ? Rect(x: -1e6, y: -1e6, width: topFrame.minX + 1e6, height: 2e6)
                    : Rect(x: topFrame.maxX, y: -1e6, width: 2e6, height: 2e6)
            }
            appear = min(appear, Self.landing(cards[i], at: t), cards[i].opacity.value(at: t))
            let g = cards[i].growth.value(at: t)
            if cards[i].melting { appear = min(appear, Self.grown(cards[i], at: t)) }
            guard appear > 0.01 else { continue }
            var words = DisplayList(background: .clear)
            if g != 1, !cards[i].melting {
                // An arrival's words grow with its glass: laid out on the card at full size,
                // drawn scaled by the growth about the glass's centre.
                let c = f.center
                let full = Rect(x: c.x - f.width / g / 2, y: c.y - f.height / g / 2, width: f.width / g, height: f.height / g)
                var laid = DisplayList(background: .clear)
                drawWords(cards[i], frame: full, appear: appear, under: front, theme: theme, into: &laid)
                words.append(laid, scale: g, dx: c.x * (1 - g), dy: c.y * (1 - g))
            } else {
                drawWords(cards[i], frame: f, appear: appear, under: front, theme: theme, into: &words)
            }
            if let columns {
                list.clip(.rect(columns)) { $0.commands += words.commands }
            } else {
                list.commands += words.commands
            }
        }
    }

    /// A card whose glass is melting to a point (removed by the app) takes its words with it
    /// first: whole at full size, gone by the time the glass is 70 % of it — words laid out
    /// at their own size in shrinking glass would crowd over each other.
    static func grown(_ card: Card, at t: Double) -> Double { ramp(card.growth.value(at: t), meltedAway...0.95) }

    /// The growth below which a melting card's glass no longer counts as glass for words.
    static let meltedAway = 0.7

    /// 0 until `arrivalWordsDelay` into `card`'s arrival, then rising to 1 over
    /// `landingFade`; 1 for a card that did not arrive.
    static func landing(_ card: Card, at t: Double) -> Double {
        guard let from = card.arrivedAt else { return 1 }
        return min(max((t - from - arrivalWordsDelay) / landingFade, 0), 1)
    }

    /// A card's tile, glyph, title, time and message laid out in `f`, shown as much as
    /// `appear` allows and as they are clear of the glass `under` which the card lies: at
    /// that opacity, blurred by the rest.
    ///
    /// A card's words come and go together, as one block: with each line judged alone, the
    /// lower lines of a card sliding out from under the one in front read before its title,
    /// and a card half covered by an arrival kept its tile and time but lost its title. A
    /// line that pokes out of the card's own glass (a peek cut to the front card's height)
    /// is left out alone.
    func drawWords(_ card: Card, frame f: Rect, appear: Double, under glass: [Rect], theme: Theme, into list: inout DisplayList) {
        let ink = Self.ink(theme)
        let tile = Rect(x: f.minX + Self.cardPadding, y: f.minY + Self.cardPadding, width: Self.tileSize, height: Self.tileSize)
        let x = tile.maxX + 12
        let time = Notice.relativeTime(age: card.notice.age, reference: LiquidPile.referenceDate)
        var runs = [TextRun(card.notice.title, origin: Point2(x, f.minY + Self.cardPadding), style: Self.titleStyle, color: ink.label),
                    TextRun(time, origin: Point2(f.maxX - Self.cardPadding - measurer.width(of: time, style: Self.timeStyle),
                                                 f.minY + Self.cardPadding + 2), style: Self.timeStyle, color: ink.secondary)]
        var y = f.minY + Self.cardPadding + measurer.lineHeight(of: Self.titleStyle) + 4
        for line in card.messageLines {
            runs.append(TextRun(line, origin: Point2(x, y), style: Self.messageStyle, color: ink.secondary))
            y += measurer.lineHeight(of: Self.messageStyle)
        }
        let boxes = runs.map { Rect(x: $0.origin.x, y: $0.origin.y, width: measurer.width(of: $0.text, style: $0.style),
                                    height: measurer.lineHeight(of: $0.style)) }
        var block = appear
        for g in glass {
            for b in boxes + [tile] { block = min(block, Self.clearance(of: b, from: g) / Self.wordClearance) }
        }
        func shown(_ box: Rect) -> Double { min(max(min(block, Self.inset(of: box, in: f) / Self.wordClearance), 0), 1) }
        let tileShown = shown(tile)
        if tileShown > 0.01 {
            list.fill(.roundedRect(tile, radius: 10), Paint(fill: card.notice.tint.color), opacity: tileShown)
            drawGlyph(card.notice.glyph, in: tile, into: &list, opacity: tileShown)
        }
        for (run, box) in zip(runs, boxes) {
            let v = shown(box)
            guard v > 0.01 else { continue }
            var blurred = run
            blurred.blur = Self.wordBlur * (1 - v)
            list.text(blurred, opacity: v)
        }
    }

    /// Glyphs from shapes, in a dark ink on the tile.
    func drawGlyph(_ g: Notice.Glyph, in tile: Rect, into l: inout DisplayList, opacity: Double) {
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
}

/// The inks of the pile's words in one theme (docs/behaviour.md §5.2, §5.3.1).
///
/// Every ink meets 4.5:1 against the glass behind it (docs/behaviour.md §5.3.1), measured in rendered
/// frames by `PileContrastTests`, and with room to spare for the glass: what shows through
/// it is what washes text out.
///
/// Light: the documented #141414 labels and #5C5A56 secondary text (L 0.10). The darkest thing
/// that can show through light glass is the sky or lilac blob at 55 % over the ground
/// (L ≈ 0.66 even with no tint at all), where #5C5A56 still makes 4.6:1.
///
/// Dark: the design's #F4F3EF labels and #A6A49F secondary text (L 0.37). The glass
/// tints toward the ground (`LiquidPaint.dark`, 44 % #121212), which keeps the brightest
/// thing behind it — the butter blob at 35 % over #121212 — dark enough for #A6A49F to
/// make 4.5:1 on it.
public struct PileInk: Sendable, Equatable {
    public var label: Color
    public var secondary: Color
    /// Clear all's letters: dark ink on its red in both themes (#141414 on #FF0000 is 4.6:1;
    /// white on it is only 4.0:1).
    public var onRed: Color

    public static let light = PileInk(label: Color(hex: 0x141414), secondary: Color(hex: 0x5C5A56), onRed: Color(hex: 0x141414))
    public static let dark = PileInk(label: Color(hex: 0xF4F3EF), secondary: Color(hex: 0xA6A49F), onRed: Color(hex: 0x141414))
}
