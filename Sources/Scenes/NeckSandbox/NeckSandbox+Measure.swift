import Canvas
import Foundation
import Motion
import Synchronization

/// What the sandbox reads out (docs/behaviour.md §5.4): the pair of shapes with the narrowest gap, how
/// far apart — or how deep into each other — they are, and the waist of the neck between
/// them.
///
/// What the first readout got wrong, and what a designer saw: it measured shapes 1 and 2
/// only, along the line joining their centres, so a clear neck between shapes 2 and 3 read
/// "waist 0.0 pt"; and two capsules pushed into each other read "waist 130 % of height" —
/// the smooth union's bulge where two outlines cross, measured as if it were a neck. Here
/// every pair is measured by the shortest distance between the outlines (the neck forms
/// where the shapes are closest, not on the line between their centres), and overlapping
/// shapes read as overlapping.
public struct NeckReading: Sendable {
    /// The pair, as indices into the sandbox's pieces (first < second).
    public var first: Int
    public var second: Int
    /// Signed gap between the two outlines, pt: the shortest distance when apart; minus
    /// how deep the one outline reaches into the other when they overlap.
    public var gap: Double
    /// Width of the bridge across the middle of the gap, pt: 0 when the neck has snapped,
    /// and not measured (0) when the shapes overlap.
    public var waist: Double
    /// The thinner shape's thickness across the neck (its height, for shapes side by
    /// side; its width, for shapes one above the other): what the waist is a fraction of.
    public var thickness: Double
    /// The unit direction the waist and thickness are measured along (across the gap).
    public var across: Point2
    /// The waist as a segment across the neck (page points), for the stage's marker.
    public var waistEnds: (Point2, Point2)?

    /// Outlines closer into each other than this still read as touching (gap 0.0 pt): a
    /// reading of "overlapping by 0.0 pt" would only flicker at the contact.
    public static let touching = 0.05

    public var isOverlapping: Bool { gap < -Self.touching }
    /// How deep the outlines overlap, pt (0 when apart).
    public var overlap: Double { max(-gap, 0) }
    /// "shapes 2–3": the pair as the stage numbers them, from 1.
    public var pairLabel: String { "shapes \(first + 1)–\(second + 1)" }
}

extension NeckSandbox {
    /// The readout now: the narrowest pair among all the shapes (the first pair in order on
    /// a tie); nil with fewer than two shapes. The stage, the HUD and the inspector each read
    /// it in a frame: the last answer is kept for the same shapes and fold.
    public var reading: NeckReading? {
        let key = ReadingKey(pieces: pieces, merge: merge, smoothing: smoothing, kernel: kernel)
        if let last = Self.lastReading.withLock({ $0 }), last.key == key { return last.reading }
        let reading = measureReading()
        Self.lastReading.withLock { $0 = (key, reading) }
        return reading
    }

    private struct ReadingKey: Equatable {
        var pieces: [Piece], merge: Double, smoothing: Double?, kernel: LiquidKernel
    }

    private static let lastReading = Mutex<(key: ReadingKey, reading: NeckReading?)?>(nil)

    private func measureReading() -> NeckReading? {
        var best: (i: Int, j: Int, gap: Double, on: Shape, point: Point2, other: Shape)?
        for i in pieces.indices {
            for j in pieces.indices where j > i {
                let a = pieces[i].shape, b = pieces[j].shape
                // The boxes are never further apart than the shapes: skip pairs that cannot win.
                if let best, best.gap >= 0, Self.boxGap(a.rect, b.rect) >= best.gap { continue }
                let fromA = Self.nearest(on: a, to: b), fromB = Self.nearest(on: b, to: a)
                let gap = min(fromA.distance, fromB.distance)
                guard best.map({ gap < $0.gap }) ?? true else { continue }
                best = fromA.distance <= fromB.distance ? (i, j, gap, a, fromA.point, b) : (i, j, gap, b, fromB.point, a)
            }
        }
        guard let best else { return nil }
        // Along the gap: from the nearest outline point straight toward the other shape.
        let along = Self.gradient(of: best.other, at: best.point) * -1
        let across = Point2(-along.y, along.x)
        let thickness = min(Self.thickness(pieces[best.i].shape, across: across), Self.thickness(pieces[best.j].shape, across: across))
        var reading = NeckReading(first: best.i, second: best.j, gap: best.gap, waist: 0, thickness: thickness, across: across)
        guard !reading.isOverlapping else { return reading }
        let mid = best.point + along * (max(best.gap, 0) / 2)
        let g = group
        guard g.distance(to: mid) < 0 else { return reading }
        let limit = Self.pageWidth + Self.pageHeight
        let plus = Self.exit(g, from: mid, along: across, limit: limit), minus = Self.exit(g, from: mid, along: across * -1, limit: limit)
        reading.waist = plus + minus
        reading.waistEnds = (mid + across * plus, mid - across * minus)
        return reading
    }

    /// The narrowest pair's signed gap, pt (negative: overlapping by that much).
    public var gap: Double { reading?.gap ?? 0 }

    /// The narrowest pair's waist, pt (0 when snapped apart or overlapping).
    public var waist: Double { reading?.waist ?? 0 }

