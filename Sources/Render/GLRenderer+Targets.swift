import CGL
import Canvas

/// Offscreen targets and read-back: the framebuffer a frame is drawn into when it is not
/// the window's, and its pixels read back straight (PNG) or raw (video).
extension GLRenderer {
    /// Binds an offscreen RGBA8 framebuffer of the given size (reused while the size holds).
    public func bindOffscreenTarget(width: Int, height: Int) throws {
        if let t = target, t.width == width, t.height == height {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), t.fbo)
            return
        }
        if var t = target { glDeleteFramebuffers(1, &t.fbo); glDeleteTextures(1, &t.color) }
        target = nil
        guard let made = makeColorTarget(width: width, height: height) else {
            throw RenderError("cannot create a \(width)x\(height) offscreen framebuffer")
        }
        target = (made.fbo, made.color, width, height)
    }

    /// A new RGBA8 texture of `width`×`height` and a framebuffer drawing into it, bound;
    /// nil (both deleted, GL's errors cleared) when the driver refuses it.
    func makeColorTarget(width: Int, height: Int) -> (fbo: GLuint, color: GLuint)? {
        makeTextureTarget(width: width, height: height, internalFormat: GL_RGBA8, format: GL_RGBA, type: GL_UNSIGNED_BYTE)
            .map { ($0.fbo, $0.texture) }
    }

    /// A new texture of `width`×`height` in `internalFormat` (sampled with `filter` and
    /// clamped to its edge, when given) and a framebuffer drawing into it, bound; nil (both
    /// deleted, GL's errors cleared) when the driver cannot render to it.
    func makeTextureTarget(width: Int, height: Int, internalFormat: Int32, format: Int32, type: Int32,
                           filter: Int32? = nil) -> (texture: GLuint, fbo: GLuint)? {
        var fbo: GLuint = 0, color: GLuint = 0
        glGenTextures(1, &color)
        glBindTexture(GLenum(GL_TEXTURE_2D), color)
        if let filter {
            for (name, value) in [(GL_TEXTURE_MIN_FILTER, filter), (GL_TEXTURE_MAG_FILTER, filter),
                                  (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
            }
        }
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, internalFormat, GLsizei(width), GLsizei(height), 0, GLenum(format), GLenum(type), nil)
        glGenFramebuffers(1, &fbo)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), color, 0)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            glDeleteFramebuffers(1, &fbo)
            glDeleteTextures(1, &color)
            while glGetError() != GLenum(GL_NO_ERROR) {}
            return nil
        }
        return (color, fbo)
    }

    /// Blocks until every command so far has executed.
    public func finish() { glFinish() }

    /// Binds the window's own framebuffer.
    public func bindWindowTarget() { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0) }

    /// The bound framebuffer's pixels as GL keeps them: rows bottom-up, premultiplied —
    /// for an opaque frame bound for a video encoder, which flips it itself (a copy per
    /// pixel in Swift costs more than the encoder's flip).
    public func readPixelsRaw(width: Int, height: Int) -> [UInt8] {
        var raw = [UInt8](repeating: 0, count: width * height * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        raw.withUnsafeMutableBytes {
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        return raw
    }

    /// Reads the bound framebuffer as straight-alpha RGBA8, top row first.
    public func readPixels(width: Int, height: Int) -> [UInt8] {
        let raw = readPixelsRaw(width: width, height: height)
        // GL's rows run bottom-up; un-premultiply for PNG.
        var out = [UInt8](repeating: 0, count: raw.count)
        let rowBytes = width * 4
        for y in 0..<height {
            let src = (height - 1 - y) * rowBytes, dst = y * rowBytes
            for x in stride(from: 0, to: rowBytes, by: 4) {
                let a = Int(raw[src + x + 3])
                for c in 0..<3 {
                    let v = Int(raw[src + x + c])
                    out[dst + x + c] = a == 0 ? 0 : UInt8(min(255, (v * 255 + a / 2) / a))
                }
                out[dst + x + 3] = UInt8(a)
            }
        }
        return out
    }
}
