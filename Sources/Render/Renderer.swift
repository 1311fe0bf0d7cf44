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

/// Where a renderer shows its frames: a window with a drawable of some size in pixels.
/// The platform layer conforms its window; a renderer uses the one way of showing that
/// suits it.
public protocol RenderSurface: AnyObject {
    /// Drawable size in pixels.
    var drawableSize: (width: Int, height: Int) { get }
    /// Pixels per point.
    var scale: Double { get }
    /// True when the window's GL framebuffer keeps what was drawn into it from one
    /// present to the next (a single-buffered window, an offscreen surface): a frame may
    /// then repaint only what changed, in place.
    var keepsPixels: Bool { get }
    /// Shows what was drawn into the window's GL framebuffer (swaps buffers).
    func present()
    /// Shows straight-alpha RGBA8 pixels, top row first (the software renderer's frames).
    func presentSoftware(rgba: [UInt8], width: Int, height: Int)
}

/// A rendering backend, in the shape of a Dear ImGui one: made for a context
/// (`makeRenderer`), it draws a display list into an offscreen frame, reads that frame
/// back, and draws into a surface and presents it. The GL renderer and the software
/// renderer consume the same primitives (`Flattener`); nothing above this protocol asks
/// which one it holds, but for `name` in a trace.
public protocol Renderer: AnyObject {
    /// "gl" or "software", for traces and benchmark lines.
    var name: String { get }
    /// The glyph atlas text is drawn from; nil draws no text.
    var fonts: FontLibrary? { get }
    /// Draws `list` (points, moved by `offset` points) into an offscreen frame of `frame`'s
    /// size, cleared to the list's background. The frame is kept for the read-backs below.
    func draw(_ list: DisplayList, offset: Point2, into frame: RenderFrame) throws
    /// The last offscreen frame as straight-alpha RGBA8, top row first.
    func readBack() -> [UInt8]
    /// The last offscreen frame, taken to be opaque, for a video encoder: in whichever row
    /// order is cheapest to read (`bottomUp` says which) — the encoder flips it itself.
    func readBackForVideo() -> (rgba: [UInt8], bottomUp: Bool)
    /// Blocks until everything drawn so far has finished (benchmarks).
    func finish()
    /// Draws `list` into `surface` at its size and scale, and shows it.
    func present(_ list: DisplayList, on surface: any RenderSurface)
}

extension Renderer {
    /// Draws `list` offscreen and reads it back: straight-alpha RGBA8, top row first.
    public func pixels(_ list: DisplayList, offset: Point2 = .zero, width: Int, height: Int, scale: Double) throws -> [UInt8] {
        try draw(list, offset: offset, into: RenderFrame(width: width, height: height, scale: scale))
        return readBack()
    }
}

/// The renderer for `context`. GL needs the context current on this thread.
public func makeRenderer(_ context: RenderContext, fonts: FontLibrary?) throws -> any Renderer {
    switch context {
    case .gl(let es): try GLRenderer(es: es, fonts: fonts)
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
