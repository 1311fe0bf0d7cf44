import Canvas
import Foundation

/// One drawable in device pixels: a shape or a glyph with its clips resolved. The GL
/// renderer uploads these as instance data; the software renderer shades them with
/// `Shading`, the same math in Swift. Both renderers consume exactly this list.
public struct Primitive: Sendable, Hashable {
    public enum Kind: Float, Sendable {
        case continuous = 0, circular = 1, glyph = 2, segment = 3, layer = 4, liquid = 5
        /// A glyph drawn at the taps of a blur (`Primitive.blurTaps`), `radius` pixels wide.
        case blurredGlyph = 6
    }

    public var rect: Rect
    public var radius: Double
    public var kind: Kind
    public var strokeWidth: Double
    /// Straight colours with the command's opacity folded into alpha.
    public var fill: Color
    public var stroke: Color
    /// Intersection of every clip in force (rounded clips by their bounds), pixels.
    public var clipRect: Rect
    /// The innermost rounded clip, if any. Nested rounded clips cut only the innermost
    /// one's corners; the outer ones clip by their bounds (`clipRect`) — enough for a
    /// rounded panel inside a rectangular slot, not for rounded-in-rounded.
    public var roundClip: Shape?
    /// Glyph: top-left of the bitmap in the atlas.
    public var atlasOrigin: Point2 = .zero
    /// Glyph: the top of its line (pixels) — glyphs' bitmaps are cut to their ink, so each
    /// has its own top; a blurred line is the glyphs that share this (`blurredRunEnd`).
    public var lineTop: Double = 0
    public var shadow: Shadow?
    /// A liquid group in pixels, with its paint (kind `.liquid`; `fill.a` is the opacity).
    public var liquid: LiquidGroup? {
        get { liquidBox?.group }
        set { liquidBox = LiquidBox(newValue, liquidBox?.paint) }
    }
    public var liquidPaint: LiquidPaint? {
        get { liquidBox?.paint }
        set { liquidBox = LiquidBox(liquidBox?.group, newValue) }
    }
    /// The two, boxed: nearly every primitive is a glyph or a shape, and held inline they
    /// made each primitive 489 bytes instead of 264, copied several times a frame.
    var liquidBox: LiquidBox?

    /// A segment's endpoints are stored in `rect` as (x1, y1, x2, y2).
    public var segmentEnds: (Point2, Point2) { (Point2(rect.x, rect.y), Point2(rect.width, rect.height)) }

    /// Pixels this primitive can touch (for the software renderer's loops).
    public var bounds: Rect {
        if kind == .liquid, let g = liquid {
            let field = liquidPaint?.showField == true ? g.merge : 0
            var b = g.bounds.insetBy(dx: -1 - field, dy: -1 - field)
            if let s = liquidPaint?.shadow {
                let spread = s.reach + 1
                b = b.union(b.offsetBy(dx: s.offset.x, dy: s.offset.y).insetBy(dx: -spread, dy: -spread))
            }
            return b.intersection(clipRect.insetBy(dx: -1, dy: -1))
        }
        if kind == .blurredGlyph {
            // A tap lands at most half a pixel past the blur's radius (offsets are whole pixels).
            return rect.insetBy(dx: -radius - 1, dy: -radius - 1).intersection(clipRect.insetBy(dx: -1, dy: -1))
        }
        if kind == .segment {
            let (a, b) = segmentEnds
            let r = radius + 1
            return Rect(x: min(a.x, b.x) - r, y: min(a.y, b.y) - r, width: abs(a.x - b.x) + 2 * r,
                        height: abs(a.y - b.y) + 2 * r).intersection(clipRect.insetBy(dx: -1, dy: -1))
        }
        var b = rect.insetBy(dx: -1, dy: -1)
        if let s = shadow {
            let spread = s.reach + 1
            b = b.union(rect.offsetBy(dx: s.offset.x, dy: s.offset.y).insetBy(dx: -spread, dy: -spread))
        }
        return b.intersection(clipRect.insetBy(dx: -1, dy: -1))
    }
}

/// `Primitive`'s liquid group and paint, immutable, compared and hashed by value.
final class LiquidBox: Sendable, Hashable {
    let group: LiquidGroup?
    let paint: LiquidPaint?

    /// Nil when there is neither.
    init?(_ group: LiquidGroup?, _ paint: LiquidPaint?) {
        guard group != nil || paint != nil else { return nil }
        (self.group, self.paint) = (group, paint)
    }

    static func == (a: LiquidBox, b: LiquidBox) -> Bool { a === b || (a.group == b.group && a.paint == b.paint) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(group)
        hasher.combine(paint)
    }
}

