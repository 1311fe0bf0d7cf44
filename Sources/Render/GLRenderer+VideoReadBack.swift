import CGL
import Canvas

extension GLRenderer {
    /// The cheaper of the two read-backs for this driver. A GPU copies a frame into a pixel
    /// buffer object while the CPU goes on (`PixelPackRing`). A software rasterizer
    /// (llvmpipe, softpipe) copies it there on the CPU inside `glReadPixels` whatever the
    /// target, so a pixel buffer only adds a second 4 MB copy out of it: measured at
    /// 1280×800 on llvmpipe, 0.8 ms to read into the buffer plus 0.6 ms to map and copy
    /// out, against 0.4 ms read straight into a reused array (`DirectVideoReadBack`).
    public func makeVideoReadBack(width: Int, height: Int, depth: Int) throws -> any VideoReadBack {
        Self.rasterizesOnTheCPU
            ? DirectVideoReadBack(renderer: self, width: width, height: height, depth: depth)
            : try makePixelBufferReadBack(width: width, height: height, depth: depth)
    }

    /// For an encoder: on a CPU rasterizer, only what each frame repainted is read and
    /// converted (`RepaintedYUVReadBack`); on a GPU, the pixel buffer ring's frames are
    /// converted whole.
    public func makeEncoderReadBack(width: Int, height: Int, depth: Int) throws -> any VideoReadBack {
        Self.rasterizesOnTheCPU
            ? makeRepaintedYUVReadBack(width: width, height: height, depth: depth)
            : ConvertingVideoReadBack(try makePixelBufferReadBack(width: width, height: height, depth: depth), width: width, height: height)
    }

    public func makeRepaintedYUVReadBack(width: Int, height: Int, depth: Int) -> any VideoReadBack {
        RepaintedYUVReadBack(renderer: self, width: width, height: height, depth: depth)
    }

    /// Reads through a ring of `depth` pixel buffer objects (at least 2: with one, each map
    /// would wait for the read just queued, as a plain `glReadPixels` does).
    public func makePixelBufferReadBack(width: Int, height: Int, depth: Int) throws -> any VideoReadBack {
        try PixelPackRing(renderer: self, width: width, height: height, depth: max(2, depth))
    }

    /// Reads each frame with `glReadPixels` when asked, into arrays that are reused.
    public func makeDirectReadBack(width: Int, height: Int, depth: Int) -> any VideoReadBack {
        DirectVideoReadBack(renderer: self, width: width, height: height, depth: depth)
    }

    /// Whether the current context's "GPU" is Mesa's CPU rasterizer.
    static var rasterizesOnTheCPU: Bool {
        guard let name = glGetString(GLenum(GL_RENDERER)) else { return false }
        let renderer = String(cString: name).lowercased()
        return renderer.contains("llvmpipe") || renderer.contains("softpipe")
    }

    /// Binds the offscreen target for reading if it is `width`×`height`.
    func bindTargetForReading(width: Int, height: Int) throws {
        guard let t = target, t.width == width, t.height == height else {
            throw RenderError("video read-back: no \(width)x\(height) offscreen frame to read")
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), t.fbo)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
    }
}

/// Asynchronous read-back of the GL renderer's offscreen target (GLES 3.0 and GL 3.3 both
/// have pixel buffer objects and `glMapBufferRange`).
///
/// `request` queues `glReadPixels` into the next buffer of the ring — on a GPU the call
/// returns without waiting for the frame to finish — and `take` maps the oldest buffer,
/// copies it out and unmaps it. With two in flight the map finds the copy done.
///
/// GL objects belong to the context current on the thread that made them: use the ring on
/// that thread only, and drop it before the context goes.
final class PixelPackRing: VideoReadBack {
    let capacity: Int
    var bottomUp: Bool { true }
    private unowned let renderer: GLRenderer
    private let width: Int, height: Int
    private var buffers: [GLuint]
    /// The ring's oldest pending buffer, and how many are pending from there on.
    private var head = 0
    private(set) var pending = 0

