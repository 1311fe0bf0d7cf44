import CGL
import CSDL2
import Canvas
import Foundation

/// A platform failure with SDL's own words.
public struct PlatformError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

func sdlError() -> String { String(cString: SDL_GetError()) }

/// What a window takes from the process's environment, which the app reads at launch.
public struct WindowEnvironment: Sendable, Equatable {
    /// False (`SPRINGLAB_KEEP_PIXELS=0`): an offscreen window is drawn as one that swaps
    /// its pixels away.
    public var keepPixels: Bool
    /// The assets folder (`SPRINGLAB_ASSETS`), searched first for the icon.
    public var assets: String?
    /// The user's own window class by SDL variable (`Window.classVariables`), which wins
    /// over the app's.
    public var windowClasses: [String: String]

    public init(keepPixels: Bool = true, assets: String? = nil, windowClasses: [String: String] = [:]) {
        self.keepPixels = keepPixels
        self.assets = assets
        self.windowClasses = windowClasses
    }
}

/// How pixels reach the screen.
public enum Backend: String, Sendable {
    /// OpenGL 3.3 core, or GLES 3.0 when core is not available.
    case gl
    /// The CPU renderer shown through SDL_Renderer.
    case software
}

/// The SDL window: an OpenGL context (3.3 core, GLES 3.0 as a fallback) with vsync, or
/// an SDL_Renderer for the software path. Resizable, with a minimum size; HiDPI-aware.
///
/// Sizes: `size` is in points (what layout and input use), `drawableSize` in pixels.
/// `userScale` multiplies the platform's own scale (`--scale 2` on a 1× X server gives a
/// sharp 2× drawable, the way a HiDPI laptop would).
public final class Window {
    public private(set) var backend: Backend
    public private(set) var isES = false
    private let window: OpaquePointer
    private var context: SDL_GLContext?
    private var renderer: OpaquePointer?
    private var streaming: OpaquePointer?
    private var streamingSize = (0, 0)
    public let userScale: Double

