import CGL
import Canvas

/// Program setup: the shaders compiled and linked, their uniforms looked up, the quad and
/// instance buffers and the glyph atlas texture made — once, when the renderer is made.
extension GLRenderer {
    /// Links the main, liquid and blur programs in `header`'s GLSL dialect and looks up
    /// their uniforms.
    func setUpPrograms(header: String) throws {
        shaderHeader = header
        // Each class with and without a rounded clip's code, and shapes with and without a
        // shadow's: those with a rounded clip linked on first use (each program linked costs
        // memory), the rest now.
        programs = Array(repeating: nil, count: 8 * Shaders.Program.allCases.count)
        for kind in Shaders.Program.allCases {
            // (Edges are drawn for shapes without a shadow alone.)
            if kind != .edge { _ = primitiveProgram(kind, roundClip: false, shadow: true) }
            if kind.drawsShadow { _ = primitiveProgram(kind, roundClip: false, shadow: false) }
        }
        // The liquid programs the glass draws with by default, now: the first glass frame
        // must not stall to link them. The rest wait for `liquidProgram`.
        for key in [LiquidProgramKey(.field), LiquidProgramKey(.field, straight: true), LiquidProgramKey(.field, instanced: true),
                    LiquidProgramKey(.field, straight: true, instanced: true), LiquidProgramKey(.shade, general: false),
                    LiquidProgramKey(.plain), LiquidProgramKey(.shadow, general: false)] {
            liquidProgramCache[key] = try linkLiquid(key)
        }
        blurProgram = try Self.link(vertex: BlurShaders.vertex(header), fragment: BlurShaders.fragment(header))
        // The glass's blur at its default σ (1.5 texels, at 1× and 2×): radius 5.
        _ = blurProgram(radius: SoftwareRasterizer.gaussian(sigma: SoftwareRasterizer.backdropSigma(.light)).count / 2)
    }

    /// The blur program for taps `radius` either side: written out for it (linked on first
    /// use), or the loop's where that is off or failed to link.
    func blurProgram(radius: Int) -> GLuint {
        guard options[.unrolledBlur], radius <= BlurShaders.maxRadius else { return blurProgram }
        if let p = unrolledBlurPrograms[radius] { return p == 0 ? blurProgram : p }
        let p = (try? Self.link(vertex: BlurShaders.vertex(shaderHeader), fragment: BlurShaders.fragment(shaderHeader, radius: radius))) ?? 0
        unrolledBlurPrograms[radius] = p
        return p == 0 ? blurProgram : p
    }

    /// The program for primitives of class `kind`, under a rounded clip or not, with a
    /// shadow or not (only shapes draw one), linked on first use; nil, and never tried
    /// again, if linking fails.
    func primitiveProgram(_ kind: Shaders.Program, roundClip: Bool, shadow: Bool) -> PrimitiveProgram? {
        let shadow = shadow || !kind.drawsShadow
        let smooth = interpolatesInstances
        let n = Shaders.Program.allCases.count
        let i = kind.rawValue + (roundClip ? 0 : n) + (shadow ? 0 : 2 * n) + (smooth ? 4 * n : 0)
        if programs[i] == nil {
            programs[i] = (try? linkPrimitive(kind, roundClip: roundClip, shadow: shadow, smooth: smooth)) ?? (0, -1, -1, -1, -1)
        }
        return programs[i].flatMap { $0.program == 0 ? nil : $0 }
    }

    /// Whether the primitive programs pass an instance's values interpolated rather than
    /// flat (`Shortcut.quadRectangles`): on llvmpipe alone, where a value equal at every
    /// vertex interpolates to itself exactly (its plane's slopes are 0: the value plus 0·x
    /// plus 0·y) — a GPU's barycentric sum may not give it back to the last bit, and a glyph
    /// reads its texel by it.
    var interpolatesInstances: Bool { options[.quadRectangles] && isLlvmpipe }

    private func linkPrimitive(_ kind: Shaders.Program, roundClip: Bool, shadow: Bool, smooth: Bool) throws -> PrimitiveProgram {
        let p = try Self.link(vertex: Shaders.vertex(shaderHeader, flat: !smooth),
                              fragment: Shaders.fragment(shaderHeader, program: kind, roundClip: roundClip, shadow: shadow, flat: !smooth))
        return (p, glGetUniformLocation(p, "uViewport"), glGetUniformLocation(p, "uAtlas"), glGetUniformLocation(p, "uFlipRows"),
                glGetUniformLocation(p, "uLayer"))
    }

