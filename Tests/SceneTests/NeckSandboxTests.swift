import Canvas
import Motion
import Testing
@testable import Scenes

/// docs/behaviour.md §5.4: the sandbox's readout follows the shapes the designer drags.
@Suite struct NeckSandboxTests {
    @Test func startsAtTheJoinedGapWithTheCalibratedWaist() {
        let s = NeckSandbox()
        #expect(abs(s.gap - 4) < 1e-6)
        // 2√((k − g/2)(2r + k + g/2)), k = 5, g = 4, r = 15.
        #expect(abs(s.waist - 2 * (111.0).squareRoot()) < 1e-3)
        #expect(abs(s.snapGap - 10) < 1e-3)
    }

    @Test func draggingApartSnapsTheNeck() {
        var s = NeckSandbox()
        let grab = s.pieces[1].center
        _ = s.handle(.pointerDown(grab, time: 0, shift: false))
        _ = s.handle(.pointerMoved(Point2(grab.x + 5, grab.y), time: 0.05))   // gap 9: still joined
        #expect(abs(s.gap - 9) < 1e-6 && s.waist > 0)
        _ = s.handle(.pointerMoved(Point2(grab.x + 7, grab.y), time: 0.1))   // gap 11: snapped
        let dropped = s.handle(.pointerUp(Point2(grab.x + 7, grab.y), time: 0.15))
        #expect(s.waist == 0)
        #expect(dropped.first?["gap"]?.number.map { abs($0 - 11) < 1e-6 } == true)
    }

    @Test func smoothingMovesTheSnapGap() {
        var s = NeckSandbox()
        s.smoothing = 8  // bridge below 2k = 16
        #expect(abs(s.snapGap - 16) < 1e-3)
        s.smoothing = nil
        s.merge = 40      // k follows merge / 4 = 10 → snaps at 20
        #expect(abs(s.snapGap - 20) < 1e-3)
    }

    @Test func theNeckFollowsADiagonalPair() {
        // Waist is measured across the line joining the centres, whatever its angle.
        var s = NeckSandbox()
        s.pieces = [NeckSandbox.Piece(kind: .circle, size: Size(30, 30), center: Point2(100, 100)),
                    NeckSandbox.Piece(kind: .circle, size: Size(30, 30), center: Point2(100 + 34 / 2.0.squareRoot(), 100 + 34 / 2.0.squareRoot()))]
        #expect(abs(s.gap - 4) < 1e-6)
        #expect(abs(s.waist - 2 * (111.0).squareRoot()) < 1e-3)
    }

    @Test func pressingBesideTheShapesGrabsNothing() {
        var s = NeckSandbox()
        #expect(s.handle(.pointerDown(Point2(10, 10), time: 0, shift: false)).isEmpty)
        _ = s.handle(.pointerMoved(Point2(200, 200), time: 0.1))
        #expect(s.pieces == NeckSandbox().pieces)
    }
}

/// Issue 15, must-have 3: the readout measures the pair with the narrowest gap among all
/// the shapes and says which; overlapping shapes read as overlapping, not as a waist over
/// 100 % of the height. Expected values from the geometry of the shapes placed by hand.
@Suite struct NeckReadoutTests {
    /// Two circles (or a capsule's cap and a circle) of radius r, g apart, quadratic kernel
    /// with k = 5: in the mid-plane both distances are equal, d − k < 0 when
    /// d < k, so the waist is 2√((k − g/2)(2r + k + g/2)) — 2√111 for r = 15, g = 4.
    static let capWaist = 2 * (111.0).squareRoot()

    /// The default row with shape 1 moved far away and shape 3 (the 30 pt circle) 4 pt
    /// from shape 2's right cap: the neck is between shapes 2 and 3.
    static func neckBetweenTwoAndThree() -> NeckSandbox {
        var s = NeckSandbox()
        s.pieces[0].center = Point2(120, 300)
        s.pieces[2].center = Point2(284 + 40 + 4 + 15, 150)
        return s
    }

    @Test func aNeckBetweenShapesTwoAndThreeIsMeasured() throws {
        let s = Self.neckBetweenTwoAndThree()
        let r = try #require(s.reading)
        #expect(r.first == 1 && r.second == 2 && r.pairLabel == "shapes 2–3")
        #expect(abs(r.gap - 4) < 1e-6)
        #expect(abs(r.waist - Self.capWaist) < 1e-3)
        #expect(abs(r.thickness - 30) < 1e-6)
        let line = NeckSandbox.readout(r, snapGap: s.snapGap)
        #expect(line == "shapes 2–3   gap 4.0 pt   waist 21.1 pt (70 % of height)   snaps at 10.0 pt")
        #expect(s.hudLine() == "shapes 2–3  gap 4.0  waist 21.1  snaps at 10.0 pt")
    }

