import Canvas
import Motion

/// A horizontal swipe recognizer: press, slop, claim, follow 1:1, release or cancel
/// (docs/behaviour.md §2). Pure; fed with `InputEvent` times, so tests drive it with hand-written lists.
///
/// The translation counts from the press, as a drag gesture's translation does: the slop
/// only decides when the swipe is claimed, not how far the surface has moved. The point
/// of the surface under the finger at the press stays under it for the whole drag.
public struct SwipeGesture: Sendable, Codable {
    /// A drag begins once the pointer is this far (pt) from where it was pressed.
    public static let slop = 8.0

    public enum Phase: Sendable, Equatable, Codable {
        case idle
        /// Pressed, not yet past the slop.
        case pressed(start: Point2)
        /// Claimed: the surface follows. `anchorX` is the pointer x at the press (not where
        /// the slop was crossed) and `baseOffset` the surface's offset then (a grab
        /// mid-flight is held where it was).
        case dragging(anchorX: Double, baseOffset: Double)
        /// Moved vertically past the slop: not ours until the next press.
        case rejected
    }

    public private(set) var phase: Phase = .idle
    public private(set) var tracker = VelocityTracker()
    private var pressOffset = 0.0

    public init() {}

    public var isDragging: Bool { if case .dragging = phase { return true } else { return false } }

    public mutating func press(at p: Point2, time: Double, currentOffset: Double) {
        phase = .pressed(start: p)
        pressOffset = currentOffset
        tracker.reset()
        tracker.add(time: time, position: p)
    }

    /// Feeds a pointer move; returns true when this move began the drag.
    public mutating func move(to p: Point2, time: Double) -> Bool {
        switch phase {
        case .pressed(let start):
            tracker.add(time: time, position: p)
            let dx = p.x - start.x, dy = p.y - start.y
            guard (dx * dx + dy * dy).squareRoot() >= Self.slop else { return false }
            // Claim only a mostly horizontal motion; a vertical one belongs to the page.
            if abs(dx) > abs(dy) {
                phase = .dragging(anchorX: start.x, baseOffset: pressOffset)
                return true
            }
            phase = .rejected
            return false
        case .dragging:
            tracker.add(time: time, position: p)
            return false
        case .idle, .rejected:
            return false
        }
    }

    /// The surface offset for pointer position `p` while dragging: 1:1 from the press, set
    /// directly (at the claim it is already the slop or more away from `baseOffset`).
    public func offset(for p: Point2) -> Double? {
        guard case .dragging(let anchor, let base) = phase else { return nil }
        return base + (p.x - anchor)
    }

    /// Ends the gesture; returns the release velocity (pt/s) if it was a drag.
    public mutating func release(time: Double) -> Point2? {
        defer { phase = .idle }
        guard isDragging else { return nil }
        return tracker.velocity(releasedAt: time)
    }

    /// Cancels (focus lost, capture lost, Escape). Returns true if a drag was cancelled.
    public mutating func cancel() -> Bool {
        defer { phase = .idle }
        return isDragging
    }
}
