import CGL
import Canvas

/// The layer cache: a layer's pixels are kept in a texture of their own and redrawn only
/// where its commands changed; an opaque, unclipped layer is copied into the frame.
extension GLRenderer {
    /// A cached layer: its pixels, the commands they were drawn from and the primitives
    /// those gave. `version` counts redraws (a liquid group over it hashes it).
    struct CachedLayer {
        var fbo: GLuint = 0
        var texture: GLuint = 0
        var width = 0
        var height = 0
        var key: [DrawCommand] = []
        var content: [Primitive] = []
        var version = 0
    }

    /// Copies an opaque, unclipped layer straight into the target: on llvmpipe a blit is
    /// a memory copy, while the composite quad runs the whole fragment shader per pixel.
    func blit(_ fbo: GLuint, composite: Primitive, target: GLuint, height: Int) -> Bool {
        let r = composite.rect
        guard composite.roundClip == nil, composite.clipRect.intersection(r) == r else { return false }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), fbo)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), target)
        let x0 = GLint(r.minX), y0 = GLint(height) - GLint(r.maxY)
        glBlitFramebuffer(0, 0, GLint(r.width), GLint(r.height), x0, y0, x0 + GLint(r.width), y0 + GLint(r.height),
                          GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
        return true
    }

    func updateLayer(_ id: String, width: Int, height: Int, content: [Primitive], key: [DrawCommand]) {
        guard width > 0, height > 0 else { return }
        if let l = layers[id], l.width == width, l.height == height, l.key == key { return }
        var layer = layers[id] ?? CachedLayer()
        var bands = [0..<height]
        if layer.width != width || layer.height != height {
            if layer.fbo != 0 { glDeleteFramebuffers(1, &layer.fbo); glDeleteTextures(1, &layer.texture) }
            glGenTextures(1, &layer.texture)
            glBindTexture(GLenum(GL_TEXTURE_2D), layer.texture)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                         GLenum(GL_UNSIGNED_BYTE), nil)
            glGenFramebuffers(1, &layer.fbo)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), layer.fbo)
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), layer.texture, 0)
            layer.width = width
            layer.height = height
        } else if !content.contains(where: { $0.kind == .liquid }) && !layer.content.contains(where: { $0.kind == .liquid }) {
            // A slider dragged in the inspector changes a few rows of it: redraw only the
            // bands whose primitives changed. (Liquid groups copy their backdrop, which a
            // scissor would not confine: a layer holding one is redrawn whole.)
            bands = Self.changedBands(old: layer.content, new: content, height: height)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), layer.fbo)
        for band in bands {
            let whole = band.count == height
            let rect = Rect(x: 0, y: Double(band.lowerBound), width: Double(width), height: Double(band.count))
            let prims = whole ? content : content.filter { !$0.bounds.intersection(rect).isEmpty }
            // Scissored even when whole: llvmpipe builds a shader variant per scissor state,
            // and building it at the first slider drag would stall that frame.
            glViewport(0, 0, GLsizei(width), GLsizei(height))
            glClearColor(0, 0, 0, 0)
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(0, GLint(height - band.upperBound), GLsizei(width), GLsizei(band.count))
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            var groups = 0
            submit(prims, width: width, height: height, keys: nil, liquid: &groups, clip: nil)
            glDisable(GLenum(GL_SCISSOR_TEST))
            layerRowsRedrawn += band.count
        }
        layerRowsChanged[id] = bands
        layer.key = key
        layer.content = content
        layer.version += 1
        layers[id] = layer
        layerRedraws += 1
    }

    /// Rows of a layer `height` pixels tall whose primitives differ between `old` and
    /// `new`, as runs of 64-row bands (llvmpipe's tile rows, counted from the bottom).
    static func changedBands(old: [Primitive], new: [Primitive], height: Int) -> [Range<Int>] {
        let band = 64
        let phase = height % band
        var starts = [0]
        var y = phase == 0 ? band : phase
        while y < height { starts.append(y); y += band }
        let ranges = starts.enumerated().map { i, s in s..<(i + 1 < starts.count ? starts[i + 1] : height) }
        func members(_ prims: [Primitive]) -> [[Int]] {
            var out = [[Int]](repeating: [], count: ranges.count)
            for (i, p) in prims.enumerated() {
                let b = p.bounds
                guard !b.isEmpty else { continue }
                let lo = Int(b.minY.rounded(.down)), hi = Int(b.maxY.rounded(.up))
                for (r, range) in ranges.enumerated() where lo < range.upperBound && hi > range.lowerBound { out[r].append(i) }
            }
            return out
        }
        let a = members(old), b = members(new)
        var dirty: [Range<Int>] = []
        for (r, range) in ranges.enumerated() {
            let same = a[r].count == b[r].count && zip(a[r], b[r]).allSatisfy { old[$0] == new[$1] }
            guard !same else { continue }
            if let last = dirty.last, last.upperBound == range.lowerBound {
                dirty[dirty.count - 1] = last.lowerBound..<range.upperBound
            } else {
                dirty.append(range)
            }
        }
        return dirty
    }
}