    @Test func theNarrowestOfThreePairsWins() throws {
        // 1–2 at 9 pt (joined, below the 10 pt snap), 2–3 at 6 pt: 2–3 is read.
        var s = NeckSandbox()
        s.pieces[1].center.x = 200 + 80 + 9
        s.pieces[2].center.x = 289 + 40 + 6 + 15
        let r = try #require(s.reading)
        #expect(r.first == 1 && r.second == 2 && abs(r.gap - 6) < 1e-6)
        // The same circle geometry with g = 6: 2√((5 − 3)(30 + 5 + 3)) = 2√76.
        #expect(abs(r.waist - 2 * (76.0).squareRoot()) < 1e-3)
        // And the first pair of a tie: back to the default row, 1–2 at 4 pt and 3 at 4 pt.
        var tie = NeckSandbox()
        tie.pieces[2].center.x = 284 + 40 + 4 + 15
        #expect(tie.reading.map { [$0.first, $0.second] } == [0, 1])
    }

    @Test func overlappingShapesReadAsOverlappingNotAsAWideWaist() throws {
        // Two 80 × 30 capsules with centres 68 pt apart cross by 80 − 68 = 12 pt.
        var s = NeckSandbox()
        s.pieces[1].center.x = 268
        let r = try #require(s.reading)
        #expect(r.first == 0 && r.second == 1)
        #expect(r.isOverlapping && abs(r.overlap - 12) < 1e-6 && abs(r.gap + 12) < 1e-6)
        #expect(r.waist == 0 && r.waistEnds == nil)
        let line = NeckSandbox.readout(r, snapGap: s.snapGap)
        #expect(line == "shapes 1–2   overlapping by 12.0 pt   snaps at 10.0 pt")
        #expect(!line.contains("waist") && !line.contains("%"))
        #expect(s.hudLine() == "shapes 1–2  overlapping by 12.0  snaps at 10.0 pt")
        // A circle whose centre sits on a capsule's top edge reaches 15 pt into it.
        var c = NeckSandbox()
        c.pieces[2].center = Point2(200, 135)
        let rc = try #require(c.reading)
        #expect(rc.first == 0 && rc.second == 2 && abs(rc.overlap - 15) < 1e-3)
    }

    @Test func justTouchingIsAGapOfZeroNotAnOverlap() throws {
        var s = NeckSandbox()
        s.pieces[1].center.x = 280   // 80 pt between centres: the caps touch
        let r = try #require(s.reading)
        #expect(!r.isOverlapping && abs(r.gap) < 1e-6)
        // g = 0: 2√(k(2r + k)) = 2√175.
        #expect(abs(r.waist - 2 * (175.0).squareRoot()) < 1e-3)
    }

    @Test func aSnappedPairReadsNoNeck() throws {
        var s = NeckSandbox()
        s.pieces[1].center.x = 200 + 80 + 14   // 14 pt: past the 10 pt snap
        s.pieces[2].center.x = 500             // and shape 3 well out of the way
        let r = try #require(s.reading)
        #expect(abs(r.gap - 14) < 1e-6 && r.waist == 0)
        #expect(NeckSandbox.readout(r, snapGap: s.snapGap) == "shapes 1–2   gap 14.0 pt   no neck   snaps at 10.0 pt")
    }

    @Test func aPairOneAboveTheOtherIsMeasuredWhereTheyAreClosest() throws {
        // Capsule 2 below and right of capsule 1: 1's bottom edge at y 165, 2's top at 169 —
        // 4 pt apart where their straight edges overlap (x 215…225) — though their centres
        // are 52.5 pt apart on a slant. In the mid-plane y = 167, over the straight edges
        // both distances are 2; past x = 225, 1's distance is that to its cap centre
        // (225, 150) less 15. Quadratic smooth min with k = 5 (K = 20) against 2 stays below
        // 0 while that distance a < 2 + 20(1 − √0.4); so the bridge reaches
        // √((15 + a)² − 17²) past each end of the 10 pt overlap.
        var s = NeckSandbox()
        s.pieces[1].center = Point2(240, 184)
        let r = try #require(s.reading)
        let a = 2 + 20 * (1 - (0.4).squareRoot())
        let reach = ((15 + a) * (15 + a) - 17 * 17).squareRoot()
        #expect(r.first == 0 && r.second == 1 && abs(r.gap - 4) < 1e-6)
        #expect(abs(r.waist - (10 + 2 * reach)) < 1e-3, "waist \(r.waist), expected \(10 + 2 * reach)")
        // Measured across a vertical gap: the share is of the capsules' width, 80 pt.
        #expect(abs(r.thickness - 80) < 1e-6)
        let line = NeckSandbox.readout(r, snapGap: s.snapGap)
        #expect(line.hasSuffix(String(format: "(%.0f %% of width)   snaps at 10.0 pt", (10 + 2 * reach) / 80 * 100)))
        // The marker spans the waist on the mid-plane.
        let ends = try #require(r.waistEnds)
        #expect(abs(ends.0.y - 167) < 1e-6 && abs(ends.1.y - 167) < 1e-6)
        #expect(abs(max(ends.0.x, ends.1.x) - (225 + reach)) < 1e-3 && abs(min(ends.0.x, ends.1.x) - (215 - reach)) < 1e-3)
    }

