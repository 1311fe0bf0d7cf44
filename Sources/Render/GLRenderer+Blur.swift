import CGL
import Canvas

/// The glass's backdrop blur (SPEC §5): the region behind a group, shrunk (by 2; by 4 where
/// σ is wide, at 2×) and blurred in two passes, kept per slot while what was drawn before it
/// is unchanged.
extension GLRenderer {
    /// Shrinks `region` of the bound framebuffer by `factor` (2 or 4, `backdropFactor`) into
    /// the blur's first texture and blurs it (`sigma` in its texels) in two passes into
    /// `slot`; returns the texture holding the blurred copy (linear filtering, clamped).
    /// When `key` — what was drawn before, the region, the factor and σ — is the one the
    /// slot was last blurred for, the slot is returned as it is: a pile animating over a
    /// still background blurs it only when its region moves.
    func blurBackdrop(_ region: (x: Int, y: Int, w: Int, h: Int), viewport: (width: Int, height: Int), factor: Int,
                      sigma: Double, slot: Int, key: Int?) -> GLuint {
        // Grown only (`grownCapacity`): a group whose bounds change every frame (a card in
        // flight, a pile spreading) reuses the textures and works in their corner.
        if backdrop == nil || (backdrop?.width ?? 0) < region.w || (backdrop?.height ?? 0) < region.h {
            let capacity = (w: Self.grownCapacity(region.w, old: backdrop?.width, limit: viewport.width) / 2 * 2 + 2,
                            h: Self.grownCapacity(region.h, old: backdrop?.height, limit: viewport.height) / 2 * 2 + 2)
            backdrop?.delete()
            var target: GLint = 0
            glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &target)
            backdrop = Backdrop(width: capacity.w, height: capacity.h)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(target))
        }
        guard var b = backdrop else { return 0 }
        let slot = min(slot, Backdrop.maxSlots - 1)
        if slot >= b.slots.count {
            var target: GLint = 0
            glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &target)
            while b.slots.count <= slot { b.addSlot() }
            backdrop = b
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(target))
        }
        let out = b.slots[slot]
        if let key, out.key == key { return out.texture }
        backdropBlurs += 1
        // The last slot is shared by every group past it: never trusted.
        backdrop?.slots[slot].key = slot == Backdrop.maxSlots - 1 ? nil : key
        // Halve, reading the region where it is drawn: a linear blit at exactly 2:1 samples
        // each 2×2 block at its shared corner, an exact average. GL rows run bottom-up: the
        // region's top-left row sits at viewport height − y − h. A factor of 4 halves twice,
        // through the texture the horizontal pass writes next.
        var source: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &source)
        let y0 = GLint(viewport.height - region.y - region.h)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(source))
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), factor == 4 ? b.halfFBO : b.smallFBO)
        glBlitFramebuffer(GLint(region.x), y0, GLint(region.x + region.w), y0 + GLint(region.h), 0, 0, GLint(region.w / 2),
                          GLint(region.h / 2), GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_LINEAR))
        if factor == 4 {
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), b.halfFBO)
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), b.smallFBO)
            glBlitFramebuffer(0, 0, GLint(region.w / 2), GLint(region.h / 2), 0, 0, GLint(region.w / 4), GLint(region.h / 4),
                              GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_LINEAR))
        }
        glDisable(GLenum(GL_BLEND))
        glUseProgram(blurProgram)
        glUniform1i(glGetUniformLocation(blurProgram, "uSource"), 3)
        let weights = SoftwareRasterizer.gaussian(sigma: sigma)
        let radius = weights.count / 2
        glUniform1fv(glGetUniformLocation(blurProgram, "uWeights"), GLsizei(radius + 1), weights[radius...].map { GLfloat($0) })
        glUniform1i(glGetUniformLocation(blurProgram, "uRadius"), GLint(radius))
        let (w, h) = (region.w / factor, region.h / factor)
        glUniform2i(glGetUniformLocation(blurProgram, "uSize"), GLint(w), GLint(h))
        glViewport(0, 0, GLsizei(w), GLsizei(h))
        // Only texels the glass can read are blurred. The region reaches past the glass by
        // its refraction, the taps and two texels more, and a pixel (`backdropRegion`), so at
        // a side the window did not cut short, nothing within `radius` texels of it is read
        // (the bilinear taps stay a texel further in; at a cut side they are clamped to the
        // region).
        // The vertical pass leaves those texels out, the horizontal one those columns (the
        // vertical pass reads every row of its own). What is blurred is what a pass over
        // everything gives: a texel sees the region's edge only within `radius` of it.
        let inset = tightBlur ? radius : 0
        let left = region.x > 0 ? inset : 0, right = region.x + region.w < viewport.width ? inset : 0
        let top = region.y > 0 ? inset : 0, bottom = region.y + region.h < viewport.height ? inset : 0
        let across = w - left - right, down = h - top - bottom
        var box = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_SCISSOR_BOX), &box)
        let scissored = glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        if across > 0 && down > 0 { glEnable(GLenum(GL_SCISSOR_TEST)) } else { glDisable(GLenum(GL_SCISSOR_TEST)) }
        glBindVertexArray(vao)
        for (source, fbo, dx, dy) in [(b.small, b.halfFBO, 1, 0), (b.half, out.fbo, 0, 1)] {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            // (Texture rows run bottom-up: the region's bottom first.)
            if dy == 0 {
                glScissor(GLint(left), 0, GLsizei(across), GLsizei(h))
            } else {
                glScissor(GLint(left), GLint(bottom), GLsizei(across), GLsizei(down))
            }
            glActiveTexture(GLenum(GL_TEXTURE3))
            glBindTexture(GLenum(GL_TEXTURE_2D), source)
            glUniform2i(glGetUniformLocation(blurProgram, "uDirection"), GLint(dx), GLint(dy))
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
        }
        if scissored { glEnable(GLenum(GL_SCISSOR_TEST)) } else { glDisable(GLenum(GL_SCISSOR_TEST)) }
        glScissor(box[0], box[1], box[2], box[3])
        sparedBlurTexels += 2 * w * h - across * (h + down)
        blurredTexels += across * (h + down)
        glBindVertexArray(0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        return out.texture
    }
}

/// The blur's textures: the shrunk region and its horizontal pass (shared),
/// and the blurred results, one slot per liquid group of a frame.
struct Backdrop {
    static let maxSlots = 4
    var small: GLuint = 0, smallFBO: GLuint = 0, half: GLuint = 0, halfFBO: GLuint = 0
    var slots: [(texture: GLuint, fbo: GLuint, key: Int?)] = []
    let width: Int, height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        (small, smallFBO) = Self.target(width: width / 2, height: height / 2, linear: false)
        (half, halfFBO) = Self.target(width: width / 2, height: height / 2, linear: false)
    }

    mutating func addSlot() {
        let (t, f) = Self.target(width: width / 2, height: height / 2, linear: true)
        slots.append((t, f, nil))
    }

    func delete() {
        var textures = [small, half] + slots.map(\.texture)
        var fbos = [smallFBO, halfFBO] + slots.map(\.fbo)
        glDeleteTextures(GLsizei(textures.count), &textures)
        glDeleteFramebuffers(GLsizei(fbos.count), &fbos)
    }

    private static func target(width: Int, height: Int, linear: Bool) -> (GLuint, GLuint) {
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
        var f: GLuint = 0
        glGenFramebuffers(1, &f)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), f)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), t, 0)
        return (t, f)
    }
}
