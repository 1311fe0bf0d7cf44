import Canvas
import Capture
import Files
import Foundation
import Inspector
import Platform
import Render
import Scenes
import Workbench

/// `springlab filmstrip`: a contact sheet of evenly spaced frames of a take, each with its
/// time (docs/behaviour.md §8) — by default the scene's signature motion: the Push Alert's presentation
/// drive (32 frames at 15 fps is its whole loop), the pile spreading, the presence rows
/// hiding, the neck stretching.
enum FilmstripCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scene", kind: .choice(SceneRegistry.names)),
        FlagSpec(name: "script", kind: .text(accepts: "a script name (see springlab help record)")),
        FlagSpec(name: "replay", kind: .text(accepts: "a replay file")),
        .number("frames", "a whole number of frames in [1, 400]", { $0 >= 1 && $0 <= 400 && $0 == $0.rounded() }),
        .number("fps", "frames a second in (0, 240]", { $0 > 0 && $0 <= 240 }),
        .number("columns", "a whole number of columns in [1, 64]", { $0 >= 1 && $0 <= 64 && $0 == $0.rounded() }),
        FlagSpec(name: "size", kind: .text(accepts: "WxH in points, each 16…8192, e.g. 420x300")),
        .number("scale", "a scale in [0.1, 4] (the sheet's pixels per point)", { $0 >= 0.1 && $0 <= 4 }),
        FlagSpec(name: "theme", kind: .choice(Theme.allCases.map(\.rawValue))),
        FlagSpec(name: "renderer", kind: .choice(["gl", "software"])),
        FlagSpec(name: "out", kind: .text(accepts: "a path ending in .png")),
    ]

    static func run(_ arguments: [String], environment: LaunchEnvironment, output: inout String, errors: inout String) throws {
        var a = try parseArguments(arguments, specs: specs, command: "filmstrip", maxPositional: 0)
        guard let out = a.words["out"], out.lowercased().hasSuffix(".png") else {
            throw UsageError("springlab filmstrip: --out accepts a path ending in .png")
        }
        // By default the scene's signature motion: its first script (the Push Alert's loop).
        if !a.has("replay"), !a.has("script"), let scene = a.words["scene"].flatMap({ SceneRegistry.scene(named: $0) }) {
            a.words["script"] = scene.scripted?.script("loop")?.name ?? scene.scripted?.scripts.first?.name
        }
        let frames = Int(a.numbers["frames"] ?? 32), fps = a.numbers["fps"] ?? 15, columns = Int(a.numbers["columns"] ?? 8)
        Interrupt.install()
        let file = try RenderCommand.openPNG(out, command: "filmstrip")
        let fonts = try RenderCommand.loadFonts(environment)
        let take = try RecordCommand.makeTake(a, measurer: fonts, output: &output)
        // The loop starts when its button is pressed: the strip starts there too.
        let start = a.words["script"] == "loop" ? 0.2 : 0
        var session = CaptureSession(app: take.app, lines: take.lines)
        var cells: [(list: DisplayList, label: String)] = []
        for i in 0..<frames {
            try Interrupt.check()
            let t = start + Double(i) / fps
            cells.append((session.frame(atWall: t, hashed: false).stage, String(format: "%.3f s", t - start)))
        }
        let dark = take.app.theme == .dark
        let scale = a.numbers["scale"] ?? 0.5
        let sheet = ContactSheet.compose(cells, cell: take.app.stage.size, columns: columns,
                                         background: dark ? Color(hex: 0x0B0B0C) : Color(hex: 0xE4E4E8),
                                         labelColor: dark ? Color(hex: 0xE6E6EA) : Color(hex: 0x3A3A3C), labelScale: 1 / scale)
        let w = Int((sheet.size.width * scale).rounded()), h = Int((sheet.size.height * scale).rounded())
        try checkImageSize(w, h, command: "filmstrip")
        let backend: Backend = a.words["renderer"] == "software" ? .software : .gl
        let headless = try RenderCommand.openHeadless(backend: backend, environment: environment, errors: &errors)
        let renderer = try StageRenderer(fonts: fonts, window: headless, options: environment.rendererOptions)
        try Interrupt.check()
        let pixels = try renderer.pixels(sheet.list, offset: .zero, width: w, height: h, scale: scale)
        try Interrupt.check()
        try RenderCommand.writePNG(pixels, width: w, height: h, to: file, command: "filmstrip")
        output += String(format: "wrote %@: %d frames every %.1f ms, %d columns, %dx%d\n", quotedPath(out), frames, 1000 / fps, columns, w, h)
    }
}
