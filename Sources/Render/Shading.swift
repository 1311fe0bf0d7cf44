import Canvas
import Foundation

/// Per-pixel shading of one primitive on the CPU: the Swift reference for the fragment
/// shader in `Shaders.swift` (same formulas, same order). Returns premultiplied RGBA.
public enum Shading {
    public struct RGBA: Sendable, Equatable {
        public var r: Double, g: Double, b: Double, a: Double
        public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
        @inline(__always) public func over(_ under: RGBA) -> RGBA {
            let k = 1 - a
            return RGBA(r: r + under.r * k, g: g + under.g * k, b: b + under.b * k, a: a + under.a * k)
        }
        @inline(__always) func scaled(_ s: Double) -> RGBA { RGBA(r: r * s, g: g * s, b: b * s, a: a * s) }
    }

    @inline(__always) static func premultiplied(_ c: Color, _ coverage: Double) -> RGBA {
        let a = c.a * coverage
        return RGBA(r: c.r * a, g: c.g * a, b: c.b * a, a: a)
    }

    /// Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7): the shader uses the same polynomial.
    static func erf(_ x: Double) -> Double {
        let s: Double = x < 0 ? -1 : 1
        let ax = abs(x)
        let t = 1 / (1 + 0.3275911 * ax)
        let y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * exp(-ax * ax)
        return s * y
    }

    /// Coverage of the clips in force at pixel centre `p`.
    static func clipCoverage(_ prim: Primitive, _ p: Point2) -> Double {
        var c = SDF.coverage(SDF.box(p, rect: prim.clipRect))
        if let rc = prim.roundClip, c > 0 {
            c *= SDF.coverage(rc.distance(to: p))
        }
        return c
    }

    /// How deep inside the outline (px) the edge still reads the field's gradient: the
    /// bezel, the rim and the highlight band, whichever is widest, and a pixel for the
    /// differences. Deeper, glass is plain.
    static func edgeDepth(_ paint: LiquidPaint, rimWidth: Double) -> Double {
        max(paint.bezel, rimWidth, paint.specularWidth) + 1
    }

