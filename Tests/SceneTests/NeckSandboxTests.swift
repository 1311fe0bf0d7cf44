import Canvas
import Motion
import Testing
@testable import Scenes

/// SPEC §5.4: the sandbox's readout follows the shapes the designer drags.
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