    /// Opens the window. With `.gl`, falls back to GLES and then to software, returning
    /// the reason in `fallbackNote` so the app can print one line saying so.
    /// `environment`: what the launch environment says about windows.
    public init(title: String, size: Size, minimum: Size, backend requested: Backend, userScale: Double,
                hidden: Bool = false, esOnly: Bool = false, environment: WindowEnvironment = WindowEnvironment()) throws {
        SDL_SetHint("SDL_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR", "0")
        SDL_SetHint("SDL_MOUSE_AUTO_CAPTURE", "1")
        Self.setWindowClass(environment.windowClasses)
        if SDL_WasInit(SDL_INIT_VIDEO) == 0 && SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0 {
            throw PlatformError("cannot start SDL video: \(sdlError())")
        }
        self.userScale = userScale
        let w = Int32((size.width * userScale).rounded()), h = Int32((size.height * userScale).rounded())
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        flags |= hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        var chosen = requested
        var created: OpaquePointer?
        var note: String?
        if requested == .gl {
            for es in esOnly ? [true] : [false, true] {
                Self.setGLAttributes(es: es)
                if let win = SDL_CreateWindow(title, Int32(springlab_windowpos_centered()),
                                              Int32(springlab_windowpos_centered()), w, h, flags | SDL_WINDOW_OPENGL.rawValue) {
                    if let ctx = SDL_GL_CreateContext(win) {
                        created = win
                        context = ctx
                        isES = es
                        break
                    }
                    note = "no OpenGL \(es ? "ES 3.0" : "3.3 core") context: \(sdlError())"
                    SDL_DestroyWindow(win)
                } else {
                    note = "no OpenGL window: \(sdlError())"
                }
            }
            if created == nil { chosen = .software }
        }
        if created == nil {
            guard let win = SDL_CreateWindow(title, Int32(springlab_windowpos_centered()),
                                             Int32(springlab_windowpos_centered()), w, h, flags) else {
                throw PlatformError("cannot open a window: \(sdlError())")
            }
            created = win
            renderer = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE.rawValue)
                ?? SDL_CreateRenderer(win, -1, 0)
            guard renderer != nil else { throw PlatformError("cannot create an SDL renderer: \(sdlError())") }
        }
        guard let win = created else { throw PlatformError("cannot open a window") }
        window = win
        backend = chosen
        fallbackNote = requested == .gl && chosen == .software ? note : nil
        SDL_SetWindowMinimumSize(win, Int32(minimum.width * userScale), Int32(minimum.height * userScale))
        // (The icon first: a window manager reads it as the window appears. Probed before
        // vsync is on: three swaps, not three frames' wait.)
        Self.setIcon(win, assets: environment.assets)
        keepsPixels = context != nil && environment.keepPixels
            && (Self.videoDriver == "offscreen" || Self.backBufferSurvivesSwaps(win))
        if context != nil { SDL_GL_SetSwapInterval(1) }
    }

    /// A window of `size` points at `scale` made to fit the first display's usable area
    /// (docs/behaviour.md §11.5: a remembered or asked-for window never fails the start): the size is
    /// cut to the area (never below `minimum`), and the scale lowered to the largest whole
    /// one at which the minimum fits. Returns what to open and, when it changed anything,
    /// one line saying so. With no display to ask, the request as it is.
    public static func fitted(_ size: Size, scale: Double, minimum: Size) -> (size: Size, scale: Double, note: String?) {
        if SDL_WasInit(SDL_INIT_VIDEO) == 0 && SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0 { return (size, scale, nil) }
        // Offscreen and dummy have no screen: their made-up 1024x768 must not cut a window.
        guard ["x11", "wayland"].contains(videoDriver) else { return (size, scale, nil) }
        var area = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &area) == 0, area.w > 0, area.h > 0 else { return (size, scale, nil) }
        let usable = Size(Double(area.w), Double(area.h))
        var s = scale
        while s > 1, minimum.width * s > usable.width || minimum.height * s > usable.height { s = max(1, (s - 1).rounded(.up)) }
        let fit = Size(min(size.width, max(usable.width / s, minimum.width)).rounded(.down),
                       min(size.height, max(usable.height / s, minimum.height)).rounded(.down))
        guard fit != size || s != scale else { return (size, scale, nil) }
        let note = String(format: "a %gx%g window at scale %g does not fit the display's %gx%g; opening %gx%g at scale %g",
                          size.width, size.height, scale, usable.width, usable.height, fit.width, fit.height, s)
        return (fit, s, note)
    }

    /// The WM class (X11 WM_CLASS, Wayland app id) the launcher's StartupWMClass names.
    public static let windowClass = "springlab"

    /// The variables SDL takes the window class from.
    public static let classVariables = ["SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"]

    /// SDL 2.26 reads the class from the environment when its video starts; later SDLs
    /// read the hint. Either way it must be set before SDL_Init, and a user's own
    /// (`user`, by variable) wins.
    private static func setWindowClass(_ user: [String: String]) {
        for name in classVariables {
            let value = user[name] ?? windowClass
            setenv(name, value, 0)
            SDL_SetHint(name, value)
        }
    }

    /// Gives the window the app's icon (64 px) from Assets/Icons beside the package, or
    /// the hicolor theme above an installed binary. No file, no SDL_image or a bad PNG
    /// leaves the window without an icon; it never stops the window from opening.
    private static func setIcon(_ win: OpaquePointer, assets: String?) {
        guard let path = iconPath(assets: assets), let load = imageLoader(), let surface = load(path) else { return }
        SDL_SetWindowIcon(win, surface)
        SDL_FreeSurface(surface)
    }

    private static func iconPath(assets: String?) -> String? {
        var candidates: [String] = []
        if let assets {
            candidates.append((assets as NSString).appendingPathComponent("Icons/springlab-64.png"))
        }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "."
        var dir = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("Assets/Icons/springlab-64.png").path)
            candidates.append(dir.appendingPathComponent("share/icons/hicolor/64x64/apps/springlab.png").path)
            dir.deleteLastPathComponent()
        }
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    private typealias ImageLoad = @convention(c) (UnsafePointer<CChar>) -> UnsafeMutablePointer<SDL_Surface>?

    /// SDL_image's IMG_Load, looked up at run time: the executable links SDL_image (the
    /// renderer writes PNGs with it), but this module does not depend on it.
    private static func imageLoader() -> ImageLoad? {
        let symbol = dlsym(dlopen(nil, RTLD_NOW), "IMG_Load")
            ?? dlopen("libSDL2_image-2.0.so.0", RTLD_NOW).flatMap { dlsym($0, "IMG_Load") }
        return symbol.map { unsafeBitCast($0, to: ImageLoad.self) }
    }

    /// Why the GL path was not used (printed once), or nil.
    public let fallbackNote: String?

    deinit {
        if let t = streaming { SDL_DestroyTexture(t) }
        if let r = renderer { SDL_DestroyRenderer(r) }
        if let c = context { SDL_GL_DeleteContext(c) }
        SDL_DestroyWindow(window)
    }

    private static func setGLAttributes(es: Bool) {
        SDL_GL_ResetAttributes()
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(es ? SDL_GL_CONTEXT_PROFILE_ES.rawValue
                                                                : SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, es ? 0 : 3)
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0)
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0)
    }

    /// Window size in window-system units (pixels on X11).
    private var windowUnits: (Int, Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// Drawable size in pixels.
    public var drawableSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        if context != nil { SDL_GL_GetDrawableSize(window, &w, &h) } else if let r = renderer {
            SDL_GetRendererOutputSize(r, &w, &h)
        }
        return (Int(w), Int(h))
    }

    /// Pixels per window-system unit reported by the platform (2 on a HiDPI Wayland/macOS).
    private var platformScale: Double {
        let units = windowUnits
        return units.0 > 0 ? Double(drawableSize.width) / Double(units.0) : 1
    }

    /// Pixels per point.
    public var scale: Double { platformScale * userScale }

    /// The GL framebuffer keeps its pixels between presents, so a frame can repaint only
    /// what changed in place: SDL's offscreen driver draws into a pbuffer, which has one
    /// buffer only, and Mesa's software GLX copies its back buffer to the window and keeps
    /// it (`backBufferSurvivesSwaps`). Elsewhere the frame is drawn into a texture that
    /// keeps it and copied whole — at 2560×1600 on llvmpipe that copy alone is about 20 ms
    /// of CPU a frame. (Set `SPRINGLAB_KEEP_PIXELS=0` to treat any window as swapping its
    /// pixels away.) Decided once, when the window is made (it is asked every frame).
    public let keepsPixels: Bool

    /// Whether the back buffer still holds what was drawn into it after a swap — GL leaves
    /// it undefined, and nothing this window system offers says (no buffer age under X's
    /// software GL): three near-black frames, each read back after its swap, must all be
    /// there. A driver that swaps two or three buffers shows an older frame, one that
    /// clears them shows none: either way the window is drawn whole.
    private static func backBufferSurvivesSwaps(_ win: OpaquePointer) -> Bool {
        while glGetError() != GLenum(GL_NO_ERROR) {}
        var (w, h): (Int32, Int32) = (0, 0)
        SDL_GL_GetDrawableSize(win, &w, &h)
        guard w > 1, h > 1 else { return false }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glReadBuffer(GLenum(GL_BACK))
        for level in [3, 9, 5] as [UInt8] {
            let v = GLfloat(level) / 255
            glClearColor(v, v, v, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            SDL_GL_SwapWindow(win)
            // Two opposite corners.
            for (x, y) in [(0, 0), (w - 1, h - 1)] {
                var px = [UInt8](repeating: 0, count: 4)
                glReadPixels(x, y, 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &px)
                guard px[0] == level, px[1] == level, px[2] == level else { return false }
            }
        }
        return glGetError() == GLenum(GL_NO_ERROR)
    }

    /// The SDL video driver in use ("x11", "offscreen" …), for benchmark lines.
    public static var videoDriver: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none" }

    /// Window size in points.
    public var size: Size {
        let d = drawableSize
        return Size(Double(d.width) / scale, Double(d.height) / scale)
    }

    /// Converts window-system mouse units to points.
    public func points(x: Int32, y: Int32) -> Point2 {
        let k = platformScale / scale
        return Point2(Double(x) * k, Double(y) * k)
    }

    /// The pointer's shape over the window: the arrow, or a double arrow over what drags
    /// up and down or left and right (docs/behaviour.md §18: the pointer shows what it will drag).
    public enum PointerShape: String, Sendable { case arrow, vertical, horizontal }

    private var cursors: [PointerShape: OpaquePointer] = [:]

    /// Shows `shape` (a system cursor, made once); without a mouse (offscreen), nothing.
    public func setPointer(_ shape: PointerShape) {
        let system: SDL_SystemCursor = switch shape {
        case .arrow: SDL_SYSTEM_CURSOR_ARROW
        case .vertical: SDL_SYSTEM_CURSOR_SIZENS
        case .horizontal: SDL_SYSTEM_CURSOR_SIZEWE
        }
        if cursors[shape] == nil { cursors[shape] = SDL_CreateSystemCursor(system) }
        if let cursor = cursors[shape] { SDL_SetCursor(cursor) }
    }

    public func present() {
        if context != nil { SDL_GL_SwapWindow(window) }
    }

    /// Shows straight-alpha RGBA8 pixels through SDL_Renderer (software backend).
    public func presentSoftware(rgba: [UInt8], width: Int, height: Int) {
        guard let r = renderer else { return }
        if streaming == nil || streamingSize != (width, height) {
            if let t = streaming { SDL_DestroyTexture(t) }
            streaming = SDL_CreateTexture(r, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                          Int32(width), Int32(height))
            streamingSize = (width, height)
        }
        guard let t = streaming else { return }
        _ = rgba.withUnsafeBytes { SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(width * 4)) }
        SDL_RenderClear(r)
        SDL_RenderCopy(r, t, nil, nil)
        SDL_RenderPresent(r)
    }

    /// Grows the window back to `minimum` points if something (a window system without a
    /// window manager honours no size hints) made it smaller. Returns true if it did.
    public func enforceMinimum(_ minimum: Size) -> Bool {
        let s = size
        guard s.width < minimum.width - 0.5 || s.height < minimum.height - 0.5 else { return false }
        let units = windowUnits
        // Window units per point: pixels per unit is the platform scale, pixels per point
        // the platform scale × the user's.
        let w = max(Double(units.0), (minimum.width * userScale).rounded(.up))
        let h = max(Double(units.1), (minimum.height * userScale).rounded(.up))
        SDL_SetWindowSize(window, Int32(w), Int32(h))
        return true
    }

    /// SDL's window id, to match window events.
    public var id: UInt32 { SDL_GetWindowID(window) }
}

/// Seconds on a monotonic clock since the first call: the app's wall time.
public enum MonotonicClock {
    private static let frequency = Double(SDL_GetPerformanceFrequency())
    private static let start = SDL_GetPerformanceCounter()
    public static func now() -> Double {
        let origin = start  // initialise the origin before reading the counter
        return Double(SDL_GetPerformanceCounter() &- origin) / frequency
    }
}

/// The SDL library this process runs on (not the headers it was built with): for a bug
/// report's about.txt (docs/behaviour.md §17).
public enum SDLVersion {
    public static var linked: String {
        var v = SDL_version()
        SDL_GetVersion(&v)
        return "\(v.major).\(v.minor).\(v.patch)"
    }
}
