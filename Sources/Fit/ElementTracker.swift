/// Follows an element through a clip with sub-pixel precision (SPEC §16).
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
    /// Where the element's centre is in each frame of `clip`, clip pixels.
    public static func track(_ clip: GreyClip, element: PixelRect, reference: Int = 0,
                             progress: ((Int) -> Void)? = nil) throws(FitError) -> [(x: Double, y: Double)] {
        guard let box = element.clamped(width: clip.width, height: clip.height), box.width >= 3, box.height >= 3 else {
            throw FitError("the element \(element) is not a patch of at least 3×3 pixels inside the \(clip.width)×\(clip.height) frame")
        }
        let levels = 3
        let frames = clip.frames.map { Pyramid($0, width: clip.width, height: clip.height, levels: levels) }
        let template = Template(frames[reference], box: box, levels: levels)
        var offsets = [(Double, Double)](repeating: (0, 0), count: clip.frames.count)
        var done = 0
        for order in [Array(reference..<clip.frames.count), Array((0...reference).reversed())] {
            var previous: (Double, Double) = (0, 0), before: (Double, Double) = (0, 0)
            for (n, k) in order.enumerated() {
                let predicted = n >= 2 ? (2 * previous.0 - before.0, 2 * previous.1 - before.1) : previous
                let found = k == reference ? (0, 0) : locate(template, in: frames[k], around: predicted)
                offsets[k] = found
                before = previous
                previous = found
                done += 1
                if done % 16 == 0 { progress?(done) }
            }
        }
        let cx = Double(box.x) + Double(box.width) / 2, cy = Double(box.y) + Double(box.height) / 2
        return offsets.map { (cx + $0.0, cy + $0.1) }
    }

    /// The template's offset in `frame`, searching around `guess` (full-size pixels).
    static func locate(_ t: Template, in frame: Pyramid, around guess: (Double, Double)) -> (Double, Double) {
        let top = t.levels.count - 1
        let f = Double(1 << top)
        var bx = Int((guess.0 / f).rounded()), by = Int((guess.1 / f).rounded())
        var reach = 12
        // A wide search at the coarsest level; widened once when the least is at its edge.
        for _ in 0..<2 {
            let (best, _) = search(t.levels[top], frame.levels[top], cx: bx, cy: by, reach: reach)
            let atEdge = abs(best.0 - bx) == reach || abs(best.1 - by) == reach
            (bx, by) = best
            if !atEdge { break }
            reach *= 2
        }
        for level in stride(from: top - 1, through: 0, by: -1) {
            (bx, by) = search(t.levels[level], frame.levels[level], cx: bx * 2, cy: by * 2, reach: 2).0
        }
        let image = frame.levels[0], tl = t.levels[0]
        let centre = ssd(tl, image, bx, by) ?? 0
        func vertex(_ minus: Double?, _ plus: Double?) -> Double {
            guard let minus, let plus else { return 0 }
            let curvature = minus - 2 * centre + plus
            guard curvature > 0 else { return 0 }
            return min(max((minus - plus) / (2 * curvature), -0.5), 0.5)
        }
        let sx = vertex(ssd(tl, image, bx - 1, by), ssd(tl, image, bx + 1, by))
        let sy = vertex(ssd(tl, image, bx, by - 1), ssd(tl, image, bx, by + 1))
        return (Double(bx) + sx, Double(by) + sy)
    }

    /// The offset within `reach` of (cx, cy) with the least mean squared difference.
    static func search(_ t: Image, _ frame: Image, cx: Int, cy: Int, reach: Int) -> ((Int, Int), Double) {
        var best = (cx, cy), bestCost = Double.infinity
        for dy in (cy - reach)...(cy + reach) {
            for dx in (cx - reach)...(cx + reach) {
                if let c = ssd(t, frame, dx, dy), c < bestCost { (best, bestCost) = ((dx, dy), c) }
            }
        }
        return (best, bestCost)
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

    /// A frame at full size and halved `levels − 1` times (2×2 averages).
    struct Pyramid {
        var levels: [Image]
        init(_ bytes: [UInt8], width: Int, height: Int, levels count: Int) {
            var image = Image(width: width, height: height, pixels: bytes.map { Int32($0) * 16 })
            levels = [image]
            for _ in 1..<count {
                let w = image.width / 2, h = image.height / 2
                guard w >= 4, h >= 4 else { break }
                var next = [Int32](repeating: 0, count: w * h)
                for y in 0..<h {
                    for x in 0..<w {
                        let i = 2 * y * image.width + 2 * x
                        next[y * w + x] = (image.pixels[i] + image.pixels[i + 1] + image.pixels[i + image.width] + image.pixels[i + image.width + 1]) / 4
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