    /// The gap at which the narrowest pair's neck snaps. The bridge first appears in the
    /// middle of the gap, where both distances are g / 2 and the smooth minimum pushes them
    /// by k, so the snap is 2k for every shape and kernel; measured on a row of the pair's
    /// first shape so it reads what `springlab neck` prints.
    public var snapGap: Double { snapGap(for: reading) }

    // MARK: Geometry (the same distance math the renderer draws)

    /// Where the ray from the shape's centre at `angle` (radians) leaves it. The shapes are
    /// convex, so every ray from the centre crosses the outline once: bisection finds it.
    static func outline(_ s: Shape, angle: Double) -> Point2 {
        let c = s.rect.center, d = Point2(cos(angle), sin(angle))
        var lo = 0.0, hi = 0.5 * (s.rect.width + s.rect.height) + 1
        for _ in 0..<40 {
            let m = (lo + hi) / 2
            if s.distance(to: c + d * m) < 0 { lo = m } else { hi = m }
        }
        return c + d * ((lo + hi) / 2)
    }

    /// The point of `a`'s outline nearest to `b` and `b`'s signed distance there: the
    /// shortest gap when apart, minus the deepest reach of `a`'s outline into `b` when not.
    /// 96 rays find the neighbourhood (3.75° apart), a golden-section search the minimum.
    static func nearest(on a: Shape, to b: Shape) -> (point: Point2, distance: Double) {
        func f(_ angle: Double) -> Double { b.distance(to: outline(a, angle: angle)) }
        let count = 96, step = 2 * Double.pi / Double(count)
        var bestAngle = 0.0, bestValue = Double.infinity
        for i in 0..<count {
            let v = f(Double(i) * step)
            if v < bestValue { bestValue = v; bestAngle = Double(i) * step }
        }
        let phi = (5.0.squareRoot() - 1) / 2
        var lo = bestAngle - step, hi = bestAngle + step
        var x1 = hi - phi * (hi - lo), x2 = lo + phi * (hi - lo)
        var f1 = f(x1), f2 = f(x2)
        for _ in 0..<40 {
            if f1 < f2 {
                hi = x2; x2 = x1; f2 = f1; x1 = hi - phi * (hi - lo); f1 = f(x1)
            } else {
                lo = x1; x1 = x2; f1 = f2; x2 = lo + phi * (hi - lo); f2 = f(x2)
            }
        }
        let refined = (lo + hi) / 2, value = f(refined)
        let angle = value <= bestValue ? refined : bestAngle
        let least = min(value, bestValue)
        // Two straight edges facing each other are nearest along a whole stretch, and the
        // search stops anywhere on it — near an end, the other shape's corner tilts the
        // direction the gap is measured in. The middle of the stretch (rays within 10⁻⁴ pt
        // of the least distance) is on the straight part whatever the search did; at a
        // curved contact the stretch is a few hundredths of a degree about the minimum.
        let flat = least + 1e-4
        func end(_ sign: Double) -> Double {
            var inside = angle, t = angle
            while abs(t - angle) < .pi / 2 {
                t += sign * step / 8
                if f(t) > flat { break }
                inside = t
            }
            var near = inside, far = t
            for _ in 0..<30 {
                let m = (near + far) / 2
                if f(m) <= flat { near = m } else { far = m }
            }
            return near
        }
        let middle = (end(-1) + end(1)) / 2
        return (outline(a, angle: middle), least)
    }

    /// The unit gradient of `s`'s distance at `p` (pointing away from `s`), by central
    /// differences a hundredth of a point apart.
    static func gradient(of s: Shape, at p: Point2) -> Point2 {
        let h = 0.01
        let g = Point2(s.distance(to: Point2(p.x + h, p.y)) - s.distance(to: Point2(p.x - h, p.y)),
                       s.distance(to: Point2(p.x, p.y + h)) - s.distance(to: Point2(p.x, p.y - h)))
        let len = g.length
        return len > 0 ? g * (1 / len) : Point2(1, 0)
    }

    /// The shape's width along `direction` through its centre, pt.
    static func thickness(_ s: Shape, across direction: Point2) -> Double {
        let angle = atan2(direction.y, direction.x)
        let c = s.rect.center
        return (outline(s, angle: angle) - c).length + (outline(s, angle: angle + .pi) - c).length
    }

    /// How far from `p` (inside the group) the line along `direction` leaves the merged
    /// surface, pt: 1 pt steps find the first outside point, bisection the crossing — a
    /// doubling search could leap past the end of the bridge into another shape.
    static func exit(_ g: LiquidGroup, from p: Point2, along direction: Point2, limit: Double) -> Double {
        var inside = 0.0, t = 1.0
        while t <= limit, g.distance(to: p + direction * t) < 0 {
            inside = t
            t += 1
        }
        guard t <= limit else { return limit }
        var lo = inside, hi = t
        for _ in 0..<40 {
            let m = (lo + hi) / 2
            if g.distance(to: p + direction * m) < 0 { lo = m } else { hi = m }
        }
        return lo
    }

    /// The gap between two boxes, pt (0 when they touch or overlap).
    static func boxGap(_ a: Rect, _ b: Rect) -> Double {
        let dx = max(b.minX - a.maxX, a.minX - b.maxX, 0), dy = max(b.minY - a.maxY, a.minY - b.maxY, 0)
        return (dx * dx + dy * dy).squareRoot()
    }
}
