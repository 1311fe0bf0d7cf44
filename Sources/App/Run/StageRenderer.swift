import Canvas
import Inspector
import Platform
import Render
import Workbench

/// The window's renderer: whichever `Renderer` its context allows (GL, or the software
/// rasterizer shown through SDL_Renderer), behind the calls the app and the command line
/// make. Which one it is matters to Render, and to `bench`, which reads and switches the
/// GL renderer's shortcuts and counters (`gl`).
final class StageRenderer {
    let fonts: FontLibrary
    let renderer: any VideoFrameSource
    /// The same renderer when it is the GL one.
    let gl: GLRenderer?

    /// The renderer the window's context allows, GL taking the shortcuts `options` allows.
    init(fonts: FontLibrary, window: Window, options: GLRenderer.Options) throws {
        self.fonts = fonts
        switch window.renderContext {
        case .gl(let es):
            let gl = try GLRenderer(es: es, fonts: fonts, options: options)
            (renderer, self.gl) = (gl, gl)
        case .software:
            (renderer, gl) = (SoftwareRenderer(fonts: fonts), nil)
        }
    }

    var backendName: String { renderer.name }

    /// Renders `list` (points, moved by `offset`) to straight RGBA8 pixels, top row first.
    func pixels(_ list: DisplayList, offset: Point2, width: Int, height: Int, scale: Double) throws -> [UInt8] {
        try renderer.pixels(list, offset: offset, width: width, height: height, scale: scale)
    }

    /// Renders `list` into the window and presents it.
    func present(_ list: DisplayList, window: Window) {
        renderer.present(list, on: window)
    }
}

/// The SDL window is where frames are shown.
extension Window: RenderSurface {
    /// A GL frame by swapping the buffers, pixels through SDL_Renderer.
    public func show(_ frame: SurfaceFrame) {
        switch frame {
        case .framebuffer: present()
        case .pixels(let rgba, let width, let height): presentSoftware(rgba: rgba, width: width, height: height)
        }
    }

    /// The context the window got: the renderer is made for it.
    var renderContext: RenderContext {
        switch backend {
        case .gl: .gl(es: isES)
        case .software: .software
        }
    }
}
