import Canvas
import Foundation
import Render
import Scenes
import Testing

/// The glass reads as glass, not frosted plastic (docs/behaviour.md §5.3.1, last point; issue 15 must-have
/// 2): measured in rendered frames — the software reference and GL — over backdrops whose
/// answer is known, with the presets the scenes use, in both themes at 1× and 2×.
///
/// - Tint: over black the glass is `w · tint`, over white `(1 − w) + w · tint`, so the
///   blend weight of the tint is `w = 1 − (white − black)` whatever the tint's colour.
///   §5.3.1: w ≤ 0.35 in light, ≤ 0.45 in dark.
/// - Refraction: a straight vertical edge behind the bezel is drawn bent — at least 2 pt
///   (our bar for "visibly") where it crosses the bezel, under half a point where the glass
///   is flat.
/// - Specular: the light comes from the top left (`LiquidPaint.lightDirection`); the top
///   rim is brighter than the bottom rim by at least 30/255 (a tenth of the range and more
///   — a glance tells them apart).
/// - Necks: across a neck's middle the glass is plain (no rim line, no seam), and the rim
///   runs along the neck's outline without a break.
extension RenderSuite {
    @Suite struct GlassLookTests {
        static let cases: [(Theme, Double)] = [(.light, 1), (.light, 2), (.dark, 1), (.dark, 2)]

        static func paint(_ theme: Theme) -> LiquidPaint { theme == .dark ? .dark : .light }

        /// Both renderers' pixels of `list` at `scale`, checked against each other within the
        /// liquid pass's tolerance (3/255, GPUReferenceTests).
        static func render(_ list: DisplayList, size: Size, scale: Double, _ h: Headless) throws -> [Frame] {
            let w = Int(size.width * scale), ht = Int(size.height * scale)
            let prims = Flattener(scale: scale, fonts: nil).flatten(list)
            let gpu = try h.gpu(prims, width: w, height: ht, background: list.background)
            let ref = h.reference(prims, width: w, height: ht, background: list.background)
            let diff = ImageDiff(gpu, ref, width: w, threshold: 3)
            #expect(diff.maxDifference <= 3, "GL vs reference at \(scale)x: \(diff.maxDifference)/255 at \(diff.worst)")
            return [Frame(rgba: ref, width: w, scale: scale, name: "reference"), Frame(rgba: gpu, width: w, scale: scale, name: "GL")]
        }

        /// One rendered image, read in points.
        struct Frame {
            let rgba: [UInt8], width: Int, scale: Double, name: String

            /// Mean of the three channels (0…255) of the pixel holding the point (x, y).
            func value(_ x: Double, _ y: Double) -> Double {
                let i = (Int(y * scale) * width + Int(x * scale)) * 4
                return (Double(rgba[i]) + Double(rgba[i + 1]) + Double(rgba[i + 2])) / 3
            }

            func channel(_ x: Double, _ y: Double, _ c: Int) -> Double {
                Double(rgba[(Int(y * scale) * width + Int(x * scale)) * 4 + c])
            }

            /// Where (pt) the row at `y` first crosses `level` in `xs` — by default halfway
            /// between its darkest and lightest pixel there — between pixel centres; nil when
            /// the row is flat there.
            func edge(y: Double, xs: ClosedRange<Double>, level: Double? = nil) -> Double? {
                let px = Int(xs.lowerBound * scale)...Int(xs.upperBound * scale)
                let row = px.map { value((Double($0) + 0.5) / scale, y) }
                guard let lo = row.min(), let hi = row.max(), hi - lo > 40 else { return nil }
                let mid = level ?? (lo + hi) / 2
                for i in 1..<row.count where (row[i - 1] - mid) * (row[i] - mid) <= 0 && row[i - 1] != row[i] {
                    let f = (mid - row[i - 1]) / (row[i] - row[i - 1])
                    return (Double(px.lowerBound + i - 1) + 0.5 + f) / scale
                }
                return nil
            }
        }

