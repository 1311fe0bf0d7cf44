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
    /// rounding) and 1 px inside its clip. A stroked shape's core lies 1 px inside its
    /// stroke too: there the stroke's band is exactly 0 (both coverages are 1), and the
    /// program gives the fill alone.
    static func split(_ p: Primitive) -> (core: [Rect], rest: [Rect])? {
        guard p.kind == .continuous || p.kind == .circular, p.roundClip == nil, p.fill.a > 0,
              p.fill.a >= 1 || p.shadow == nil,
              p.rect.width * p.rect.height >= minimumCore else { return nil }  // (the core lies in the rect)
        let stroked = p.strokeWidth > 0 && p.stroke.a > 0
        let shape = Shape(rect: p.rect, radius: p.radius, continuous: p.kind == .continuous)
        let cuts = LiquidCores.cores([shape], depth: 1 + (stroked ? p.strokeWidth : 0), within: p.clipRect.insetBy(dx: 1, dy: 1))
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

    /// `rest`, pieces of `p`'s quad around its core, cut where a continuous corner's curve
    /// can be nearest (the shader's superellipse branch: a pixel centre within the corner's
    /// span of both edges, taken a pixel wider for float rounding) from where it cannot:
    /// `straight` is drawn exactly by the program without the superellipse (`Program.edge`).
    /// A shape with a shadow keeps every piece curved (its shadow's corners lie elsewhere).
    static func edges(_ p: Primitive, rest: [Rect]) -> (curved: [Rect], straight: [Rect]) {
        guard p.shadow == nil || Float(p.shadow?.alpha ?? 0) <= 0 else { return (rest, []) }
        let r = p.rect
        let shortHalf = min(r.width, r.height) / 2, radius = min(max(p.radius, 0), shortHalf)
        // (The shader's test, with its constants: span 1.28 r.)
        guard p.kind == .continuous, radius > 0, radius < shortHalf * 0.999 else { return ([], rest) }
        let span = min(radius * 1.28, shortHalf)
        let outer = p.bounds.insetBy(dx: -3, dy: -3)  // (the rest reaches 2 px past the bounds)
        let xL = (r.minX + span + 1).rounded(.up), xR = (r.maxX - span - 1).rounded(.down)
        let yT = (r.minY + span + 1).rounded(.up), yB = (r.maxY - span - 1).rounded(.down)
        func box(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> Rect {
            Rect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
        }
        let corners = [box(outer.minX, xL, outer.minY, yT), box(xR, outer.maxX, outer.minY, yT),
                       box(outer.minX, xL, yB, outer.maxY), box(xR, outer.maxX, yB, outer.maxY)]
        var curved: [Rect] = [], straight: [Rect] = []
        for piece in rest {
            let parts = LiquidCores.partition(piece, cuts: corners)
            curved += parts.covered
            straight += parts.rest
        }
        return (curved, straight)
    }

    /// `prims` as instances, in order: a split shape as the rest of its quad (with
    /// `straightEdges`, its pieces away from the corners by the edge program), then its core.
    static func pieces(_ prims: [Primitive], straightEdges: Bool = false) -> [Piece] {
        var out: [Piece] = []
        out.reserveCapacity(prims.count)
        for (i, p) in prims.enumerated() {
            guard let parts = split(p) else {
                out.append(Piece(index: i, program: Shaders.Program(p.kind), quad: nil))
                continue
            }
            if straightEdges {
                let (curved, straight) = edges(p, rest: parts.rest)
                out += curved.map { Piece(index: i, program: .shape, quad: $0) }
                out += straight.map { Piece(index: i, program: .edge, quad: $0) }
            } else {
                out += parts.rest.map { Piece(index: i, program: .shape, quad: $0) }
            }
            // (As the instance holds it: a float.)
            let program: Shaders.Program = Float(p.fill.a) >= 1 ? .opaque : .flat
            out += parts.core.map { Piece(index: i, program: program, quad: $0) }
        }
        return out
    }

    /// The pixels (whole-pixel rectangles, overlapping where cores do) that opaque cores of
    /// `batches` paint over whatever lies under them, whatever was drawn there before them:
    /// a repainted rectangle need not be cleared there (`GLRenderer`'s `clearAroundCores`).
    /// Only up to the frame's first glass group, whose backdrop reads the target — what it
    /// reads must be cleared even where a core paints later.
    static func opaqueCover(_ batches: [RenderBatch]) -> [Rect] {
        var out: [Rect] = []
        for case .primitives(let prims) in batches {
            for p in prims {
                if p.kind == .liquid { return out }
                // (`pieces` draws a core with the opaque program by the same test.)
                guard Float(p.fill.a) >= 1, let parts = split(p) else { continue }
                out += parts.core
            }
        }
        return out
    }
}
