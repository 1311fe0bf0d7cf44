import Canvas

/// Where a shape is one colour (issue 16): a rounded rectangle with no stroke, opaque or
/// without a shadow, is exactly its fill at every pixel it covers whole and its clip covers
/// whole. On llvmpipe a fragment shader runs every branch for a block whose pixels differ,
/// so a card's inside costs its two distances like its edge does. The renderer draws such
/// a shape in pieces: the core by a program that only writes the colour, the rest of its
/// quad by the shape's own program. Pure: the GL renderer draws what this decides.
enum ShapeCores {
    /// The least core (pixels) worth splitting a shape for: a button, a knob or a glyph
    /// box is drawn whole, in one instance.
    static let minimumCore = 4096.0

    /// `p`'s core (whole-pixel rectangles, disjoint) and the rest of its quad (disjoint
    /// rectangles around the core, out to its bounds and 2 px past: the vertex shader
    /// clamps a piece to the quad it would have drawn), or nil when it is drawn whole.
    ///
    /// The core holds the pixel centres at least 1 px inside the shape (`LiquidCores.cores`:
    /// its distance there is ≤ −1, so coverage is 1 with half a pixel to spare for float
    /// rounding) and 1 px inside its clip.
    static func split(_ p: Primitive) -> (core: [Rect], rest: [Rect])? {
        guard p.kind == .continuous || p.kind == .circular, p.roundClip == nil, p.fill.a > 0,
              p.fill.a >= 1 || p.shadow == nil, p.strokeWidth <= 0 || p.stroke.a <= 0,
              p.rect.width * p.rect.height >= minimumCore else { return nil }  // (the core lies in the rect)
        let shape = Shape(rect: p.rect, radius: p.radius, continuous: p.kind == .continuous)
        let cuts = LiquidCores.cores([shape], depth: 1, within: p.clipRect.insetBy(dx: 1, dy: 1))
        guard !cuts.isEmpty else { return nil }
        let parts = LiquidCores.partition(p.bounds.insetBy(dx: -2, dy: -2), cuts: cuts)
        guard parts.covered.reduce(0, { $0 + $1.width * $1.height }) >= minimumCore else { return nil }
        return (parts.covered, parts.rest)
    }

    /// One instance as drawn: primitive `index` by `program`, within `quad` when it is a
    /// piece of it.
    struct Piece: Equatable {
        var index: Int
        var program: Shaders.Program
        var quad: Rect?
    }

    /// `prims` as instances, in order: a split shape as the rest of its quad, then its core.
    static func pieces(_ prims: [Primitive]) -> [Piece] {
        var out: [Piece] = []
        out.reserveCapacity(prims.count)
        for (i, p) in prims.enumerated() {
            guard let parts = split(p) else {
                out.append(Piece(index: i, program: Shaders.Program(p.kind), quad: nil))
                continue
            }
            out += parts.rest.map { Piece(index: i, program: .shape, quad: $0) }
            // (As the instance holds it: a float.)
            let program: Shaders.Program = Float(p.fill.a) >= 1 ? .opaque : .flat
            out += parts.core.map { Piece(index: i, program: program, quad: $0) }
        }
        return out
    }
}