        /// A capsule of glass, 240 × 60 pt at (40, 50), over stripes: black left of x = 43 —
        /// 3 pt inside the capsule's left end, so that edge lies in the bezel — white to
        /// x = 160, the capsule's middle, where the glass is flat, and black beyond.
        static func stripes(_ theme: Theme) -> DisplayList {
            var list = DisplayList(background: .black)
            list.fill(.rect(Rect(x: 43, y: 0, width: 117, height: 160)), Paint(fill: .white))
            list.commands.append(.liquid(LiquidGroup(shapes: [.capsule(Rect(x: 40, y: 50, width: 240, height: 60))]), paint(theme),
                                         opacity: 1))
            return list
        }

        @Test(arguments: cases)
        func theBackdropShowsThrough(theme: Theme, scale: Double) throws {
            let h = try Headless()
            for f in try Self.render(Self.stripes(theme), size: Size(320, 160), scale: scale, h) {
                // Interior points 30 pt from the outline (deeper than bezel and highlight) and
                // 57 pt from the stripes' edges (the blur reaches 9).
                var weight = 0.0
                for c in 0..<3 { weight = max(weight, 1 - (f.channel(100, 80, c) - f.channel(220, 80, c)) / 255) }
                let limit = theme == .dark ? 0.45 : 0.35
                #expect(weight <= limit, "\(theme) \(f.name) at \(scale)x: tint weight \(weight)")
                #expect(weight > 0.05, "\(theme) \(f.name) at \(scale)x: still glass, not nothing (\(weight))")
            }
        }

        @Test(arguments: cases)
        func aStraightEdgeBendsInTheBezelAndNotWhereTheGlassIsFlat(theme: Theme, scale: Double) throws {
            let h = try Headless()
            for f in try Self.render(Self.stripes(theme), size: Size(320, 160), scale: scale, h) {
                // Above the glass, both edges are where they were drawn: the measure is sound.
                let plainLeft = f.edge(y: 20, xs: 30...60), plainMiddle = f.edge(y: 20, xs: 140...180)
                #expect(abs((plainLeft ?? 0) - 43) < 0.5 && abs((plainMiddle ?? 0) - 160) < 0.5,
                        "\(f.name): \(String(describing: plainLeft)), \(String(describing: plainMiddle))")
                // On the capsule's centre row the edge 3 pt inside its end is seen further in:
                // the glass pulls the black from beyond its rim into the bezel. From 2 pt in
                // (past the rim line) to the flat glass, crossing halfway between the glass
                // over black and over white (read where the glass is flat: the bezel is too
                // narrow to hold a plateau of either).
                let level = (f.value(100, 80) + f.value(220, 80)) / 2
                let bent = f.edge(y: 80, xs: 42...75, level: level)
                let shift = (bent ?? 43) - 43
                #expect(shift >= 2, "\(theme) \(f.name) at \(scale)x: edge in the bezel moved \(shift) pt")
                // Bent, not moved: 10 pt off the centre row the end has curved in (its outline
                // at x = 41.7), the edge lies nearer the rim and is seen further in still
                // (for a circular end and this bezel: 3.6 pt against 2.7).
                let off = (f.edge(y: 90, xs: 44...75, level: level) ?? 43) - 43
                #expect(off >= shift + 0.4, "\(theme) \(f.name) at \(scale)x: \(shift) pt on the centre row, \(off) 10 pt off it")
                // Where the glass is flat, the edge stays straight through every row of it.
                var worst = 0.0
                for y in stride(from: 53.0, through: 107, by: 1) {
                    guard let x = f.edge(y: y, xs: 140...180) else { Issue.record("\(f.name): no edge at y \(y)"); continue }
                    worst = max(worst, abs(x - 160))
                }
                #expect(worst < 0.5, "\(theme) \(f.name) at \(scale)x: edge under flat glass moved \(worst) pt")
            }
        }

