import CGL
import Canvas

/// Blurred text (docs/behaviour.md §5.3.1) on GL, a run at a time. The run's glyphs are drawn sharp
/// into a coverage texture of their own (`runCoverage`), and one quad over the whole run
/// then takes the blur's 17 taps from it: each pixel takes them once. A quad per glyph took
/// them once for every glyph whose reach covers the pixel — three to four times over for a
/// line of text blurred 6 pt at 2×, the most expensive thing the presence page drew.
///
/// Where no two glyphs' ink overlaps, as along a line of text, this is what a quad per
/// glyph composites, exactly: the taps of one colour composited "over" leave a
/// transparency that is the product of theirs, in any order. It is rounded to 8 bits once
/// instead of once per glyph, so it is nearer the software reference than the quads were.
extension GLRenderer {
    /// The end of the run of blurred glyphs starting at `start`: the glyphs after it with the
    /// same blur, colour and clips, on the same line (`lineTop`), each no further left than the one
    /// before — a line of one text, left to right. A second text over the first (a
    /// crossfade) goes back to the left, so it starts a run of its own and is composited
    /// over the first as before.
    static func blurredRunEnd(_ prims: [Primitive], from start: Int) -> Int {
        let first = prims[start]
        var end = start + 1
        while end < prims.count {
            let p = prims[end]
            guard p.kind == .blurredGlyph, p.radius == first.radius, p.fill == first.fill, p.clipRect == first.clipRect,
                  p.roundClip == first.roundClip, p.lineTop == first.lineTop, p.rect.x >= prims[end - 1].rect.x else { break }
            end += 1
        }
        return end
    }

    /// Draws a run of blurred glyphs (`blurredRunEnd`) into the bound framebuffer of
    /// `width`×`height`, within `clip` when repainting only that.
    func drawBlurredRun(_ run: ArraySlice<Primitive>, width: Int, height: Int, clip: Rect?) {
        guard let first = run.first else { return }
        if let clip, run.allSatisfy({ $0.bounds.intersection(clip).isEmpty }) { return }
        // The glyphs' bitmaps (whole pixels: pens and tops are rounded).
        let ink = run.dropFirst().reduce(first.rect) { $0.union($1.rect) }
        let w = Int(ink.width.rounded()), h = Int(ink.height.rounded())
        guard w > 0, h > 0 else { return }
        let rounded = !options[.roundClipClasses] || first.roundClip != nil
        let blurred = primitiveProgram(.blurredGlyph, roundClip: rounded, shadow: true)
        var target: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &target)
        let scissored = glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        var box = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_SCISSOR_BOX), &box)
        glActiveTexture(GLenum(GL_TEXTURE0))
        guard let coverage = runCoverageTexture(width: w, height: h, limit: (width, height)) else {
            // No texture to draw the coverage into: a quad per glyph, from the atlas.
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(target))
            glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
            glEnable(GLenum(GL_BLEND))
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            glViewport(0, 0, GLsizei(width), GLsizei(height))
            return drawInstances(Array(run), program: blurred, viewport: (width, height), flipRows: 0)
        }

        // The sharp coverage, summed (a line's glyphs do not overlap), in the texture's
        // top-left corner: GL puts a framebuffer's first row at the bottom, so the run's top
        // row is the texture's row `coverage.height - 1`.
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), coverage.fbo)
        glViewport(0, 0, GLsizei(coverage.width), GLsizei(coverage.height))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(0, GLint(coverage.height - h), GLsizei(w), GLsizei(h))
        glClearColor(0, 0, 0, 0)
        glClear(GLenum(GL_COLOR_BUFFER_BIT))
        let corner = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        let sharp = run.map { p -> Primitive in
            var g = p
            g.kind = .glyph
            g.radius = 0
            g.rect = p.rect.offsetBy(dx: -ink.x, dy: -ink.y)
            g.fill = .white
            g.clipRect = corner
            g.roundClip = nil
            return g
        }
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        drawInstances(sharp, program: primitiveProgram(.glyph, roundClip: false, shadow: true), viewport: (coverage.width, coverage.height),
                      flipRows: 0)

        // The blur: one quad over the run, reading the coverage where it read a glyph's bitmap.
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(target))
        if scissored { glScissor(box[0], box[1], box[2], box[3]) } else { glDisable(GLenum(GL_SCISSOR_TEST)) }
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glBindTexture(GLenum(GL_TEXTURE_2D), coverage.texture)
        var quad = first
        quad.rect = Rect(x: ink.x, y: ink.y, width: Double(w), height: Double(h))
        quad.atlasOrigin = .zero
        drawInstances([quad], program: blurred, viewport: (width, height), flipRows: coverage.height)
        stats.blurredRuns += 1
        glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
    }

    /// One instanced draw of `prims` with `program` (`flipRows`: `PrimitiveProgram`'s).
    private func drawInstances(_ prims: [Primitive], program: PrimitiveProgram?, viewport: (Int, Int), flipRows: Int) {
        guard let program, !prims.isEmpty else { return }
        fill(prims, prims.indices.map { ShapeCores.Piece(index: $0, program: Shaders.Program(prims[$0].kind), quad: nil) })
        glBindVertexArray(vao)
        uploadScratch(instances: prims.count)
        pointInstances(at: 0)
        glUseProgram(program.program)
        glUniform2f(program.viewport, GLfloat(viewport.0), GLfloat(viewport.1))
        glUniform1i(program.atlas, 0)
        glUniform1f(program.flipRows, GLfloat(flipRows))
        glDrawArraysInstanced(GLenum(GL_TRIANGLES), 0, 6, GLsizei(prims.count))
        glBindVertexArray(0)
    }

    /// The coverage texture holding at least `width`×`height` (grow-only, within `limit`
    /// but never under what is asked), bound to nothing; nil if the driver refuses it.
    private func runCoverageTexture(width: Int, height: Int, limit: (Int, Int)) -> (texture: GLuint, fbo: GLuint, width: Int, height: Int)? {
        if let c = runCoverage, c.width >= width, c.height >= height { return c }
        let w = Self.grownCapacity(width, old: runCoverage?.width, limit: limit.0)
        let h = Self.grownCapacity(height, old: runCoverage?.height, limit: limit.1)
        if var old = runCoverage { glDeleteFramebuffers(1, &old.fbo); glDeleteTextures(1, &old.texture); runCoverage = nil }
        guard let made = makeTextureTarget(width: w, height: h, internalFormat: GL_R8, format: GL_RED, type: GL_UNSIGNED_BYTE,
                                           filter: GL_NEAREST) else { return nil }
        runCoverage = (made.texture, made.fbo, w, h)
        return runCoverage
    }
}
