import Canvas
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
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

    /// In the straight columns of a strip, every pixel centre is, for every shape with a
    /// continuous corner, within h − span of its centre on one axis (the straight branch of
    /// `SDF.roundedRect`, by the documented 1.28 span, docs/behaviour.md §5): checked pixel by pixel for a stacked pile,
    /// strips through the cards and the gaps between them, and half-pixel strip edges.
    @Test func straightColumnsMissEveryCornerCurve() throws {
        let cards = (0..<4).map { i in Shape(rect: Rect(x: 20.4, y: 10.3 + Double(i) * 92, width: 388, height: 80), radius: 22) }
        let bubble = Shape.capsule(Rect(x: 300, y: 380, width: 90, height: 30))   // circular: no curve to miss
        var straight = 0
        for y in stride(from: 0.0, to: 400, by: 32) {
            for strip in [Rect(x: 0, y: y, width: 440, height: 32), Rect(x: 3.5, y: y + 0.5, width: 420.25, height: 16)] {
                guard let c = LiquidCores.straightColumns(strip, shapes: cards + [bubble]) else { continue }
                #expect(c.x0 >= strip.minX && c.x1 <= strip.maxX)
                for row in Int((strip.minY - 0.5).rounded(.up))..<Int((strip.maxY - 0.5).rounded(.up)) {
                    for col in Int(c.x0)..<Int(c.x1) {
                        let p = Point2(Double(col) + 0.5, Double(row) + 0.5)
                        for s in cards {
                            let span = 22 * 1.28, h = Size(s.rect.width / 2, s.rect.height / 2)
                            let qx = abs(p.x - s.rect.midX) - (h.width - span), qy = abs(p.y - s.rect.midY) - (h.height - span)
                            if qx > 0 && qy > 0 { Issue.record("pixel \(col),\(row) is by a corner's curve"); return }
                        }
                        straight += 1
                    }
                }
            }
        }
        // Between the cards' curves: columns 20.4 + 28.16 … 408.4 − 28.16, about 332 of 440.
        #expect(straight >= 300 * 400, "straight pixels: \(straight)")
    }

    /// The one-shape paint's split (`straightSplit` with `neighbours`): every pixel of its
    /// straight part, and the pixel right of it and below it (the paint reads the field
    /// there too), is off the card's corner curves; the parts hold each pixel of the rect
    /// once; and the straight part is most of a card's edge band.
    @Test func straightSplitCoversThePixelsAPaintReadsOn() throws {
        let card = Shape(rect: Rect(x: 20.4, y: 10.3, width: 388, height: 80), radius: 22)
        let span = 22 * 1.28, h = Size(card.rect.width / 2, card.rect.height / 2)
        func offTheCurve(_ col: Int, _ row: Int) -> Bool {
            let qx = abs(Double(col) + 0.5 - card.rect.midX) - (h.width - span)
            let qy = abs(Double(row) + 0.5 - card.rect.midY) - (h.height - span)
            return qx <= 0 || qy <= 0
        }
        var straight = 0, total = 0
        // The band along the card's top edge and one across its side, in whole pixels.
        for rect in [Rect(x: 14, y: 4, width: 402, height: 20), Rect(x: 14, y: 30, width: 30, height: 40)] {
            let split = LiquidCores.straightSplit(rect, shapes: [card], neighbours: true)
            var seen = Set<[Int]>()
            for part in (split.straight.map { [$0] } ?? []) + split.curved {
                for row in Int(part.minY)..<Int(part.maxY) { for col in Int(part.minX)..<Int(part.maxX) {
                    #expect(seen.insert([col, row]).inserted, "pixel \(col),\(row) in two parts")
                } }
            }
            #expect(seen.count == Int(rect.width * rect.height))
            guard let s = split.straight else { continue }
            for row in Int(s.minY)..<Int(s.maxY) { for col in Int(s.minX)..<Int(s.maxX) {
                for (c, r) in [(col, row), (col + 1, row), (col, row + 1)] where !offTheCurve(c, r) {
                    Issue.record("pixel \(col),\(row) reads \(c),\(r) by a corner's curve")
                    return
                }
            } }
            straight += Int(s.width * s.height)
            total += Int(rect.width * rect.height)
        }
        // The top band's columns between the curves: 20.4 + 28.16 … 408.4 − 28.16, about 331 of 402.
        #expect(straight >= 330 * 20, "straight pixels: \(straight) of \(total)")
    }

    /// Outside a group's near region the merged field (`LiquidGroup.distance`, the fold the
    /// shaders mirror) is at least 1 at every pixel centre — so past the glass's coverage —
    /// for each kernel, at the pile's merge and at the slider's widest (24 pt), with cards
    /// close enough to neck; and near and outside hold every pixel centre once.
    @Test(arguments: LiquidKernel.allCases.flatMap { k in [(k, 8.0), (k, 24.0)] })
    func outsideTheNearRegionTheFieldIsPastTheGlass(kernel: LiquidKernel, merge: Double) {
        let shapes = [Shape(rect: Rect(x: 20.4, y: 10.3, width: 200, height: 80), radius: 22),
                      Shape(rect: Rect(x: 30.2, y: 96.6, width: 180, height: 70), radius: 22),
                      Shape(rect: Rect(x: 40, y: 168, width: 160, height: 60), radius: 22),
                      .capsule(Rect(x: 150, y: 240, width: 90, height: 30))]
        let g = LiquidGroup(shapes: shapes, merge: merge, kernel: kernel)
        let walk = Self.walk(g, within: Rect(x: 0, y: 0, width: 300, height: 300))
        #expect(walk.misplaced == nil, "pixel in other than one part: \(String(describing: walk.misplaced))")
        #expect(walk.least >= 1, "least distance outside: \(walk.least)")
        #expect(walk.outside > 20_000, "outside pixels: \(walk.outside)")
    }

    /// Every pixel centre of `within` against `LiquidCores.outside`: how many lie near and
    /// how many outside, the least merged distance (`LiquidGroup.distance`) outside, and the
    /// first pixel in other than exactly one part.
    static func walk(_ g: LiquidGroup, within: Rect) -> (near: Int, outside: Int, least: Double, misplaced: (Int, Int)?) {
        let parts = LiquidCores.outside(g, within: within)
        var near = 0, outside = 0, least = Double.infinity
        for y in Int(within.minY)..<Int(within.maxY) {
            for x in Int(within.minX)..<Int(within.maxX) {
                let p = Point2(Double(x) + 0.5, Double(y) + 0.5)
                func holds(_ r: Rect) -> Bool { p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY }
                let n = parts.near.filter(holds).count, o = parts.outside.filter(holds).count
                if n + o != 1 { return (near, outside, least, (x, y)) }
                if n == 1 { near += 1; continue }
                outside += 1
                least = min(least, g.distance(to: p))
            }
        }
        return (near, outside, least, nil)
    }

    /// Issue 16: a side no other shape can fold into is near only 3 px deep — a card on
    /// its own, the outer sides of a pile — and past that the union (`LiquidGroup.distance`)
    /// is still at least 2 at every pixel centre; the sides that face a neighbour keep the
    /// whole 2k + 2. Expected counts from the geometry, not from the code under test.
    @Test(arguments: LiquidKernel.allCases)
    func aSideNothingFoldsIntoIsNearOnlyThreeDeep(kernel: LiquidKernel) {
        let card = Shape(rect: Rect(x: 40, y: 40, width: 200, height: 60), radius: 16, continuous: true)
        let below = Shape(rect: Rect(x: 40, y: 112, width: 200, height: 60), radius: 16, continuous: true)
        for shapes in [[card], [card, below]] {
            let g = LiquidGroup(shapes: shapes, merge: 20, kernel: kernel)  // k = 5: the wide margin is 12
            let walk = Self.walk(g, within: Rect(x: 0, y: 0, width: 300, height: 220))
            let near = walk.near
            #expect(walk.misplaced == nil && walk.least >= 2, "\(shapes.count) shapes: least distance outside \(walk.least)")
            if shapes.count == 1 {
                // The card's box 3 px wider each way: 206 × 66.
                #expect(near == 206 * 66, "near pixels: \(near)")
            } else {
                // Two cards 12 px apart fold into each other: 12 px deep on their facing
                // sides, and on their left and right, whose bands reach into the gap; 3 px
                // at the outer ends. The box over both: 224 × (60 + 12 + 60 + 3 + 3).
                #expect(near == 224 * 138, "near pixels: \(near)")
            }
        }
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
    /// The renderer's exact shortcuts (issue 16), each drawn on and off through the
    /// workbench's bench drive, every frame compared byte for byte, and each really taken
    /// (its pixel counter) or the comparison proves little.
    @Suite struct ExactShortcutTests {
        /// For each exact shortcut: the fewest pixels a frame it must take, and the runs
        /// (scene, scale, theme, frames) it is compared over.
        /// (The neck sandbox's 30 pt capsules are never deeper than the bezel: no liquid cores.
        /// The bench drive's spread keeps its blur: a whole frame's is spared then. In the
        /// pile's drive the unclipped paint is taken by the cards fading in and out alone —
        /// the stack's group, cut by the stage's clip there, never is — about 2,600
        /// pixels a drawn frame at 1×, the peeks being part of the stack.)
        static let plans: [GLRenderer.Shortcut: (perFrame: Int, runs: [(String, Double, Theme, Int)])] = [
            .liquidCores: (5_000, [("liquid", 1, .light, 80), ("liquid", 1, .dark, 30), ("liquid", 2, .light, 24),
                                   ("liquid", 2, .dark, 12)]),
            // (Dark glass has no lift shadow: the shadow's shortcuts are compared in light.)
            .shadowClass: (10_000, [("liquid", 1, .light, 80), ("liquid", 2, .light, 24), ("neck", 1, .light, 40)]),
            .straightField: (20_000, [("liquid", 1, .light, 80), ("liquid", 2, .dark, 24), ("neck", 1, .light, 40)]),
            .shapeCores: (20_000, [("presence", 1, .light, 72), ("presence", 2, .dark, 24), ("push-alert", 1, .dark, 40),
                                   ("spring", 2, .light, 12)]),
            .unclippedPaint: (2_000, [("liquid", 1, .light, 80), ("liquid", 2, .dark, 24), ("neck", 1, .dark, 40)]),
            .roundClipClasses: (20_000, [("presence", 1, .dark, 48), ("presence", 2, .light, 16), ("spring", 1, .light, 24),
                                         ("liquid", 1, .dark, 24)]),
            .shapeShadowClasses: (20_000, [("presence", 2, .light, 16), ("push-alert", 2, .dark, 16), ("spring", 1, .dark, 24)]),
            .singleShapeField: (5_000, [("liquid", 1, .light, 80), ("liquid", 1, .dark, 30), ("liquid", 2, .dark, 24)]),
            .tightBlur: (2_000, [("liquid", 1, .light, 80), ("liquid", 2, .dark, 24)]),
            .instancedField: (10_000, [("liquid", 1, .light, 80), ("liquid", 2, .dark, 24), ("neck", 1, .light, 40)]),
            .unrolledBlur: (2_000, [("liquid", 1, .light, 80), ("liquid", 2, .dark, 24)]),
            // (Taken only in a partial repaint: compared with damage repaint on both ways. The
            // glass's and the Spring Lab's drives repaint no opaque core: their frames go
            // through the one-draw clear alone, compared by `DamageRepaintTests`.)
            .straightEdges: (5_000, [("push-alert", 1, .light, 40), ("push-alert", 2, .dark, 24),
                                     ("presence", 2, .light, 16), ("spring", 2, .light, 12)]),
            // (Every primitive's program: a scene of each kind of primitive — the pile has
            // glyphs and the page's controls, the Spring Lab segments and blurred text none.)
            .quadRectangles: (50_000, [("push-alert", 1, .light, 40), ("push-alert", 2, .dark, 24), ("presence", 1, .dark, 48),
                                       ("presence", 2, .light, 16), ("spring", 1, .light, 24), ("spring", 2, .dark, 12),
                                       ("liquid", 1, .light, 40), ("neck", 2, .dark, 12)]),
            .clearAroundCores: (5_000, [("push-alert", 1, .light, 40), ("push-alert", 2, .dark, 24), ("presence", 1, .dark, 48),
                                        ("presence", 2, .light, 16)]),
        ]

        /// The shortcuts taken only where a frame is repainted in part.
        static let partialOnly: Set<GLRenderer.Shortcut> = [.clearAroundCores]

        /// The shortcuts compared by suites of their own: damage repaint
        /// (`DamageRepaintTests`) and the coarse shadow, which is not exact (`CoarseShadowTests`).
        static let comparedElsewhere: Set<GLRenderer.Shortcut> = [.damageTracking, .coarseShadow]

        static let runs: [(GLRenderer.Shortcut, String, Double, Theme, Int)] = GLRenderer.Shortcut.allCases.flatMap { shortcut in
            (plans[shortcut]?.runs ?? []).map { (shortcut, $0.0, $0.1, $0.2, $0.3) }
        }

        @Test func everyShortcutIsCompared() {
            for shortcut in GLRenderer.Shortcut.allCases {
                #expect((Self.plans[shortcut] != nil) != Self.comparedElsewhere.contains(shortcut), "\(shortcut)")
                #expect(shortcut.isExact || Self.comparedElsewhere.contains(shortcut), "\(shortcut)")
            }
        }

        /// `SPRINGLAB_<NAME>=off` turns a shortcut off; any other value, or none, leaves it on.
        @Test func theEnvironmentTurnsShortcutsOff() {
            #expect(GLRenderer.Options(environment: [:]) == GLRenderer.Options())
            #expect(GLRenderer.Shortcut.liquidCores.environmentName == "SPRINGLAB_LIQUID_CORES")
            #expect(GLRenderer.Shortcut.damageTracking.environmentName == "SPRINGLAB_DAMAGE")
            for shortcut in GLRenderer.Shortcut.allCases {
                let off = GLRenderer.Options(environment: [shortcut.environmentName: "off", "SPRINGLAB_OTHER": "off"])
                #expect(off.disabled == [shortcut])
                #expect(GLRenderer.Options(environment: [shortcut.environmentName: "on"]).disabled.isEmpty)
            }
        }

        @Test(arguments: runs)
        func aShortcutChangesNoByte(shortcut: GLRenderer.Shortcut, scene: String, scale: Double, theme: Theme, frames: Int) throws {
            let context = try RenderSuite.DamageRepaintTests.Context()
            let counter = try #require(shortcut.taken), perFrame = try #require(Self.plans[shortcut]).perFrame
            let n = try context.compareShortcut(scene: scene, scale: scale, theme: theme, frames: frames,
                                                off: { $0.options[shortcut] = false }, counter: counter,
                                                damage: Self.partialOnly.contains(shortcut))
            #expect(n.off == 0)
            #expect(n.on > n.drawn * perFrame, "\(shortcut) pixels: \(n.on) over \(n.drawn) drawn frames of \(frames)")
        }
    }
}