        /// A capsule over mid grey: only the glass's own light differs from top to bottom.
        static func grey(_ theme: Theme, shapes: [Shape]) -> DisplayList {
            var list = DisplayList(background: Color(r: 0.5, g: 0.5, b: 0.5, a: 1))
            list.commands.append(.liquid(LiquidGroup(shapes: shapes), paint(theme), opacity: 1))
            return list
        }

        /// The brightest pixel (0…255) in the rows `ys` of the columns `xs`.
        static func brightest(_ f: Frame, xs: ClosedRange<Double>, ys: ClosedRange<Double>) -> Double {
            var best = 0.0
            for x in stride(from: xs.lowerBound, through: xs.upperBound, by: 1 / f.scale) {
                for y in stride(from: ys.lowerBound, through: ys.upperBound, by: 1 / f.scale) { best = max(best, f.value(x, y)) }
            }
            return best
        }

        @Test(arguments: cases)
        func theRimFacingTheLightCarriesAHighlight(theme: Theme, scale: Double) throws {
            let h = try Headless()
            let list = Self.grey(theme, shapes: [.capsule(Rect(x: 40, y: 40, width: 200, height: 60))])
            for f in try Self.render(list, size: Size(280, 140), scale: scale, h) {
                // The straight top and bottom runs, within 4 pt of the outline.
                let top = Self.brightest(f, xs: 80...200, ys: 40...44), bottom = Self.brightest(f, xs: 80...200, ys: 96...99.9)
                let interior = f.value(140, 70)
                #expect(top - bottom >= 30, "\(theme) \(f.name) at \(scale)x: top rim \(top), bottom \(bottom)")
                #expect(top - interior >= 40, "\(theme) \(f.name) at \(scale)x: highlight \(top) over glass \(interior)")
                // A highlight, not only a hairline: 2.5 pt in, past the 1.5 pt rim, the top is
                // still lighter than the bottom at the same depth.
                let below = f.value(140, 42.5), above = f.value(140, 97.5)
                #expect(below - above >= 8, "\(theme) \(f.name) at \(scale)x: 2.5 pt in, top \(below), bottom \(above)")
                // The top-left shoulder faces the light squarely: brighter than the
                // bottom-right one.
                let lit = Self.brightest(f, xs: 46...56, ys: 46...56), away = Self.brightest(f, xs: 224...234, ys: 84...94)
                #expect(lit - away >= 30, "\(theme) \(f.name) at \(scale)x: lit shoulder \(lit), far one \(away)")
            }
        }

        @Test(arguments: cases)
        func rimAndBezelFlowThroughANeck(theme: Theme, scale: Double) throws {
            let h = try Headless()
            // Two 30 pt capsules at the joined gap (docs/behaviour.md §5.1: the neck holds, its waist about
            // 0.7 of their height): left one ends at x = 120, the right starts at 124.
            let shapes: [Shape] = [.capsule(Rect(x: 40, y: 45, width: 80, height: 30)),
                                   .capsule(Rect(x: 124, y: 45, width: 80, height: 30))]
            for f in try Self.render(Self.grey(theme, shapes: shapes), size: Size(244, 120), scale: scale, h) {
                // Along the centre line from one capsule's middle to the other's, the glass is
                // the same all the way: no rim across the neck's middle, no seam in the bezel.
                let interior = f.value(80, 60)
                var worst = 0.0
                for x in stride(from: 80.0, through: 164, by: 1 / scale) { worst = max(worst, abs(f.value(x, 60) - interior)) }
                #expect(worst <= 3, "\(theme) \(f.name) at \(scale)x: centre line departs \(worst)/255 from the glass")
                // Along the top outline — the capsules' and the neck's, which dips to about
                // 4.5 pt below their tops at the gap — every column carries the rim.
                var faintest = 255.0
                for x in stride(from: 100.0, through: 144, by: 1 / scale) {
                    faintest = min(faintest, Self.brightest(f, xs: x...x, ys: 44...52) - interior)
                }
                #expect(faintest >= 15, "\(theme) \(f.name) at \(scale)x: the rim fades to \(faintest)/255 over the glass")
            }
        }
    }
}
