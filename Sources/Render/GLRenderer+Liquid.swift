import CGL
import Canvas
import Foundation

/// The liquid pass (SPEC §5): per group, the backdrop under it is copied, halved and
/// blurred, then strips of its bounds are shaded by `LiquidShaders` with only the shapes
/// that can reach each strip.
extension GLRenderer {
    func drawLiquid(_ prim: Primitive, width: Int, height: Int) {
        guard let g = prim.liquid, let paint = prim.liquidPaint, !g.shapes.isEmpty else { return }
        let b = prim.bounds
        guard !b.isEmpty, let region = SoftwareRasterizer.backdropRegion(prim, width: width, height: height) else { return }
        var target: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &target)
        let blurred = blurBackdrop(region, viewportHeight: height, sigma: max(paint.blur / 2, 0.5))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(target))
        glActiveTexture(GLenum(GL_TEXTURE2))
        glBindTexture(GLenum(GL_TEXTURE_2D), blurred)
        glActiveTexture(GLenum(GL_TEXTURE0))
        let program = g.kernel == .pinched ? liquidPrograms.pinched : liquidPrograms.plain
        glUseProgram(program)
        let uniforms = liquidUniforms[program] ?? [:]
        func u(_ n: String) -> GLint { uniforms[n] ?? -1 }
        glUniform2f(u("uViewport"), GLfloat(width), GLfloat(height))
        glUniform1f(u("uK"), GLfloat(g.smoothing))
        glUniform1i(u("uKernel"), g.kernel == .cubic ? 1 : (g.kernel == .pinched ? 2 : 0))
        let t = paint.tint, r = paint.rim
        glUniform4f(u("uTint"), GLfloat(t.r), GLfloat(t.g), GLfloat(t.b), GLfloat(t.a))
        glUniform4f(u("uRim"), GLfloat(r.r), GLfloat(r.g), GLfloat(r.b), GLfloat(r.a))
        glUniform1f(u("uRimWidth"), GLfloat(prim.radius))
        let s = paint.shadow
        glUniform4f(u("uShadow"), GLfloat(s?.alpha ?? 0), GLfloat(s?.radius ?? 0), GLfloat(s?.offset.x ?? 0), GLfloat(s?.offset.y ?? 0))
        glUniform1f(u("uOpacity"), GLfloat(prim.fill.a))
        let c = prim.clipRect
        glUniform4f(u("uClip"), GLfloat(c.x), GLfloat(c.y), GLfloat(c.width), GLfloat(c.height))
        let rc = prim.roundClip
        glUniform4f(u("uRoundClip"), GLfloat(rc?.rect.x ?? 0), GLfloat(rc?.rect.y ?? 0), GLfloat(rc?.rect.width ?? 0),
                    GLfloat(rc?.rect.height ?? 0))
        glUniform2f(u("uRoundClipP"), GLfloat(rc?.radius ?? 0), rc == nil ? 0 : (rc?.continuous == true ? 2 : 1))
        glUniform1i(u("uBackdrop"), 2)
        glUniform4f(u("uRegion"), GLfloat(region.x), GLfloat(region.y), GLfloat(region.w), GLfloat(region.h))
        // The blurred region fills only the corner of the (grow-only) texture.
        let cap = backdrop.map { (Double($0.width / 2), Double($0.height / 2)) } ?? (1, 1)
        glUniform2f(u("uBackdropScale"), GLfloat(Double(region.w / 2) / cap.0), GLfloat(Double(region.h / 2) / cap.1))
        glUniform1f(u("uBezel"), GLfloat(paint.bezel))
        glUniform1f(u("uRefraction"), GLfloat(paint.refraction))
        let step = paint.showField ? LiquidPaint.fieldStep * prim.radius / LiquidPaint.rimWidth : 0
        glUniform1f(u("uFieldStep"), GLfloat(step))
        glUniform1f(u("uMerge"), GLfloat(g.merge))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glBindVertexArray(vao)
        // Strips: each pixel is shaded once, with only the shapes that can reach it — those
        // within the kernel's reach, the shadow's offset and blur, the debug band and the
        // rim's sampling. A shape further than that changes nothing there, so the union is
        // exactly the whole group's while a tall pile costs per strip what two cards do.
        let reach = (g.kernel == .cubic ? 6 : 4) * g.smoothing + (s.map { $0.radius * 1.5 + max(abs($0.offset.x), abs($0.offset.y)) } ?? 0)
            + (paint.showField ? g.merge : 0) + max(paint.refraction, 1) + 2
        // Strips on llvmpipe's 64-pixel tile rows (counted from the bottom, as GL counts),
        // so no tile is shaded by two draws.
        let stripHeight = 64.0
        let phase = Double(height).truncatingRemainder(dividingBy: stripHeight)
        var y = b.minY
        while y < b.maxY {
            let next = min((((y - phase) / stripHeight).rounded(.down) + 1) * stripHeight + phase, b.maxY)
            let strip = Rect(x: b.minX, y: y, width: b.width, height: next - y)
            y = next
            // More than the shader holds: keep those nearest the strip (a gathering pile stacks
            // a dozen cards in one place; list order would drop the front card first).
            let near = g.shapes.filter { !$0.rect.insetBy(dx: -reach, dy: -reach).intersection(strip).isEmpty }
                .sorted { SDF.box(strip.center, rect: $0.rect) < SDF.box(strip.center, rect: $1.rect) }
                .prefix(LiquidShaders.maxShapes)
            guard !near.isEmpty else { continue }
            var rects: [GLfloat] = []
            var radii: [GLfloat] = []
            for shape in near {
                rects += [GLfloat(shape.rect.x), GLfloat(shape.rect.y), GLfloat(shape.rect.width), GLfloat(shape.rect.height)]
                radii += [GLfloat(shape.radius), shape.continuous ? 1 : 0]
            }
            glUniform4f(u("uBounds"), GLfloat(strip.x), GLfloat(strip.y), GLfloat(strip.width), GLfloat(strip.height))
            glUniform4fv(u("uRects"), GLsizei(near.count), rects)
            glUniform2fv(u("uRadii"), GLsizei(near.count), radii)
            glUniform1i(u("uCount"), GLint(near.count))
            glDrawArraysInstanced(GLenum(GL_TRIANGLES), 0, 6, 1)
        }
        glBindVertexArray(0)
    }

    /// Copies `region` of the bound framebuffer and blurs it in two passes; returns the
    /// texture holding the blurred copy (linear filtering, clamped).
    private func blurBackdrop(_ region: (x: Int, y: Int, w: Int, h: Int), viewportHeight: Int, sigma: Double) -> GLuint {
        // Grow-only: a group whose bounds change every frame (a card in flight) reuses the
        // textures and works in their corner, instead of reallocating four of each per frame.
        if backdrop == nil || (backdrop?.width ?? 0) < region.w || (backdrop?.height ?? 0) < region.h {
            let capacity = (w: max(region.w, Int(Double(backdrop?.width ?? 0) * 1.25)) / 2 * 2 + 2,
                            h: max(region.h, Int(Double(backdrop?.height ?? 0) * 1.25)) / 2 * 2 + 2)
            if let old = backdrop { Self.delete(old) }
            func texture(linear: Bool, width: Int, height: Int) -> GLuint {
                var t: GLuint = 0
                glGenTextures(1, &t)
                glBindTexture(GLenum(GL_TEXTURE_2D), t)
                let filter = linear ? GL_LINEAR : GL_NEAREST
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                             GLenum(GL_UNSIGNED_BYTE), nil)
                return t
            }
            func framebuffer(_ t: GLuint) -> GLuint {
                var f: GLuint = 0
                glGenFramebuffers(1, &f)
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), f)
                glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), t, 0)
                return f
            }
            var target: GLint = 0
            glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &target)
            let w2 = capacity.w / 2, h2 = capacity.h / 2
            let copy = texture(linear: false, width: capacity.w, height: capacity.h)
            let small = texture(linear: false, width: w2, height: h2)
            let half = texture(linear: false, width: w2, height: h2), full = texture(linear: true, width: w2, height: h2)
            backdrop = (copy, framebuffer(copy), small, framebuffer(small), half, full, framebuffer(half), framebuffer(full),
                        capacity.w, capacity.h)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(target))
        }
        guard let b = backdrop else { return 0 }
        // GL rows run bottom-up: the region's top-left row sits at viewport height − y − h.
        glBindTexture(GLenum(GL_TEXTURE_2D), b.copy)
        glCopyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLint(region.x), GLint(viewportHeight - region.y - region.h),
                            GLsizei(region.w), GLsizei(region.h))
        // Halve: a linear blit at exactly 2:1 samples each 2×2 block at its shared corner,
        // an exact average.
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), b.copyFBO)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), b.smallFBO)
        glBlitFramebuffer(0, 0, GLint(region.w), GLint(region.h), 0, 0, GLint(region.w / 2), GLint(region.h / 2),
                          GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_LINEAR))
        glDisable(GLenum(GL_BLEND))
        glUseProgram(blurProgram)
        glUniform1i(glGetUniformLocation(blurProgram, "uSource"), 3)
        glUniform1f(glGetUniformLocation(blurProgram, "uSigma"), GLfloat(sigma / 2))
        glUniform2i(glGetUniformLocation(blurProgram, "uSize"), GLint(region.w / 2), GLint(region.h / 2))
        glViewport(0, 0, GLsizei(region.w / 2), GLsizei(region.h / 2))
        glBindVertexArray(vao)
        for (source, fbo, dx, dy) in [(b.small, b.halfFBO, 1, 0), (b.half, b.fullFBO, 0, 1)] {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            glActiveTexture(GLenum(GL_TEXTURE3))
            glBindTexture(GLenum(GL_TEXTURE_2D), source)
            glUniform2i(glGetUniformLocation(blurProgram, "uDirection"), GLint(dx), GLint(dy))
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
        }
        glBindVertexArray(0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        return b.full
    }

    static func delete(_ b: (copy: GLuint, copyFBO: GLuint, small: GLuint, smallFBO: GLuint, half: GLuint, full: GLuint,
                                     halfFBO: GLuint, fullFBO: GLuint, width: Int, height: Int)) {
        var textures = [b.copy, b.small, b.half, b.full]
        var fbos = [b.copyFBO, b.smallFBO, b.halfFBO, b.fullFBO]
        glDeleteTextures(GLsizei(textures.count), &textures)
        glDeleteFramebuffers(GLsizei(fbos.count), &fbos)
    }
}
