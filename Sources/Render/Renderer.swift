import Canvas

/// What a renderer is made for: a current OpenGL context (GLES 3.0 when `es`), or none —
/// the software rasterizer, shown through the window system's own blitter.
public enum RenderContext: Sendable, Equatable {
    case gl(es: Bool)
    case software
}

/// The size of a frame in device pixels, and the pixels per point a display list is
/// drawn at.
public struct RenderFrame: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var scale: Double

    public init(width: Int, height: Int, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
    }
}

/// What a renderer hands its surface to show.
public enum SurfaceFrame {
    /// What was drawn into the surface's GL framebuffer (the buffers are swapped).
    case framebuffer
    /// Straight-alpha RGBA8 pixels, top row first (the software renderer's frames).
    case pixels(rgba: [UInt8], width: Int, height: Int)
}

/// Where a renderer shows its frames: a window with a drawable of some size in pixels.
/// The app conforms its window; a renderer hands over the kind of frame it makes.
public protocol RenderSurface: AnyObject {
    /// Drawable size in pixels.
    var drawableSize: (width: Int, height: Int) { get }
    /// Pixels per point.
    var scale: Double { get }
    /// True when the window's GL framebuffer keeps what was drawn into it from one
    /// present to the next (a single-buffered window, an offscreen surface): a frame may
    /// then repaint only what changed, in place.
    var keepsPixels: Bool { get }
    /// Shows `frame`.
    func show(_ frame: SurfaceFrame)
}

/// A rendering backend, in the shape of a Dear ImGui one: made for a context
/// (`makeRenderer`), it draws a display list into an offscreen frame and reads that frame
/// back, draws into a surface and presents it, and hears when the surface lost what it
/// showed. The GL renderer and the software renderer consume the same primitives
/// (`Flattener`); nothing above this protocol asks which one it holds, but for `name` in a
/// trace.
public protocol Renderer: AnyObject {
    /// "gl" or "software", for traces and benchmark lines.
    var name: String { get }
    /// The glyph atlas text is drawn from; nil draws no text.
    var fonts: FontLibrary? { get }
    /// Draws `list` (points, moved by `offset` points) into an offscreen frame of `frame`'s
    /// size, cleared to the list's background. The frame is kept for the read-backs.
    func draw(_ list: DisplayList, offset: Point2, into frame: RenderFrame) throws
    /// The last offscreen frame as straight-alpha RGBA8, top row first.
    func readBack() -> [UInt8]
    /// Blocks until everything drawn so far has finished (benchmarks).
    func finish()
    /// Draws `list` into `surface` at its size and scale, and shows it.
    func present(_ list: DisplayList, on surface: any RenderSurface)
    /// The surface's pixels are gone (an expose): the next frame must be drawn whole.
    func surfaceLost()
}

/// A renderer whose offscreen frames a video encoder reads (`springlab record`, live
/// capture): synchronously, or through a reader that overlaps the copy with the next draw.
public protocol VideoFrameSource: Renderer {
    /// The last offscreen frame, taken to be opaque, for a video encoder: in whichever row
    /// order is cheapest to read (`bottomUp` says which) — the encoder flips it itself.
    func readBackForVideo() -> (rgba: [UInt8], bottomUp: Bool)
    /// A reader that hands `readBackForVideo`'s pixels over later than they were asked
    /// for, so that copying a frame out overlaps drawing the next (offline capture).
    /// `depth` reads may be outstanding; the frames are all `width`×`height`.
    func makeVideoReadBack(width: Int, height: Int, depth: Int) throws -> any VideoReadBack
    /// A reader like `makeVideoReadBack`'s whose frames are BT.709 4:2:0 planes
    /// (`BT709Planes`), what an H.264 encoder takes; `width` and `height` even.
    func makeEncoderReadBack(width: Int, height: Int, depth: Int) throws -> any VideoReadBack
}

extension VideoFrameSource {
    /// Converts each frame of the RGBA reader whole.
    public func makeEncoderReadBack(width: Int, height: Int, depth: Int) throws -> any VideoReadBack {
        ConvertingVideoReadBack(try makeVideoReadBack(width: width, height: height, depth: depth), width: width, height: height)
    }
}

extension Renderer {
    /// Draws `list` offscreen and reads it back: straight-alpha RGBA8, top row first.
    public func pixels(_ list: DisplayList, offset: Point2 = .zero, width: Int, height: Int, scale: Double) throws -> [UInt8] {
        try draw(list, offset: offset, into: RenderFrame(width: width, height: height, scale: scale))
        return readBack()
    }
}

