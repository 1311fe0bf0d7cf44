import Canvas
import Files
import Foundation
import Platform
import Render
import Scenes

/// `springlab render`: one still of a scene's stage, headless (SPEC §8): the page centred
/// horizontally, its top at the image's top, through SDL's offscreen driver (EGL), so no
/// X server is needed.
enum RenderCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scene", kind: .choice(PushAlertApp.SceneKind.allCases.map(\.rawValue))),
        .number("progress", "a number in [0, 1]", { $0 >= 0 && $0 <= 1 }),
        FlagSpec(name: "script", kind: .choice(liquidScripts + presenceScripts)),
        .number("time", "seconds in [0, 86400]", { $0 >= 0 && $0 <= 86_400 }),
        FlagSpec(name: "size", kind: .text(accepts: "WxH in points, each 16…8192, e.g. 420x300")),
        .number("scale", "a scale in [0.5, 4]", { $0 >= 0.5 && $0 <= 4 }),
        FlagSpec(name: "theme", kind: .choice(Theme.allCases.map(\.rawValue))),
        FlagSpec(name: "renderer", kind: .choice(["gl", "software"])),
        FlagSpec(name: "out", kind: .text(accepts: "a path ending in .png")),
    ]

    static let liquidScripts = ["spread", "gather", "swipe-left", "clear-all", "arrival"]
    static let presenceScripts = ["hide", "show", "next"]

    static func run(_ arguments: [String], output: inout String, errors: inout String) throws {
        let a = try parseArguments(arguments, specs: specs, command: "render", maxPositional: 0)
        guard let sceneName = a.words["scene"], let scene = PushAlertApp.SceneKind(rawValue: sceneName) else {
            throw UsageError("springlab render: --scene is missing; accepts \(PushAlertApp.SceneKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if (a.has("script") || a.has("time")) && scene != .liquid && scene != .presence {
            throw UsageError("springlab render: --script/--time poses exist for --scene liquid and presence; use --progress P")
        }
        if let script = a.words["script"] {
            let allowed = scene == .liquid ? liquidScripts : presenceScripts
            guard allowed.contains(script) else {
                throw UsageError("springlab render: --script for --scene \(scene.rawValue) accepts \(allowed.joined(separator: ", ")), got \(quoted(script))")
            }
        }
        let progress = a.numbers["progress"] ?? 0.45
        if scene == .pushAlert && !a.has("progress") {
            throw UsageError("springlab render: --progress is missing; accepts a number in [0, 1]")
        }
        guard let out = a.words["out"], out.lowercased().hasSuffix(".png") else {
            throw UsageError("springlab render: --out accepts a path ending in .png")
        }
        let defaultSize: String
        switch scene {
        case .neck: defaultSize = "560x360"
        case .liquid: defaultSize = "420x640"
        case .presence: defaultSize = "780x600"
        case .pushAlert: defaultSize = "420x300"
        }
        let size = try parseSize(a.words["size"] ?? defaultSize, flag: "size", command: "render")
        let scale = a.numbers["scale"] ?? 1
        let theme = Theme(rawValue: a.words["theme"] ?? "light") ?? .light
        let backend: Backend = a.words["renderer"] == "software" ? .software : .gl

        let file = try openPNG(out, command: "render")
        let fonts = try loadFonts()
        let headless = try openHeadless(backend: backend, errors: &errors)
        let renderer = try StageRenderer(fonts: fonts, window: headless)
        let list: DisplayList
        let pageWidth: Double
        if scene == .neck {
            list = NeckSandbox().draw(theme: theme, measurer: fonts)
            pageWidth = NeckSandbox.pageWidth
        } else if scene == .presence {
            let pose = presencePose(script: a.words["script"], time: a.numbers["time"] ?? 0.15, measurer: fonts)
            list = pose.scene.draw(at: pose.time, theme: theme)
            pageWidth = PresenceScene.pageWidth
        } else if scene == .liquid {
            list = pilePose(script: a.words["script"], time: a.numbers["time"] ?? 0.15, measurer: fonts, theme: theme,
                            height: size.height)
            pageWidth = LiquidPile.pageWidth
        } else {
            let alert = PushAlert(settings: PushAlertSettings(), measurer: fonts)
            list = alert.draw(alert.drivePose(progress: progress), theme: theme, pageHeight: size.height)
            pageWidth = PushAlert.pageWidth
        }
        let offset = Point2(((size.width - pageWidth) / 2).rounded(), 0)
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        try checkImageSize(w, h, command: "render")
        let pixels = try renderer.pixels(list, offset: offset, width: w, height: h, scale: scale)
        try writePNG(pixels, width: w, height: h, to: file, command: "render")
    }

    /// The presence page posed by a script at `time` seconds into it: `hide` from shown,
    /// `show` from fully hidden, `next` from the first values to the second.
    static func presencePose(script: String?, time: Double, measurer: FontLibrary) -> (scene: PresenceScene, time: Double) {
        var scene = PresenceScene(measurer: measurer)
        var t = time
        switch script {
        case "hide": _ = scene.toggleTapped(at: 0)
        case "show":
            _ = scene.toggleTapped(at: 0)
            _ = scene.update(to: 2)
            _ = scene.toggleTapped(at: 2)
            t += 2
        case "next": _ = scene.nextTapped(at: 0)
        default: t = 0
        }
        _ = scene.update(to: t)
        return (scene, t)
    }

    /// The pile posed by a script at `time` seconds into it (resting, collapsed, without one).
    static func pilePose(script: String?, time: Double, measurer: FontLibrary, theme: Theme, height: Double) -> DisplayList {
        var pile = LiquidPile(measurer: measurer)
        var t = time
        switch script {
        case "spread":
            _ = pile.spread(at: 0)
        case "gather":
            _ = pile.spread(at: 0)
            _ = pile.update(to: 1.5)
            _ = pile.gather(at: 1.5)
            t += 1.5
        case "swipe-left":
            _ = pile.spread(at: 0)
            _ = pile.update(to: 1.5)
            let y = pile.cardFrame(1, at: 1.5).midY
            _ = pile.handle(.pointerDown(Point2(300, y), time: 1.5, shift: false))
            for k in 1...6 { _ = pile.handle(.pointerMoved(Point2(300 - 24 * Double(k), y), time: 1.5 + 0.016 * Double(k))) }
            _ = pile.handle(.pointerUp(Point2(156, y), time: 1.5 + 0.1))
            t += 1.6
        case "clear-all":
            _ = pile.spread(at: 0)
            _ = pile.update(to: 1.5)
            let close = pile.bubbles.first { $0.id == "clear" }.map { pile.bubbleFrame($0, at: 1.5).center } ?? .zero
            for k in 0..<2 {  // arm, then clear
                let at = 1.5 + 0.6 * Double(k)
                _ = pile.update(to: at)
                let c = pile.bubbles.first { $0.id == "clear" }.map { pile.bubbleFrame($0, at: at).center } ?? close
                _ = pile.handle(.pointerDown(c, time: at, shift: false))
                _ = pile.handle(.pointerUp(c, time: at + 0.05))
            }
            t += 1.5
        case "arrival":
            _ = pile.addSampleNotice(at: 0)
        default:
            t = 0
        }
        _ = pile.update(to: t)
        return pile.draw(at: t, theme: theme, pageHeight: height)
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
    static func openHeadless(backend: Backend, errors: inout String) throws -> Window {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        do {
            let window = try Window(title: "SpringLab", size: Size(16, 16), minimum: Size(1, 1), backend: backend,
                                    userScale: 1, hidden: true)
            if let note = window.fallbackNote { errors += "springlab: \(note); drawing with the software renderer\n" }
            return window
        } catch {
            throw RuntimeError("springlab: \(error)")
        }
    }

    static func loadFonts() throws -> FontLibrary {
        do { return try FontLibrary(directory: FontLibrary.defaultDirectory()) } catch {
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
