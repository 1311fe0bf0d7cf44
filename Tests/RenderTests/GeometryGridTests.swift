import Canvas
import Foundation
@testable import Render
import Testing

/// Drawn geometry on llvmpipe's sub-pixel grid of 1/256 px (`Flattener.grid`; Mesa's
/// lp_rast.h, FIXED_ORDER 8): where edges land, that the rounding moves no pixel more than
/// a level, and that motion finer than the grid repaints nothing.
@Suite struct GeometryGridTests {
    /// The one shape (or glass shape) a list flattens to.
    static func flat(_ list: DisplayList, scale: Double = 1) -> Primitive? {
        Flattener(scale: scale, fonts: nil).flatten(list).first
    }

    /// Worked by hand: 10.0012 × 256 = 2560.31 → 2560, so x = 10; the right edge 110.0025 ×
    /// 256 = 28160.64 → 28161, so 110.00390625 and the width 100.00390625; y 20.003 → 5121 /
    /// 256 = 20.00390625, its bottom 70.003 → 70.00390625, the height 50 again.
    @Test func edgesAndRadiiLandOnTheGrid() throws {
        var list = DisplayList(background: .white)
        list.clip(.rect(Rect(x: 0.0013, y: 0, width: 400.3, height: 300))) {
            $0.fill(.roundedRect(Rect(x: 10.0012, y: 20.003, width: 100.0013, height: 50), radius: 12.0013), Paint(fill: .black))
        }
        let p = try #require(Self.flat(list))
        #expect(p.rect == Rect(x: 10, y: 20.00390625, width: 100.00390625, height: 50))
        #expect(p.radius == 12)  // 3072.33 → 3072
        // The clip: 0.0013 → 0, 400.3013 → 102477.13 → 102477 / 256 = 400.30078125.
        #expect(p.clipRect == Rect(x: 0, y: 0, width: 400.30078125, height: 300))
        // At 2×, in pixels: 5.0006 pt is 10.0012 px → 10.
        var small = DisplayList(background: .white)
        small.fill(.rect(Rect(x: 5.0006, y: 1, width: 20, height: 20)), Paint(fill: .black))
        #expect(try #require(Self.flat(small, scale: 2)).rect.minX == 10)
        // No clip stays no clip (an infinite rectangle is not rounded).
        #expect(try #require(Self.flat(small)).clipRect == .infinite)
    }

    @Test func glassShapesAndLinesLandOnTheGrid() throws {
        var list = DisplayList(background: .white)
        let card = Shape.roundedRect(Rect(x: 40.0012, y: 30.0031, width: 300, height: 80.0001), radius: 22.0013)
        list.commands.append(.liquid(LiquidGroup(shapes: [card, .capsule(Rect(x: 60, y: 120.0019, width: 90, height: 30))],
                                                 merge: 20), .light, opacity: 1))
        let g = try #require(Self.flat(list)?.liquid)
        // 40.0012 → 10240.31 → 40; 340.0012 → 87040.31 → 340; 30.0031 → 7680.79 → 30.00390625;
        // 110.0032 → 28160.82 → 110.00390625; 22.0013 → 5632.33 → 22. The capsule: 120.0019 →
        // 30720.49 → 120, 150.0019 → 38400.49 → 150.
        #expect(g.shapes[0].rect == Rect(x: 40, y: 30.00390625, width: 300, height: 80))
        #expect(g.shapes[0].radius == 22)
        #expect(g.shapes[1].rect == Rect(x: 60, y: 120, width: 90, height: 30))
        var lines = DisplayList(background: .white)
        lines.line(from: Point2(1.0019, 2.0021), to: Point2(30.5, 40.0001), width: 2.0013, color: .black)
        let l = try #require(Self.flat(lines))
        // Ends 1.0019 → 256.49 → 1, 2.0021 → 512.54 → 2.00390625; half the width 1.00065 → 256.17 → 1.
        #expect(l.segmentEnds.0 == Point2(1, 2.00390625) && l.segmentEnds.1 == Point2(30.5, 40))
        #expect(l.radius == 1)
    }

