import Canvas
import Foundation
import Render
import Testing

/// Blurred text (SPEC §5.3.1: words sharpen in from blur 6 → 0 with their fade): the ink
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

        @Test func glDrawsWhatTheReferenceDraws() throws {
            let h = try Headless()
            let gl = try h.renderer()
            let software = try makeRenderer(.software, fonts: h.fonts)
            let list = Self.list(blur: 4)
            let g = try gl.pixels(list, offset: .zero, width: 140, height: 64, scale: 1)
            let s = try software.pixels(list, offset: .zero, width: 140, height: 64, scale: 1)
            let diffs = zip(g, s).map { abs(Int($0) - Int($1)) }
            // Each of the 17 taps blends once, and GL rounds each blend to 8 bits where the
            // reference keeps floats: up to a few levels where many taps overlap, well under
            // one level on average.
            #expect((diffs.max() ?? 0) <= 6)
            #expect(Double(diffs.reduce(0, +)) / Double(diffs.count) < 0.5)
        }
    }
}
