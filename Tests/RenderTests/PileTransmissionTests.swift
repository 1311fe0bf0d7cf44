import Canvas
import Foundation
import Render
import Scenes
import Testing

/// The collapsed pile's front card is as clear as a card in the spread list (issue 39,
/// item 1): the stack is one merged glass surface, so the backdrop under the front card is
/// frosted once, not once per peek tucked beneath it.
///
/// The pile's own glass — its liquid groups exactly as the scene draws them, words, blobs
/// and page left out — is laid over a backdrop whose answer is known: black left of the
/// page's centre line, white right of it. Through glass the two read as `B` and `W`; bare,
/// they differ by 255. The transmission, (W − B) / 255 per channel, is read inside the
/// front card collapsed and inside the same card at rest in the list, in both renderers,
/// both themes, at 1× and 2×, and the two must agree within 5 %.
extension RenderSuite {
    @Suite struct PileTransmissionTests {
        static let cases: [(Theme, Double)] = [(.light, 1), (.light, 2), (.dark, 1), (.dark, 2)]
        /// Enough of the page for the collapsed stack and the list's first card.
        static let size = Size(LiquidPile.pageWidth, 200)
        /// The backdrop's black/white edge: the page's centre line.
        static let split = LiquidPile.pageWidth / 2

        /// The pile collapsed at rest, or spread and settled, at the time it is drawn.
        static func pile(spread: Bool, fonts: FontLibrary) -> (LiquidPile, Double) {
            var pile = LiquidPile(measurer: fonts)
            if spread { _ = pile.spread(at: 0) }
            _ = pile.update(to: 3)
            return (pile, 3)
        }

        /// The pile's glass at `t` over the black/white backdrop.
        static func overStripes(_ pile: LiquidPile, at t: Double, theme: Theme) -> DisplayList {
            var list = DisplayList(background: .black)
            list.fill(.rect(Rect(x: split, y: 0, width: size.width - split, height: size.height)), Paint(fill: .white))
            let drawn = pile.draw(at: t, theme: theme, pageHeight: size.height)
            list.commands += drawn.commands.filter { if case .liquid = $0 { true } else { false } }
            return list
        }

        /// The mean over a 9 × 9 pt patch centred on `c` of (white side − black side) / 255,
        /// the patch mirrored about the split; per channel, the channels averaged.
        static func transmission(_ rgba: [UInt8], width: Int, scale: Double, around c: Point2) -> Double {
            func value(_ x: Double, _ y: Double, _ channel: Int) -> Double {
                Double(rgba[(Int(y * scale) * width + Int(x * scale)) * 4 + channel])
            }
            var sum = 0.0, n = 0
            for dy in stride(from: -4.0, through: 4, by: 1 / scale) {
                for dx in stride(from: -4.0, through: 4, by: 1 / scale) {
                    let y = c.y + dy, off = c.x - split + dx
                    for ch in 0..<3 { sum += (value(split + off, y, ch) - value(split - off, y, ch)) / 255 }
                    n += 3
                }
            }
            return sum / Double(n)
        }

        /// Both renderers' transmission through card 0 of `pile` at `t`: 60 pt right of the
        /// split against 60 pt left of it (57 pt from the card's sides, further than the
        /// blur reaches from the backdrop's edge), on the card's middle row — deeper in the
        /// glass than its bezel and highlight, and collapsed, where both peeks lie under it.
        static func measure(_ pile: LiquidPile, at t: Double, theme: Theme, scale: Double, _ h: Headless)
            throws -> [(String, Double)] {
            let list = overStripes(pile, at: t, theme: theme)
            let w = Int(size.width * scale), ht = Int(size.height * scale)
            let prims = Flattener(scale: scale, fonts: nil).flatten(list)
            let gpu = try h.gpu(prims, width: w, height: ht, background: list.background)
            let ref = h.reference(prims, width: w, height: ht, background: list.background)
            let card = pile.cardFrame(0, at: t)
            let at = Point2(split + 60, card.midY)
            return [("reference", transmission(ref, width: w, scale: scale, around: at)),
                    ("GL", transmission(gpu, width: w, scale: scale, around: at))]
        }

        @Test(arguments: cases)
        func theCollapsedFrontCardIsAsClearAsACardInTheList(theme: Theme, scale: Double) throws {
            let h = try Headless()
            let (collapsed, tc) = Self.pile(spread: false, fonts: h.fonts)
            let (spread, ts) = Self.pile(spread: true, fonts: h.fonts)
            // The measure is sound: collapsed, the front card stands over its two peeks, so
            // its middle row is where they overlap; spread, the card is alone in the list.
            let front = collapsed.cardFrame(0, at: tc)
            for i in 1...2 {
                let peek = collapsed.cardFrame(i, at: tc)
                #expect(peek.minY < front.midY - 4 && peek.maxY > front.midY + 4, "peek \(i) at \(peek), front \(front)")
            }
            #expect(spread.expanded && !collapsed.expanded)
            let stacked = try Self.measure(collapsed, at: tc, theme: theme, scale: scale, h)
            let listed = try Self.measure(spread, at: ts, theme: theme, scale: scale, h)
            for ((name, a), (_, b)) in zip(stacked, listed) {
                print(String(format: "transmission %@ %@ %.0fx: collapsed front %.3f, list card %.3f", theme.rawValue, name, scale, a, b))
                // Glass, not nothing: some of the tint is there in the list (the tint weight
                // stays within GlassLookTests' bars: at most 0.35 light, 0.45 dark).
                #expect(b < 0.97 && b > (theme == .dark ? 0.55 : 0.65), "\(theme) \(name) at \(scale)x: list card \(b)")
                #expect(abs(a - b) / b <= 0.05,
                        "\(theme) \(name) at \(scale)x: \(a) of the backdrop through the collapsed front card, \(b) through a list card")
            }
        }
    }
}
