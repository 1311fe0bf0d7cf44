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
        var rects = [PixelRect(x0: 0, y0: 0, x1: width, y1: height)]
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
            // A slider dragged in the inspector, a button of the transport lit: redraw only
            // the rectangles whose primitives changed, as the frame's damage does (a bar the
            // window's width wide is not redrawn for one button). (Liquid groups copy their
            // backdrop, which a scissor would not confine: a layer holding one is redrawn whole.)
            rects = Self.changedRects(old: layer.content, new: content, width: width, height: height)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), layer.fbo)
        for rect in rects {
            let whole = rect.area == width * height
            let prims = whole ? content : content.filter { !$0.bounds.intersection(rect.rect).isEmpty }
            // Scissored even when whole: llvmpipe builds a shader variant per scissor state,
            // and building it at the first slider drag would stall that frame.
            glViewport(0, 0, GLsizei(width), GLsizei(height))
            glClearColor(0, 0, 0, 0)
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(GLint(rect.x0), GLint(height - rect.y1), GLsizei(rect.width), GLsizei(rect.height))
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            var groups = 0
            submit(prims, width: width, height: height, keys: nil, liquid: &groups, clip: nil)
            glDisable(GLenum(GL_SCISSOR_TEST))
            stats.layerPixelsRedrawn += rect.area
        }
        layerRectsChanged[id] = rects
        layer.key = key
        layer.content = content
        layer.version += 1
        layers[id] = layer
        stats.layerRedraws += 1
    }

    /// The pixels of a layer `width`×`height` whose primitives differ between `old` and
    /// `new` (`Damage.changedBounds`: anything added, removed, changed or reordered), as
    /// the few disjoint rectangles `Damage.rects` makes of them.
    static func changedRects(old: [Primitive], new: [Primitive], width: Int, height: Int) -> [PixelRect] {
        let changed = Damage.changedBounds(old: old.map(DrawnItem.primitive), new: new.map(DrawnItem.primitive))
        return Damage.rects(changed: changed, liquidRegions: [], width: width, height: height)
    }
}