    @Test func theDropTracesThePairItsGapAndWaist() throws {
        // Drag shape 3 from 27 pt away (its home) to 4 pt from shape 2, after moving 1 away.
        var s = NeckSandbox()
        s.pieces[0].center = Point2(120, 300)
        let home = s.pieces[2].center
        _ = s.handle(.pointerDown(home, time: 0, shift: false))
        _ = s.handle(.pointerMoved(Point2(343, 150), time: 0.05))
        let dropped = s.handle(.pointerUp(Point2(343, 150), time: 0.1))
        let e = try #require(dropped.first)
        // Shapes are numbered from 1 in the trace as on the stage (docs/behaviour.md §15.7): shape 3, pair 2–3.
        #expect(e.name == .pieceDropped && e["index"] == .number(3))
        #expect(e["pair"] == .numbers([2, 3]) && e["overlapping"] == .bool(false))
        #expect(e["gap"]?.number.map { abs($0 - 4) < 1e-6 } == true)
        #expect(e["waist"]?.number.map { abs($0 - Self.capWaist) < 1e-3 } == true)
        // Pushed 12 pt into shape 2: overlapping, a negative gap and no waist.
        _ = s.handle(.pointerDown(Point2(343, 150), time: 1, shift: false))
        _ = s.handle(.pointerMoved(Point2(327, 150), time: 1.05))
        let pushed = try #require(s.handle(.pointerUp(Point2(327, 150), time: 1.1)).first)
        #expect(pushed["overlapping"] == .bool(true) && pushed["waist"] == .number(0))
        #expect(pushed["gap"]?.number.map { abs($0 + 12) < 1e-6 } == true)
    }

    @Test func theStageShowsTheReadoutTheNumbersAndTheWaist() throws {
        let s = Self.neckBetweenTwoAndThree()
        let list = s.draw(theme: .light)
        let texts = list.commands.compactMap { c -> String? in if case .text(let run, _) = c { return run.text } else { return nil } }
        #expect(texts.contains("shapes 2–3   gap 4.0 pt   waist 21.1 pt (70 % of height)   snaps at 10.0 pt"))
        #expect(["1", "2", "3"].allSatisfy(texts.contains))
        // The dimension line across the neck: on the mid-plane x = 326, 2√111 long.
        let lines = list.commands.compactMap { c -> (Point2, Point2)? in
            if case .line(let a, let b, _, _) = c { return (a, b) } else { return nil }
        }
        #expect(lines.contains { abs($0.0.x - 326) < 1e-6 && abs($0.1.x - 326) < 1e-6 && abs(abs($0.1.y - $0.0.y) - Self.capWaist) < 1e-3 })
    }

    /// The reading is kept between reads of the same shapes (the stage, the HUD and the
    /// inspector each ask in a frame); moving a shape, or changing the fold, measures
    /// again — and going back gives the first answer again.
    @Test func aKeptReadingFollowsEveryChange() throws {
        var s = Self.neckBetweenTwoAndThree()
        #expect(abs(try #require(s.reading).gap - 4) < 1e-6)
        s.pieces[2].center.x += 2  // the circle 2 pt further from the capsule's cap
        let apart = try #require(s.reading)
        #expect(abs(apart.gap - 6) < 1e-6)
        #expect(apart.waist < Self.capWaist)
        s.merge += 8  // a wider merge bridges the same gap with a wider waist
        #expect(try #require(s.reading).waist > apart.waist)
        s.merge -= 8
        s.pieces[2].center.x -= 2
        let back = try #require(s.reading)
        #expect(abs(back.gap - 4) < 1e-6 && abs(back.waist - Self.capWaist) < 1e-3)
        // The snap gap too: 2k for k = merge / 4 (the calibration), cached per row.
        #expect(abs(s.snapGap - s.merge / 2) < 1e-6)
        s.merge = 24
        #expect(abs(s.snapGap - 12) < 1e-6)
    }
}