    init(renderer: GLRenderer, width: Int, height: Int, depth: Int) throws {
        self.renderer = renderer
        self.width = width
        self.height = height
        capacity = depth
        buffers = [GLuint](repeating: 0, count: depth)
        glGenBuffers(GLsizei(depth), &buffers)
        for buffer in buffers {
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffer)
            // STREAM_READ: written once by GL, read once by us — the driver keeps it where
            // mapping it for reading is cheapest.
            glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), GLsizeiptr(width * height * 4), nil, GLenum(GL_STREAM_READ))
        }
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        let error = glGetError()
        if error != GLenum(GL_NO_ERROR) {
            glDeleteBuffers(GLsizei(buffers.count), &buffers)
            throw RenderError("cannot make \(depth) pixel buffers of \(width)x\(height) (GL error 0x\(String(error, radix: 16)))")
        }
    }

    deinit { glDeleteBuffers(GLsizei(buffers.count), &buffers) }

    func flush() { glFlush() }

    func request() throws {
        guard pending < capacity else { throw RenderError("video read-back: \(capacity) reads already pending") }
        try renderer.bindTargetForReading(width: width, height: height)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[(head + pending) % capacity])
        // With a pack buffer bound the last argument is an offset into it, not a pointer.
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        // Start the copy now rather than at the next map, so it runs while the CPU goes on.
        glFlush()
        renderer.bindWindowTarget()
        pending += 1
    }

    func take(into buffer: inout [UInt8]) throws -> Bool {
        guard pending > 0 else { return false }
        let count = width * height * 4
        if buffer.count != count { buffer = [UInt8](repeating: 0, count: count) }
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), buffers[head])
        defer { glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        guard let mapped = glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, GLsizeiptr(count), GLbitfield(GL_MAP_READ_BIT)) else {
            throw RenderError("video read-back: cannot map a pixel buffer (GL error 0x\(String(glGetError(), radix: 16)))")
        }
        buffer.withUnsafeMutableBytes { $0.baseAddress?.copyMemory(from: mapped, byteCount: count) }
        // An unmap that fails means the buffer's contents were lost (GL allows it on a mode
        // switch): the frame would be garbage, so it is an error, not a warning.
        let intact = glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER)) == GLboolean(GL_TRUE)
        head = (head + 1) % capacity
        pending -= 1
        guard intact else { throw RenderError("video read-back: a pixel buffer's contents were lost") }
        return true
    }
}

/// Read-back with `glReadPixels` straight into an array, at `request`. The arrays handed
/// out by `take` come back in its `buffer` argument and are reused, so a frame costs one
/// copy and no page faults (a fresh 4 MB array is 1,000 of them, zero-filled).
final class DirectVideoReadBack: QueuedReadBack {
    var bottomUp: Bool { true }
    private unowned let renderer: GLRenderer
    private let width: Int, height: Int
    var queue: ReadFrames

    init(renderer: GLRenderer, width: Int, height: Int, depth: Int) {
        self.renderer = renderer
        self.width = width
        self.height = height
        queue = ReadFrames(capacity: depth, frameSize: width * height * 4)
    }

    func request() throws {
        try queue.checkRoom()
        try renderer.bindTargetForReading(width: width, height: height)
        var frame = queue.spare() ?? [UInt8](repeating: 0, count: width * height * 4)
        frame.withUnsafeMutableBytes {
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        renderer.bindWindowTarget()
        queue.append(frame)
    }
}

/// A GL read-back that reads at `request` into frames it keeps in a `ReadFrames`.
protocol QueuedReadBack: VideoReadBack {
    var queue: ReadFrames { get set }
}

extension QueuedReadBack {
    var capacity: Int { queue.capacity }
    var pending: Int { queue.pending }
    func flush() { glFlush() }
    func take(into buffer: inout [UInt8]) throws -> Bool { queue.take(into: &buffer) }
}

/// Frames read and not yet taken, oldest first, and the arrays taken frames came back in
/// (kept for the next reads: their pages are mapped already).
struct ReadFrames {
    let capacity: Int
    let frameSize: Int
    private var frames: [[UInt8]] = []
    private var spares: [[UInt8]] = []

