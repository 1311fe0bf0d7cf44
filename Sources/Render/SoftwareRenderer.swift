import Canvas

/// The software backend: display lists flattened and shaded on the CPU by
/// `SoftwareRasterizer` (the reference the GL output is tested against), shown through the
/// surface's blitter. Used where no GL context can be had.
public final class SoftwareRenderer: VideoFrameSource {
    public let fonts: FontLibrary?
    /// The last offscreen frame.
    private var raster: SoftwareRasterizer?

    public init(fonts: FontLibrary?) {
        self.fonts = fonts
    }

    public var name: String { "software" }

    /// `list` shaded into a new raster of `frame`'s size.
    private func rasterize(_ list: DisplayList, offset: Point2, frame: RenderFrame) -> SoftwareRasterizer {
        let prims = Flattener.flattening(scale: frame.scale, fonts: fonts) { $0.flatten(list, offset: offset) }
        var raster = SoftwareRasterizer(width: frame.width, height: frame.height, background: list.background)
        raster.draw(prims, atlas: fonts?.atlas ?? [], atlasSize: FontLibrary.atlasSize)
        return raster
    }

    public func draw(_ list: DisplayList, offset: Point2, into frame: RenderFrame) throws {
        raster = rasterize(list, offset: offset, frame: frame)
    }

    public func readBack() -> [UInt8] { raster?.rgba8 ?? [] }

    public func readBackForVideo() -> (rgba: [UInt8], bottomUp: Bool) { (readBack(), false) }

    /// The raster is whole when `draw` returns: nothing to overlap, each read is taken as
    /// asked.
    public func makeVideoReadBack(width: Int, height: Int, depth: Int) throws -> any VideoReadBack {
        ImmediateVideoReadBack(width: width, height: height, depth: depth, bottomUp: false) { [unowned self] in readBack() }
    }

    /// The CPU has finished when `draw` returns.
    public func finish() {}

    /// Every frame is presented whole: nothing is kept to forget.
    public func surfaceLost() {}

    public func present(_ list: DisplayList, on surface: any RenderSurface) {
        let size = surface.drawableSize
        let raster = rasterize(list, offset: .zero, frame: RenderFrame(width: size.width, height: size.height, scale: surface.scale))
        surface.show(.pixels(rgba: raster.rgba8, width: size.width, height: size.height))
    }
}