    /// The liquid program for a pass, the pinched kernel or not, and the straight field or
    /// not, linked on first use. Every program linked costs memory whether it is drawn or
    /// not — on llvmpipe about 2.5 MB for the one-pass paint — so those the default look
    /// never draws (the pinched kernel's field passes; the one-pass paint, for a driver
    /// that cannot render half floats) wait until they are asked for: the first frame with
    /// the pinched kernel links two. 0 (nothing drawn) if linking fails.
    func liquidProgram(_ pass: LiquidShaders.Pass, pinched: Bool = false, straight: Bool = false, general: Bool = true,
                       single: Bool = false, instanced: Bool = false) -> GLuint {
        let key = LiquidProgramKey(pass, pinched: pinched, straight: straight, general: general, single: single, instanced: instanced)
        if let p = liquidProgramCache[key] { return p }
        let p = (try? linkLiquid(key)) ?? 0
        liquidProgramCache[key] = p
        return p
    }

    private func linkLiquid(_ key: LiquidProgramKey) throws -> GLuint {
        let p = try Self.link(vertex: LiquidShaders.vertex(shaderHeader, instanced: key.instanced),
                              fragment: LiquidShaders.fragment(shaderHeader, pinched: key.pinched, pass: key.pass, straight: key.straight,
                                                               general: key.general, single: key.single, instanced: key.instanced))
        for name in ["uViewport", "uRects", "uRadii", "uCount", "uK", "uKernel", "uTint", "uRim", "uRimWidth",
                     "uShadow", "uOpacity", "uClip", "uBackdrop", "uRegion", "uBezel", "uRefraction", "uFieldStep", "uMerge", "uBackdropScale",
                     "uRoundClip", "uRoundClipP", "uDeep", "uField", "uFieldRegion", "uFieldCapacity",
                     "uEdgeDepth", "uSpecular", "uFarRim", "uSpecularWidth", "uLight", "uShadowRegion", "uShadowGrid"] {
            liquidUniforms[p, default: [:]][name] = glGetUniformLocation(p, name)
        }
        return p
    }

    /// The unit quad every primitive is drawn on, and the per-instance buffer its
    /// primitives are uploaded to, in one vertex array.
    func setUpInstanceBuffers() {
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
        for i in 0..<8 {
            glEnableVertexAttribArray(GLuint(1 + i))
            glVertexAttribDivisor(GLuint(1 + i), 1)
        }
        pointInstances(at: 0)
        glBindVertexArray(0)
    }

    /// The glyph atlas texture: one byte of coverage per pixel, filled by `uploadAtlas`.
    func setUpAtlasTexture() {
        glGenTextures(1, &atlasTexture)
        glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        let size = GLsizei(FontLibrary.atlasSize)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, size, size, 0, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), nil)
    }

    /// Text of the driver, for the one line printed at start.
    public static var driverDescription: String {
        func str(_ name: Int32) -> String {
            guard let p = glGetString(GLenum(name)) else { return "?" }
            return String(cString: p)
        }
        return "\(str(GL_RENDERER)) — \(str(GL_VERSION))"
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

    static func link(vertex: String, fragment: String) throws -> GLuint {
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

/// Which liquid program (`GLRenderer.liquidProgram`).
struct LiquidProgramKey: Hashable {
    var pass: LiquidShaders.Pass
    var pinched = false
    var straight = false
    /// A paint that may be clipped or draw iso-lines (`LiquidShaders.fragment`).
    var general = true
    /// A paint of a group of one shape, computing its field (`LiquidShaders.fragment`).
    var single = false
    /// A field pass whose rectangles carry their shapes (`LiquidShaders.vertex`).
    var instanced = false

    init(_ pass: LiquidShaders.Pass, pinched: Bool = false, straight: Bool = false, general: Bool = true, single: Bool = false,
         instanced: Bool = false) {
        (self.pass, self.pinched, self.straight, self.general, self.single, self.instanced) = (pass, pinched, straight, general, single,
                                                                                             instanced)
    }
}
