import CGL
import Canvas
import Foundation

/// A failure to set up or use OpenGL, with the driver's words.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Draws primitives with OpenGL 3.3 core (or GLES 3.0): one instanced quad per primitive,
/// shaded as a signed-distance field with analytic anti-aliasing, so corners are exact at
/// any scale. Glyphs sample the font library's atlas. Requires a current context.
public final class GLRenderer {
    private var program: GLuint = 0
    /// The one-pass liquid program, and its variant for the pinched kernel (which tracks
    /// which shapes are nearest — a cost the other kernels should not pay per pixel).
    var liquidPrograms: (plain: GLuint, pinched: GLuint) = (0, 0)
    /// The two-pass liquid programs: the field (plain and pinched) and the paint.
    var fieldPrograms: (plain: GLuint, pinched: GLuint) = (0, 0)
    var shadeProgram: GLuint = 0
    /// The field texture (half floats, grow-only) and its framebuffer.
    var field: (texture: GLuint, fbo: GLuint, width: Int, height: Int)?
    /// Liquid groups in two passes through the field texture; false once a driver refused
    /// to render to it (GLES without float targets), or set false to use the one-pass path.
    public var liquidFieldTexture = true
    var liquidUniforms: [GLuint: [String: GLint]] = [:]
    var blurProgram: GLuint = 0
    /// The liquid backdrop's blur textures, and the blurred results kept per group.
    var backdrop: Backdrop?
    var vao: GLuint = 0
    private var quad: GLuint = 0
    private var instances: GLuint = 0
    private var atlasTexture: GLuint = 0
    private var atlasGeneration = -1
    private var uViewport: GLint = -1
    private var uAtlas: GLint = -1
    private var uAtlasSize: GLint = -1
    private var uLayer: GLint = -1
    /// Cached layers by id: their pixels, the commands they were drawn from and the
    /// primitives those gave.
    private var layers: [String: (fbo: GLuint, texture: GLuint, width: Int, height: Int, key: [DrawCommand],
                                  content: [Primitive], version: Int)] = [:]
    /// Layers redrawn since start (a test checks steady state redraws none), and the rows
    /// of them redrawn (a test checks a change redraws only the bands it touches).
    public private(set) var layerRedraws = 0
    public private(set) var layerRowsRedrawn = 0
    /// Backdrops blurred since start (a test checks a still backdrop is blurred once).
    public internal(set) var backdropBlurs = 0
    private var scratch: [Float] = []
    private var instanceCapacity = 0
    private var target: (fbo: GLuint, color: GLuint, width: Int, height: Int)?

    static let floatsPerInstance = 32

