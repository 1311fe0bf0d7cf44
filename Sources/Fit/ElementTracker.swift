/// Follows an element through a clip with sub-pixel precision (docs/behaviour.md §16).
///
/// The element as it is in the reference frame is the template; in every other frame it
/// is where the sum of squared differences with the template is least. The search is
/// coarse to fine over a pyramid of halved frames (a quarter-size search reaches ±48
/// pixels around where the last two frames said it would be, then half and full size
/// refine by ±2), so a throw that starts at full speed between two frames is still
/// found. The least's position is refined between pixels by the parabola through it and
/// its two neighbours in each direction: squared differences of a smooth image shifted
/// by a fraction of a pixel grow as its square, so the parabola's vertex is the shift.
///
/// The template is never updated, so the track does not drift; positions are of the
/// template's centre, in the clip's pixels.
public enum ElementTracker {
    /// Where the element's centre is in each frame of `clip`, clip pixels. `area`, when
    /// known, is where it can be (its path): only that part of each frame is searched.
    public static func track(_ clip: Clip, element: PixelRect, area: PixelRect? = nil, reference: Int = 0,
                             progress: ((Int) -> Void)? = nil) throws(FitError) -> [(x: Double, y: Double)] {
        guard let whole = element.clamped(width: clip.width, height: clip.height), whole.width >= 3, whole.height >= 3 else {
            throw FitError("the element \(element) is not a patch of at least 3×3 pixels inside the \(clip.width)×\(clip.height) frame")
        }
        // The part of the frame searched: the path and a margin of 8 pixels (aligned to 4 so
        // the halved levels line up with the whole frame's), or all of it.
        let crop = area.map { ElementFinder.union($0, whole).insetBy(8) }
            .map { r in PixelRect(x: r.x & ~3, y: r.y & ~3, width: r.width + (r.x & 3), height: r.height + (r.y & 3)) }
            .flatMap { $0.clamped(width: clip.width, height: clip.height) } ?? PixelRect(x: 0, y: 0, width: clip.width, height: clip.height)
        let box = PixelRect(x: whole.x - crop.x, y: whole.y - crop.y, width: whole.width, height: whole.height)
        let levels = 3
        // Each frame's pyramid made when it is searched (all of them at once would hold the
        // clip again, four times over).
        func pyramids(_ k: Int) -> [Pyramid] {
            (0..<clip.planes).map { p in
                Pyramid(clip.frames[k], offset: p * clip.width * clip.height, stride: clip.width, crop: crop, levels: levels)
            }
        }
        let template = pyramids(reference).map { Template($0, box: box, levels: levels) }
        var offsets = [(Double, Double)](repeating: (0, 0), count: clip.frames.count)
        var done = 0
        var costs: [Double] = []
        for order in [Array(reference..<clip.frames.count), Array((0...reference).reversed())] {
            var previous: (Double, Double) = (0, 0), before: (Double, Double) = (0, 0)
            for (n, k) in order.enumerated() {
                let predicted = n >= 2 ? (2 * previous.0 - before.0, 2 * previous.1 - before.1) : previous
                let found = k == reference ? (0, 0) : locate(template, in: pyramids(k), around: predicted, costs: &costs)
                offsets[k] = found
                before = previous
                previous = found
                done += 1
                if done % 16 == 0 { progress?(done) }
            }
        }
        let cx = Double(whole.x) + Double(whole.width) / 2, cy = Double(whole.y) + Double(whole.height) / 2
        return offsets.map { (cx + $0.0, cy + $0.1) }
    }

    /// The template's offset in `frame`, searching around `guess` (full-size pixels); each
    /// plane's template against the same plane. `costs` holds the coarse matches' costs so
    /// far: one far worse than they were means the element jumped out of reach (a clip
    /// that loops, a cut), and the whole searched area is looked through instead.
    static func locate(_ t: [Template], in frame: [Pyramid], around guess: (Double, Double),
                       costs: inout [Double]) -> (Double, Double) {
        let top = (t.map { $0.levels.count }.min() ?? 1) - 1
        let f = Double(1 << top)
        var bx = Int((guess.0 / f).rounded()), by = Int((guess.1 / f).rounded())
        var reach = 12
        var cost = Double.infinity
        // A wide search at the coarsest level; widened once when the least is at its edge.
        for _ in 0..<2 {
            let (best, c) = search(t, frame, level: top, cx: bx, cy: by, reach: reach)
            let atEdge = abs(best.0 - bx) == reach || abs(best.1 - by) == reach
            (bx, by) = best
            cost = c
            if !atEdge { break }
            reach *= 2
        }
        let typical = costs.isEmpty ? nil : costs.sorted()[costs.count / 2]
        if let typical, cost > 4 * typical + 64, let image = frame.first?.levels[top], let tl = t.first?.levels[top] {
            // Everywhere: every offset that keeps the template inside the searched area.
            let lo = (-tl.originX, -tl.originY), hi = (image.width - tl.width - tl.originX, image.height - tl.height - tl.originY)
            let cx = (lo.0 + hi.0) / 2, cy = (lo.1 + hi.1) / 2
            let (best, c) = search(t, frame, level: top, cx: cx, cy: cy, reach: max(hi.0 - cx, hi.1 - cy, 0))
            if c < cost { ((bx, by), cost) = (best, c) }
        }
        if cost.isFinite {
            costs.append(cost)
            if costs.count > 31 { costs.removeFirst() }
        }
        for level in stride(from: top - 1, through: 0, by: -1) {
            (bx, by) = search(t, frame, level: level, cx: bx * 2, cy: by * 2, reach: 2).0
        }
        func fineCost(_ x: Int, _ y: Int) -> Double? { ssd(t, frame, level: 0, x, y) }
        let centre = fineCost(bx, by) ?? 0
        func vertex(_ minus: Double?, _ plus: Double?) -> Double {
            guard let minus, let plus else { return 0 }
            let curvature = minus - 2 * centre + plus
            guard curvature > 0 else { return 0 }
            return min(max((minus - plus) / (2 * curvature), -0.5), 0.5)
        }
        let sx = vertex(fineCost(bx - 1, by), fineCost(bx + 1, by))
        let sy = vertex(fineCost(bx, by - 1), fineCost(bx, by + 1))
        return (Double(bx) + sx, Double(by) + sy)
    }

