import Canvas
import Foundation
import Motion
import Render
import Scenes
import Testing

/// docs/behaviour.md §5.3.1: every text on the pile's glass meets 4.5:1 against the glass behind it, in
/// both themes, secondary text included — measured in rendered frames, not taken from the
/// nominal colours, because what shows through the glass (the coloured blobs behind the
/// pile) is what washes text out.
///
/// Each frame is rendered twice by the software reference: as the scene draws it, and with
/// every text run left out. A run's glyph pixels are those the text changed; its ink is the
/// glyph pixel that changed most (a stroke's core); the glass behind it is the text-less
/// frame over the run's line box and 2 pt around it, taken at its worst pixel (the one
/// closest in luminance to the ink).
///
/// Relative luminance and contrast ratio as WCAG 2.x defines them
/// (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance,
/// https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): sRGB channels linearised
/// (c ≤ 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4), L = 0.2126 R + 0.7152 G +
/// 0.0722 B, ratio (L1 + 0.05) / (L2 + 0.05) with L1 the lighter.
extension RenderSuite {
    @Suite struct PileContrastTests {
        static let scale = 2.0
        static let size = Size(420, 560)

        /// WCAG 2.x relative luminance of an 8-bit sRGB colour.
        static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
            func lin(_ v: UInt8) -> Double {
                let c = Double(v) / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
        }

        static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

        /// The worked examples everyone checks a contrast formula against.
        @Test func theFormulaGivesTheKnownRatios() {
            #expect(abs(Self.ratio(Self.luminance(0, 0, 0), Self.luminance(255, 255, 255)) - 21) < 1e-9)
            #expect(abs(Self.ratio(Self.luminance(0x77, 0x77, 0x77), Self.luminance(255, 255, 255)) - 4.48) < 0.01)
            // Clear all's ink on its red (docs/behaviour.md §5.2, §5.3.1): #141414 on #FF0000.
            #expect(abs(Self.ratio(Self.luminance(0x14, 0x14, 0x14), Self.luminance(0xFF, 0, 0)) - 4.61) < 0.01)
        }

        /// What one run measures: its text, its ink's luminance and the worst glass behind it.
        struct Measure: CustomStringConvertible {
            var text: String
            var style: TextStyle
            var ink: Double
            var glass: Double
            var ratio: Double { PileContrastTests.ratio(ink, glass) }
            var description: String {
                String(format: "%@ (%.0f pt %@): %.2f:1, ink L %.3f on glass L %.3f", text, style.size, style.weight.rawValue, ratio, ink, glass)
            }
        }

        /// Every run drawn fully opaque in `list` whose line box lies in `band` (page y),
        /// measured in a software-rendered frame of that band.
        static func measure(_ list: DisplayList, band: ClosedRange<Double>, fonts: FontLibrary) throws -> [Measure] {
            let renderer = SoftwareRenderer(fonts: fonts)
            let w = Int(size.width * scale), h = Int((band.upperBound - band.lowerBound) * scale)
            let offset = Point2(0, -band.lowerBound)
            var bare = list
            bare.commands.removeAll { if case .text = $0 { true } else { false } }
            let with = try renderer.pixels(list, offset: offset, width: w, height: h, scale: scale)
            let without = try renderer.pixels(bare, offset: offset, width: w, height: h, scale: scale)
            func lum(_ p: [UInt8], _ x: Int, _ y: Int) -> Double {
                let i = (y * w + x) * 4
                return luminance(p[i], p[i + 1], p[i + 2])
            }
            var out: [Measure] = []
            for (run, opacity) in list.textRuns where opacity > 0.99 && run.blur < 0.01 {
                let page = Rect(x: run.origin.x, y: run.origin.y, width: fonts.width(of: run.text, style: run.style),
                                height: fonts.lineHeight(of: run.style))
                guard band.contains(page.minY), band.contains(page.maxY) else { continue }
                let box = page.offsetBy(dx: 0, dy: offset.y)
                let x0 = max(Int(((box.minX - 2) * scale).rounded(.down)), 0), x1 = min(Int(((box.maxX + 2) * scale).rounded(.up)), w - 1)
                let y0 = max(Int(((box.minY - 2) * scale).rounded(.down)), 0), y1 = min(Int(((box.maxY + 2) * scale).rounded(.up)), h - 1)
                guard x0 < x1, y0 < y1 else { continue }
                // The ink: the glyph pixel the text changed most.
                var ink = 0.0, change = 0.0
                for y in y0...y1 {
                    for x in x0...x1 {
                        let d = abs(lum(with, x, y) - lum(without, x, y))
                        if d > change { change = d; ink = lum(with, x, y) }
                    }
                }
                guard change > 0.02 else { continue }
                // The glass: its worst pixel, the one nearest the ink.
                var glass = lum(without, x0, y0)
                for y in y0...y1 {
                    for x in x0...x1 {
                        let g = lum(without, x, y)
                        if abs(g - ink) < abs(glass - ink) { glass = g }
                    }
                }
                out.append(Measure(text: run.text, style: run.style, ink: ink, glass: glass))
            }
            return out
        }

        /// The pile spread and settled; with `armed`, the × stretched into Clear all.
        static func spreadPile(theme: Theme, armed: Bool, fonts: FontLibrary) -> DisplayList {
            var pile = LiquidPile(measurer: fonts)
            _ = pile.spread(at: 0)
            _ = pile.update(to: 3)
            var t = 3.0
            if armed, let b = pile.bubbles.first(where: { $0.id == .clear }) {
                let c = pile.bubbleFrame(b, at: t).center
                _ = pile.handle(.pointerDown(c, time: t, shift: false))
                _ = pile.handle(.pointerUp(c, time: t + 0.02))
                t += 1.5
                _ = pile.update(to: t)
            }
            return pile.draw(at: t, theme: theme, pageHeight: size.height)
        }

        @Test(arguments: Theme.allCases)
        func everyTextOnTheGlassMeetsFourAndAHalfToOne(theme: Theme) throws {
            let fonts = try FontLibrary(directory: Headless.fontDirectory)
            // The spread list, and the header row again with Clear all armed.
            let spread = Self.spreadPile(theme: theme, armed: false, fonts: fonts)
            let armed = Self.spreadPile(theme: theme, armed: true, fonts: fonts)
            var measures = try Self.measure(spread, band: 0...Self.size.height, fonts: fonts)
            measures += try Self.measure(armed, band: 0...64, fonts: fonts)
            // Every run of the spread pile: five titles, five times, four message lines or
            // more, Show less and ×, and the letters of Clear all.
            let letters = measures.filter { Self.category($0) == "Clear all letters" }
            #expect(measures.count >= 25, "\(measures.count) runs measured")
            #expect(measures.contains { $0.text == "Show less" } && measures.contains { $0.text == "×" })
            #expect(letters.count >= 7, "Clear all's letters: \(letters.count)")
            for m in measures {
                #expect(m.ratio >= 4.5, "\(theme): \(m)")
            }
            // The worst of each kind, for the record.
            let kinds = Dictionary(grouping: measures, by: Self.category)
            for (kind, ms) in kinds.sorted(by: { $0.key < $1.key }) {
                if let m = ms.min(by: { $0.ratio < $1.ratio }) { print("contrast \(theme) \(kind): worst \(m)") }
            }
        }

        /// What kind of text a measured run is: Clear all's letters, or its style.
        static func category(_ m: Measure) -> String {
            if m.text.count == 1 && m.text != "×" { return "Clear all letters" }
            return "\(m.style.weight.rawValue) \(Int(m.style.size)) pt"
        }
    }
}