    /// Glass over the merged outline, mirroring the liquid fragment shader: the lift
    /// shadow; inside, the blurred backdrop (`backdrop(q)`, premultiplied) bent outward
    /// in the bezel and tinted; a rim and a specular highlight brighter where the outline
    /// faces the light; and in the debug view, iso-lines of the field.
    ///
    /// The glass is treated as a height field over the merged distance: its slope is the
    /// field's gradient (forward differences to the next pixel centres, at most 1), and the
    /// gradient, not its direction alone, bends the backdrop and lights the highlight. At
    /// a plain edge the gradient is a unit normal; at a neck's saddle it shrinks to nothing,
    /// so the bend and the highlight fade across the neck instead of flipping side at its
    /// middle — no seam, no rim line where the shapes were joined.
    static func shadeLiquid(_ g: LiquidGroup, _ paint: LiquidPaint, opacity: Double, rimWidth: Double, at p: Point2,
                            backdrop: (Point2) -> RGBA) -> RGBA {
        let d = g.distance(to: p)
        var color = RGBA.clear
        if let s = paint.shadow, s.alpha > 0, d > -0.5 {
            let sigma = max(s.radius / 2, 0.5)
            let ds = g.distance(to: Point2(p.x - s.offset.x, p.y - s.offset.y))
            color = RGBA(r: 0, g: 0, b: 0, a: s.alpha * 0.5 * (1 - erf(ds / (sigma * 2.0.squareRoot()))))
        }
        let inside = SDF.coverage(d)
        var normal = (x: 0.0, y: 0.0), slope = (x: 0.0, y: 0.0)
        if d > -edgeDepth(paint, rimWidth: rimWidth) && d < 1 {
            // Forward differences to the next pixel centres (the GPU reads them from its field).
            let nx = g.distance(to: Point2(p.x + 1, p.y)) - d
            let ny = g.distance(to: Point2(p.x, p.y + 1)) - d
            let len = (nx * nx + ny * ny).squareRoot()
            if len > 0 {
                normal = (nx / len, ny / len)
                let k = min(len, 1)
                slope = (normal.x * k, normal.y * k)
            }
        }
        if inside > 0 {
            // In the bezel the glass bends the backdrop outward, most at the very edge.
            let t = paint.bezel > 0 ? min(max(1 + d / paint.bezel, 0), 1) : 0
            let bend = paint.refraction * t * t
            let behind = backdrop(Point2(p.x + slope.x * bend, p.y + slope.y * bend))
            let k = 1 - paint.tint.a
            let glass = RGBA(r: behind.r * k + paint.tint.r * paint.tint.a, g: behind.g * k + paint.tint.g * paint.tint.a,
                             b: behind.b * k + paint.tint.b * paint.tint.a, a: behind.a * k + paint.tint.a)
            color = glass.scaled(inside).over(color)
            let light = LiquidPaint.lightDirection
            let facing = slope.x * light.x + slope.y * light.y
            let band = inside - SDF.coverage(d + rimWidth)
            if band > 0 {
                color = premultiplied(paint.rim, band * (0.35 + 0.65 * max(facing, 0))).over(color)
            }
            if paint.specularWidth > 0 {
                // The highlight: the cube of how squarely the slope faces the light, fading
                // inward with the square of the depth into its band; the far rim likewise.
                let s = min(max(1 + d / paint.specularWidth, 0), 1)
                let lit = max(facing, 0), far = max(-facing, 0)
                let toward = lit * lit * lit * s * s, away = far * far * far * s * s
                if paint.specular.a > 0 && toward > 0 { color = premultiplied(paint.specular, toward * inside).over(color) }
                if paint.farRim.a > 0 && away > 0 { color = premultiplied(paint.farRim, away * inside).over(color) }
            }
        }
        if paint.showField && d >= -1 && d <= g.merge + rimWidth {
            let step = LiquidPaint.fieldStep * max(rimWidth / LiquidPaint.rimWidth, 1e-6)
            let x = d / step
            let line = min(max(1 - abs(x - x.rounded()) * step, 0), 1)
            let c = x.rounded() == 0 ? Color(hex: 0x0A84FF) : Color(hex: 0xFF9F0A)
            color = premultiplied(c, line * 0.6).over(color)
        }
        return color.scaled(opacity)
    }

    /// The colour `prim` contributes at pixel centre `p` (premultiplied).
    public static func shade(_ prim: Primitive, at p: Point2, atlas: [UInt8], atlasSize: Int) -> RGBA {
        let clip = clipCoverage(prim, p)
        guard clip > 0 else { return .clear }
        if prim.kind == .glyph {
            let x = Int((p.x - prim.rect.x).rounded(.down)), y = Int((p.y - prim.rect.y).rounded(.down))
            guard x >= 0, y >= 0, x < Int(prim.rect.width), y < Int(prim.rect.height) else { return .clear }
            let ax = Int(prim.atlasOrigin.x) + x, ay = Int(prim.atlasOrigin.y) + y
            guard ax < atlasSize, ay < atlasSize else { return .clear }
            let coverage = Double(atlas[ay * atlasSize + ax]) / 255
            return premultiplied(prim.fill, coverage * clip)
        }
        if prim.kind == .blurredGlyph {
            // The glyph at each tap, composited in order — as the GL shader does.
            var color = RGBA.clear
            for (i, tap) in Primitive.blurTaps.enumerated() {
                let o = Primitive.tapOffset(i, radius: prim.radius)
                let x = Int((p.x - prim.rect.x).rounded(.down)) - o.x, y = Int((p.y - prim.rect.y).rounded(.down)) - o.y
                guard x >= 0, y >= 0, x < Int(prim.rect.width), y < Int(prim.rect.height) else { continue }
                let ax = Int(prim.atlasOrigin.x) + x, ay = Int(prim.atlasOrigin.y) + y
                guard ax < atlasSize, ay < atlasSize else { continue }
                color = premultiplied(prim.fill, Double(atlas[ay * atlasSize + ax]) / 255 * tap.weight * clip).over(color)
            }
            return color
        }
        if prim.kind == .liquid, let g = prim.liquid, let paint = prim.liquidPaint {
            // Without a backdrop (a caller shading one pixel alone) the glass is the tint.
            return shadeLiquid(g, paint, opacity: prim.fill.a, rimWidth: prim.radius, at: p, backdrop: { _ in .clear })
                .scaled(clip)
        }
        if prim.kind == .segment {
            let (a, b) = prim.segmentEnds
            return premultiplied(prim.fill, SDF.coverage(SDF.segment(p, a, b, halfWidth: prim.radius)) * clip)
        }
        let shape = Shape(rect: prim.rect, radius: prim.radius, continuous: prim.kind == .continuous)
        let d = shape.distance(to: p)
        let inside = SDF.coverage(d)
        var color = premultiplied(prim.fill, inside)
        if prim.strokeWidth > 0 && prim.stroke.a > 0 {
            let band = inside - SDF.coverage(d + prim.strokeWidth)
            color = premultiplied(prim.stroke, band).over(color)
        }
        if let s = prim.shadow, s.alpha > 0 {
            let moved = shape.offsetBy(dx: s.offset.x, dy: s.offset.y)
            let sigma = max(s.radius / 2, 0.5)
            let ds = moved.distance(to: p)
            let alpha = s.alpha * 0.5 * (1 - erf(ds / (sigma * 2.0.squareRoot())))
            color = color.over(RGBA(r: 0, g: 0, b: 0, a: alpha))
        }
        return color.scaled(clip)
    }
}