    /// The rounding is invisible: shapes drawn by the reference rasterizer where the
    /// flattener puts them and where they exactly are (off the grid by up to half a step)
    /// differ by at most one level anywhere.
    @Test func theGridMovesNoPixelByMoreThanALevel() {
        let w = 160, h = 100
        for k in 0..<16 {
            let dx = Double(k) * 0.0371, dy = Double(k) * 0.0173
            let exact = [
                Rect(x: 10.3 + dx, y: 12.7 + dy, width: 90.61, height: 40.19),
                Rect(x: 30.05 + dy, y: 50.11 + dx, width: 110.33, height: 30.7),
            ]
            var list = DisplayList(background: .white)
            list.fill(.roundedRect(exact[0], radius: 12.3), Paint(fill: Color(r: 0.2, g: 0.4, b: 0.9, a: 1)))
            list.fill(.capsule(exact[1]), Paint(fill: Color(r: 0.9, g: 0.3, b: 0.1, a: 0.8)))
            let gridded = Flattener(scale: 1, fonts: nil).flatten(list)
            var unrounded = gridded
            unrounded[0].rect = exact[0]
            unrounded[0].radius = 12.3
            unrounded[1].rect = exact[1]
            unrounded[1].radius = exact[1].height / 2
            #expect(gridded[0].rect != exact[0] || gridded[1].rect != exact[1], "off the grid, or nothing is compared")
            func draw(_ prims: [Primitive]) -> [UInt8] {
                var r = SoftwareRasterizer(width: w, height: h, background: .white)
                r.draw(prims, atlas: [], atlasSize: 1)
                return r.rgba8
            }
            let a = draw(gridded), b = draw(unrounded)
            let largest = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 1, "step \(k): \(largest)/255")
            #expect(a != draw([]), "the shapes are drawn")
        }
    }
}

extension RenderSuite {
    /// Through the GL renderer with damage repaint: a frame whose glass and shapes moved by
    /// less than half a grid step draws the same primitives, so it shades no pixel; a move of
    /// a hundredth of a pixel does repaint (and the repaint is still exact).
    @Suite struct GridRepaintTests {
        static func frame(_ dx: Double) -> DisplayList {
            var list = DisplayList(background: Color(r: 0.95, g: 0.95, b: 0.93, a: 1))
            list.fill(.circle(center: Point2(200, 150), radius: 70), Paint(fill: Color(r: 0.6, g: 0.75, b: 1, a: 0.55)))
            let card = Shape.roundedRect(Rect(x: 120 + dx, y: 100 + dx / 2, width: 300, height: 90), radius: 22)
            let bubble = Shape.capsule(Rect(x: 440 - dx, y: 120, width: 90, height: 30))
            list.commands.append(.liquid(LiquidGroup(shapes: [card, bubble], merge: 20), .light, opacity: 1))
            list.fill(.roundedRect(Rect(x: 140 + dx, y: 220, width: 60, height: 40), radius: 8), Paint(fill: .black))
            return list
        }

        @Test func motionFinerThanTheGridRepaintsNothing() throws {
            let context = try RenderSuite.DamageRepaintTests.Context()
            let partial = try context.renderer(damage: true), whole = try context.renderer(damage: false)
            let target = RenderFrame(width: 640, height: 360, scale: 1)
            var repainted: [Int] = []
            // 0.0005 to 0.0019 px from a shape on the grid: each rounds back onto it.
            for dx in [0, 0.0005, 0.001, 0.0019, 0.0012, 0.01, 0.0103] {
                let before = partial.stats.repaintedPixels
                try partial.draw(Self.frame(dx), offset: .zero, into: target)
                repainted.append(partial.stats.repaintedPixels - before)
                let got = partial.readBackForVideo().rgba
                try whole.draw(Self.frame(dx), offset: .zero, into: target)
                #expect(ImageDiff.same(got, whole.readBackForVideo().rgba), "move \(dx): repaint differs from a whole frame")
            }
            #expect(repainted[0] == 640 * 360, "the first frame is drawn whole")
            #expect(repainted[1...4].allSatisfy { $0 == 0 }, "sub-grid moves repainted \(repainted)")
            #expect(repainted[5] > 10_000, "a move of 0.01 px repaints the glass: \(repainted)")
            // 0.0103 rounds where 0.01 did (2.56 and 2.64 steps → 3): nothing again.
            #expect(repainted[6] == 0, "\(repainted)")
        }
    }
}

extension GeometryGridTests {
    /// A capsule whose edges round apart from its radius stays a capsule. Its top 0.0021 ×
    /// 256 = 0.54 → 1 step (0.00390625), its bottom 30.0079 × 256 = 7682.02 → 30.0078125: a
    /// height of 30.00390625, half of it 15.001953125. Its radius, 15.0029 × 256 = 3840.74,
    /// would round up to 15.00390625, past that: it is cut to half the height.
    @Test func aCapsuleStaysACapsule() throws {
        var list = DisplayList(background: .white)
        list.commands.append(.liquid(LiquidGroup(shapes: [.capsule(Rect(x: 10, y: 0.0021, width: 90, height: 30.0058))], merge: 20),
                                     .light, opacity: 1))
        let s = try #require(Self.flat(list)?.liquid?.shapes.first)
        #expect(s.rect.minY == 0.00390625 && s.rect.height == 30.00390625)
        #expect(s.radius == 15.001953125, "radius \(s.radius) against half the height \(s.rect.height / 2)")
    }
}
