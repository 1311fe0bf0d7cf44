import Canvas
import Foundation
import Platform
import Render

/// Draws display lists with whichever backend the window got: the GL renderer, or the
/// software rasterizer shown through SDL_Renderer. Both consume the same primitives.
final class StageRenderer {
    let fonts: FontLibrary
    private let gl: GLRenderer?

    init(fonts: FontLibrary, window: Window) throws {
        self.fonts = fonts
        gl = window.backend == .gl ? try GLRenderer(es: window.isES) : nil
    }

    var backendName: String { gl == nil ? "software" : "gl" }

    /// Flattens with `make`. A glyph atlas that filled up and was cleared mid-flatten
    /// leaves earlier glyphs pointing at reused cells: flatten again, once.
    private func flattened<T>(scale: Double, _ make: (Flattener) -> T) -> T {
        let generation = fonts.atlasGeneration
        let first = make(Flattener(scale: scale, fonts: fonts))
        return generation == fonts.atlasGeneration ? first : make(Flattener(scale: scale, fonts: fonts))
    }

    private func batches(_ list: DisplayList, offset: Point2, scale: Double) -> [RenderBatch] {
        flattened(scale: scale) { $0.batches(list, offset: offset) }
    }

    private func primitives(_ list: DisplayList, offset: Point2, scale: Double) -> [Primitive] {
        flattened(scale: scale) { $0.flatten(list, offset: offset) }
    }

    /// Renders `list` (points, moved by `offset`) to straight RGBA8 pixels.
    /// Pixels of an opaque frame for a video: GL's rows as they are (bottom-up) or the
    /// software renderer's (top-down), and which.
    func videoPixels(_ list: DisplayList, width: Int, height: Int, scale: Double) throws -> (rgba: [UInt8], bottomUp: Bool) {
        if let gl {
            try gl.bindOffscreenTarget(width: width, height: height)
            gl.draw(batches(list, offset: .zero, scale: scale), width: width, height: height, background: list.background,
                    fonts: fonts)
            let out = gl.readPixelsRaw(width: width, height: height)
            gl.bindWindowTarget()
            return (out, true)
        }
        return (try pixels(list, offset: .zero, width: width, height: height, scale: scale), false)
    }

    func pixels(_ list: DisplayList, offset: Point2, width: Int, height: Int, scale: Double) throws -> [UInt8] {
        if let gl {
            try gl.bindOffscreenTarget(width: width, height: height)
            gl.draw(batches(list, offset: offset, scale: scale), width: width, height: height, background: list.background,
                    fonts: fonts)
            let out = gl.readPixels(width: width, height: height)
            gl.bindWindowTarget()
            return out
        }
        var raster = SoftwareRasterizer(width: width, height: height, background: list.background)
        raster.draw(primitives(list, offset: offset, scale: scale), atlas: fonts.atlas, atlasSize: FontLibrary.atlasSize)
        return raster.rgba8
    }

    /// Draws one frame offscreen and waits until the GPU has finished it (benchmarks).
    func frame(_ list: DisplayList, width: Int, height: Int, scale: Double) throws {
        if let gl {
            try gl.bindOffscreenTarget(width: width, height: height)
            gl.draw(batches(list, offset: .zero, scale: scale), width: width, height: height, background: list.background,
                    fonts: fonts)
            gl.finish()
        } else {
            var raster = SoftwareRasterizer(width: width, height: height, background: list.background)
            raster.draw(primitives(list, offset: .zero, scale: scale), atlas: fonts.atlas, atlasSize: FontLibrary.atlasSize)
        }
    }

    /// Renders `list` into the window and presents it.
    func present(_ list: DisplayList, window: Window) {
        let size = window.drawableSize
        if let gl {
            gl.bindWindowTarget()
            gl.draw(batches(list, offset: .zero, scale: window.scale), width: size.width, height: size.height,
                    background: list.background, fonts: fonts)
            window.present()
        } else {
            var raster = SoftwareRasterizer(width: size.width, height: size.height, background: list.background)
            raster.draw(primitives(list, offset: .zero, scale: window.scale), atlas: fonts.atlas, atlasSize: FontLibrary.atlasSize)
            window.presentSoftware(rgba: raster.rgba8, width: size.width, height: size.height)
        }
    }
}