/// What the GL renderer draws: runs of primitives, and cached layers between them.
public enum RenderBatch: Sendable {
    case primitives([Primitive])
    /// A layer: `content` in layer-local pixels, composited by `composite` (a primitive
    /// of kind `.layer` covering the layer's pixel frame, carrying the outer clips).
    /// `key` is the layer's commands: the cached pixels are reused while it is equal.
    /// `opaque`: the layer's first command paints its whole frame opaque, so its pixels
    /// may be copied (a blit) instead of blended.
    case layer(id: String, composite: Primitive, content: [Primitive], key: [DrawCommand], opaque: Bool)

    /// True when `key`'s first command fills `frame` (same coordinates) with opaque paint.
    static func isOpaque(_ key: [DrawCommand], frame: Rect) -> Bool {
        guard case .shape(let s, let paint, let opacity)? = key.first else { return false }
        return opacity >= 1 && paint.fill.a >= 1 && s.radius == 0 && s.rect.minX <= frame.minX && s.rect.minY <= frame.minY
            && s.rect.maxX >= frame.maxX && s.rect.maxY >= frame.maxY
    }
}

/// Each layer's content as last flattened (`Flattener.batches`): its commands, where they
/// were placed (the offset that puts the layer's corner at the origin, and the scale) and
/// the glyph atlas they were flattened against, with the primitives they gave.
public final class LayerContentCache {
    private var entries: [String: (key: [DrawCommand], origin: Point2, scale: Double, generation: Int?, content: [Primitive])] = [:]

    public init() {}

    /// The content kept for layer `id` when it was flattened from the same commands, placed
    /// alike, against the atlas `fonts` has now, with the commands as kept (equal to `key`,
    /// and the very array the layer was last drawn from, so the layer cache's own comparison
    /// of the two is immediate); else nil.
    func content(_ id: String, key: [DrawCommand], origin: Point2, scale: Double, fonts: FontLibrary?)
        -> (key: [DrawCommand], content: [Primitive])? {
        guard let e = entries[id], e.origin == origin, e.scale == scale, e.generation == fonts?.atlasGeneration,
              e.key == key else { return nil }
        return (e.key, e.content)
    }

    func keep(_ id: String, key: [DrawCommand], origin: Point2, scale: Double, generation: Int?, content: [Primitive]) {
        entries[id] = (key, origin, scale, generation, content)
    }
}

/// Turns a display list (points) into primitives (pixels).
public struct Flattener {
    public let scale: Double
    public let fonts: FontLibrary?

    public init(scale: Double, fonts: FontLibrary?) {
        self.scale = scale
        self.fonts = fonts
    }

    /// Every primitive in drawing order, layers expanded in place (the software renderer
    /// and the reference draw it all every time). `offset` moves the list (points).
    public func flatten(_ list: DisplayList, offset: Point2 = .zero) -> [Primitive] {
        var out: [Primitive] = []
        var clips: [Shape] = []
        walk(list.commands, offset: offset, clips: &clips) { prim in out.append(prim) } layer: { _, _, content, _, _ in
            out += content()
        }
        return out
    }

    /// The same, as batches with layers kept whole for caching. A layer whose commands,
    /// placement and glyph atlas are those `layers` holds for it keeps the content it
    /// flattened to then (the inspector: 1,700 primitives, flattened only when touched).
    public func batches(_ list: DisplayList, offset: Point2 = .zero, layers: LayerContentCache? = nil) -> [RenderBatch] {
        var out: [RenderBatch] = []
        var run: [Primitive] = []
        var clips: [Shape] = []
        walk(list.commands, offset: offset, clips: &clips) { run.append($0) } layer: { id, composite, _, key, frame in
            if !run.isEmpty { out.append(.primitives(run)); run = [] }
            // Content is flattened again in layer-local pixels (origin at the frame's corner).
            let origin = Point2(offset.x - composite.rect.x / scale, offset.y - composite.rect.y / scale)
            let (kept, local) = layers?.content(id, key: key, origin: origin, scale: scale, fonts: fonts) ?? {
                let generation = fonts?.atlasGeneration
                var local: [Primitive] = []
                var inner: [Shape] = []
                walk(key, offset: origin, clips: &inner) { local.append($0) } layer: { _, _, content, _, _ in local += content() }
                if generation == fonts?.atlasGeneration {
                    layers?.keep(id, key: key, origin: origin, scale: scale, generation: generation, content: local)
                }
                return (key, local)
            }()
            out.append(.layer(id: id, composite: composite, content: local, key: kept,
                              opaque: RenderBatch.isOpaque(kept, frame: frame)))
        }
        if !run.isEmpty { out.append(.primitives(run)) }
        return out
    }

