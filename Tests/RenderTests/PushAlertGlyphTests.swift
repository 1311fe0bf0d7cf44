import Canvas
import Render
import Scenes
import Testing

/// Issue 39: the Push Alert's glyph is the design's warning triangle — a rounded
/// equilateral triangle in the accent with an exclamation mark — and when the pill drops
/// under the title, the glyph and the × centre on the whole block. Measured on rendered
/// pixels, light and dark, 1× and 2×.
extension RenderSuite {
    @Suite struct PushAlertGlyphTests {
        /// RGBA8 pixels of a page `scale` times 420 × `height` pt, read in page points.
        struct Page {
            let pixels: [UInt8], width: Int, height: Int, scale: Double
            func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
                let i = (y * width + x) * 4
                return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
            }
            /// Pixel rows (in pixels) from `y0` to `y1` pt and columns from `x0` to `x1` pt.
            func columns(_ x0: Double, _ x1: Double) -> Range<Int> { Int(x0 * scale)..<Int(x1 * scale) }
            func rows(_ y0: Double, _ y1: Double) -> Range<Int> { Int(y0 * scale)..<min(Int(y1 * scale), height) }
        }

        static func render(_ settings: PushAlertSettings, theme: Theme, scale: Double, pageHeight: Double) throws
            -> (Page, PushAlert) {
            let h = try Headless()
            let renderer = try h.renderer()
            let alert = PushAlert(settings: settings, measurer: h.fonts)
            let list = alert.draw(PushAlertPose(gap: 1, openness: 1), theme: theme, pageHeight: pageHeight)
            let w = Int(420 * scale), ht = Int(pageHeight * scale)
            let pixels = try renderer.pixels(list, offset: .zero, width: w, height: ht, scale: scale)
            return (Page(pixels: pixels, width: w, height: ht, scale: scale), alert)
        }

        /// The accent #FF9F0A, within what anti-aliasing leaves of a pixel well inside.
        static func isAccent(_ c: (Int, Int, Int)) -> Bool {
            c.0 > 0xE8 && abs(c.1 - 0x9F) < 20 && c.2 < 0x40
        }

        /// The glyph sits in the row's first 20 pt after the 14 pt padding: page x 30…50.
        /// Its accent pixels, row by row, as (first x, last x) in pixels.
        static func glyphSpans(_ page: Page) -> [Int: (Int, Int)] {
            var spans: [Int: (Int, Int)] = [:]
            for y in page.rows(16, Double(page.height) / page.scale) {
                for x in page.columns(28, 52) where isAccent(page.rgb(x, y)) {
                    let s = spans[y] ?? (x, x)
                    spans[y] = (min(s.0, x), max(s.1, x))
                }
            }
            return spans
        }