extension RenderSuite {
    /// The glass's shadow read from a coarse field (`GLRenderer.shadowSpacing`): not exact,
    /// but the same look — within the 2 levels the golden images allow — on every frame of
    /// the bench drive, and it must really spare much of the full field.
    @Suite struct CoarseShadowTests {
        static let runs: [(String, Double, Theme, Int)] = [("liquid", 1, .light, 48), ("liquid", 2, .light, 16), ("neck", 1, .light, 24)]

        @Test(arguments: runs)
        func theShadowStaysWithinALevelAndTheFullFieldShrinks(scene: String, scale: Double, theme: Theme, frames: Int) throws {
            let context = try RenderSuite.DamageRepaintTests.Context()
            let full = try context.renderer(damage: false), coarse = try context.renderer(damage: false)
            full.options[.coarseShadow] = false
            let largest = try context.largestDifference(scene: scene, scale: scale, theme: theme, frames: frames, expected: full,
                                                        got: coarse)
            #expect(largest <= 2, "\(scene) @\(scale)× \(theme): \(largest)/255")
            #expect(full.stats.coarsePixels == 0)
            #expect(coarse.stats.coarsePixels > 0)
            // The full field outside the glass was most of it: at least a third goes.
            #expect(Double(coarse.stats.fieldPixels) < 0.67 * Double(full.stats.fieldPixels),
                    "full field: \(coarse.stats.fieldPixels) px with a coarse shadow, \(full.stats.fieldPixels) px without")
        }
    }
}
