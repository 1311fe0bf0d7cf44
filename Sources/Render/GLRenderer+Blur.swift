import CGL
import Canvas

/// The glass's backdrop blur (docs/behaviour.md §5): the region behind a group, shrunk (by 2; by 4 where
/// σ is wide, at 2×) and blurred in two passes, kept per slot while what was drawn before it
/// is unchanged.
extension GLRenderer {
    /// Shrinks `region` of the bound framebuffer by `factor` (2 or 4, `backdropFactor`) into
    /// the blur's first texture and blurs it (`sigma` in its texels) in two passes into
    /// `slot`; returns the texture holding the blurred copy (linear filtering, clamped).
    ///
    /// `read` is the window rectangle the glass can sample (its bounds within its clip,
    /// moved by the refraction); `content` is a hash of what was drawn before the group
    /// (nil: unknown, inside a layer). With `tightBlur`, only the texels a bilinear read of
    /// `read` reaches are blurred while what is behind the group keeps changing; a still
    /// backdrop under a moving group is blurred over its whole region once, and the slot
    /// is returned as it is while its region, factor and σ stay and its blurred texels hold
    /// the read ones — a pile animating over a still background blurs it only when its
    /// region moves. Every texel blurred has the value a pass over the whole region gives
    /// it: a texel sees the region's edge only within `radius` of it, and none read does.
    func blurBackdrop(_ region: (x: Int, y: Int, w: Int, h: Int), read: Rect, viewport: (width: Int, height: Int), factor: Int,
                      sigma: Double, slot: Int, content: Int?) -> GLuint {
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
        let weights = SoftwareRasterizer.gaussian(sigma: sigma)
        let radius = weights.count / 2
        let (w, h) = (region.w / factor, region.h / factor)
        // The texels the blur must hold (top-down, inclusive): what a bilinear read of `read`
        // takes (the two texels around each sample), one more each way.
        let wanted = Self.readTexels(read, region: region, factor: factor)
        var geometry = Hasher()
        for v in [region.x, region.y, region.w, region.h, factor] { geometry.combine(v) }
        geometry.combine(sigma)
        let place = geometry.finalize()
        // The last slot is shared by every group past it: never trusted.
        let trusted = slot < Backdrop.maxSlots - 1 ? content : nil
        if let trusted, out.content == trusted, out.geometry == place, let held = out.held, let wanted, held.contains(wanted) {
            return out.texture
        }
        // Whole-region texels, less `radius` from each side the window did not cut (none of
        // them is read): what was blurred before `tightBlur` too.
        let inset = options[.tightBlur] ? radius : 0
        let whole = BlurBox(x0: region.x > 0 ? inset : 0, y0: region.y > 0 ? inset : 0,
                            x1: w - 1 - (region.x + region.w < viewport.width ? inset : 0),
                            y1: h - 1 - (region.y + region.h < viewport.height ? inset : 0))
        // A backdrop that changed since the slot's blur changes again next frame, most
        // likely (a card moving under this one): only the read texels. One that stayed,
        // under a group that moved, or a slot's first: the whole region, kept while the
        // group moves within it.
        let still = trusted != nil && (out.content == trusted || out.content == nil)
        let box = options[.tightBlur] && !still ? (wanted?.intersection(whole) ?? whole) : whole
        stats.backdropBlurs += 1
        backdrop?.slots[slot].content = trusted
        backdrop?.slots[slot].geometry = place
        backdrop?.slots[slot].held = box
        // Halve, reading the region where it is drawn: a linear blit at exactly 2:1 samples
        // each 2×2 block at its shared corner, an exact average. GL rows run bottom-up: the
        // region's top-left row sits at viewport height − y − h. A factor of 4 halves twice,
        // through the texture the horizontal pass writes next. Only the texels the two passes
        // read: the box, `radius` more each way (within the region) — every texel the same
        // average as in a blit of the whole region.
        let taken = BlurBox(x0: max(box.x0 - radius, 0), y0: max(box.y0 - radius, 0), x1: min(box.x1 + radius, w - 1),
                            y1: min(box.y1 + radius, h - 1))
        // Columns and GL rows (bottom-up) of `taken` at `scale` texels a small one.
        func span(_ scale: Int) -> (x0: GLint, y0: GLint, x1: GLint, y1: GLint) {
            (GLint(taken.x0 * scale), GLint((h - 1 - taken.y1) * scale), GLint((taken.x1 + 1) * scale), GLint((h - taken.y0) * scale))
        }
        var source: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &source)
        let y0 = GLint(viewport.height - region.y - region.h)
        let (full, half, small) = (span(factor), span(factor / 2), span(1))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(source))
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), factor == 4 ? b.halfFBO : b.smallFBO)
        let first = factor == 4 ? half : small
        glBlitFramebuffer(GLint(region.x) + full.x0, y0 + full.y0, GLint(region.x) + full.x1, y0 + full.y1, first.x0, first.y0,
                          first.x1, first.y1, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_LINEAR))
        if factor == 4 {
            glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), b.halfFBO)
            glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), b.smallFBO)
            glBlitFramebuffer(half.x0, half.y0, half.x1, half.y1, small.x0, small.y0, small.x1, small.y1,
                              GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_LINEAR))
        }
        glDisable(GLenum(GL_BLEND))
        let program = blurProgram(radius: radius)
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "uSource"), 3)
        glUniform1fv(glGetUniformLocation(program, "uWeights"), GLsizei(radius + 1), weights[radius...].map { GLfloat($0) })
        glUniform1i(glGetUniformLocation(program, "uRadius"), GLint(radius))
        glUniform2i(glGetUniformLocation(program, "uSize"), GLint(w), GLint(h))
        glViewport(0, 0, GLsizei(w), GLsizei(h))
        // The vertical pass blurs the box; the horizontal one its columns, over the rows the
        // vertical taps reach (within the region). Texture rows run bottom-up.
        let rows = (max(box.y0 - radius, 0), min(box.y1 + radius, h - 1))
        let across = box.x1 - box.x0 + 1, down = box.y1 - box.y0 + 1, tall = rows.1 - rows.0 + 1
        var saved = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_SCISSOR_BOX), &saved)
        let scissored = glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        if across > 0 && down > 0 { glEnable(GLenum(GL_SCISSOR_TEST)) } else { glDisable(GLenum(GL_SCISSOR_TEST)) }
        glBindVertexArray(vao)
        for (source, fbo, dx, dy) in [(b.small, b.halfFBO, 1, 0), (b.half, out.fbo, 0, 1)] {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
            if dy == 0 {
                glScissor(GLint(box.x0), GLint(h - 1 - rows.1), GLsizei(across), GLsizei(tall))
            } else {
                glScissor(GLint(box.x0), GLint(h - 1 - box.y1), GLsizei(across), GLsizei(down))
            }
            glActiveTexture(GLenum(GL_TEXTURE3))
            glBindTexture(GLenum(GL_TEXTURE_2D), source)
            glUniform2i(glGetUniformLocation(program, "uDirection"), GLint(dx), GLint(dy))
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
        }
        if scissored { glEnable(GLenum(GL_SCISSOR_TEST)) } else { glDisable(GLenum(GL_SCISSOR_TEST)) }
        glScissor(saved[0], saved[1], saved[2], saved[3])
        stats.sparedBlurTexels += 2 * w * h - across * (tall + down)
        stats.blurredTexels += across * (tall + down)
        if program != blurProgram { stats.unrolledBlurTexels += across * (tall + down) }
        glBindVertexArray(0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        return out.texture
    }

    /// The texels of a blur of `region` shrunk by `factor` that bilinear reads anywhere in
    /// `read` (window pixels) take, one more each way, within the region (top-down,
    /// inclusive); nil when none.
    static func readTexels(_ read: Rect, region: (x: Int, y: Int, w: Int, h: Int), factor: Int) -> BlurBox? {
        guard !read.isEmpty, read.minX.isFinite, read.maxX.isFinite, read.minY.isFinite, read.maxY.isFinite else { return nil }
        let f = Double(factor)
        // A read at q takes texels ⌊(q − origin) / f − ½⌋ and the one after (`backdropAt`).
        func first(_ q: Double, _ origin: Int) -> Int { Int(((q - Double(origin)) / f - 0.5).rounded(.down)) - 1 }
        func last(_ q: Double, _ origin: Int) -> Int { Int(((q - Double(origin)) / f - 0.5).rounded(.down)) + 2 }
        let box = BlurBox(x0: max(first(read.minX, region.x), 0), y0: max(first(read.minY, region.y), 0),
                          x1: min(last(read.maxX, region.x), region.w / factor - 1),
                          y1: min(last(read.maxY, region.y), region.h / factor - 1))
        return box.x1 >= box.x0 && box.y1 >= box.y0 ? box : nil
    }
}