        @Test(arguments: [(Theme.light, 1.0), (Theme.light, 2.0), (Theme.dark, 1.0), (Theme.dark, 2.0)])
        func theGlyphIsAWarningTriangle(theme: Theme, scale: Double) throws {
            let (page, _) = try Self.render(PushAlertSettings(), theme: theme, scale: scale, pageHeight: 120)
            let spans = Self.glyphSpans(page)
            let top = try #require(spans.keys.min()), bottom = try #require(spans.keys.max())
            let s = scale
            let height = Double(bottom - top + 1) / s
            let widest = try #require(spans.values.map { $0.1 - $0.0 + 1 }.max())
            // A triangle as wide as the 20 pt glyph box and about √3/2 of that high.
            #expect(height > 15.5 && height < 19.5, "\(height) pt high")
            #expect(Double(widest) / s > 18 && Double(widest) / s <= 20.5, "\(Double(widest) / s) pt wide")
            // The apex is a point (rounded), not the top of a disc.
            let apex = try #require(spans[top])
            #expect(Double(apex.1 - apex.0 + 1) / s <= 6)
            // Widest at the base: in the bottom quarter, where a disc is narrowing again.
            let widestRow = try #require(spans.filter { $0.value.1 - $0.value.0 + 1 == widest }.keys.min())
            #expect(Double(widestRow - top) >= 0.75 * Double(bottom - top), "widest at row \(widestRow) of \(top)…\(bottom)")
            // Straight sides at 60°: between 30 % and 70 % of the height the width grows by
            // 2 tan 30° = 1.1547 pt per pt of height.
            func width(at f: Double) throws -> Double {
                let y = top + Int((f * Double(bottom - top)).rounded())
                let span = try #require(spans[y])
                return Double(span.1 - span.0 + 1) / s
            }
            let growth = try width(at: 0.7) - width(at: 0.3)
            let expected = 1.1547 * 0.4 * Double(bottom - top) / s
            #expect(abs(growth - expected) < 1.5, "grew \(growth) pt, a 60° triangle \(expected)")
            // Symmetric about the glyph box's centre, x = 40 pt.
            for f in [0.3, 0.5, 0.7, 0.9] {
                let y = top + Int((f * Double(bottom - top)).rounded())
                let span = try #require(spans[y])
                let mid = Double(span.0 + span.1 + 1) / 2 / s
                #expect(abs(mid - 40) <= 0.75, "row \(y): centred at \(mid) pt")
            }
            // The exclamation mark, dark on the accent down the middle: a bar, then a dot.
            let cx = Int(40 * s)
            var marks: [Range<Int>] = []
            var start: Int?
            for y in top...bottom {
                let (r, g, b) = page.rgb(cx, y)
                let dark = r + g + b < 3 * 0x70
                if dark, start == nil { start = y }
                if !dark, let s0 = start { marks.append(s0..<y); start = nil }
            }
            #expect(marks.count == 2, "bar and dot: \(marks)")
            if marks.count == 2 {
                #expect(marks[0].count >= 2 * marks[1].count, "the bar at least twice as long as the dot")
                #expect(marks[0].lowerBound > top + Int(3 * s), "the bar starts below the apex")
                #expect(marks[1].upperBound < bottom, "the dot ends above the base")
            }
        }

        /// The pill dropped under a wrapped title: the glyph's ink and the ×'s ink are
        /// centred on the panel (the block of title, drop and pill, with equal padding
        /// above and below), not on the title's first line.
        @Test(arguments: [1.0, 2.0])
        func aDroppedPillCentresTheGlyphAndCloseOnTheBlock(scale: Double) throws {
            var settings = PushAlertSettings()
            settings.title = "Internationalization-configuration failed for this card"
            let (page, alert) = try Self.render(settings, theme: .light, scale: scale, pageHeight: 200)
            try #require(alert.layout.pillDropped && alert.layout.titleLines.count >= 2)
            let s = scale
            // The panel: the first run of non-page pixels down x = 21 pt (its left padding).
            let px = Int(21 * s)
            var panelTop: Int?, panelBottom = 0
            for y in 0..<page.height {
                let (r, g, b) = page.rgb(px, y)
                let paper = r == 255 && g == 255 && b == 255
                if !paper { if panelTop == nil { panelTop = y }; panelBottom = y } else if panelTop != nil { break }
            }
            let top = try #require(panelTop)
            let panelMid = Double(top + panelBottom + 1) / 2 / s
            #expect(panelMid > 16 + 40, "a tall panel: centre at \(panelMid) pt")

            func inkMid(_ columns: Range<Int>, _ isInk: ((Int, Int, Int)) -> Bool) throws -> Double {
                var lo: Int?, hi = 0
                for y in top...panelBottom {
                    for x in columns where isInk(page.rgb(x, y)) {
                        if lo == nil { lo = y }
                        hi = y
                        break
                    }
                }
                let first = try #require(lo)
                return Double(first + hi + 1) / 2 / s
            }
            let glyph = try inkMid(page.columns(28, 52), Self.isAccent)
            // The × in the last 20 pt before the 14 pt padding: page x 370…390; its ink is
            // darker than the surface #FFF4E5.
            let cross = try inkMid(page.columns(369, 391)) { c in c.0 + c.1 + c.2 < 0xFF + 0xF4 + 0xE5 - 90 }
            #expect(abs(glyph - panelMid) <= 0.75, "glyph centred at \(glyph) pt, the block at \(panelMid)")
            #expect(abs(cross - panelMid) <= 0.75, "× centred at \(cross) pt, the block at \(panelMid)")
        }
    }
}