    /// Compiles the pipeline. `es` selects the GLES 3.0 shader dialect.
    public init(es: Bool) throws {
        let header = es ? "#version 300 es\n" : "#version 330 core\n"
        program = try Self.link(vertex: Shaders.vertex(header), fragment: Shaders.fragment(header))
        uViewport = glGetUniformLocation(program, "uViewport")
        uAtlas = glGetUniformLocation(program, "uAtlas")
        uAtlasSize = glGetUniformLocation(program, "uAtlasSize")
        uLayer = glGetUniformLocation(program, "uLayer")
        func liquid(_ pinched: Bool, _ pass: LiquidShaders.Pass) throws -> GLuint {
            try Self.link(vertex: LiquidShaders.vertex(header), fragment: LiquidShaders.fragment(header, pinched: pinched, pass: pass))
        }
        liquidPrograms = (try liquid(false, .direct), try liquid(true, .direct))
        fieldPrograms = (try liquid(false, .field), try liquid(true, .field))
        shadeProgram = try liquid(false, .shade)
        blurProgram = try Self.link(vertex: BlurShaders.vertex(header), fragment: BlurShaders.fragment(header))
        for name in ["uBounds", "uViewport", "uRects", "uRadii", "uCount", "uK", "uKernel", "uTint", "uRim", "uRimWidth",
                     "uShadow", "uOpacity", "uClip", "uBackdrop", "uRegion", "uBezel", "uRefraction", "uFieldStep", "uMerge", "uBackdropScale",
                     "uRoundClip", "uRoundClipP", "uDeep", "uField", "uFieldRegion", "uFieldCapacity"] {
            for program in [liquidPrograms.plain, liquidPrograms.pinched, fieldPrograms.plain, fieldPrograms.pinched, shadeProgram] {
                liquidUniforms[program, default: [:]][name] = glGetUniformLocation(program, name)
            }
        }
        glGenVertexArrays(1, &vao)
        glBindVertexArray(vao)
        let corners: [Float] = [0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 1]
        glGenBuffers(1, &quad)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), quad)
        corners.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, nil)
        glGenBuffers(1, &instances)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instances)
        // Allocated up front: a frame that draws only a liquid group still binds it.
        instanceCapacity = 256
        glBufferData(GLenum(GL_ARRAY_BUFFER), instanceCapacity * Self.floatsPerInstance * 4, nil, GLenum(GL_STREAM_DRAW))
        let stride = GLsizei(Self.floatsPerInstance * 4)
        for i in 0..<8 {
            let location = GLuint(1 + i)
            glEnableVertexAttribArray(location)
            glVertexAttribPointer(location, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: i * 16))
            glVertexAttribDivisor(location, 1)
        }
        glBindVertexArray(0)
        glGenTextures(1, &atlasTexture)
        glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        let size = GLsizei(FontLibrary.atlasSize)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, size, size, 0, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), nil)
        let error = glGetError()
        if error != GLenum(GL_NO_ERROR) { throw RenderError("OpenGL setup failed (error 0x\(String(error, radix: 16)))") }
    }

    deinit {
        glDeleteProgram(program)
        glDeleteProgram(liquidPrograms.plain)
        glDeleteProgram(liquidPrograms.pinched)
        for p in [fieldPrograms.plain, fieldPrograms.pinched, shadeProgram] { glDeleteProgram(p) }
        if var f = field { glDeleteFramebuffers(1, &f.fbo); glDeleteTextures(1, &f.texture) }
        glDeleteProgram(blurProgram)
        backdrop?.delete()
        glDeleteBuffers(1, &quad)
        glDeleteBuffers(1, &instances)
        glDeleteVertexArrays(1, &vao)
        glDeleteTextures(1, &atlasTexture)
        if var t = target { glDeleteFramebuffers(1, &t.fbo); glDeleteTextures(1, &t.color) }
        for var l in layers.values { glDeleteFramebuffers(1, &l.fbo); glDeleteTextures(1, &l.texture) }
    }

    /// Text of the driver, for the one line printed at start.
    public static var driverDescription: String {
        func str(_ name: Int32) -> String {
            guard let p = glGetString(GLenum(name)) else { return "?" }
            return String(cString: p)
        }
        return "\(str(GL_RENDERER)) — \(str(GL_VERSION))"
    }

    // MARK: Drawing

    /// Clears to `background` and draws `prims` into the bound framebuffer of
    /// `width`×`height` pixels.
    public func draw(_ prims: [Primitive], width: Int, height: Int, background: Color, fonts: FontLibrary?) {
        draw([.primitives(prims)], width: width, height: height, background: background, fonts: fonts)
    }

    /// Draws batches: primitive runs, and layers redrawn only when their commands changed.
    public func draw(_ batches: [RenderBatch], width: Int, height: Int, background: Color, fonts: FontLibrary?) {
        uploadAtlas(fonts)
        var target: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &target)
        // Bring every changed layer up to date first, then draw the frame in one go.
        for case .layer(let id, let composite, let content, let key, _) in batches {
            updateLayer(id, width: Int(composite.rect.width), height: Int(composite.rect.height), content: content, key: key)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(target))
        clear(width: width, height: height, background: background)
        // What has been drawn so far, for liquid groups to tell whether their backdrop
        // changed — kept only while a group is still to come (a frame without glass hashes
        // nothing).
        let groups = batches.reduce(0) { n, b in
            guard case .primitives(let prims) = b else { return n }
            return n + prims.count { $0.kind == .liquid }
        }
        var drawn: DrawnSoFar? = groups > 0 ? DrawnSoFar(remaining: groups) : nil
        drawn?.hasher.combine(background)
        drawn?.hasher.combine(width)
        drawn?.hasher.combine(height)
        for batch in batches {
            switch batch {
            case .primitives(let prims): submit(prims, width: width, height: height, drawn: &drawn)
            case .layer(let id, let composite, _, _, let opaque):
                if drawn?.remaining ?? 0 > 0 {
                    drawn?.hasher.combine(composite)
                    drawn?.hasher.combine(layers[id]?.version ?? -1)
                }
                if opaque, let l = layers[id], blit(l.fbo, composite: composite, target: GLuint(target), height: height) {
                    continue
                }
                glActiveTexture(GLenum(GL_TEXTURE1))
                glBindTexture(GLenum(GL_TEXTURE_2D), layers[id]?.texture ?? 0)
                submitShapes([composite], width: width, height: height)
            }
        }
    }

    /// Copies an opaque, unclipped layer straight into the target: on llvmpipe a blit is
    /// a memory copy, while the composite quad runs the whole fragment shader per pixel.
    private func blit(_ fbo: GLuint, composite: Primitive, target: GLuint, height: Int) -> Bool {
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

    private func updateLayer(_ id: String, width: Int, height: Int, content: [Primitive], key: [DrawCommand]) {
        guard width > 0, height > 0 else { return }
        if let l = layers[id], l.width == width, l.height == height, l.key == key { return }
        var layer = layers[id] ?? (0, 0, 0, 0, [], [], 0)
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
            var none: DrawnSoFar?
            submit(prims, width: width, height: height, drawn: &none)
            glDisable(GLenum(GL_SCISSOR_TEST))
            layerRowsRedrawn += band.count
        }
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

    private func clear(width: Int, height: Int, background: Color) {
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(GLfloat(background.r * background.a), GLfloat(background.g * background.a),
                     GLfloat(background.b * background.a), GLfloat(background.a))
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// What a frame has drawn so far and which of its liquid groups comes next.
    struct DrawnSoFar {
        var hasher = Hasher()
        var liquids = 0
        var remaining: Int
    }

    /// Draws `prims`. `drawn` is nil for a layer's content: its groups' backdrops are not
    /// kept between frames (they all share the last, untrusted slot).
    private func submit(_ prims: [Primitive], width: Int, height: Int, drawn: inout DrawnSoFar?) {
        // Liquid groups need their own program: draw the runs between them as one batch each.
        var start = 0
        for (i, p) in prims.enumerated() where p.kind == .liquid {
            let run = prims[start..<i]
            submitShapes(Array(run), width: width, height: height)
            var slot = Backdrop.maxSlots - 1, key: Int?
            if var d = drawn {
                for q in run { d.hasher.combine(q) }
                slot = d.liquids
                key = d.hasher.finalizedCopy
                d.hasher.combine(p)
                d.liquids += 1
                d.remaining -= 1
                drawn = d
            }
            drawLiquid(p, width: width, height: height, slot: slot, backdropKey: key)
            start = i + 1
        }
        let rest = prims[start...]
        submitShapes(Array(rest), width: width, height: height)
        if var d = drawn, d.remaining > 0 {
            for q in rest { d.hasher.combine(q) }
            drawn = d
        }
    }

    private func submitShapes(_ prims: [Primitive], width: Int, height: Int) {
        guard !prims.isEmpty else { return }
        fill(prims)
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glUseProgram(program)
        glUniform2f(uViewport, GLfloat(width), GLfloat(height))
        glUniform1i(uAtlas, 0)
        glUniform1i(uLayer, 1)
        glUniform1f(uAtlasSize, GLfloat(FontLibrary.atlasSize))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instances)
        let bytes = scratch.count * 4
        if prims.count > instanceCapacity {
            instanceCapacity = max(prims.count, instanceCapacity * 2, 256)
            glBufferData(GLenum(GL_ARRAY_BUFFER), instanceCapacity * Self.floatsPerInstance * 4, nil, GLenum(GL_STREAM_DRAW))
        }
        scratch.withUnsafeBytes { glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, $0.baseAddress) }
        glDrawArraysInstanced(GLenum(GL_TRIANGLES), 0, 6, GLsizei(prims.count))
        glBindVertexArray(0)
    }

    private func fill(_ prims: [Primitive]) {
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(prims.count * Self.floatsPerInstance)
        for p in prims {
            let clip = p.clipRect
            let round = p.roundClip
            let mode: Float = round == nil ? 0 : (round?.continuous == true ? 2 : 1)
            let rr = round?.rect ?? .zero
            let shadow = p.shadow
            scratch += [
                Float(p.rect.x), Float(p.rect.y), Float(p.rect.width), Float(p.rect.height),
                Float(p.radius), p.kind.rawValue, Float(p.strokeWidth), Float(shadow?.radius ?? 0),
                Float(p.fill.r), Float(p.fill.g), Float(p.fill.b), Float(p.fill.a),
                Float(p.stroke.r), Float(p.stroke.g), Float(p.stroke.b), Float(p.stroke.a),
                Float(clip.x), Float(clip.y), Float(clip.width), Float(clip.height),
                Float(rr.x), Float(rr.y), Float(rr.width), Float(rr.height),
                Float(round?.radius ?? 0), mode, Float(shadow?.offset.x ?? 0), Float(shadow?.offset.y ?? 0),
                Float(p.atlasOrigin.x), Float(p.atlasOrigin.y), Float(shadow?.alpha ?? 0), 0,
            ]
        }
    }

    private func uploadAtlas(_ fonts: FontLibrary?) {
        guard let fonts else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let size = FontLibrary.atlasSize
        let dirty = fonts.takeDirtyRows()
        let rows: Range<Int>? = fonts.atlasGeneration != atlasGeneration ? 0..<size : dirty
        atlasGeneration = fonts.atlasGeneration
        guard let rows, !rows.isEmpty else { return }
        fonts.atlas.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(rows.lowerBound), GLsizei(size), GLsizei(rows.count),
                            GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), base + rows.lowerBound * size)
        }
    }

    // MARK: Offscreen targets and read-back

    /// Binds an offscreen RGBA8 framebuffer of the given size (reused while the size holds).
    public func bindOffscreenTarget(width: Int, height: Int) throws {
        if let t = target, t.width == width, t.height == height {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), t.fbo)
            return
        }
        if var t = target { glDeleteFramebuffers(1, &t.fbo); glDeleteTextures(1, &t.color) }
        var fbo: GLuint = 0, color: GLuint = 0
        glGenTextures(1, &color)
        glBindTexture(GLenum(GL_TEXTURE_2D), color)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                     GLenum(GL_UNSIGNED_BYTE), nil)
        glGenFramebuffers(1, &fbo)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), color, 0)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw RenderError("cannot create a \(width)x\(height) offscreen framebuffer")
        }
        target = (fbo, color, width, height)
    }

    /// Blocks until every command so far has executed.
    public func finish() { glFinish() }

    /// Binds the window's own framebuffer.
    public func bindWindowTarget() { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0) }

    /// Reads the bound framebuffer as straight-alpha RGBA8, top row first.
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

    public func readPixels(width: Int, height: Int) -> [UInt8] {
        var raw = [UInt8](repeating: 0, count: width * height * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        raw.withUnsafeMutableBytes {
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
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

    // MARK: Shader compilation

    private static func compile(_ source: String, type: Int32) throws -> GLuint {
        let shader = glCreateShader(GLenum(type))
        source.withCString { ptr in
            var p: UnsafePointer<GLchar>? = ptr
            glShaderSource(shader, 1, &p, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            let log = infoLog { glGetShaderInfoLog(shader, $0, nil, $1) }
            glDeleteShader(shader)
            throw RenderError("shader compile failed: \(log)")
        }
        return shader
    }

    /// The driver's message from a glGet…InfoLog call.
    private static func infoLog(_ read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var log = [GLchar](repeating: 0, count: 4096)
        log.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { read(4096, base) } }
        return String(decoding: log.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func link(vertex: String, fragment: String) throws -> GLuint {
        let vs = try compile(vertex, type: GL_VERTEX_SHADER)
        let fs = try compile(fragment, type: GL_FRAGMENT_SHADER)
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glLinkProgram(program)
        glDeleteShader(vs)
        glDeleteShader(fs)
        var ok: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            throw RenderError("shader link failed: \(infoLog { glGetProgramInfoLog(program, $0, nil, $1) })")
        }
        return program
    }
}

extension Hasher {
    /// The hash of what was combined so far, leaving this hasher to go on.
    var finalizedCopy: Int { let copy = self; return copy.finalize() }
}