    init(capacity: Int, frameSize: Int) {
        self.capacity = max(1, capacity)
        self.frameSize = frameSize
    }

    var pending: Int { frames.count }

    func checkRoom() throws {
        guard frames.count < capacity else { throw RenderError("video read-back: \(capacity) reads already pending") }
    }

    mutating func spare() -> [UInt8]? { spares.popLast() }

    mutating func append(_ frame: [UInt8]) { frames.append(frame) }

    /// Hands the oldest frame over in `buffer`, keeping the array `buffer` held for reuse.
    mutating func take(into buffer: inout [UInt8]) -> Bool {
        guard !frames.isEmpty else { return false }
        swap(&buffer, &frames[0])
        let returned = frames.removeFirst()
        if returned.count == frameSize && spares.count < capacity { spares.append(returned) }
        return true
    }
}

/// Read-back for an encoder that keeps the last frame's `BT709Planes` and, at each request,
/// reads and converts only the 2×2 blocks the renderer's last offscreen draw repainted
/// (`GLRenderer.offscreenRepaint`): the rest of the target holds the pixels it held at the
/// previous request, so their planes are still right. Anything it cannot vouch for — the
/// first frame, a draw that repainted everything, a draw it was not asked to read in
/// between — is read and converted whole. The planes equal a whole conversion of the frame
/// byte for byte (`RenderSuite.VideoReadBackTests`).
///
/// Measured at 1280×800 on llvmpipe (issue 16): converting a whole frame costs about
/// 2.5 ms — what ffmpeg's own conversion cost — and a Push Alert frame repaints about a
/// fifth of the window; the pipe then carries 1.5 MB a frame instead of 4.
final class RepaintedYUVReadBack: QueuedReadBack {
    var bottomUp: Bool { false }
    var format: VideoFrameFormat { .yuv420BT709 }
    private unowned let renderer: GLRenderer
    private let width: Int, height: Int
    private var planes: BT709Planes
    /// The renderer's `offscreenDraws` when the planes were last brought up to date.
    private var convertedDraw: Int?
    private var scratch: [UInt8] = []
    var queue: ReadFrames

    init(renderer: GLRenderer, width: Int, height: Int, depth: Int) {
        self.renderer = renderer
        self.width = width
        self.height = height
        planes = BT709Planes(width: width, height: height)
        queue = ReadFrames(capacity: depth, frameSize: BT709Planes.byteCount(width: width, height: height))
    }

    func request() throws {
        try queue.checkRoom()
        try renderer.bindTargetForReading(width: width, height: height)
        defer { renderer.bindWindowTarget() }
        let draw = renderer.offscreenDraws
        let rects: [PixelRect]
        if let done = convertedDraw, draw == done {
            rects = []
        } else if let done = convertedDraw, draw == done + 1, let repaint = renderer.offscreenRepaint {
            rects = repaint.map(planes.blocks(holding:))
        } else {
            rects = [PixelRect(x0: 0, y0: 0, x1: width, y1: height)]
        }
        for r in rects {
            if scratch.count < r.area * 4 { scratch = [UInt8](repeating: 0, count: r.area * 4) }
            scratch.withUnsafeMutableBytes {
                glReadPixels(GLint(r.x0), GLint(height - r.y1), GLsizei(r.width), GLsizei(r.height), GLenum(GL_RGBA),
                             GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            scratch.withUnsafeBytes { planes.convert($0, rect: r, bottomUp: true) }
            renderer.stats.videoConvertedPixels += r.area
        }
        convertedDraw = draw
        var frame = queue.spare() ?? []
        planes.copy(into: &frame)
        queue.append(frame)
    }
}
