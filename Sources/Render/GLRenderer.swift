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
///
/// Beside this file: its shortcuts and counters (`+Options`), program setup (`+Programs`),
/// the layer cache (`+Layers`), damage repaint (`+Damage`), offscreen targets and
/// read-back (`+Targets`), video read-back (`+VideoReadBack`), the liquid pass (`+Liquid`,
/// its field `+LiquidField` and strips `+LiquidStrips`), the backdrop blur (`+Blur`),
/// blurred text (`+BlurredText`), pass timing (`+Passes`), the blit floor (`+Floor`) and
/// the `Renderer` conformance (`+Renderer`).
public final class GLRenderer {
    /// The glyph atlas display lists drawn through `Renderer` take their text from.
    public let fonts: FontLibrary?
    /// The primitive programs by `Shaders.Program`, with their uniforms, in eight blocks:
    /// with and without a rounded clip's code (`roundClipClasses`), then the same without a
    /// shape's shadow (`shapeShadowClasses`; only the shape's entries are used), then all
    /// of those with the instance's values interpolated rather than flat (`quadRectangles`).
    /// Nil until linked (`primitiveProgram`).
    var programs: [PrimitiveProgram?] = []
    /// Whether the driver is llvmpipe: its rectangle path (`Shortcut.quadRectangles`).
    var isLlvmpipe = false
    /// `flipRows`: the rows of the texture on unit 0 where it is read bottom row first (a
    /// blurred run's coverage, drawn by GL), else 0 (the glyph atlas, uploaded top row first).
    typealias PrimitiveProgram = (program: GLuint, viewport: GLint, atlas: GLint, flipRows: GLint, layer: GLint)
    /// The liquid programs linked so far (`liquidProgram`), and the dialect they are in.
    var liquidProgramCache: [LiquidProgramKey: GLuint] = [:]
    var shaderHeader = ""
    /// A blurred run's sharp coverage (R8, grow-only) and its framebuffer (`GLRenderer+BlurredText`).
    var runCoverage: (texture: GLuint, fbo: GLuint, width: Int, height: Int)?
    /// The field texture (half floats, grow-only) and its framebuffer.
    var field: (texture: GLuint, fbo: GLuint, width: Int, height: Int)?
    /// Liquid groups in two passes through the field texture; false once a driver refused
    /// to render to it (GLES without float targets), or set false to use the one-pass path.
    public var liquidFieldTexture = true
    var liquidUniforms: [GLuint: [String: GLint]] = [:]
    var blurProgram: GLuint = 0
    /// The blur with its taps written out, by radius (`BlurShaders.fragment(_:radius:)`); 0
    /// where linking failed (the loop's then).
    var unrolledBlurPrograms: [Int: GLuint] = [:]
    /// The liquid backdrop's blur textures, and the blurred results kept per group.
    var backdrop: Backdrop?
    var vao: GLuint = 0
    var quad: GLuint = 0
    var instances: GLuint = 0
    var atlasTexture: GLuint = 0
    var atlasGeneration = -1
    /// Cached layers by id (`GLRenderer+Layers`).
    var layers: [String: CachedLayer] = [:]
    var scratch: [Float] = []
    /// Each layer's content as last flattened, kept while its commands are unchanged.
    let layerContents = LayerContentCache()
    var instanceCapacity = 0
    /// The offscreen framebuffer (`GLRenderer+Targets`).
    var target: (fbo: GLuint, color: GLuint, width: Int, height: Int)?
    /// Targets whose pixels persist between frames, and the frame each holds.
    var retainedTargets = Set<GLuint>()
    var retained: [GLuint: RetainedFrame] = [:]
    /// The window's frame, drawn here and copied to the window (which keeps no pixels).
    var windowFrame: (fbo: GLuint, color: GLuint, width: Int, height: Int)?
    /// The rectangles of each layer redrawn in this frame (layer-local), for the damage diff.
    var layerRectsChanged: [String: [PixelRect]] = [:]
    /// The rectangles the last frame repainted; nil when it repainted everything.
    public internal(set) var lastRepaint: [PixelRect]?
    /// Frames drawn into the offscreen target so far, and the rectangles the last of them
    /// repainted (nil: the whole frame) — what a video read-back converts again.
    public internal(set) var offscreenDraws = 0
    public internal(set) var offscreenRepaint: [PixelRect]?
    /// Time each pass (`GLRenderer+Passes`; slows every frame: a diagnostic).
    public var passTiming = false
    /// The shortcuts taken (`GLRenderer+Options`); a test or `bench --ab` may change them
    /// between frames.
    public var options: Options
    /// What was counted since start or the last `resetStats`.
    public internal(set) var stats = Stats()

