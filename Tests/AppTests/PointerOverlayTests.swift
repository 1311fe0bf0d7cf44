import Canvas
@testable import App
@testable import Inspector
@testable import Workbench
import Testing

/// The pointer overlay of a capture (docs/behaviour.md §14): a cursor where the take's pointer is,
/// filled while pressed, and a ring from each press and release for 0.45 s.
@Suite struct PointerOverlayTests {
    let overlay = PointerOverlay(inputs: [
        .pointerMoved(Point2(100, 100), time: 0.1), .pointerDown(Point2(120, 100), time: 0.5, shift: false),
        .pointerMoved(Point2(160, 100), time: 0.7), .pointerUp(Point2(200, 100), time: 0.9), .key(.h, time: 1.0, shift: false),
    ])

    /// The circles drawn at `t`: centre, radius, filled or only stroked.
    func circles(at t: Double, offset: Point2 = .zero) -> [(center: Point2, radius: Double, filled: Bool)] {
        var list = DisplayList(background: .clear)
        overlay.draw(at: t, offset: offset, into: &list)
        return list.commands.compactMap {
            guard case .shape(let s, let paint, _) = $0 else { return nil }
            return (s.rect.center, s.rect.width / 2, paint.fill.a > 0)
        }
    }

    @Test func nothingBeforeThePointerFirstMoves() {
        #expect(overlay.samples.count == 4)
        #expect(circles(at: 0.05).isEmpty)
    }

    @Test func aPressRingsAndFillsTheCursorUntilTheRelease() {
        let pressed = circles(at: 0.6)
        // The press's ring (a tenth of the way through its 0.45 s, growing from 9 pt) and
        // the filled cursor at the press.
        #expect(pressed.count == 2)
        #expect(pressed[0].center == Point2(120, 100) && !pressed[0].filled && pressed[0].radius > 9 && pressed[0].radius < 20)
        #expect(pressed[1].center == Point2(120, 100) && pressed[1].filled && pressed[1].radius == 7)
        // Dragging: the cursor follows, the ring stays where the press was.
        let dragged = circles(at: 0.75)
        #expect(dragged.last?.center == Point2(160, 100))
        #expect(dragged.first?.center == Point2(120, 100))
    }

    @Test func aReleaseRingsWhereItWasAndTheRingsFade() {
        let released = circles(at: 0.92)
        // Both rings (the press's, 0.42 s old, still just there) and the cursor, not filled
        // with the accent now.
        #expect(released.count == 3)
        #expect(released.map(\.center) == [Point2(120, 100), Point2(200, 100), Point2(200, 100)])
        #expect(circles(at: 1.0).count == 2)
        #expect(circles(at: 2.0).count == 1)
        // Moved with the captured area.
        #expect(circles(at: 2.0, offset: Point2(-100, -50)).first?.center == Point2(100, 50))
    }
}