    /// Drawn geometry — shapes' and glass shapes' edges and radii, clips, lines' ends and
    /// widths — is placed on a grid of 1/256 pixel: llvmpipe's own sub-pixel precision for
    /// the vertices it rasterizes (Mesa's lp_rast.h: FIXED_ORDER 8). No pixel moves by more
    /// than a level for it (`GeometryGridTests`), and a frame in which things moved by less
    /// than that — the long tail of a spring closing on its target, 0.0005 px a frame in
    /// the liquid drive's last half second — flattens to the same primitives as the one
    /// before, so repaint finds nothing changed and shades nothing. (The springs' values are
    /// exact as ever; only where they are drawn is rounded.) Glyphs sit on whole pixels.
    static let grid = 256.0

    /// `v` on the grid (finite values only; infinities and NaN as they are).
    static func onGrid(_ v: Double) -> Double {
        v.isFinite ? (v * grid).rounded() / grid : v
    }

    /// `r`'s edges on the grid (an infinite rectangle, a clip that cuts nothing, as it is).
    static func onGrid(_ r: Rect) -> Rect {
        guard r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite else { return r }
        let x0 = onGrid(r.minX), y0 = onGrid(r.minY)
        return Rect(x: x0, y: y0, width: onGrid(r.maxX) - x0, height: onGrid(r.maxY) - y0)
    }

    /// A corner radius on the grid, no more than half the (gridded) rectangle's shorter
    /// side — as `Shape` keeps it: a capsule stays a capsule.
    static func onGrid(radius: Double, of rect: Rect) -> Double {
        min(onGrid(radius), min(rect.width, rect.height) / 2)
    }

    /// (`layer` is handed a layer's content expanded in place, made only if asked for.)
    private func walk(_ commands: [DrawCommand], offset: Point2, clips: inout [Shape],
                      emit: (Primitive) -> Void, layer: (String, Primitive, () -> [Primitive], [DrawCommand], Rect) -> Void) {
        var clipRect = clips.reduce(Rect.infinite) { $0.intersection($1.rect) }
        var roundClip = clips.last(where: { $0.radius > 0 })
        func px(_ r: Rect) -> Rect { Self.onGrid(r.offsetBy(dx: offset.x, dy: offset.y).scaled(scale)) }
        func recompute() {
            clipRect = clips.reduce(Rect.infinite) { $0.intersection($1.rect) }
            roundClip = clips.last(where: { $0.radius > 0 })
        }
        for command in commands {
            switch command {
            case .pushClip(let shape):
                var s = shape
                s.rect = px(shape.rect)
                s.radius = Self.onGrid(radius: shape.radius * scale, of: s.rect)
                clips.append(s)
                recompute()
            case .popClip:
                _ = clips.popLast()
                recompute()
            case .shape(let shape, let paint, let opacity):
                var shadow: Shadow?
                if let sh = paint.shadow {
                    shadow = Shadow(alpha: sh.alpha * opacity, radius: sh.radius * scale,
                                    offset: Point2(sh.offset.x * scale, sh.offset.y * scale))
                }
                let rect = px(shape.rect)
                emit(Primitive(
                    rect: rect, radius: Self.onGrid(radius: shape.radius * scale, of: rect),
                    kind: shape.continuous ? .continuous : .circular,
                    strokeWidth: paint.strokeWidth * scale,
                    fill: paint.fill.opacity(opacity), stroke: paint.stroke.opacity(opacity),
                    clipRect: clipRect, roundClip: roundClip, shadow: shadow))
            case .line(let a, let b, let width, let color):
                let pa = Point2(Self.onGrid((a.x + offset.x) * scale), Self.onGrid((a.y + offset.y) * scale))
                let pb = Point2(Self.onGrid((b.x + offset.x) * scale), Self.onGrid((b.y + offset.y) * scale))
                emit(Primitive(rect: Rect(x: pa.x, y: pa.y, width: pb.x, height: pb.y), radius: Self.onGrid(width * scale / 2),
                               kind: .segment, strokeWidth: 0, fill: color, stroke: .clear,
                               clipRect: clipRect, roundClip: roundClip))
            case .text(let run, let opacity):
                appendGlyphs(run, opacity: opacity, offset: offset, clipRect: clipRect, roundClip: roundClip, emit: emit)
            case .liquid(let group, let paint, let opacity):
                var g = group
                g.shapes = group.shapes.map { s in
                    var m = s; m.rect = px(s.rect); m.radius = Self.onGrid(radius: s.radius * scale, of: m.rect); return m
                }
                g.merge = group.merge * scale
                g.smoothing = group.smoothing * scale
                var p = paint
                p.blur = paint.blur * scale
                p.bezel = paint.bezel * scale
                p.refraction = paint.refraction * scale
                p.specularWidth = paint.specularWidth * scale
                p.shadow = paint.shadow.map { Shadow(alpha: $0.alpha, radius: $0.radius * scale,
                                                     offset: Point2($0.offset.x * scale, $0.offset.y * scale)) }
                var prim = Primitive(rect: g.bounds, radius: LiquidPaint.rimWidth * scale, kind: .liquid, strokeWidth: 0,
                                     fill: Color(r: 1, g: 1, b: 1, a: opacity), stroke: .clear,
                                     clipRect: clipRect, roundClip: roundClip)
                prim.liquid = g
                prim.liquidPaint = p
                emit(prim)
            case .layer(let id, let frame, let content):
                // Whole pixels, so the cached texture maps 1:1 onto the screen.
                let f = px(frame)
                let x0 = f.minX.rounded(.down), y0 = f.minY.rounded(.down)
                let pixels = Rect(x: x0, y: y0, width: f.maxX.rounded(.up) - x0, height: f.maxY.rounded(.up) - y0)
                let composite = Primitive(rect: pixels, radius: 0, kind: .layer, strokeWidth: 0, fill: .white,
                                          stroke: .clear, clipRect: clipRect, roundClip: roundClip)
                let outer = clips
                layer(id, composite, {
                    var expanded: [Primitive] = []
                    var inner = outer + [Shape.rect(pixels)]
                    walk(content, offset: offset, clips: &inner) { expanded.append($0) } layer: { _, _, c, _, _ in expanded += c() }
                    return expanded
                }, content, frame)
            }
        }
    }

