import Canvas
import Foundation
@testable import Playground
import Platform
@testable import Render
import Scenes
import Testing

/// Plain cores of liquid groups (issue 16): pixels deep inside a shape are painted with
/// the tinted backdrop alone and get no field. The bar is exactness — the same bytes as
/// every pixel through the full paint.
@Suite struct LiquidCoresTests {
    /// Every pixel centre of a core lies deeper than the depth into its shape, by the
    /// reference distance (`SDF.roundedRect`, the function the shader mirrors).
    @Test(arguments: [(true, 22.0, 390.0), (false, 22.0, 390.0), (true, 4.0, 390.0), (true, 60.0, 390.0), (false, 0.0, 390.0),
                      (false, 36.2, 72.4), (true, 36.2, 72.4), (false, 36.2, 200.0)])
    func everyCorePixelIsDeepEnough(continuous: Bool, radius: Double, width: Double) {
        let shape = Shape(rect: Rect(x: 10.3, y: 20.7, width: width, height: 72.4), radius: radius, continuous: continuous)
        let depth = 16.5
        let cores = LiquidCores.cores([shape], depth: depth, within: Rect(x: 0, y: 0, width: 1000, height: 1000))
        #expect(!cores.isEmpty)
        var covered = 0
        for c in cores {
            #expect(c.x == c.x.rounded() && c.y == c.y.rounded() && c.width == c.width.rounded())
            for y in Int(c.minY)..<Int(c.maxY) {
                for x in Int(c.minX)..<Int(c.maxX) {
                    let p = Point2(Double(x) + 0.5, Double(y) + 0.5)
                    let d = SDF.roundedRect(p, center: shape.rect.center, halfSize: Size(shape.rect.width / 2, shape.rect.height / 2),
                                            radius: radius, continuous: continuous)
                    if d > -depth { Issue.record("pixel \(x),\(y) is only \(-d) deep"); return }
                    covered += 1
                }
            }
        }
        // The two bands hold the straight stretches: for the 22 pt continuous corner
        // (span 28.16) at least (390 − 2·28.16) × (72.4 − 2·16.5) − 2 px of rounding per edge.
        if radius == 22, continuous { #expect(covered >= Int((390 - 2 * 28.16 - 2) * (72.4 - 2 * 16.5 - 2))) }
    }

    /// The partition covers every pixel centre of the outer rectangle exactly once.
    @Test func partitionCoversEachPixelOnce() {
        let outer = Rect(x: 3.25, y: 5.5, width: 60.5, height: 41.75)
        let cuts = [Rect(x: 10, y: 10, width: 20, height: 10), Rect(x: 15, y: 15, width: 30, height: 20),
                    Rect(x: 50, y: 0, width: 40, height: 12), Rect(x: 12, y: 30, width: 4, height: 4)]
        let (covered, rest) = LiquidCores.partition(outer, cuts: cuts)
        for y in 0..<60 {
            for x in 0..<80 {
                let p = Point2(Double(x) + 0.5, Double(y) + 0.5)
                func holds(_ r: Rect) -> Bool { p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY }
                let inOuter = holds(outer), inCut = cuts.contains { holds($0.intersection(outer)) }
                let a = covered.filter(holds).count, b = rest.filter(holds).count
                #expect(a == (inOuter && inCut ? 1 : 0) && b == (inOuter && !inCut ? 1 : 0), "pixel \(x),\(y)")
            }
        }
        #expect(LiquidCores.partition(outer, cuts: []).rest == [outer])
    }
}

extension RenderSuite {
    /// The glass scenes drawn with plain cores and without, every frame compared byte for byte.
    @Suite struct LiquidCoresRenderTests {
        /// (The neck sandbox's 30 pt capsules are never deeper than the bezel: no cores.)
        @Test(arguments: [("liquid", 1.0, Theme.light, 80), ("liquid", 1.0, Theme.dark, 30), ("liquid", 2.0, Theme.light, 24),
                          ("liquid", 2.0, Theme.dark, 12)])
        func plainCoresChangeNoByte(scene: String, scale: Double, theme: Theme, frames: Int) throws {
            let context = try RenderSuite.DamageRepaintTests.Context()
            let full = try context.renderer(damage: false), split = try context.renderer(damage: false)
            full.liquidCores = false
            split.liquidCores = true
            let size = Size(1280, 800)
            let w = Int(size.width * scale), h = Int(size.height * scale)
            var app = Workbench(measurer: context.fonts, theme: theme, windowSize: size)
            _ = app.switchScene(named: scene, at: 0)
            for i in 0..<frames {
                let t = Double(i) / 60
                app.scene.benchFrame(at: t)
                _ = app.update(toWall: t)
                let list = app.draw(atWall: t)
                let frame = RenderFrame(width: w, height: h, scale: scale)
                try full.draw(list, offset: .zero, into: frame)
                let expected = full.readBackForVideo().rgba
                try split.draw(list, offset: .zero, into: frame)
                let got = split.readBackForVideo().rgba
                guard got == expected else {
                    let diff = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1
                    Issue.record("\(scene) @\(scale)× \(theme), frame \(i): differs first at x \((diff / 4) % w), y \(h - 1 - diff / 4 / w)")
                    return
                }
            }
            #expect(full.plainPixels == 0)
            // The cores are a real share of the glass, or the comparison proves little.
            #expect(split.plainPixels > frames * 5_000, "plain pixels: \(split.plainPixels) over \(frames) frames")
        }
    }
}
