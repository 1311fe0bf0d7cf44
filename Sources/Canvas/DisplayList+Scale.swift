/// Drawing a page smaller than it was laid out (docs/behaviour.md §15.6): a stage narrower than the
/// page shows the whole page scaled down, never cut. Every length in a command scales —
/// outlines, corner radii, stroke and line widths, shadows, type, blur, a liquid group's
/// merge reach and its glass's bezel — so the small page is the same picture, not the
/// same shapes with full-size strokes and shadows crowding them.
extension DrawCommand {
    /// This command drawn `s` times as large about the origin (then place it with
    /// `offsetBy`).
    public func scaled(by s: Double) -> DrawCommand {
        guard s != 1 else { return self }
        switch self {
        case .shape(let shape, let paint, let o): return .shape(shape.scaled(by: s), paint.scaled(by: s), opacity: o)
        case .text(var r, let o):
            r.origin = Point2(r.origin.x * s, r.origin.y * s)
            r.style.size *= s
            r.blur *= s
            return .text(r, opacity: o)
        case .line(let a, let b, let w, let c):
            return .line(from: Point2(a.x * s, a.y * s), to: Point2(b.x * s, b.y * s), width: w * s, color: c)
        case .pushClip(let shape): return .pushClip(shape.scaled(by: s))
        case .popClip: return .popClip
        case .layer(let id, let f, let content):
            return .layer(id: id, frame: f.scaled(s), content: content.map { $0.scaled(by: s) })
        case .liquid(var g, var paint, let o):
            g.shapes = g.shapes.map { $0.scaled(by: s) }
            g.merge *= s
            g.smoothing *= s
            paint.shadow = paint.shadow?.scaled(by: s)
            paint.blur *= s
            paint.bezel *= s
            paint.refraction *= s
            paint.specularWidth *= s
            return .liquid(g, paint, opacity: o)
        }
    }
}

extension DisplayList {
    /// Appends `other`'s commands drawn `scale` times as large, then moved by (dx, dy):
    /// page points to window points.
    public mutating func append(_ other: DisplayList, scale: Double, dx: Double, dy: Double) {
        commands.append(contentsOf: other.commands.map { $0.scaled(by: scale).offsetBy(dx: dx, dy: dy) })
    }
}

extension Shape {
    /// The shape `s` times as large about the origin, corners included.
    public func scaled(by s: Double) -> Shape {
        var out = self
        out.rect = rect.scaled(s)
        out.radius = radius * s
        return out
    }
}

extension Paint {
    func scaled(by s: Double) -> Paint {
        var out = self
        out.strokeWidth *= s
        out.shadow = shadow?.scaled(by: s)
        return out
    }
}

extension Shadow {
    func scaled(by s: Double) -> Shadow { Shadow(alpha: alpha, radius: radius * s, offset: Point2(offset.x * s, offset.y * s)) }
}
