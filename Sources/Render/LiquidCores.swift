import Canvas

/// Where a liquid group's glass is plain (issue 16): pixels so deep inside one of its
/// shapes that the union there is deeper too (a smooth minimum is never above the least
/// distance), past the bezel, the rim, the highlight and anything the shadow or a
/// neighbour's slope reads. There the glass is the tinted backdrop and nothing else, so
/// the renderer paints those pixels with a plain program and computes no field for them.
/// Pure: the GL renderer draws what this decides.
enum LiquidCores {
    /// Pixel-aligned rectangles (whole-pixel edges) inside `within`, each deeper than
    /// `depth` into one of `shapes` at every pixel centre it holds; they may overlap.
    ///
    /// A rounded rectangle's distance (`SDF.roundedRect`) is at most −depth on two bands:
    /// inset by `depth` across and by max(span, depth) along, where the span is how far
    /// the corner's curve runs (the radius, or 1.28 × it for a continuous corner). On
    /// those bands the corner term is zero on one axis, so the distance is the plain box
    /// distance (see `roundedRect`'s straight branch). Circular corners add the square
    /// whose corners lie on the arc `depth` inside.
    static func cores(_ shapes: [Shape], depth: Double, within: Rect) -> [Rect] {
        var out: [Rect] = []
        for s in shapes {
            let (span, superellipse) = SDF.corner(halfSize: Size(s.rect.width / 2, s.rect.height / 2), radius: s.radius,
                                                  continuous: s.continuous)
            let along = max(span, depth)
            var bands = [s.rect.insetBy(dx: along, dy: depth), s.rect.insetBy(dx: depth, dy: along)]
            // A circular corner (a circle's or a capsule's too) is deeper than `depth` within
            // span − depth of its centre: the square inscribed there reaches into it.
            if !superellipse, span > depth {
                let inset = span - (span - depth) / 2.0.squareRoot()
                bands.append(s.rect.insetBy(dx: inset, dy: inset))
            }
            for band in bands {
                if let pixels = pixelsWithin(band.intersection(within)) { out.append(pixels) }
            }
        }
        return out
    }

    /// `within` split into what lies near the group's glass and what lies outside it, each
    /// as disjoint rectangles. Outside means at least 2k + 2 from every shape's box (k the
    /// smoothing, whole-pixel edges): the three-nearest fold lowers the least distance by
    /// at most k a fold (h²K/4 ≤ K/4 = k quadratic, h³K/6 ≤ k cubic, pinched k × pinch), and
    /// a rounded shape lies in its box, so the union there is at least 2 — past its
    /// coverage, rim, highlight and slope: only the shadow can fall there.
    ///
    /// A side of a shape that no other shape comes near enough to fold into (`fieldAtLeast`
    /// over the band between 3 and 2k + 2 off it) is near only 3 deep: past that the union
    /// is its own distance, at least 3 (a card on its own, the outer sides of a pile).
    /// (`grow`: the near boxes that much wider.)
    static func outside(_ g: LiquidGroup, within: Rect, grow: Double = 0) -> (near: [Rect], outside: [Rect]) {
        let wide = 2 * g.smoothing + 2, narrow = 3.0
        let bounds = g.shapes.map(ShapeBounds.init)
        let kernel = (g.kernel == .cubic ? 6 : 4) * g.smoothing
        let boxes = g.shapes.map { s in
            let r = s.rect
            // The band off each side, between the narrow and the wide margin, as long as the
            // wide box: the narrow margin where the union is at least 2 all over it.
            func side(_ band: Rect) -> Double {
                wide > narrow && fieldAtLeast(2, over: band, bounds, k: g.smoothing, kernel: kernel) ? narrow : wide
            }
            let across = wide - narrow, long = (w: r.width + 2 * wide, h: r.height + 2 * wide)
            let top = side(Rect(x: r.minX - wide, y: r.minY - wide, width: long.w, height: across))
            let bottom = side(Rect(x: r.minX - wide, y: r.maxY + narrow, width: long.w, height: across))
            let left = side(Rect(x: r.minX - wide, y: r.minY - wide, width: across, height: long.h))
            let right = side(Rect(x: r.maxX + narrow, y: r.minY - wide, width: across, height: long.h))
            let x0 = (r.minX - left - grow).rounded(.down), y0 = (r.minY - top - grow).rounded(.down)
            return Rect(x: x0, y: y0, width: (r.maxX + right + grow).rounded(.up) - x0,
                        height: (r.maxY + bottom + grow).rounded(.up) - y0)
        }
        let parts = partition(within, cuts: boxes)
        return (parts.covered, parts.rest)
    }

