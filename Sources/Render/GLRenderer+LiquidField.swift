import CGL
import Canvas
import Foundation

/// The liquid pass's field (`GLRenderer+Liquid`): the merged field of a group's region
/// written to a half-float texture in strips, each with only the shapes that can reach it,
/// and at a coarser spacing where only the shadow reads it.
extension GLRenderer {
    /// Writes the group's field over `bounds` (grown by the shadow's reach, within the
    /// viewport) into the field texture, but for `cores` (window pixels no pass reads the
    /// field of) and, with `onlyNear`, but for where only the shadow reads it; returns the
    /// pixel region it holds, or nil where the driver cannot render half floats. With a
    /// `spacing` over 1, the field the shadow reads is written beside it at that spacing
    /// (`coarse`: where in the texture, its size); else `coarse` is the field itself. With
    /// `full` false, only the coarse field is drawn (the region is still returned).
    func drawField(_ g: LiquidGroup, bounds: Rect, shadowOffset: Point2, reach: Double, width: Int, height: Int,
                           deep: Double, cores: [Rect], spacing: Int, onlyNear: Bool, full: Bool)
        -> (x: Int, y: Int, w: Int, h: Int, coarse: (x: Int, w: Int, h: Int, spacing: Int))? {
        // The shadow reads the field `offset` up and left of each pixel: hold that too.
        let grown = bounds.union(bounds.offsetBy(dx: -shadowOffset.x, dy: -shadowOffset.y)).insetBy(dx: -2, dy: -2)
            .intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)).insetBy(dx: -reach, dy: -reach))
        guard !grown.isEmpty else { return nil }
        let x0 = Int(grown.minX.rounded(.down)), y0 = Int(grown.minY.rounded(.down))
        let w = Int(grown.maxX.rounded(.up)) - x0, h = Int(grown.maxY.rounded(.up)) - y0
        guard w > 0, h > 0 else { return nil }
        // The coarse field's texels: one every `spacing` pixels from the region's corner, and
        // one more each way for interpolating at its far edges; a column apart from the full.
        let cw = spacing > 1 ? (w + spacing - 1) / spacing + 1 : w, ch = spacing > 1 ? (h + spacing - 1) / spacing + 1 : h
        let cx = spacing > 1 ? w + 1 : 0
        guard let texture = fieldTexture(width: spacing > 1 ? cx + cw : w, height: max(h, ch), viewport: (width, height)) else {
            return nil
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), texture.fbo)
        glViewport(0, 0, GLsizei(w), GLsizei(h))
        glDisable(GLenum(GL_BLEND))
        // Where no continuous corner's curve is nearest, a program without it (`straightColumns`).
        let curved = liquidProgram(.field, pinched: g.kernel == .pinched)
        let straight = liquidProgram(.field, pinched: g.kernel == .pinched, straight: true)
        // The same, for strips of up to four shapes that carry them (`drawFieldRects`).
        let carried = options[.instancedField] ? (curved: liquidProgram(.field, pinched: g.kernel == .pinched, instanced: true),
                                        straight: liquidProgram(.field, pinched: g.kernel == .pinched, straight: true, instanced: true))
            : nil
        // The field programs over a target `size` wide and high, in pixels `scale` times
        // the window's (the smoothing scales with them).
        func setUp(_ size: (Int, Int), deep: Double, scale: Double) {
            for program in [curved, straight] + (carried.map { [$0.curved, $0.straight] } ?? []) {
                glUseProgram(program)
                let uniforms = liquidUniforms[program] ?? [:]
                glUniform2f(uniforms["uViewport"] ?? -1, GLfloat(size.0), GLfloat(size.1))
                glUniform1f(uniforms["uDeep"] ?? -1, GLfloat(deep))
                setKernel(g, uniforms, scale: scale)
            }
        }
        setUp((w, h), deep: deep, scale: 1)
        // In the region's own coordinates: half floats keep more of a small number.
        let shift = Point2(Double(x0), Double(y0))
        let local = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        let shapes = g.shapes.map { $0.offsetBy(dx: -shift.x, dy: -shift.y) }
        let skipped = cores.map { $0.offsetBy(dx: -shift.x, dy: -shift.y) }
        // The edges read the field a pixel on (their slope): the near boxes, a pixel wider.
        let wanted = onlyNear ? LiquidCores.outside(g, within: Rect(x: Double(x0), y: Double(y0), width: Double(w), height: Double(h)),
                                                    grow: 1).near.map { $0.offsetBy(dx: -shift.x, dy: -shift.y) } : [local]
        for part in full ? wanted.flatMap({ LiquidCores.partition($0, cuts: skipped).rest }) : [] {
            drawFieldStrips(part, rows: h, shapes: shapes, reach: reach, curved: curved, straight: straight, carried: carried)
            stats.fieldPixels += Int(part.width * part.height)
        }
        guard spacing > 1 else { return (x0, y0, w, h, (0, w, h, 1)) }
        // The coarse field: texel (i, j) holds the field at the region's corner + spacing ×
        // (i + ½, j + ½), the full field scaled down by the spacing (every distance and the
        // smoothing scale with it); deep enough for what the shadow reads (d > −½ at the
        // pixel, its offset away, a texel's diagonal more for interpolating).
        let sp = Double(spacing)
        glViewport(0, 0, GLsizei(cx + cw), GLsizei(ch))
        let coarseDeep = (-(shadowOffset.x * shadowOffset.x + shadowOffset.y * shadowOffset.y).squareRoot() - 0.5 - 1.5 * sp) / sp
        setUp((cx + cw, ch), deep: min(coarseDeep, deep / sp), scale: sp)
        let coarse = shapes.map { Shape(rect: Rect(x: $0.rect.x / sp + Double(cx), y: $0.rect.y / sp, width: $0.rect.width / sp,
                                                   height: $0.rect.height / sp), radius: $0.radius / sp, continuous: $0.continuous) }
        drawFieldStrips(Rect(x: Double(cx), y: 0, width: Double(cw), height: Double(ch)), rows: ch, shapes: coarse, reach: reach / sp,
                        curved: curved, straight: straight, carried: carried)
        stats.coarsePixels += cw * ch
        return (x0, y0, w, h, (cx, cw, ch, spacing))
    }

    /// The field over `part` in strips, each with the shapes that can reach it; the straight
    /// program where no continuous corner is nearest (`LiquidCores.straightColumns`). Strips
    /// with the same program and shapes are drawn in one call (llvmpipe spends on each call
    /// as much as on thousands of pixels; a card's strips all have the same one shape).
    /// With `carried` (the instanced programs), strips of up to four shapes carry them and
    /// are drawn in one call a program whatever their shapes (a pile's strips have many
    /// different lists: 9 fewer calls a frame of the liquid bench drive, of 60).
    func drawFieldStrips(_ part: Rect, rows: Int, shapes: [Shape], reach: Double, curved: GLuint, straight: GLuint,
                                 carried: (curved: GLuint, straight: GLuint)?) {
        var batches: [(program: GLuint, shapes: ArraySlice<Shape>, rects: [Rect])] = []
        // The strips that carry their shapes, for the curved and the straight program.
        var carrying: (curved: [(rect: Rect, shapes: ArraySlice<Shape>)], straight: [(rect: Rect, shapes: ArraySlice<Shape>)]) = ([], [])
        func add(_ rects: [Rect], _ program: GLuint, _ near: ArraySlice<Shape>) {
            if carried != nil, near.count <= LiquidShaders.instanceShapes {
                if program == straight { carrying.straight += rects.map { ($0, near) } } else { carrying.curved += rects.map { ($0, near) } }
                stats.instancedFieldPixels += rects.reduce(0) { $0 + Int($1.width * $1.height) }
                return
            }
            if let i = batches.firstIndex(where: { $0.program == program && $0.shapes == near }) {
                batches[i].rects += rects
            } else {
                batches.append((program, near, rects))
            }
        }
        forEachStrip(of: part, rows: rows, shapes: shapes, reach: reach, includeEmpty: true) { strip, near in
            let split = options[.straightField] ? LiquidCores.straightSplit(strip, shapes: near) : (straight: nil, curved: [strip])
            if let s = split.straight {
                add([s], straight, near)
                stats.straightPixels += Int(s.width * s.height)
            }
            if !split.curved.isEmpty { add(split.curved, curved, near) }
        }
        for b in batches { drawField(strips: b.rects, b.program, b.shapes) }
        if let carried {
            for (program, strips) in [(carried.curved, carrying.curved), (carried.straight, carrying.straight)] where !strips.isEmpty {
                glUseProgram(program)
                drawFieldRects(strips)
            }
        }
    }

    /// The spacing (px) of the coarse field a shadow reads: a quarter of its σ, whole pixels
    /// (1: none; 2 at 1× for the glass's shadow of radius 18, 4 at 2×). Interpolated there,
    /// the field is off by about spacing² / 8 × its curvature, a small fraction of σ; outside
    /// a convex outline interpolation overshoots, so the shadow comes out lighter by up to a
    /// level, 2 where rounding falls apart (measured over the bench drives: the golden
    /// images' tolerance, CoarseShadowTests). Off (`coarseShadow`), 1.
    func shadowSpacing(_ shadow: Shadow) -> Int {
        options[.coarseShadow] ? max(1, Int((max(shadow.radius / 2, 0.5) / 4).rounded(.down))) : 1
    }

    /// Draws one instance per strip with the bound (instanced) field program, each record
    /// holding the strip and its shapes (`LiquidShaders.vertex`): the rects, then the
    /// radii and kinds two to a vec4, then the count.
    func drawFieldRects(_ strips: [(rect: Rect, shapes: ArraySlice<Shape>)]) {
        guard !strips.isEmpty else { return }
        let n = LiquidShaders.instanceShapes
        scratch.removeAll(keepingCapacity: true)
        for (r, near) in strips {
            scratch += [Float(r.x), Float(r.y), Float(r.width), Float(r.height)]
            for i in 0..<n {
                let rect = i < near.count ? near[near.startIndex + i].rect : .zero
                scratch += [Float(rect.x), Float(rect.y), Float(rect.width), Float(rect.height)]
            }
            for i in 0..<n {
                let shape = i < near.count ? near[near.startIndex + i] : nil
                scratch += [Float(shape?.radius ?? 0), shape?.continuous == true ? 1 : 0]
            }
            scratch += [Float(near.count), 0, 0, 0]
            scratch += repeatElement(0, count: Self.floatsPerInstance - 4 - 4 * n - 2 * n - 4)
        }
        drawScratchQuads(strips.count)
    }

    func drawField(strips: [Rect], _ program: GLuint, _ near: ArraySlice<Shape>) {
        glUseProgram(program)
        setShapes(near, liquidUniforms[program] ?? [:])
        drawRects(strips)
    }

    /// The grow-only field texture, at least `width`×`height`; nil (and never asked again)
    /// if it cannot be rendered to.
    func fieldTexture(width: Int, height: Int, viewport: (width: Int, height: Int)) -> (texture: GLuint, fbo: GLuint, width: Int, height: Int)? {
        if let f = field, f.width >= width, f.height >= height { return f }
        // Grown in steps (a quarter more, whole 128-pixel blocks, at most the viewport, never
        // less than before): a pile that grows every frame as it spreads must not reallocate
        // every few frames, nor hold a viewport-sized texture for a card (memory, docs/behaviour.md §9).
        let w = Self.grownCapacity(width, old: field?.width, limit: viewport.width)
        let h = Self.grownCapacity(height, old: field?.height, limit: viewport.height)
        if var old = field { glDeleteFramebuffers(1, &old.fbo); glDeleteTextures(1, &old.texture); field = nil }
        guard let made = makeTextureTarget(width: w, height: h, internalFormat: GL_R16F, format: GL_RED, type: GL_HALF_FLOAT,
                                           filter: GL_LINEAR) else {
            liquidFieldTexture = false
            return nil
        }
        field = (made.texture, made.fbo, w, h)
        return field
    }

    /// (`scale`: for a target whose pixels are that many of the window's.)
    func setKernel(_ g: LiquidGroup, _ uniforms: [String: GLint], scale: Double = 1) {
        glUniform1f(uniforms["uK"] ?? -1, GLfloat(g.smoothing / scale))
        glUniform1i(uniforms["uKernel"] ?? -1, g.kernel == .cubic ? 1 : (g.kernel == .pinched ? 2 : 0))
    }

    func setShapes(_ near: ArraySlice<Shape>, _ uniforms: [String: GLint]) {
        var rects: [GLfloat] = []
        var radii: [GLfloat] = []
        for shape in near {
            rects += [GLfloat(shape.rect.x), GLfloat(shape.rect.y), GLfloat(shape.rect.width), GLfloat(shape.rect.height)]
            radii += [GLfloat(shape.radius), shape.continuous ? 1 : 0]
        }
        if !near.isEmpty {
            glUniform4fv(uniforms["uRects"] ?? -1, GLsizei(near.count), rects)
            glUniform2fv(uniforms["uRadii"] ?? -1, GLsizei(near.count), radii)
        }
        glUniform1i(uniforms["uCount"] ?? -1, GLint(near.count))
    }

    /// A grow-only texture side holding `needed`: a quarter more than asked, in 128-pixel
    /// blocks, within `limit` (but never under what is needed or was there).
    static func grownCapacity(_ needed: Int, old: Int?, limit: Int) -> Int {
        let roomy = min(((needed + needed / 4) + 127) / 128 * 128, max(limit, needed))
        return max(needed, roomy, old ?? 0)
    }
}
