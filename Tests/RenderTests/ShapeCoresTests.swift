import Canvas
import Foundation
@testable import Render
import Testing

/// One-colour cores of shapes (issue 16): a card's inside is drawn by a program that only
/// writes its colour, the rest of its quad by the shape's own. The bar is exactness — the
/// same bytes as the whole shape through its program.
@Suite struct ShapeCoresTests {
    static func card(_ rect: Rect, radius: Double = 14, continuous: Bool = true, fill: Color = .white, shadow: Shadow? = nil,
                     stroke: Double = 0, clip: Rect = Rect(x: -1e4, y: -1e4, width: 2e4, height: 2e4)) -> Primitive {
        var list = DisplayList(background: .white)
        list.clip(.rect(clip)) { l in
            l.fill(continuous ? .roundedRect(rect, radius: radius) : Shape(rect: rect, radius: radius, continuous: false),
                   Paint(fill: fill, stroke: stroke > 0 ? Color(hex: 0xF6CF8F) : .clear, strokeWidth: stroke, shadow: shadow))
        }
        return Flattener(scale: 1, fonts: nil).flatten(list)[0]
    }

    /// Every core pixel centre is at least 1 px inside the shape by the reference distance
    /// (`SDF.roundedRect`, which the shader mirrors) — and 1 px inside a stroke — and 1 px
    /// inside its clip; core and rest hold every pixel centre of the shape's bounds exactly once.
    @Test(arguments: [(true, 14.0, false, 0.0), (false, 14.0, false, 0.0), (true, 0.0, false, 0.0), (false, 40.0, false, 0.0),
                      (true, 14.0, true, 0.0), (true, 28.0, false, 2.0), (false, 14.0, true, 1.5)])
    func coresAreWholeAndPartitionTheQuad(continuous: Bool, radius: Double, clipped: Bool, stroke: Double) throws {
        let rect = Rect(x: 20.3, y: 30.6, width: 340.5, height: 80.2)
        let clip = clipped ? Rect(x: 0, y: 50, width: 300, height: 200) : Rect(x: -1e4, y: -1e4, width: 2e4, height: 2e4)
        let p = Self.card(rect, radius: radius, continuous: continuous, shadow: Shadow(alpha: 0.07, radius: 14, offset: Point2(0, 4)),
                          stroke: stroke, clip: clip)
        let parts = try #require(ShapeCores.split(p))
        let b = p.bounds.insetBy(dx: -3, dy: -3)
        var coreCount = 0
        for y in Int(b.minY.rounded(.down))..<Int(b.maxY.rounded(.up)) {
            for x in Int(b.minX.rounded(.down))..<Int(b.maxX.rounded(.up)) {
                let c = Point2(Double(x) + 0.5, Double(y) + 0.5)
                func holds(_ r: Rect) -> Bool { c.x >= r.minX && c.x < r.maxX && c.y >= r.minY && c.y < r.maxY }
                let inCore = parts.core.filter(holds).count, inRest = parts.rest.filter(holds).count
                if inCore + inRest > 1 { Issue.record("pixel \(x),\(y) in \(inCore + inRest) pieces"); return }
                if p.bounds.insetBy(dx: -1, dy: -1).contains(c), inCore + inRest != 1 {
                    Issue.record("pixel \(x),\(y) of the quad in no piece"); return
                }
                guard inCore == 1 else { continue }
                coreCount += 1
                let d = SDF.roundedRect(c, center: rect.center, halfSize: Size(rect.width / 2, rect.height / 2), radius: radius,
                                        continuous: continuous)
                let outOfClip = max(abs(c.x - clip.midX) - clip.width / 2, abs(c.y - clip.midY) - clip.height / 2)
                if d > -1 - stroke || outOfClip > -1 { Issue.record("core pixel \(x),\(y): depth \(-d), in clip \(-outOfClip)"); return }
            }
        }
        // The straight stretches at least: the box 1 px in, less the corners' span
        // (1.28 r for a continuous corner) and a pixel of rounding on each edge.
        let span = continuous ? 1.28 * radius : radius
        let visible = (clipped ? rect.intersection(clip) : rect).insetBy(dx: stroke, dy: stroke)
        #expect(Double(coreCount) >= (visible.width - 2 * span - 4) * (visible.height - 4))
    }

    /// Drawn whole: a translucent fill under a shadow, a rounded clip, a small shape.
    @Test func shapesThatAreNotOneColourAreNotSplit() {
        let r = Rect(x: 10, y: 10, width: 300, height: 90)
        let shadow = Shadow(alpha: 0.1, radius: 10, offset: Point2(0, 2))
        #expect(ShapeCores.split(Self.card(r, fill: Color(r: 1, g: 1, b: 1, a: 0.5), shadow: shadow)) == nil)
        #expect(ShapeCores.split(Self.card(r, fill: Color(r: 1, g: 1, b: 1, a: 0.5))) != nil, "translucent, no shadow: one colour")
        var rounded = Self.card(r)
        rounded.roundClip = Shape(rect: r, radius: 8, continuous: true)
        #expect(ShapeCores.split(rounded) == nil)
        #expect(ShapeCores.split(Self.card(Rect(x: 0, y: 0, width: 60, height: 40))) == nil, "a button is drawn whole")
    }