/// Draws primitives into an RGBA8 pixel buffer on the CPU: the software renderer, the
/// fallback when no GL context can be had, and the reference GPU output is tested against.
public struct SoftwareRasterizer {
    public let width: Int
    public let height: Int
    /// Premultiplied RGBA, row-major, top row first.
    public private(set) var pixels: [Double]

    public init(width: Int, height: Int, background: Color) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        let bg = Shading.premultiplied(background, 1)
        pixels = [Double](repeating: 0, count: self.width * self.height * 4)
        for i in 0..<(self.width * self.height) {
            pixels[i * 4] = bg.r; pixels[i * 4 + 1] = bg.g; pixels[i * 4 + 2] = bg.b; pixels[i * 4 + 3] = bg.a
        }
    }

    public mutating func draw(_ prims: [Primitive], atlas: [UInt8], atlasSize: Int) {
        for prim in prims {
            if prim.kind == .liquid {
                drawLiquid(prim)
                continue
            }
            let b = prim.bounds
            let x0 = max(Int(b.minX.rounded(.down)), 0), x1 = min(Int(b.maxX.rounded(.up)), width)
            let y0 = max(Int(b.minY.rounded(.down)), 0), y1 = min(Int(b.maxY.rounded(.up)), height)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let c = Shading.shade(prim, at: Point2(Double(x) + 0.5, Double(y) + 0.5), atlas: atlas,
                                          atlasSize: atlasSize)
                    blend(c, x: x, y: y)
                }
            }
        }
    }

    /// The backdrop region a liquid group blurs: wherever the glass can sample the
    /// blurred backdrop, with all the blur reads for those samples — in whole pixels inside
    /// the image. The GL pass shrinks exactly this region by `backdropFactor` (f).
    ///
    /// Glass samples only inside the merged outline (`LiquidGroup.bounds`, within the clip),
    /// moved by at most `refraction`; a bilinear read of the shrunk blur reaches f px
    /// around that, the blur's taps ⌈3σ⌉ texels (f px each) beyond, and the f×f average
    /// f px more. No sample's blur then meets the region's clamped edge, so a tighter
    /// region blurs to the same values where they are read (the shadow's reach and its
    /// offset, which the group's bounds hold, are not read from the backdrop).
    public static func backdropRegion(_ prim: Primitive, width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int)? {
        guard let g = prim.liquid, let paint = prim.liquidPaint else { return nil }
        let f = backdropFactor(paint)
        let taps = Int((3 * backdropSigma(paint)).rounded(.up))
        let reach = (max(paint.refraction, 0) + Double(f + f * taps + f) + 1).rounded(.up)
        let b = g.bounds.intersection(prim.clipRect.insetBy(dx: -1, dy: -1)).insetBy(dx: -reach, dy: -reach)
        guard !b.isEmpty else { return nil }
        // Out to a 64-pixel grid: a group that moves a little keeps its region, so the GL
        // renderer can keep the blur of a still backdrop (the blur within the region is the
        // same either way but at its clamped edges).
        let grid = 64
        func down(_ v: Double) -> Int { Int((v / Double(grid)).rounded(.down)) * grid }
        func up(_ v: Double) -> Int { Int((v / Double(grid)).rounded(.up)) * grid }
        var x0 = max(down(b.minX), 0), y0 = max(down(b.minY), 0)
        var x1 = min(up(b.maxX), width), y1 = min(up(b.maxY), height)
        // Whole texels — the blur runs on exact f×f averages — grown on whichever side has
        // room, so no column or row is lost (at the image's edges, cut to whole texels).
        func whole(_ a: inout Int, _ b: inout Int, _ limit: Int) {
            while (b - a) % f != 0 {
                if b < limit { b += 1 } else if a > 0 { a -= 1 } else { b -= (b - a) % f }
            }
        }
        whole(&x0, &x1, width)
        whole(&y0, &y1, height)
        guard x1 - x0 >= f, y1 - y0 >= f else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Pixels a texel of the backdrop's blur averages across: 2, or 4 where σ at full
    /// resolution is 6 px or more (a scale-2 frame's glass). The blur then runs at the σ in
    /// texels, and on the texels, of a scale-1 frame: a backdrop frosted that much holds no
    /// detail the finer grid kept, and it is an eighth of the work (a quarter of the texels,
    /// half the taps).
    public static func backdropFactor(_ paint: LiquidPaint) -> Int {
        paint.blur / 2 >= 6 ? 4 : 2
    }

    /// The backdrop blur's σ in its texels (σ = blur / 2 at full resolution), within what
    /// the GL blur pass holds.
    public static func backdropSigma(_ paint: LiquidPaint) -> Double {
        min(max(paint.blur / 2 / Double(backdropFactor(paint)), 0.5), 10)
    }

    /// Gaussian weights for σ (px), taps −⌈3σ⌉…⌈3σ⌉, summing to 1.
    public static func gaussian(sigma: Double) -> [Double] {
        let r = Int((3 * sigma).rounded(.up))
        let w = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        return w.map { $0 / sum }
    }

    private mutating func drawLiquid(_ prim: Primitive) {
        guard let g = prim.liquid, let paint = prim.liquidPaint,
              let r = Self.backdropRegion(prim, width: width, height: height) else { return }
        // Copy, shrink by f (2×2 averages, twice for f = 4), blur horizontally, then
        // vertically — each stage rounded to 8 bits as the GL pass stores it in RGBA8
        // textures — so the reference sees what the GPU sees. A frosted backdrop has no
        // detail to lose, and a quarter of the pixels (or a sixteenth) is all the blur reads.
        func q(_ v: Double) -> Double { (min(max(v, 0), 1) * 255).rounded() / 255 }
        let f = Self.backdropFactor(paint)
        func halve(_ w: Int, _ h: Int, _ at: (Int, Int, Int) -> Double) -> [Double] {
            var out = [Double](repeating: 0, count: (w / 2) * (h / 2) * 4)
            for y in 0..<(h / 2) { for x in 0..<(w / 2) { for c in 0..<4 {
                let sum = at(2 * x, 2 * y, c) + at(2 * x + 1, 2 * y, c) + at(2 * x, 2 * y + 1, c) + at(2 * x + 1, 2 * y + 1, c)
                out[(y * (w / 2) + x) * 4 + c] = q(sum / 4)
            } } }
            return out
        }
        var region = halve(r.w, r.h) { x, y, c in q(pixels[((r.y + y) * width + r.x + x) * 4 + c]) }
        if f == 4 {
            let w2 = r.w / 2, half = region
            region = halve(w2, r.h / 2) { x, y, c in half[(y * w2 + x) * 4 + c] }
        }
        let hw = r.w / f, hh = r.h / f
        let weights = Self.gaussian(sigma: Self.backdropSigma(paint))
        let radius = weights.count / 2
        func pass(_ src: [Double], dx: Int, dy: Int) -> [Double] {
            var out = src
            for y in 0..<hh { for x in 0..<hw {
                var acc = (0.0, 0.0, 0.0, 0.0)
                for (k, w) in weights.enumerated() {
                    let sx = min(max(x + (k - radius) * dx, 0), hw - 1), sy = min(max(y + (k - radius) * dy, 0), hh - 1)
                    let i = (sy * hw + sx) * 4
                    acc.0 += src[i] * w; acc.1 += src[i + 1] * w; acc.2 += src[i + 2] * w; acc.3 += src[i + 3] * w
                }
                let o = (y * hw + x) * 4
                out[o] = q(acc.0); out[o + 1] = q(acc.1); out[o + 2] = q(acc.2); out[o + 3] = q(acc.3)
            } }
            return out
        }
        let blurred = pass(pass(region, dx: 1, dy: 0), dx: 0, dy: 1)
        // Bilinear, clamped to the region: GL_LINEAR with GL_CLAMP_TO_EDGE.
        func texel(_ x: Int, _ y: Int) -> Shading.RGBA {
            let i = (min(max(y, 0), hh - 1) * hw + min(max(x, 0), hw - 1)) * 4
            return Shading.RGBA(r: blurred[i], g: blurred[i + 1], b: blurred[i + 2], a: blurred[i + 3])
        }
        func sample(_ p: Point2) -> Shading.RGBA {
            let fx = (p.x - Double(r.x)) / Double(f) - 0.5, fy = (p.y - Double(r.y)) / Double(f) - 0.5
            let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
            let tx = fx - Double(x0), ty = fy - Double(y0)
            let a = texel(x0, y0), b = texel(x0 + 1, y0), c = texel(x0, y0 + 1), d = texel(x0 + 1, y0 + 1)
            func mix(_ u: Double, _ v: Double, _ t: Double) -> Double { u + (v - u) * t }
            return Shading.RGBA(r: mix(mix(a.r, b.r, tx), mix(c.r, d.r, tx), ty), g: mix(mix(a.g, b.g, tx), mix(c.g, d.g, tx), ty),
                                b: mix(mix(a.b, b.b, tx), mix(c.b, d.b, tx), ty), a: mix(mix(a.a, b.a, tx), mix(c.a, d.a, tx), ty))
        }
        let bounds = prim.bounds
        let x0 = max(Int(bounds.minX.rounded(.down)), 0), x1 = min(Int(bounds.maxX.rounded(.up)), width)
        let y0 = max(Int(bounds.minY.rounded(.down)), 0), y1 = min(Int(bounds.maxY.rounded(.up)), height)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = Point2(Double(x) + 0.5, Double(y) + 0.5)
                let clip = Shading.clipCoverage(prim, p)
                guard clip > 0 else { continue }
                let c = Shading.shadeLiquid(g, paint, opacity: prim.fill.a, rimWidth: prim.radius, at: p, backdrop: sample)
                    .scaled(clip)
                blend(c, x: x, y: y)
            }
        }
    }

    /// Source-over of premultiplied `c` onto pixel (x, y).
    @inline(__always)
    private mutating func blend(_ c: Shading.RGBA, x: Int, y: Int) {
        guard c.a > 0 else { return }
        let i = (y * width + x) * 4
        let k = 1 - c.a
        pixels[i] = c.r + pixels[i] * k
        pixels[i + 1] = c.g + pixels[i + 1] * k
        pixels[i + 2] = c.b + pixels[i + 2] * k
        pixels[i + 3] = c.a + pixels[i + 3] * k
    }

    /// Straight-alpha RGBA8 bytes, top row first.
    public var rgba8: [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let a = pixels[i * 4 + 3]
            let inv = a > 0 ? 1 / a : 0
            for c in 0..<3 { out[i * 4 + c] = UInt8(min(max(pixels[i * 4 + c] * inv * 255, 0), 255).rounded()) }
            out[i * 4 + 3] = UInt8(min(max(a * 255, 0), 255).rounded())
        }
        return out
    }
}