    /// The offset within `reach` of (cx, cy) with the least mean squared difference at
    /// `level`; the nearest offset that keeps the template inside the frame when none
    /// within reach does.
    static func search(_ t: [Template], _ frame: [Pyramid], level: Int, cx: Int, cy: Int, reach: Int) -> ((Int, Int), Double) {
        var best = (cx, cy), bestCost = Double.infinity
        for dy in (cy - reach)...(cy + reach) {
            for dx in (cx - reach)...(cx + reach) {
                if let c = ssd(t, frame, level: level, dx, dy), c < bestCost { (best, bestCost) = ((dx, dy), c) }
            }
        }
        if bestCost == .infinity, let image = frame.first?.levels[level], let tl = t.first?.levels[level] {
            best = (min(max(cx, -tl.originX), image.width - tl.width - tl.originX),
                    min(max(cy, -tl.originY), image.height - tl.height - tl.originY))
        }
        return (best, bestCost)
    }

    /// The squared difference of every plane at `level`, per pixel; nil off the frame.
    static func ssd(_ t: [Template], _ frame: [Pyramid], level: Int, _ dx: Int, _ dy: Int) -> Double? {
        var total = 0.0
        for p in t.indices {
            guard let c = ssd(t[p].levels[level], frame[p].levels[level], dx, dy) else { return nil }
            total += c
        }
        return total
    }

    /// Mean squared difference between the template (placed at its own origin plus the
    /// offset) and the frame; nil when the placed template leaves the frame.
    @inline(__always)
    static func ssd(_ t: Image, _ frame: Image, _ dx: Int, _ dy: Int) -> Double? {
        let x0 = t.originX + dx, y0 = t.originY + dy
        guard x0 >= 0, y0 >= 0, x0 + t.width <= frame.width, y0 + t.height <= frame.height else { return nil }
        var sum = 0
        t.pixels.withUnsafeBufferPointer { tp in
            frame.pixels.withUnsafeBufferPointer { fp in
                for y in 0..<t.height {
                    let fr = (y0 + y) * frame.width + x0, tr = y * t.width
                    var row = 0
                    for x in 0..<t.width {
                        let d = Int(fp[fr + x]) - Int(tp[tr + x])
                        row &+= d * d
                    }
                    sum &+= row
                }
            }
        }
        return Double(sum) / Double(t.width * t.height)
    }

    /// A grey image in fixed point: grey levels × 16, so two halvings (each an average of
    /// four) keep their fractions.
    struct Image {
        var width: Int
        var height: Int
        var pixels: [Int32]
        /// For a template: where its top-left sits in the reference frame.
        var originX = 0, originY = 0
    }

    /// A frame (or the `crop` of it) at full size and halved `levels − 1` times (2×2
    /// averages). `bytes` holds the plane at `offset`, rows `stride` bytes apart.
    struct Pyramid {
        var levels: [Image]
        init(_ bytes: [UInt8], offset: Int, stride: Int, crop: PixelRect, levels count: Int) {
            var pixels = [Int32](repeating: 0, count: crop.width * crop.height)
            bytes.withUnsafeBufferPointer { b in
                pixels.withUnsafeMutableBufferPointer { p in
                    for y in 0..<crop.height {
                        let from = offset + (crop.y + y) * stride + crop.x, to = y * crop.width
                        for x in 0..<crop.width { p[to + x] = Int32(b[from + x]) &* 16 }
                    }
                }
            }
            var image = Image(width: crop.width, height: crop.height, pixels: pixels)
            levels = [image]
            for _ in 1..<count {
                let w = image.width / 2, h = image.height / 2
                guard w >= 4, h >= 4 else { break }
                var next = [Int32](repeating: 0, count: w * h)
                let iw = image.width
                image.pixels.withUnsafeBufferPointer { s in
                    next.withUnsafeMutableBufferPointer { d in
                        for y in 0..<h {
                            for x in 0..<w {
                                let i = 2 * y * iw + 2 * x
                                d[y * w + x] = (s[i] &+ s[i + 1] &+ s[i + iw] &+ s[i + iw + 1]) / 4
                            }
                        }
                    }
                }
                image = Image(width: w, height: h, pixels: next)
                levels.append(image)
            }
        }
    }

    /// The element's patch of the reference frame at every level of its pyramid.
    struct Template {
        var levels: [Image]
        init(_ frame: Pyramid, box: PixelRect, levels count: Int) {
            levels = []
            for (level, image) in frame.levels.enumerated() {
                let x0 = box.x >> level, y0 = box.y >> level
                let w = max(1, box.width >> level), h = max(1, box.height >> level)
                guard x0 + w <= image.width, y0 + h <= image.height, w >= 2 || level == 0, h >= 2 || level == 0 else { break }
                var pixels = [Int32](repeating: 0, count: w * h)
                for y in 0..<h {
                    for x in 0..<w { pixels[y * w + x] = image.pixels[(y0 + y) * image.width + x0 + x] }
                }
                levels.append(Image(width: w, height: h, pixels: pixels, originX: x0, originY: y0))
            }
        }
    }
}