    /// What a repaint need not clear: the cores of opaque one-colour shapes, up to the
    /// first glass group (its backdrop reads what lies under later cores), layers passed over.
    @Test func theOpaqueCoverStopsAtTheFirstGlassGroup() throws {
        let opaque = Self.card(Rect(x: 10, y: 10, width: 300, height: 90))
        let translucent = Self.card(Rect(x: 10, y: 120, width: 300, height: 90), fill: Color(r: 1, g: 1, b: 1, a: 0.5))
        let later = Self.card(Rect(x: 10, y: 230, width: 300, height: 90))
        var glass = later
        glass.kind = .liquid
        let layer = RenderBatch.layer(id: "l", composite: Self.card(Rect(x: 400, y: 10, width: 80, height: 80)), content: [], key: [], opaque: true)
        let core = try #require(ShapeCores.split(opaque)).core, laterCore = try #require(ShapeCores.split(later)).core
        // The translucent card's core is drawn by the blending program: it covers nothing.
        #expect(ShapeCores.opaqueCover([.primitives([opaque, translucent])]) == core)
        #expect(ShapeCores.opaqueCover([.primitives([opaque]), layer, .primitives([later])]) == core + laterCore)
        #expect(ShapeCores.opaqueCover([.primitives([opaque, glass, later])]) == core)
        #expect(ShapeCores.opaqueCover([.primitives([glass]), .primitives([opaque])]).isEmpty)
        // Whole pixels 1 px inside the card: its 300 × 90 box less the corners' span.
        let area: Double = core.reduce(0) { $0 + $1.width * $1.height }
        let least: Double = (300 - 2 * 1.28 * 14 - 4) * (90 - 4)
        #expect(area > least && area < 300 * 90)
        #expect(core.allSatisfy { $0.minX == $0.minX.rounded() && $0.maxY == $0.maxY.rounded() })
    }
}

extension RenderSuite {
    /// Shapes in pieces and whole, byte for byte (the card scenes through the window: `ExactShortcutTests`).
    @Suite struct ShapeCoresRenderTests {
        /// Overlapping cards, clipped, translucent and circular ones drawn in pieces and whole:
        /// the same bytes, at 1× and 2×.
        @Test(arguments: [1.0, 2.0])
        func piecesDrawTheSameBytesAsWholeShapes(scale: Double) throws {
            var list = DisplayList(background: Color(hex: 0xF3F2EE))
            let shadow = Shadow(alpha: 0.35, radius: 14, offset: Point2(0, 4))
            list.fill(.roundedRect(Rect(x: 20.25, y: 16.5, width: 300, height: 120), radius: 14), Paint(fill: .white, shadow: shadow))
            list.fill(.roundedRect(Rect(x: 60.5, y: 90.75, width: 280, height: 100), radius: 20),
                      Paint(fill: Color(hex: 0x0A84FF), shadow: shadow))
            list.clip(.rect(Rect(x: 0, y: 200, width: 200, height: 60))) { l in
                l.fill(.roundedRect(Rect(x: 30, y: 180, width: 300, height: 120), radius: 14), Paint(fill: Color(hex: 0x242426)))
            }
            list.fill(.circle(center: Point2(280, 250), radius: 50), Paint(fill: Color(r: 1, g: 0.4, b: 0.4, a: 0.6)))
            // The push alert's card: a cream fill in a 1 pt amber border; and a translucent one.
            list.fill(.roundedRect(Rect(x: 10.5, y: 214.25, width: 194, height: 60.5), radius: 14),
                      Paint(fill: Color(hex: 0xFFF4E3), stroke: Color(hex: 0xF6CF8F), strokeWidth: 1))
            list.fill(.roundedRect(Rect(x: 120.25, y: 260.5, width: 200, height: 50), radius: 10),
                      Paint(fill: Color(r: 0.2, g: 0.3, b: 0.9, a: 0.7), stroke: Color(r: 0, g: 0, b: 0, a: 0.5), strokeWidth: 2.5))
            list.text(TextRun("over the card", origin: Point2(40, 40), style: TextStyle(.semibold, size: 15), color: .black))
            let h = try Headless()
            let w = Int(380 * scale), ht = Int(320 * scale)
            let prims = Flattener(scale: scale, fonts: h.fonts).flatten(list)
            h.gl.options[.damageTracking] = false
            h.gl.options[.shapeCores] = false
            let expected = try h.gpu(prims, width: w, height: ht, background: list.background)
            #expect(h.gl.stats.flatPixels == 0)
            h.gl.options[.shapeCores] = true
            let got = try h.gpu(prims, width: w, height: ht, background: list.background)
            #expect(h.gl.stats.flatPixels > Int(200 * 80 * scale * scale), "the cards were split: \(h.gl.stats.flatPixels)")
            let diff = ImageDiff(got, expected, width: w, threshold: 0)
            #expect(diff.maxDifference == 0, "\(diff.maxDifference)/255 at \(diff.worst)")
        }
    }
}
