import Canvas
import Motion
import Foundation
import Testing

/// docs/behaviour.md §5.1's measured targets T1–T4 for the liquid merge, through the Swift reference.
@Suite struct LiquidMergeTests {
    let capsule = Size(80, 30)

    func group(_ gap: Double, count: Int = 2, kind: NeckMeasure.Kind = .capsule, size: Size = Size(80, 30)) -> LiquidGroup {
        LiquidGroup(shapes: NeckMeasure.row(kind, size: size, gap: gap, count: count))
    }

    @Test(arguments: [20.0, 26.0, 40.0])
    func t1ShapesAtLeastMergeApartAreUntouched(gap: Double) {
        // Edge displacement < 0.25 pt: the facing edge stays where the shape alone has it…
        #expect(NeckMeasure.reach(group(gap), gap: gap) < 0.25)
        // …and so does every point of the first shape's outline: walk rays out from its
        // centre to its own edge and read the union there.
        let g = group(gap)
        let alone = g.shapes[0]
        for i in 0..<360 {
            let angle = Double(i) / 360 * 2 * .pi
            let dir = Point2(cos(angle), sin(angle))
            var lo = 0.0, hi = 100.0
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if alone.distance(to: alone.rect.center + dir * mid) < 0 { lo = mid } else { hi = mid }
            }
            let edge = alone.rect.center + dir * lo
            #expect(abs(g.distance(to: edge)) < 0.25, "outline moved at \(i)°")
        }
    }

    @Test func t2TwoCapsulesAtTheJoinedGapHoldAThickNeck() {
        // Waist / height in [0.60, 0.75]; the suggested calibration's closed form is
        // 2√((k − g/2)(2r + k + g/2)) = 2√(3 · 37) = 21.07 pt for k = 5, g = 4, r = 15.
        let w = NeckMeasure.waist(group(4), gap: 4)
        #expect(w / 30 >= 0.60 && w / 30 <= 0.75)
        #expect(abs(w - 2 * (3.0 * 37).squareRoot()) < 1e-6)
    }

    @Test func t3TheWaistNeverGrowsWithTheGapAndSnapsOnce() {
        var last = Double.infinity
        var snaps = 0
        var wasBridged = true
        for i in 0...400 {
            let g = Double(i) * 0.05  // 0 … 20 pt
            let w = NeckMeasure.waist(group(g), gap: g)
            #expect(w <= last + 1e-9, "waist grew at gap \(g)")
            last = w
            let bridged = w > 0
            if wasBridged && !bridged { snaps += 1 }
            #expect(!(bridged && !wasBridged), "re-formed at gap \(g)")
            wasBridged = bridged
        }
        #expect(snaps == 1)
        let snap = NeckMeasure.snapGap(.capsule, size: capsule, merge: 20, kernel: .quadratic)
        #expect(snap >= 10 - 1e-6 && snap < 20)  // in [merge / 2, merge)
    }

    @Test func t4ThreeShapesMergeTheSameInAnyOrder() {
        let shapes = [Shape.capsule(Rect(x: 0, y: 0, width: 80, height: 30)),
                      Shape.roundedRect(Rect(x: 86, y: -4, width: 60, height: 40), radius: 14),
                      Shape.circle(center: Point2(60, 44), radius: 15)]
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        var worst = 0.0
        for y in stride(from: -20.0, through: 70, by: 1.5) {
            for x in stride(from: -20.0, through: 170, by: 1.5) {
                let p = Point2(x, y)
                let values = orders.map { o in LiquidGroup(shapes: o.map { shapes[$0] }).distance(to: p) }
                worst = max(worst, (values.max() ?? 0) - (values.min() ?? 0))
            }
        }
        #expect(worst <= 0.5)
    }

    @Test func bridgeFormsBelowHalfTheMergeDistance() {
        // docs/behaviour.md §5.1: reach starts at 20 pt, the bridge forms below 10 pt.
        #expect(NeckMeasure.waist(group(9.9), gap: 9.9) > 0)
        #expect(NeckMeasure.waist(group(10.1), gap: 10.1) == 0)
        #expect(NeckMeasure.reach(group(15), gap: 15) > 0.1)  // reaching, not joined
    }

    @Test func threeInARowMeasureTheFirstNeckLikeTwo() {
        #expect(abs(NeckMeasure.waist(group(4, count: 3), gap: 4) - NeckMeasure.waist(group(4), gap: 4)) < 0.5)
    }
}

/// docs/behaviour.md §5.1: flat facing edges bridge across their whole width with the plain kernel;
/// the pinched kernel necks them in the middle — the comparison the sandbox offers.
@Suite struct PinchedKernelTests {
    func waist(_ kernel: LiquidKernel, gap: Double) -> Double {
        let g = LiquidGroup(shapes: NeckMeasure.row(.card, size: Size(120, 60), gap: gap, count: 2), kernel: kernel)
        return NeckMeasure.waist(g, gap: gap)
    }

    @Test func cardsNeckThinnerWhenPinched() {
        for gap in [2.0, 4.0, 8.0] { #expect(waist(.pinched, gap: gap) < waist(.quadratic, gap: gap) - 5, "gap \(gap)") }
        // On the centre line the push is the same k, so both snap at 2k = 10 pt.
        #expect(abs(NeckMeasure.snapGap(.card, size: Size(120, 60), merge: 20, kernel: .pinched) - 10) < 1e-3)
    }

    @Test func pinchedNeckIsNarrowerAllTheWayAcross() {
        // Across the whole gap the pinched bridge stays inside the plain one: the faces no
        // longer fuse across their full height, the neck gathers toward the centre line.
        let gap = 6.0
        func extent(_ kernel: LiquidKernel, atX x: Double) -> Double {
            let g = LiquidGroup(shapes: NeckMeasure.row(.card, size: Size(120, 60), gap: gap, count: 2), kernel: kernel)
            var lo = 0.0, hi = 60.0
            for _ in 0..<60 { let m = (lo + hi) / 2; if g.distance(to: Point2(x, m)) < 0 { lo = m } else { hi = m } }
            return lo
        }
        for k in 1...11 {
            let x = 120 + gap * Double(k) / 12
            #expect(extent(.pinched, atX: x) < extent(.quadratic, atX: x) - 2, "x \(x)")
        }
    }

    @Test func pinchedWaistNeverGrowsWithTheGap() {
        var last = Double.infinity
        for i in 0...200 {
            let w = waist(.pinched, gap: Double(i) * 0.1)
            #expect(w <= last + 1e-9)
            last = w
        }
    }
}