    private func appendGlyphs(_ run: TextRun, opacity: Double, offset: Point2, clipRect: Rect, roundClip: Shape?,
                              emit: (Primitive) -> Void) {
        guard let fonts else { return }
        let pixels = Int((run.style.size * scale).rounded())
        let advances = fonts.advances(of: run.text, style: run.style)
        let top = ((run.origin.y + offset.y) * scale).rounded()
        let color = run.color.opacity(opacity)
        // A blurred run: each glyph is drawn once at the taps of a Gaussian kernel, the
        // taps composited in order within the one primitive ("over" adds small weights
        // almost linearly, so the ink spreads as a blur does) — one quad a glyph, not 17.
        let blur = run.blur * scale
        let blurred = blur >= 0.5
        for (i, scalar) in run.text.unicodeScalars.enumerated() where i < advances.count {
            guard let g = fonts.glyph(scalar, weight: run.style.weight, pixels: pixels), g.width > 0 else { continue }
            let pen = ((run.origin.x + offset.x + advances[i]) * scale).rounded()
            emit(Primitive(
                rect: Rect(x: pen + Double(g.offsetX), y: top + Double(g.offsetY), width: Double(g.width), height: Double(g.height)),
                radius: blurred ? blur : 0, kind: blurred ? .blurredGlyph : .glyph, strokeWidth: 0, fill: color, stroke: .clear,
                clipRect: clipRect, roundClip: roundClip,
                atlasOrigin: Point2(Double(g.atlasX), Double(g.atlasY)), lineTop: top))
        }
    }
}

extension Primitive {
    /// The taps of a blur: the centre and two rings (r/2 and r), weighted by a Gaussian of
    /// σ = r/2 and summing to 1; offsets for r = 1 (a blur of R pixels puts tap i at
    /// `Primitive.tapOffset(i, radius: R)`). The GL shader is generated from this table.
    public static let blurTaps: [(offset: Point2, weight: Double)] = {
        var taps: [(offset: Point2, weight: Double)] = [(Point2(0, 0), 1)]
        for (ring, count) in [(0.5, 6), (1.0, 10)] {
            let w = exp(-(ring * ring) * 2)  // exp(−d² / 2σ²) with d = ring·r, σ = r/2
            for k in 0..<count {
                let a = (Double(k) + ring) * 2 * Double.pi / Double(count)
                taps.append((Point2(cos(a) * ring, sin(a) * ring), w))
            }
        }
        let total = taps.reduce(0) { $0 + $1.weight }
        return taps.map { ($0.offset, $0.weight / total) }
    }()

    /// Where tap `i` of a blur `radius` pixels wide samples, in whole pixels (rounded half
    /// up, as the shader rounds).
    public static func tapOffset(_ i: Int, radius: Double) -> (x: Int, y: Int) {
        // In floats, as the shader works.
        let o = blurTaps[i].offset, r = Float(radius)
        return (Int((Float(o.x) * r + 0.5).rounded(.down)), Int((Float(o.y) * r + 0.5).rounded(.down)))
    }
}
