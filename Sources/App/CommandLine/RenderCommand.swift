import Canvas
import Files
import Foundation
import Inspector
import Platform
import Render
import Scenes
import Workbench

/// `springlab render`: one still of a scene's stage, headless (docs/behaviour.md §8): the page centred
/// horizontally, its top at the image's top, through SDL's offscreen driver (EGL), so no
/// X server is needed.
enum RenderCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scene", kind: .choice(SceneRegistry.names)),
        .number("progress", "a number in [0, 1]", { $0 >= 0 && $0 <= 1 }),
        FlagSpec(name: "script", kind: .text(accepts: "a script name (see springlab help record)")),
        .number("time", "seconds in [0, 86400]", { $0 >= 0 && $0 <= 86_400 }),
        FlagSpec(name: "size", kind: .text(accepts: "WxH in points, each 16…8192, e.g. 420x300")),
        .number("scale", "a scale in [0.5, 4]", { $0 >= 0.5 && $0 <= 4 }),
        FlagSpec(name: "theme", kind: .choice(Theme.allCases.map(\.rawValue))),
        FlagSpec(name: "renderer", kind: .choice(["gl", "software"])),
        FlagSpec(name: "out", kind: .text(accepts: "a path ending in .png")),
    ]

    static func run(_ arguments: [String], environment: LaunchEnvironment, output: inout String, errors: inout String) throws {
        let a = try parseArguments(arguments, specs: specs, command: "render", maxPositional: 0)
        guard let sceneName = a.words["scene"], let scene = SceneRegistry.scene(named: sceneName) else {
            throw UsageError("springlab render: --scene is missing; accepts \(SceneRegistry.names.joined(separator: ", "))")
        }
        if a.has("time") && !a.has("script") { throw UsageError("springlab render: --time goes with --script NAME") }
        if a.has("script") && a.has("progress") { throw UsageError("springlab render: --progress and --script conflict; give one") }
        if let name = a.words["script"], scene.scripted?.script(name) == nil {
            throw UsageError("springlab render: --script for --scene \(sceneName) accepts "
                             + "\((scene.scripted?.scripts ?? []).map(\.name).joined(separator: ", ")), got \(quoted(name))")
        }
        guard a.has("progress") || a.has("script") else {
            throw UsageError("springlab render: --progress is missing; accepts a number in [0, 1] (or --script NAME --time T)")
        }
        guard let out = a.words["out"], out.lowercased().hasSuffix(".png") else {
            throw UsageError("springlab render: --out accepts a path ending in .png")
        }
        let size = try a.words["size"].map { try parseSize($0, flag: "size", command: "render") } ?? scene.defaultRenderSize
        let scale = a.numbers["scale"] ?? 1
        let theme = Theme(rawValue: a.words["theme"] ?? "light") ?? .light
        let backend: Backend = a.words["renderer"] == "software" ? .software : .gl
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        try checkImageSize(w, h, command: "render")

        let file = try openPNG(out, command: "render")
        let fonts = try loadFonts(environment)
        let headless = try openHeadless(backend: backend, environment: environment, errors: &errors)
        let renderer = try StageRenderer(fonts: fonts, window: headless, options: environment.rendererOptions)
        // The stage of a workbench whose stage is exactly this size: the page centred on it.
        var bench = Workbench(measurer: fonts, theme: theme, windowSize: RecordCommand.window(around: size))
        _ = bench.switchScene(named: sceneName, at: 0)
        let list: DisplayList
        if let name = a.words["script"], let script = scene.scripted?.script(name) {
            // The scripted take, T seconds in (as `record --out x.png --time T` shows it).
            var session = CaptureSession(app: bench, lines: CaptureScripts.lines(for: script, app: bench))
            list = session.frame(atWall: a.numbers["time"] ?? 0.15, hashed: false).stage
        } else {
            bench.mode = .posed(a.numbers["progress"] ?? 0)
            list = bench.stageList(atWall: 0)
        }
        let pixels = try renderer.pixels(list, offset: .zero, width: w, height: h, scale: scale)
        try writePNG(pixels, width: w, height: h, to: file, command: "render")
    }

    /// The output of a PNG-writing command, made (or refused: a folder, a device) before
    /// anything is drawn.
    static func openPNG(_ path: String, command: String) throws -> OutputFile {
        do { return try OutputFile(target: path) } catch { throw RuntimeError("springlab \(command): \(error)") }
    }

    /// Encodes and writes `pixels` to the output made by `openPNG`, whole or not at all.
    static func writePNG(_ pixels: [UInt8], width: Int, height: Int, to file: OutputFile, command: String) throws {
        do {
            try file.write(try PNG.encode(rgba: pixels, width: width, height: height))
            try file.commit()
        } catch {
            file.abandon()
            throw RuntimeError("springlab \(command): \(error)")
        }
    }

    /// A hidden window on SDL's offscreen driver: a real GL context over EGL, no X.
    static func openHeadless(backend: Backend, environment: LaunchEnvironment, errors: inout String, size: Size = Size(16, 16),
                             scale: Double = 1) throws -> Window {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        do {
            let window = try Window(title: "SpringLab", size: size, minimum: Size(1, 1), backend: backend,
                                    userScale: scale, hidden: true, environment: environment.window)
            if let note = window.fallbackNote { errors += "springlab: \(note); drawing with the software renderer\n" }
            return window
        } catch {
            throw RuntimeError("springlab: \(error)")
        }
    }

    /// The fonts, from the assets folder `environment` names or the default one.
    static func loadFonts(_ environment: LaunchEnvironment) throws -> FontLibrary {
        do { return try FontLibrary(directory: FontLibrary.defaultDirectory(assets: environment.assets)) } catch {
            throw RuntimeError("springlab: \(error)")
        }
    }
}

/// The largest image a command draws, a side: what GL's framebuffers take on llvmpipe,
/// and a 1 GB frame (16384² × 4 bytes) at most for the software renderer.
let maximumImageSide = 16_384

/// Refuses an image larger than `maximumImageSide` a side before anything is allocated.
func checkImageSize(_ w: Int, _ h: Int, command: String) throws {
    guard w <= maximumImageSide, h <= maximumImageSide else {
        throw UsageError("springlab \(command): the image would be \(w)x\(h) px, over \(maximumImageSide) a side; lower --size or --scale")
    }
}

/// Parses "WxH" into a size in points, each side 16…8192.
func parseSize(_ text: String, flag: String, command: String) throws(UsageError) -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...8192).contains(w), (16...8192).contains(h) else {
        throw UsageError("springlab \(command): --\(flag) accepts WxH with each side 16…8192, got \(quoted(text))")
    }
    return Size(Double(w), Double(h))
}
