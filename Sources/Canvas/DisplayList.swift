import Foundation

/// How a shape is painted.
public struct Paint: Hashable, Sendable {
    public var fill: Color
    /// Stroke drawn inside the outline (a border), width in points; 0 for none.
    public var stroke: Color
    public var strokeWidth: Double
    public var shadow: Shadow?

    public init(fill: Color, stroke: Color = .clear, strokeWidth: Double = 0, shadow: Shadow? = nil) {
        self.fill = fill; self.stroke = stroke; self.strokeWidth = strokeWidth; self.shadow = shadow
    }
}

/// A soft drop shadow: black at `alpha`, blurred by `radius` points, offset.
public struct Shadow: Hashable, Sendable {
    public var alpha: Double
    public var radius: Double
    public var offset: Point2
    public init(alpha: Double, radius: Double, offset: Point2) {
        self.alpha = alpha; self.radius = radius; self.offset = offset
    }

    /// How far (px) past the offset outline the shadow can still change an 8-bit pixel.
    /// Its alpha there is `alpha · ½ erfc(d / (σ√2))`, σ = radius / 2; once that is under a
    /// quarter of a level, blending it moves no byte by as much as half a level, so it rounds
    /// to what was there. At most 1.5 × radius, the reach it was always drawn to: a strong
    /// shadow is drawn as far as before, a faint one (docs/behaviour.md §5.2's 7 % lift) less far —
    /// 15.4 px instead of 21 for a 7 % shadow of radius 14. (Renderers draw a shadow within
    /// this reach and a pixel more.)
    public var reach: Double {
        let cap = radius * 1.5
        let sigma = max(radius / 2, 0.5)
        guard alpha.isFinite, alpha > 0, cap > 0 else { return max(cap, 0) }
        let target = 2 * (0.25 / 255) / alpha  // erfc(x) at the edge of the reach
        guard target < 1 else { return 0 }     // under a quarter of a level even at the outline
        // erfc falls monotonically: bisect for erfc(x) = target on [0, 6].
        var lo = 0.0, hi = 6.0
        for _ in 0..<48 {
            let mid = (lo + hi) / 2
            if erfc(mid) > target { lo = mid } else { hi = mid }
        }
        return min(cap, hi * sigma * 2.0.squareRoot())
    }
}

/// Font weights shipped in Assets/Fonts.
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case regular, semibold, bold
}

/// A font at a size in points.
public struct TextStyle: Hashable, Sendable {
    public var weight: FontWeight
    public var size: Double
    public init(_ weight: FontWeight, size: Double) { self.weight = weight; self.size = size }
}

/// One line of text drawn with its top-left at `origin` (the line box's top, so the
/// baseline sits at origin.y + ascent).
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var origin: Point2
    public var style: TextStyle
    public var color: Color
    /// Gaussian-like blur radius, pt (docs/behaviour.md §5.3.1: words sharpen in from blur 6 as they
    /// fade in); 0 is sharp.
    public var blur: Double
    public init(_ text: String, origin: Point2, style: TextStyle, color: Color, blur: Double = 0) {
        self.text = text; self.origin = origin; self.style = style; self.color = color; self.blur = blur
    }
}

/// One drawing command. Plain values, like Dear ImGui's draw lists: scenes build them,
/// renderers consume them, tests inspect them.
public enum DrawCommand: Hashable, Sendable {
    case shape(Shape, Paint, opacity: Double)
    case text(TextRun, opacity: Double)
    /// A straight stroke with round caps, `width` points thick (plots, the HUD's vectors).
    case line(from: Point2, to: Point2, width: Double, color: Color)
    /// Clips everything until the matching `popClip` to `shape` (intersected with the
    /// clips already in force). A rectangle clip is a shape with radius 0.
    case pushClip(Shape)
    case popClip
    /// Commands whose pixels the renderer may keep between frames: drawn once into an
    /// offscreen layer covering `frame`, and re-drawn only when `content` changes. The
    /// inspector is 1,700 primitives that change only when a designer touches them.
    case layer(id: String, frame: Rect, content: [DrawCommand])
    /// Shapes that melt into one glass surface (docs/behaviour.md §5). Renderers evaluate the union
    /// only inside the group's bounds. (Boxed: its paint alone is 201 bytes, and every
    /// command, a glyph run or a shape, would be as large as it; 248 bytes, 168 boxed.)
    indirect case liquid(LiquidGroup, LiquidPaint, opacity: Double)
}

/// What a scene draws for one frame, in points.
public struct DisplayList: Sendable, Equatable {
    public var commands: [DrawCommand] = []
    /// Colour the whole stage is cleared to.
    public var background: Color

