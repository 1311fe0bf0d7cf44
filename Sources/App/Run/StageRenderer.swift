import Canvas
import Inspector
import Platform
import Render
import Workbench

/// The window's renderer: whichever `Renderer` its context allows (GL, or the software
/// rasterizer shown through SDL_Renderer), behind the calls the app and the command line
/// make. Which one it is matters only to Render; here it is a name for the trace.
final class StageRenderer {
    let fonts: FontLibrary
    let renderer: any Renderer

    init(fonts: FontLibrary, window: Window) throws {
        self.fonts = fonts
        renderer = try makeRenderer(window.renderContext, fonts: fonts)
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
    /// The context the window got: the renderer is made for it.
    var renderContext: RenderContext {
        switch backend {
        case .gl: .gl(es: isES)
        case .software: .software
        }
    }
}
