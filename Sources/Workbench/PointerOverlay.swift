import Canvas
import Inspector
import Motion

/// The pointer drawn into a capture (docs/behaviour.md §14, QA evidence): a cursor where the pointer
/// is, filled while pressed, and a ring that grows and fades from each press and each
/// release. Drawn from the take's own pointer events, so a replay rendered later shows
/// exactly where and when the hand pressed — and the same take renders with or without it.
package struct PointerOverlay: Sendable {
    /// One pointer event of the take: wall time, where (window points), and what.
    package struct Sample: Sendable, Equatable {
        package enum Kind: Sendable, Equatable { case move, down, up }
        package var time: Double
        package var point: Point2
        package var kind: Kind
    }

    package let samples: [Sample]

    /// How long a ring lasts, and its radius at the start and at the end (points).
    package static let ringDuration = 0.45
    package static let ringRadii = (start: 9.0, end: 34.0)
    package static let cursorRadius = 7.0
    /// The ring's colour: the accent blue, which no scene's page uses for large areas.
    package static let ringColor = Color(hex: 0x0A84FF)

    /// The pointer events among `inputs` (wall-stamped), in order.
    package init(inputs: [InputEvent]) {
        samples = inputs.compactMap { e in
            switch e {
            case .pointerMoved(let p, let t): Sample(time: t, point: p, kind: .move)
            case .pointerDown(let p, let t, _): Sample(time: t, point: p, kind: .down)
            case .pointerUp(let p, let t): Sample(time: t, point: p, kind: .up)
            default: nil
            }
        }
    }

    /// The overlay at wall time `t`, moved by `offset` (window points to the captured
    /// area's). Nothing before the pointer first moves.
    package func draw(at t: Double, offset: Point2 = .zero, into list: inout DisplayList) {
        // The last sample at or before t says where the pointer is and whether it is down.
        var lo = 0, hi = samples.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if samples[mid].time <= t { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return }
        func at(_ p: Point2) -> Point2 { Point2(p.x + offset.x, p.y + offset.y) }
        // Rings of the presses and releases of the last ring's length, oldest first.
        var i = lo - 1
        var rings: [Sample] = []
        while i >= 0, t - samples[i].time < Self.ringDuration {
            if samples[i].kind != .move { rings.append(samples[i]) }
            i -= 1
        }
        for ring in rings.reversed() {
            let k = min(max((t - ring.time) / Self.ringDuration, 0), 1)
            let grow = 1 - (1 - k) * (1 - k)  // ease out
            let r = Self.ringRadii.start + (Self.ringRadii.end - Self.ringRadii.start) * grow
            let alpha = (ring.kind == .down ? 0.9 : 0.6) * (1 - k)
            list.fill(.circle(center: at(ring.point), radius: r),
                      Paint(fill: .clear, stroke: Self.ringColor.opacity(alpha), strokeWidth: 3))
        }
        let now = samples[lo - 1]
        let down = samples[..<lo].last { $0.kind != .move }?.kind == .down
        let c = at(now.point)
        list.fill(.circle(center: c, radius: Self.cursorRadius),
                  Paint(fill: down ? Self.ringColor : Color(hex: 0xFFFFFF, alpha: 0.9), stroke: Color(hex: 0x000000, alpha: 0.55),
                        strokeWidth: 1.5, shadow: Shadow(alpha: 0.25, radius: 4, offset: Point2(0, 1))))
    }
}