    /// A shape's box and what bounds its distance there, worked out once.
    struct ShapeBounds {
        var box: Rect
        /// Half the radius: how far the corner's cut can lift the distance over the box's
        /// (a superellipse corner cuts 0.41 r, a circular one 0.41 r along the diagonal).
        var slack: Double

        init(_ s: Shape) { (box, slack) = (s.rect, 0.5 * s.radius) }

        /// The least the distance can be over the points of `area`: its box's (the outline
        /// lies inside the box).
        func lowest(_ area: Rect) -> Double {
            let dx = max(box.minX - area.maxX, area.minX - box.maxX, 0)
            let dy = max(box.minY - area.maxY, area.minY - box.maxY, 0)
            if dx == 0 && dy == 0 { return -min(box.width, box.height) / 2 }
            return (dx * dx + dy * dy).squareRoot()
        }

        /// The most the distance can be over the points of `area`: the box's at the corner
        /// of `area` farthest along each axis (it grows with each), plus the corner's cut.
        func highest(_ area: Rect) -> Double {
            let qx = max(abs(area.minX - box.midX), abs(area.maxX - box.midX)) - box.width / 2
            let qy = max(abs(area.minY - box.midY), abs(area.maxY - box.midY)) - box.height / 2
            let ox = max(qx, 0), oy = max(qy, 0)
            return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) + slack
        }
    }

    /// True when the union of `shapes` (smoothing `k`, kernel width `kernel`: 4k, 6k cubic)
    /// is at least `floor` at every point of `area`: the least distance there is, less k
    /// for each fold a shape within the kernel's width of the nearest can make (two at
    /// most).
    static func fieldAtLeast(_ floor: Double, over area: Rect, _ shapes: [ShapeBounds], k: Double, kernel: Double) -> Bool {
        var least = Double.infinity, nearest = Double.infinity
        for s in shapes {
            least = min(least, s.lowest(area))
            nearest = min(nearest, s.highest(area))
        }
        let folding = shapes.reduce(0) { $0 + ($1.lowest(area) < nearest + kernel ? 1 : 0) }
        return least - Double(min(max(folding - 1, 0), 2)) * k >= floor
    }

    /// The columns of `strip` (whole-pixel edges, as x0..<x1) at whose pixel centres no
    /// shape of `shapes` has a continuous corner's curve nearest: there `SDF.roundedRect`
    /// takes its straight branch for every one of them (|p − c| ≤ h − span on one axis),
    /// so a field program without the superellipse's logarithms and powers computes the
    /// same distances. Nil when there are none. Held 0.05 px clear of the curve's edge for
    /// the shader's single-precision centres and spans.
    static func straightColumns(_ strip: Rect, shapes: some Sequence<Shape>) -> (x0: Double, x1: Double)? {
        let margin = 0.05
        // The first and last pixel centres the strip holds (a centre on its left or top edge
        // is in it, one on its right or bottom edge is not).
        func centres(_ a: Double, _ b: Double) -> (Double, Double) { ((a - 0.5).rounded(.up) + 0.5, (b - 0.5).rounded(.up) - 0.5) }
        var (lo, hi) = centres(strip.minX, strip.maxX)
        let (top, bottom) = centres(strip.minY, strip.maxY)
        guard hi >= lo, bottom >= top else { return nil }
        for s in shapes {
            let hx = s.rect.width / 2, hy = s.rect.height / 2
            // The shader's test is r < 0.999 × half in single precision: counted in a little past it.
            let (span, superellipse) = SDF.corner(halfSize: Size(hx, hy), radius: s.radius, continuous: s.continuous, limit: 0.9995)
            guard superellipse else { continue }
            let c = s.rect.center
            if max(abs(top - c.y), abs(bottom - c.y)) <= hy - span - margin { continue }
            let reach = hx - span - margin
            guard reach >= 0 else { return nil }
            lo = max(lo, c.x - reach)
            hi = min(hi, c.x + reach)
        }
        // Pixel i's centre is i + ½; the columns' edges are clamped to the strip's own.
        let x0 = max((lo - 0.5).rounded(.up), strip.minX), x1 = min((hi - 0.5).rounded(.down) + 1, strip.maxX)
        return x1 > x0 ? (x0, x1) : nil
    }

    /// `rect` split into the columns `straightColumns` finds (nil: none) and the rest either
    /// side of them. With `neighbours`, the columns hold for each pixel's right and lower
    /// neighbour too (a paint reads the field a pixel on): straight over one more row, less
    /// their last column.
    static func straightSplit(_ rect: Rect, shapes: some Sequence<Shape>, neighbours: Bool = false)
        -> (straight: Rect?, curved: [Rect]) {
        let probe = neighbours ? Rect(x: rect.minX, y: rect.minY, width: rect.width + 1, height: rect.height + 1) : rect
        guard let c = straightColumns(probe, shapes: shapes) else { return (nil, [rect]) }
        let x1 = neighbours ? min(c.x1 - 1, rect.maxX) : c.x1
        guard x1 > c.x0 else { return (nil, [rect]) }
        return (Rect(x: c.x0, y: rect.minY, width: x1 - c.x0, height: rect.height),
                [Rect(x: rect.minX, y: rect.minY, width: c.x0 - rect.minX, height: rect.height),
                 Rect(x: x1, y: rect.minY, width: rect.maxX - x1, height: rect.height)].filter { $0.width > 0 })
    }

    /// The largest whole-pixel rectangle whose pixel centres all lie in `rect`; nil if none.
    static func pixelsWithin(_ rect: Rect) -> Rect? {
        guard !rect.isEmpty, rect.width.isFinite, rect.height.isFinite else { return nil }
        // Pixel i's centre is i + ½: it lies in [min, max] when min − ½ ≤ i ≤ max − ½.
        let x0 = (rect.minX - 0.5).rounded(.up), x1 = (rect.maxX - 0.5).rounded(.down) + 1
        let y0 = (rect.minY - 0.5).rounded(.up), y1 = (rect.maxY - 0.5).rounded(.down) + 1
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `outer` cut by `cuts` (clipped to it): the cuts' union and the rest, each as
    /// disjoint rectangles (bands between the rectangles' edges, equal bands stacked).
    /// A pixel centre of `outer` lies in exactly one of them, when the cuts' edges are
    /// whole pixels (no centre falls on an edge).
    static func partition(_ outer: Rect, cuts: [Rect]) -> (covered: [Rect], rest: [Rect]) {
        let cuts = cuts.map { $0.intersection(outer) }.filter { !$0.isEmpty }
        guard !cuts.isEmpty else { return ([], outer.isEmpty ? [] : [outer]) }
        let ys = Set([outer.minY, outer.maxY] + cuts.flatMap { [$0.minY, $0.maxY] }).sorted()
        var covered = Stacker(), rest = Stacker()
        for (y0, y1) in zip(ys, ys.dropFirst()) where y1 > y0 {
            // The cuts spanning this band, as merged runs along x.
            var runs: [(Double, Double)] = []
            for c in cuts.filter({ $0.minY <= y0 && $0.maxY >= y1 }).sorted(by: { $0.minX < $1.minX }) {
                if let last = runs.last, c.minX <= last.1 { runs[runs.count - 1].1 = max(last.1, c.maxX) } else {
                    runs.append((c.minX, c.maxX))
                }
            }
            var x = outer.minX
            for (a, b) in runs {
                if a > x { rest.add(x, a, y0, y1) }
                covered.add(a, b, y0, y1)
                x = b
            }
            if outer.maxX > x { rest.add(x, outer.maxX, y0, y1) }
        }
        return (covered.rects, rest.rects)
    }

    /// Collects rectangles band by band, extending one downward when the next band has a
    /// rectangle with the same left and right edges right below it.
    private struct Stacker {
        var rects: [Rect] = []
        private var open: [Int] = []

        mutating func add(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) {
            if let i = open.first(where: { rects[$0].minX == x0 && rects[$0].maxX == x1 && rects[$0].maxY == y0 }) {
                rects[i].height = y1 - rects[i].minY
                return
            }
            open.removeAll { rects[$0].maxY < y0 }
            rects.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            open.append(rects.count - 1)
        }
    }
}