/// Frames read back for a video encoder a little later than asked for: `request` starts
/// reading the renderer's last offscreen frame, `take` hands over the oldest frame
/// requested. Each frame's bytes are exactly what `readBackForVideo` gives at the moment
/// of the request, and frames come out in the order requested.
///
/// Why: a synchronous read makes the CPU wait for the rasterizer to finish the frame and
/// then copy 4 MB (1280×800) before it may start on the next one. The GL reader queues
/// the copy into a pixel buffer object instead and maps it a frame or two later, when it
/// has long been done.
public protocol VideoReadBack: AnyObject {
    /// Whether rows arrive last row first (as GL keeps them); the encoder flips them.
    var bottomUp: Bool { get }
    /// What a frame's bytes are: RGBA8 (rows as `bottomUp` says) unless stated otherwise.
    var format: VideoFrameFormat { get }
    /// Reads that may be outstanding at once.
    var capacity: Int { get }
    /// Reads requested and not yet taken.
    var pending: Int { get }
    /// Starts executing what was drawn so far without waiting for it (GL: `glFlush`), so
    /// that what the CPU does between a draw and its `request` overlaps the drawing.
    func flush()
    /// Starts reading the renderer's last offscreen frame, which must be of the reader's
    /// size; throws when it is not, or when `capacity` reads are already pending.
    func request() throws
    /// Copies the oldest pending frame into `buffer` (resized only if it is not already
    /// the frame's size), waiting for its read to complete; false when none is pending.
    func take(into buffer: inout [UInt8]) throws -> Bool
}

/// The bytes of a frame a `VideoReadBack` hands over.
public enum VideoFrameFormat: Equatable, Sendable {
    /// RGBA8, taken as opaque; `bottomUp`: the last row first.
    case rgba(bottomUp: Bool)
    /// `BT709Planes.bytes`: Y′, Cb, Cr at 4:2:0, top row first (ffmpeg's `yuv420p`).
    case yuv420BT709
}

extension VideoReadBack {
    public var format: VideoFrameFormat { .rgba(bottomUp: bottomUp) }
}

/// Hands over another reader's RGBA frames converted whole to `BT709Planes` (a renderer
/// that cannot say what a frame repainted: the software rasterizer, a GPU's pixel buffers).
final class ConvertingVideoReadBack: VideoReadBack {
    private let inner: any VideoReadBack
    private var planes: BT709Planes
    private var rgba: [UInt8] = []

    init(_ inner: any VideoReadBack, width: Int, height: Int) {
        self.inner = inner
        planes = BT709Planes(width: width, height: height)
    }

    var bottomUp: Bool { false }
    var format: VideoFrameFormat { .yuv420BT709 }
    var capacity: Int { inner.capacity }
    var pending: Int { inner.pending }
    func flush() { inner.flush() }
    func request() throws { try inner.request() }

    func take(into buffer: inout [UInt8]) throws -> Bool {
        guard try inner.take(into: &rgba) else { return false }
        guard rgba.count == planes.width * planes.height * 4 else { throw RenderError("video read-back: a frame of the wrong size") }
        rgba.withUnsafeBytes { planes.convertAll($0, bottomUp: inner.bottomUp) }
        planes.copy(into: &buffer)
        return true
    }
}

/// A `VideoReadBack` for a renderer whose read-back is done when it returns (the software
/// rasterizer): each request reads at once and keeps the pixels until taken.
final class ImmediateVideoReadBack: VideoReadBack {
    let capacity: Int
    let bottomUp: Bool
    private let size: Int
    private let read: () -> [UInt8]
    private var frames: [[UInt8]] = []

    init(width: Int, height: Int, depth: Int, bottomUp: Bool, read: @escaping () -> [UInt8]) {
        capacity = max(1, depth)
        size = width * height * 4
        self.bottomUp = bottomUp
        self.read = read
    }

    var pending: Int { frames.count }

    func flush() {}

    func request() throws {
        guard frames.count < capacity else { throw RenderError("video read-back: \(capacity) reads already pending") }
        let pixels = read()
        guard pixels.count == size else { throw RenderError("video read-back: the last frame is not of the reader's size") }
        frames.append(pixels)
    }

    func take(into buffer: inout [UInt8]) throws -> Bool {
        guard !frames.isEmpty else { return false }
        buffer = frames.removeFirst()
        return true
    }
}

/// The renderer for `context`, GL taking the shortcuts `options` allows. GL needs the
/// context current on this thread.
public func makeRenderer(_ context: RenderContext, fonts: FontLibrary?,
                         options: GLRenderer.Options = GLRenderer.Options()) throws -> any VideoFrameSource {
    switch context {
    case .gl(let es): try GLRenderer(es: es, fonts: fonts, options: options)
    case .software: SoftwareRenderer(fonts: fonts)
    }
}

extension Flattener {
    /// `make` applied to a flattener for `scale`. A glyph atlas that filled up and was
    /// cleared mid-flatten leaves earlier glyphs pointing at reused cells: flatten again,
    /// once.
    static func flattening<T>(scale: Double, fonts: FontLibrary?, _ make: (Flattener) -> T) -> T {
        let generation = fonts?.atlasGeneration
        let first = make(Flattener(scale: scale, fonts: fonts))
        return generation == fonts?.atlasGeneration ? first : make(Flattener(scale: scale, fonts: fonts))
    }
}
