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

    /// Renders `list` (points, moved by `offset`) to straight RGBA8 pixels.
    func pixels(_ list: DisplayList, offset: Point2, width: Int, height: Int, scale: Double) throws -> [UInt8] {
        let prims = Flattener(scale: scale, fonts: fonts).flatten(list, offset: offset)
        if let gl {
            try gl.bindOffscreenTarget(width: width, height: height)
            gl.draw(prims, width: width, height: height, background: list.background, fonts: fonts)
            let out = gl.readPixels(width: width, height: height)
            gl.bindWindowTarget()
            return out
        }
        var raster = SoftwareRasterizer(width: width, height: height, background: list.background)
        raster.draw(prims, atlas: fonts.atlas, atlasSize: FontLibrary.atlasSize)
        return raster.rgba8
    }

    /// Draws one frame offscreen and waits until the GPU has finished it (benchmarks).
    func frame(_ list: DisplayList, width: Int, height: Int, scale: Double) throws {
        let t0 = MonotonicClock.now()
        let prims = Flattener(scale: scale, fonts: fonts).flatten(list)
        let t1 = MonotonicClock.now()
        if let gl {
            try gl.bindOffscreenTarget(width: width, height: height)
            gl.draw(prims, width: width, height: height, background: list.background, fonts: fonts)
            let t2 = MonotonicClock.now()
            gl.finish()
            if getenv("SPRINGLAB_PROFILE") != nil {
                print(String(format: "prims %d flatten %.2f submit %.2f gpu %.2f", prims.count, (t1 - t0) * 1000, (t2 - t1) * 1000,
                             (MonotonicClock.now() - t2) * 1000))
            }
        } else {
            var raster = SoftwareRasterizer(width: width, height: height, background: list.background)
            raster.draw(prims, atlas: fonts.atlas, atlasSize: FontLibrary.atlasSize)
        }
    }

    /// Renders `list` into the window and presents it.
    func present(_ list: DisplayList, window: Window) {
        let size = window.drawableSize
        let prims = Flattener(scale: window.scale, fonts: fonts).flatten(list)
        if let gl {
            gl.bindWindowTarget()
            gl.draw(prims, width: size.width, height: size.height, background: list.background, fonts: fonts)
            window.present()
        } else {
            var raster = SoftwareRasterizer(width: size.width, height: size.height, background: list.background)
            raster.draw(prims, atlas: fonts.atlas, atlasSize: FontLibrary.atlasSize)
            window.presentSoftware(rgba: raster.rgba8, width: size.width, height: size.height)
        }
    }
}