/// Texels of a shrunk backdrop, columns x0...x1 and rows y0...y1 counted from the region's
/// top left (inclusive).
struct BlurBox: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    func contains(_ o: BlurBox) -> Bool { x0 <= o.x0 && y0 <= o.y0 && x1 >= o.x1 && y1 >= o.y1 }

    func intersection(_ o: BlurBox) -> BlurBox {
        BlurBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}

/// The blur's textures: the shrunk region and its horizontal pass (shared),
/// and the blurred results, one slot per liquid group of a frame.
struct Backdrop {
    static let maxSlots = 4
    var small: GLuint = 0, smallFBO: GLuint = 0, half: GLuint = 0, halfFBO: GLuint = 0
    /// Each slot's blur: what was drawn behind it, where (region, factor, σ), and which
    /// texels hold it.
    var slots: [(texture: GLuint, fbo: GLuint, content: Int?, geometry: Int, held: BlurBox?)] = []
    let width: Int, height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        (small, smallFBO) = Self.target(width: width / 2, height: height / 2, linear: false)
        (half, halfFBO) = Self.target(width: width / 2, height: height / 2, linear: false)
    }

    mutating func addSlot() {
        let (t, f) = Self.target(width: width / 2, height: height / 2, linear: true)
        slots.append((t, f, nil, 0, nil))
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
