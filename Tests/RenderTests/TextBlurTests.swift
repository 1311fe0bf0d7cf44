import Canvas
import Foundation
import Render
import Testing

/// Blurred text (docs/behaviour.md §5.3.1: words sharpen in from blur 6 → 0 with their fade): the ink
/// of a blurred run spreads past the sharp run's glyphs and thins at their core, keeps
/// about the same amount, and the GL renderer draws what the software reference draws.
extension RenderSuite {
    @Suite struct TextBlurTests {
        static func list(blur: Double) -> DisplayList {
            var list = DisplayList(background: .white)
            list.text(TextRun("Blur", origin: Point2(20, 14), style: TextStyle(.bold, size: 28), color: .black, blur: blur))
            return list
        }

        /// Ink per pixel: 1 − luminance, summed; the columns and rows any ink reaches; the
        /// darkest pixel.
        static func ink(_ rgba: [UInt8], width: Int) -> (total: Double, columns: ClosedRange<Int>, peak: Double) {
            var total = 0.0, peak = 0.0, lo = Int.max, hi = Int.min
            for i in stride(from: 0, to: rgba.count, by: 4) {
                let v = 1 - Double(rgba[i + 1]) / 255
                guard v > 0.01 else { continue }
                total += v
                peak = max(peak, v)
                let x = (i / 4) % width
                lo = min(lo, x); hi = max(hi, x)
            }
            return (total, lo...max(hi, lo), peak)
        }

        @Test(arguments: [1.0, 2.0])
        func aBlurredRunSpreadsItsInkAndKeepsIt(scale: Double) throws {
            let h = try Headless()
            let software = try makeRenderer(.software, fonts: h.fonts)
            let w = Int(140 * scale), ht = Int(64 * scale)
            let sharp = Self.ink(try software.pixels(Self.list(blur: 0), offset: .zero, width: w, height: ht, scale: scale), width: w)
            let blurred = Self.ink(try software.pixels(Self.list(blur: 6), offset: .zero, width: w, height: ht, scale: scale), width: w)
            // Spread: ink reaches at least 3 pt past the sharp glyphs on both sides.
            #expect(blurred.columns.lowerBound <= sharp.columns.lowerBound - Int(3 * scale))
            #expect(blurred.columns.upperBound >= sharp.columns.upperBound + Int(3 * scale))
            // Thinned: no pixel is as dark as the solid strokes of the sharp run.
            #expect(sharp.peak > 0.95 && blurred.peak < 0.8)
            // Kept: a blur moves ink, it does not add or remove much (over-compositing of
            // the taps loses a little where they overlap).
            #expect(abs(blurred.total - sharp.total) / sharp.total < 0.2)
        }

        @Test func aBlurUnderHalfAPixelIsTheSharpRun() throws {
            let h = try Headless()
            let software = try makeRenderer(.software, fonts: h.fonts)
            let a = try software.pixels(Self.list(blur: 0), offset: .zero, width: 140, height: 64, scale: 1)
            let b = try software.pixels(Self.list(blur: 0.4), offset: .zero, width: 140, height: 64, scale: 1)
            #expect(a == b)
        }

        /// A blurred glyph's quad reaches floor(radius + ½) past its bitmap (the vertex
        /// shader): every tap's offset, rounded as the shader rounds it, lies within that on
        /// both axes, for radii from 0 to 24 px — so the quad holds every pixel a tap colours.
        @Test func everyTapLandsWithinTheBlurredGlyphsQuad() {
            for step in 0...480 {
                let r = Double(step) * 0.05
                let reach = Int((r + 0.5).rounded(.down))
                for i in Primitive.blurTaps.indices {
                    let o = Primitive.tapOffset(i, radius: r)
                    if abs(o.x) > reach || abs(o.y) > reach { Issue.record("tap \(i) at radius \(r): \(o) past \(reach)"); return }
                }
            }
        }

        /// Two lines of one text and, over them, a second text with the same blur and colour
        /// (halfway through a crossfade both are blurred alike).
        static func crossfade(blur: Double) -> DisplayList {
            var list = DisplayList(background: .white)
            let style = TextStyle(.regular, size: 15)
            for (i, line) in ["The spacing around this row", "shrinks with it, so when"].enumerated() {
                list.text(TextRun(line, origin: Point2(10, 10 + 20 * Double(i)), style: style, color: .black, blur: blur), opacity: 0.5)
            }
            for (i, line) in ["Ships tomorrow: this row", "grows, then the stack around"].enumerated() {
                list.text(TextRun(line, origin: Point2(10, 10 + 20 * Double(i)), style: style, color: .black, blur: blur), opacity: 0.5)
            }
            return list
        }

        /// GL draws blurred text a run at a time (`GLRenderer.drawBlurredRun`); the reference
        /// a glyph at a time.
        @Test(arguments: [("word", 4.0, 1.0), ("word", 6.0, 2.0), ("crossfade", 3.0, 1.0), ("crossfade", 3.0, 2.0)])
        func glDrawsWhatTheReferenceDraws(_ text: String, blur: Double, scale: Double) throws {
            let h = try Headless()
            let gl = try h.renderer()
            let software = try makeRenderer(.software, fonts: h.fonts)
            let list = text == "word" ? Self.list(blur: blur) : Self.crossfade(blur: blur)
            let w = Int(240 * scale), ht = Int(64 * scale)
            let g = try gl.pixels(list, offset: .zero, width: w, height: ht, scale: scale)
            let s = try software.pixels(list, offset: .zero, width: w, height: ht, scale: scale)
            let diffs = zip(g, s).map { abs(Int($0) - Int($1)) }
            // GL takes a run's 17 taps in one pass and rounds once (the reference keeps
            // floats): at most a level anywhere. (A quad per glyph, rounded after each, is off
            // by 2 in the crossfade; a run that swallowed the second text, summing its
            // coverage with the first's instead of compositing it over, by 35.)
            #expect((diffs.max() ?? 0) <= 1, "\(text) blur \(blur) at \(scale)×: \(diffs.max() ?? 0) levels off")
        }
    }
}