    static let floatsPerInstance = 32

    /// Compiles the pipeline. `es` selects the GLES 3.0 shader dialect; `fonts` is the
    /// atlas for display lists drawn through `Renderer` (primitives bring their own);
    /// `options` the shortcuts taken (all by default).
    public init(es: Bool, fonts: FontLibrary? = nil, options: Options = Options()) throws {
        self.fonts = fonts
        self.options = options
        isLlvmpipe = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0).contains("llvmpipe") } ?? false
        try setUpPrograms(header: es ? "#version 300 es\n" : "#version 330 core\n")
        setUpInstanceBuffers()
        setUpAtlasTexture()
        let error = glGetError()
        if error != GLenum(GL_NO_ERROR) { throw RenderError("OpenGL setup failed (error 0x\(String(error, radix: 16)))") }
    }

    deinit {
        for p in programs.compactMap({ $0 }) where p.program != 0 { glDeleteProgram(p.program) }
        for p in liquidProgramCache.values { glDeleteProgram(p) }
        if var f = field { glDeleteFramebuffers(1, &f.fbo); glDeleteTextures(1, &f.texture) }
        if var f = runCoverage { glDeleteFramebuffers(1, &f.fbo); glDeleteTextures(1, &f.texture) }
        glDeleteProgram(blurProgram)
        for p in unrolledBlurPrograms.values where p != 0 { glDeleteProgram(p) }
        backdrop?.delete()
        glDeleteBuffers(1, &quad)
        glDeleteBuffers(1, &instances)
        glDeleteVertexArrays(1, &vao)
        glDeleteTextures(1, &atlasTexture)
        if var t = target { glDeleteFramebuffers(1, &t.fbo); glDeleteTextures(1, &t.color) }
        if var t = windowFrame { glDeleteFramebuffers(1, &t.fbo); glDeleteTextures(1, &t.color) }
        for var l in layers.values { glDeleteFramebuffers(1, &l.fbo); glDeleteTextures(1, &l.texture) }
    }

    // MARK: Drawing

    /// Clears to `background` and draws `prims` into the bound framebuffer of
    /// `width`×`height` pixels.
    public func draw(_ prims: [Primitive], width: Int, height: Int, background: Color, fonts: FontLibrary?) {
        draw([.primitives(prims)], width: width, height: height, background: background, fonts: fonts)
    }

    /// Draws batches: primitive runs, and layers redrawn only when their commands changed.
    /// Into a retained target (`GLRenderer+Damage`) only the pixels the frame changed are
    /// repainted; anywhere else the whole frame is.
    public func draw(_ batches: [RenderBatch], width: Int, height: Int, background: Color, fonts: FontLibrary?) {
        passStart()
        uploadAtlas(fonts)
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &bound)
        let target = GLuint(bound)
        // Bring every changed layer up to date first, then draw the frame in one go.
        layerRectsChanged.removeAll(keepingCapacity: true)
        for case .layer(let id, let composite, let content, let key, _) in batches {
            updateLayer(id, width: Int(composite.rect.width), height: Int(composite.rect.height), content: content, key: key)
        }
        passEnd("layers")
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target)
        let keys = backdropKeys(batches, width: width, height: height, background: background)
        guard let rects = repaintRects(batches, target: target, width: width, height: height, background: background) else {
            clear(width: width, height: height, background: background)
            drawPass(batches, width: width, height: height, keys: keys, target: target, clip: nil)
            lastRepaint = nil
            stats.repaintedPixels += width * height
            return
        }
        clear(rects, background: background, width: width, height: height,
              cover: clearsAroundCores ? ShapeCores.opaqueCover(batches) : [])
        for r in rects {
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(GLint(r.x0), GLint(height - r.y1), GLsizei(r.width), GLsizei(r.height))
            drawPass(batches, width: width, height: height, keys: keys, target: target, clip: r.rect)
            stats.repaintedPixels += r.area
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
        lastRepaint = rects
        passEnd("shapes")
    }

    /// Whether a repainted rectangle is cleared only around the opaque cores that paint over
    /// it (`ShapeCores.opaqueCover`): those cores are drawn (`shapeCores`) and their program is
    /// at hand.
    private var clearsAroundCores: Bool {
        options[.clearAroundCores] && options[.shapeCores] && opaqueProgram != nil
    }

    /// The program opaque cores are drawn with (`submitShapes`: a core has no rounded clip).
    private var opaqueProgram: PrimitiveProgram? {
        primitiveProgram(.opaque, roundClip: !options[.roundClipClasses], shadow: true)
    }

    /// Draws every batch in order; with `clip`, only what reaches it (the scissor is set).
    private func drawPass(_ batches: [RenderBatch], width: Int, height: Int, keys: [Int], target: GLuint, clip: Rect?) {
        var liquid = 0
        for batch in batches {
            switch batch {
            case .primitives(let prims):
                submit(prims, width: width, height: height, keys: keys, liquid: &liquid, clip: clip)
            case .layer(let id, let composite, _, _, let opaque):
                if let clip, composite.bounds.intersection(clip).isEmpty { continue }
                if opaque, let l = layers[id], blit(l.fbo, composite: composite, target: target, height: height) {
                    continue
                }
                glActiveTexture(GLenum(GL_TEXTURE1))
                glBindTexture(GLenum(GL_TEXTURE_2D), layers[id]?.texture ?? 0)
                submitShapes([composite], width: width, height: height)
            }
        }
    }

    /// Clears the repainted rectangles `rects` (disjoint: no pass reaches another's pixels,
    /// so all are cleared before any is drawn) but where `cover`, the opaque cores, will
    /// paint over. On llvmpipe a scissored clear is a quad drawn like any other, and each
    /// costs a draw's set-up: an opaque background is painted as one instanced draw of
    /// the opaque program, whose colour is what the clear writes.
    private func clear(_ rects: [PixelRect], background: Color, width: Int, height: Int, cover: [Rect]) {
        var cleared: [Rect] = []
        for r in rects {
            let rest = cover.isEmpty ? [r.rect] : LiquidCores.partition(r.rect, cuts: cover).rest
            cleared += rest
            stats.unclearedPixels += r.area - rest.reduce(0) { $0 + Int($1.width * $1.height) }
        }
        guard options[.clearAroundCores], background.a >= 1, let p = opaqueProgram else {
            glEnable(GLenum(GL_SCISSOR_TEST))
            glClearColor(GLfloat(background.r * background.a), GLfloat(background.g * background.a),
                         GLfloat(background.b * background.a), GLfloat(background.a))
            for c in cleared {
                glScissor(GLint(c.minX), GLint(Double(height) - c.maxY), GLsizei(c.width), GLsizei(c.height))
                glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
            return
        }
        guard !cleared.isEmpty else { return }
        let whole = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let paint = Primitive(rect: whole, radius: 0, kind: .circular, strokeWidth: 0, fill: background, stroke: .clear,
                              clipRect: whole, roundClip: nil)
        fill([paint], cleared.map { ShapeCores.Piece(index: 0, program: .opaque, quad: $0) })
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_BLEND))
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glBindVertexArray(vao)
        uploadScratch(instances: cleared.count)
        glUseProgram(p.program)
        glUniform2f(p.viewport, GLfloat(width), GLfloat(height))
        pointInstances(at: 0)
        glDrawArraysInstanced(GLenum(GL_TRIANGLES), 0, 6, GLsizei(cleared.count))
        glBindVertexArray(0)
    }

    private func clear(width: Int, height: Int, background: Color) {
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(GLfloat(background.r * background.a), GLfloat(background.g * background.a),
                     GLfloat(background.b * background.a), GLfloat(background.a))
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// For each liquid group of the frame, in order, a hash of everything drawn before it
    /// (the background, the primitives, the layers' composites and versions): a group
    /// whose backdrop key is unchanged keeps its blurred backdrop.
    private func backdropKeys(_ batches: [RenderBatch], width: Int, height: Int, background: Color) -> [Int] {
        let groups = batches.reduce(0) { n, b in
            guard case .primitives(let prims) = b else { return n }
            return n + prims.count { $0.kind == .liquid }
        }
        guard groups > 0 else { return [] }
        var hasher = Hasher()
        hasher.combine(background)
        hasher.combine(width)
        hasher.combine(height)
        var keys: [Int] = []
        for batch in batches where keys.count < groups {
            switch batch {
            case .primitives(let prims):
                for p in prims {
                    if p.kind == .liquid { keys.append(hasher.finalizedCopy) }
                    hasher.combine(p)
                }
            case .layer(let id, let composite, _, _, _):
                hasher.combine(composite)
                hasher.combine(layers[id]?.version ?? -1)
            }
        }
        return keys
    }

    /// Draws `prims`, only those reaching `clip` when there is one. `keys` are the frame's
    /// backdrop keys by group (`liquid` counts the groups met so far); nil for a layer's
    /// content, whose groups' backdrops are not kept between frames (they all share the
    /// last, untrusted slot).
    func submit(_ prims: [Primitive], width: Int, height: Int, keys: [Int]?, liquid: inout Int, clip: Rect?) {
        func reaching(_ run: ArraySlice<Primitive>) -> [Primitive] {
            guard let clip else { return Array(run) }
            return run.filter { !$0.bounds.intersection(clip).isEmpty }
        }
        // Liquid groups and blurred runs need passes of their own: the primitives between
        // them go as one batch each.
        var start = 0, i = 0
        while i < prims.count {
            let p = prims[i]
            guard p.kind == .liquid || p.kind == .blurredGlyph else { i += 1; continue }
            submitShapes(reaching(prims[start..<i]), width: width, height: height)
            passEnd("shapes")
            if p.kind == .liquid {
                let slot = keys == nil ? Backdrop.maxSlots - 1 : liquid
                let key = keys.flatMap { liquid < $0.count ? $0[liquid] : nil }
                liquid += 1
                i += 1
                if clip.map({ !p.bounds.intersection($0).isEmpty }) ?? true {
                    drawLiquid(p, width: width, height: height, slot: slot, backdropKey: key)
                }
            } else {
                let end = Self.blurredRunEnd(prims, from: i)
                drawBlurredRun(prims[i..<end], width: width, height: height, clip: clip)
                passEnd("blurred_text")
                i = end
            }
            start = i
        }
        submitShapes(reaching(prims[start...]), width: width, height: height)
    }

    /// Draws `prims` in order, one instanced draw per run of primitives of one program
    /// (`Shaders.Program`), from one upload.
    func submitShapes(_ prims: [Primitive], width: Int, height: Int) {
        guard !prims.isEmpty else { return }
        // A large one-colour shape in pieces (`ShapeCores`); the rest as they are.
        let pieces = options[.shapeCores] ? ShapeCores.pieces(prims, straightEdges: options[.straightEdges]) : prims.indices.map {
            ShapeCores.Piece(index: $0, program: Shaders.Program(prims[$0].kind), quad: nil)
        }
        fill(prims, pieces)
        for piece in pieces {
            let area = Int((piece.quad?.width ?? 0) * (piece.quad?.height ?? 0))
            if piece.program == .flat || piece.program == .opaque { stats.flatPixels += area }
            if piece.program == .edge { stats.straightEdgePixels += area }
        }
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glBindVertexArray(vao)
        uploadScratch(instances: pieces.count)
        // A run: one class, all under a rounded clip or none (a piece never is), and for
        // shapes all with a shadow or none.
        let roundClipClasses = options[.roundClipClasses], shapeShadowClasses = options[.shapeShadowClasses]
        let unrounded = pieces.map { roundClipClasses && prims[$0.index].roundClip == nil }
        let unshadowed = pieces.map {
            shapeShadowClasses && $0.program.drawsShadow && Float(prims[$0.index].shadow?.alpha ?? 0) <= 0
        }
        var start = 0
        while start < pieces.count {
            let kind = pieces[start].program, plain = unrounded[start], bare = unshadowed[start]
            var end = start + 1
            while end < pieces.count, pieces[end].program == kind, unrounded[end] == plain, unshadowed[end] == bare { end += 1 }
            guard let p = primitiveProgram(kind, roundClip: !plain, shadow: !bare) else { start = end; continue }
            let smooth = interpolatesInstances
            for piece in pieces[start..<end] where plain || bare || smooth {
                let q = piece.quad ?? prims[piece.index].rect
                if plain { stats.unroundedPixels += Int(q.width * q.height) }
                if bare { stats.unshadowedPixels += Int(q.width * q.height) }
                if smooth { stats.rectanglePixels += Int(q.width * q.height) }
            }
            glUseProgram(p.program)
            glUniform2f(p.viewport, GLfloat(width), GLfloat(height))
            glUniform1i(p.atlas, 0)
            glUniform1i(p.layer, 1)
            glUniform1f(p.flipRows, 0)
            pointInstances(at: start)
            if kind == .opaque { glDisable(GLenum(GL_BLEND)) }
            glDrawArraysInstanced(GLenum(GL_TRIANGLES), 0, 6, GLsizei(end - start))
            if kind == .opaque { glEnable(GLenum(GL_BLEND)) }
            start = end
        }
        pointInstances(at: 0)
        glBindVertexArray(0)
    }

    /// Points the vertex array's instance attributes (locations 1–8, a vec4 each) at
    /// instance `first` of the bound instance buffer.
    func pointInstances(at first: Int) {
        let stride = GLsizei(Self.floatsPerInstance * 4)
        for i in 0..<8 {
            glVertexAttribPointer(GLuint(1 + i), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: (first * Self.floatsPerInstance + i * 4) * 4))
        }
    }

    /// Draws one instance per rectangle with the bound program (the liquid passes read
    /// each rectangle from the first four floats of an instance record).
    func drawRects(_ rects: [Rect]) {
        guard !rects.isEmpty else { return }
        scratch.removeAll(keepingCapacity: true)
        for r in rects {
            scratch += [Float(r.x), Float(r.y), Float(r.width), Float(r.height)]
            scratch += repeatElement(0, count: Self.floatsPerInstance - 4)
        }
        drawScratchQuads(rects.count)
    }

    /// Draws `count` quads, one per instance record in `scratch`, with the bound program.
    func drawScratchQuads(_ count: Int) {
        glBindVertexArray(vao)
        uploadScratch(instances: count)
        glDrawArraysInstanced(GLenum(GL_TRIANGLES), 0, 6, GLsizei(count))
        glBindVertexArray(0)
    }

    /// Uploads `scratch` (`count` instance records) to the instance buffer, grown as needed.
    func uploadScratch(instances count: Int) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instances)
        if count > instanceCapacity {
            instanceCapacity = max(count, instanceCapacity * 2, 256)
            glBufferData(GLenum(GL_ARRAY_BUFFER), instanceCapacity * Self.floatsPerInstance * 4, nil, GLenum(GL_STREAM_DRAW))
        }
        scratch.withUnsafeBytes { glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, $0.count, $0.baseAddress) }
    }

    /// The instance records of `pieces` of `prims`; a piece's quad rides in the round
    /// clip's slot (a split shape has none), marked by mode −1.
    func fill(_ prims: [Primitive], _ pieces: [ShapeCores.Piece]) {
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(pieces.count * Self.floatsPerInstance)
        for piece in pieces {
            let p = prims[piece.index]
            let clip = p.clipRect
            let round = p.roundClip
            let mode: Float = piece.quad != nil ? -1 : round == nil ? 0 : (round?.continuous == true ? 2 : 1)
            let rr = piece.quad ?? round?.rect ?? .zero
            let shadow = p.shadow
            scratch += [
                Float(p.rect.x), Float(p.rect.y), Float(p.rect.width), Float(p.rect.height),
                Float(p.radius), p.kind.rawValue, Float(p.strokeWidth), Float(shadow?.radius ?? 0),
                Float(p.fill.r), Float(p.fill.g), Float(p.fill.b), Float(p.fill.a),
                Float(p.stroke.r), Float(p.stroke.g), Float(p.stroke.b), Float(p.stroke.a),
                Float(clip.x), Float(clip.y), Float(clip.width), Float(clip.height),
                Float(rr.x), Float(rr.y), Float(rr.width), Float(rr.height),
                Float(round?.radius ?? 0), mode, Float(shadow?.offset.x ?? 0), Float(shadow?.offset.y ?? 0),
                Float(p.atlasOrigin.x), Float(p.atlasOrigin.y), Float(shadow?.alpha ?? 0), Float(shadow?.reach ?? 0),
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
}

extension Hasher {
    /// The hash of what was combined so far, leaving this hasher to go on.
    var finalizedCopy: Int { let copy = self; return copy.finalize() }
}