    public init(background: Color) { self.background = background }

    public mutating func fill(_ shape: Shape, _ paint: Paint, opacity: Double = 1) {
        guard opacity > 0, !shape.rect.isEmpty else { return }
        commands.append(.shape(shape, paint, opacity: min(opacity, 1)))
    }

    public mutating func text(_ run: TextRun, opacity: Double = 1) {
        guard opacity > 0, !run.text.isEmpty else { return }
        commands.append(.text(run, opacity: min(opacity, 1)))
    }

    public mutating func line(from a: Point2, to b: Point2, width: Double, color: Color) {
        guard color.a > 0, width > 0, a.isFinite, b.isFinite else { return }
        commands.append(.line(from: a, to: b, width: width, color: color))
    }

    /// A polyline through `points`.
    public mutating func polyline(_ points: [Point2], width: Double, color: Color) {
        for (a, b) in zip(points, points.dropFirst()) { line(from: a, to: b, width: width, color: color) }
    }

    /// A polyline drawn as dashes `dash` long with `gap` between them, measured along the
    /// line (a preview's curve over the one in force).
    public mutating func dashedPolyline(_ points: [Point2], width: Double, color: Color, dash: Double = 4, gap: Double = 3) {
        var run: [Point2] = []
        var along = 0.0  // distance into the current dash-and-gap period
        var drawing = true
        for (a, b) in zip(points, points.dropFirst()) {
            var from = a
            var left = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            guard left > 0 else { continue }
            let ux = (b.x - a.x) / left, uy = (b.y - a.y) / left
            if drawing, run.isEmpty { run = [from] }
            while left > 0 {
                let room = (drawing ? dash : gap) - along
                let step = min(room, left)
                let to = Point2(from.x + ux * step, from.y + uy * step)
                if drawing { run.append(to) }
                along += step
                left -= step
                from = to
                if along >= (drawing ? dash : gap) - 1e-9 {
                    if drawing, run.count > 1 { polyline(run, width: width, color: color) }
                    run = []
                    drawing.toggle()
                    along = 0
                    if drawing { run = [from] }
                }
            }
        }
        if drawing, run.count > 1 { polyline(run, width: width, color: color) }
    }

    public mutating func clip(_ shape: Shape, _ body: (inout DisplayList) -> Void) {
        commands.append(.pushClip(shape))
        body(&self)
        commands.append(.popClip)
    }

    /// Appends another list's commands, offset by (dx, dy).
    public mutating func append(_ other: DisplayList, dx: Double = 0, dy: Double = 0) {
        commands.append(contentsOf: other.commands.map { $0.offsetBy(dx: dx, dy: dy) })
    }

    /// Every text run with the opacity it is drawn at (tests read copy visibility),
    /// including those inside layers.
    public var textRuns: [(run: TextRun, opacity: Double)] {
        func runs(_ cs: [DrawCommand]) -> [(run: TextRun, opacity: Double)] {
            cs.flatMap { c -> [(run: TextRun, opacity: Double)] in
                switch c {
                case .text(let r, let o): return [(r, o)]
                case .layer(_, _, let content): return runs(content)
                default: return []
                }
            }
        }
        return runs(commands)
    }

    /// Wraps everything `body` draws into a cached layer covering `frame`.
    public mutating func layer(_ id: String, frame: Rect, _ body: (inout DisplayList) -> Void) {
        var inner = DisplayList(background: background)
        body(&inner)
        commands.append(.layer(id: id, frame: frame, content: inner.commands))
    }
}

extension DrawCommand {
    public func offsetBy(dx: Double, dy: Double) -> DrawCommand {
        func move(_ s: Shape) -> Shape { s.offsetBy(dx: dx, dy: dy) }
        switch self {
        case .shape(let s, let p, let o): return .shape(move(s), p, opacity: o)
        case .text(var r, let o):
            r.origin = Point2(r.origin.x + dx, r.origin.y + dy)
            return .text(r, opacity: o)
        case .line(let a, let b, let w, let c):
            return .line(from: Point2(a.x + dx, a.y + dy), to: Point2(b.x + dx, b.y + dy), width: w, color: c)
        case .pushClip(let s): return .pushClip(move(s))
        case .popClip: return .popClip
        case .layer(let id, let f, let content):
            return .layer(id: id, frame: f.offsetBy(dx: dx, dy: dy), content: content.map { $0.offsetBy(dx: dx, dy: dy) })
        case .liquid(var g, let paint, let o):
            g.shapes = g.shapes.map(move)
            return .liquid(g, paint, opacity: o)
        }
    }
}
