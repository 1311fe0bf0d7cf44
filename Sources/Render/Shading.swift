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

    /// The light comes from above and a little to the left (y grows downward).
    static let light: (x: Double, y: Double) = (-0.37139, -0.92848)

    /// Glass over the merged outline: lift shadow, translucent tint, and a rim brighter
    /// where the outline faces the light. Mirrors the liquid fragment shader.
    static func shadeLiquid(_ g: LiquidGroup, _ paint: LiquidPaint, opacity: Double, rimWidth: Double, at p: Point2) -> RGBA {
        let d = g.distance(to: p)
        var color = RGBA.clear
        if let s = paint.shadow, s.alpha > 0 {
            let sigma = max(s.radius / 2, 0.5)
            let ds = g.distance(to: Point2(p.x - s.offset.x, p.y - s.offset.y))
            color = RGBA(r: 0, g: 0, b: 0, a: s.alpha * 0.5 * (1 - erf(ds / (sigma * 2.0.squareRoot()))))
        }
        let inside = SDF.coverage(d)
        if inside > 0 {
            color = premultiplied(paint.tint, inside).over(color)
            let band = inside - SDF.coverage(d + rimWidth)
            if band > 0 {
                let h = 0.5
                let nx = g.distance(to: Point2(p.x + h, p.y)) - g.distance(to: Point2(p.x - h, p.y))
                let ny = g.distance(to: Point2(p.x, p.y + h)) - g.distance(to: Point2(p.x, p.y - h))
                let len = (nx * nx + ny * ny).squareRoot()
                let facing = len > 0 ? max((nx * light.x + ny * light.y) / len, 0) : 0
                color = premultiplied(paint.rim, band * (0.35 + 0.65 * facing)).over(color)
            }
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
        if prim.kind == .liquid, let g = prim.liquid, let paint = prim.liquidPaint {
            return shadeLiquid(g, paint, opacity: prim.fill.a, rimWidth: prim.radius, at: p).scaled(clip)
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
            var moved = shape
            moved.rect = shape.rect.offsetBy(dx: s.offset.x, dy: s.offset.y)
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
            let b = prim.bounds
            let x0 = max(Int(b.minX.rounded(.down)), 0), x1 = min(Int(b.maxX.rounded(.up)), width)
            let y0 = max(Int(b.minY.rounded(.down)), 0), y1 = min(Int(b.maxY.rounded(.up)), height)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let c = Shading.shade(prim, at: Point2(Double(x) + 0.5, Double(y) + 0.5), atlas: atlas,
                                          atlasSize: atlasSize)
                    guard c.a > 0 else { continue }
                    let i = (y * width + x) * 4
                    let k = 1 - c.a
                    pixels[i] = c.r + pixels[i] * k
                    pixels[i + 1] = c.g + pixels[i + 1] * k
                    pixels[i + 2] = c.b + pixels[i + 2] * k
                    pixels[i + 3] = c.a + pixels[i + 3] * k
                }
            }
        }
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
