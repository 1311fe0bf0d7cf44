import Canvas
import Capture
import Files
import Foundation
import Inspector
import Platform
import Render
import Scenes
import Workbench

/// `springlab record`: a take rendered offline (docs/behaviour.md §7, §8) — frame i drawn at exactly
/// i / fps, headless, the same bytes every run — to MP4, GIF, a folder of PNGs or one PNG.
/// The take is a script by name or a replay file; a replay's frame hashes are checked
/// first, so what is rendered is provably the session that was recorded.
enum RecordCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "scene", kind: .choice(SceneRegistry.names)),
        FlagSpec(name: "script", kind: .text(accepts: "a script name (see springlab help record)")),
        FlagSpec(name: "replay", kind: .text(accepts: "a replay file")),
        .number("fps", "frames a second in [1, 240] (GIF: 50, 33 or 25)", { $0 >= 1 && $0 <= 240 }),
        FlagSpec(name: "size", kind: .text(accepts: "WxH in points, each 16…8192, e.g. 420x300")),
        .number("scale", "a scale in [0.5, 4]", { $0 >= 0.5 && $0 <= 4 }),
        FlagSpec(name: "theme", kind: .choice(Theme.allCases.map(\.rawValue))),
        .number("duration", "seconds in (0, 600]", { $0 > 0 && $0 <= 600 }),
        .number("time", "seconds in [0, 86400] (the frame a .png output shows)", { $0 >= 0 && $0 <= 86_400 }),
        FlagSpec(name: "transparent", kind: .toggle),
        FlagSpec(name: "window", kind: .toggle),
        FlagSpec(name: "pointer", kind: .toggle),
        FlagSpec(name: "save-replay", kind: .text(accepts: "a path for the take's replay file")),
        FlagSpec(name: "progress", kind: .toggle),
        .number("from", "seconds in [0, 86400] from the take's first rendered frame", { $0 >= 0 && $0 <= 86_400 }),
        .number("to", "seconds in (0, 86400] from the take's first rendered frame", { $0 > 0 && $0 <= 86_400 }),
        FlagSpec(name: "renderer", kind: .choice(["gl", "software"])),
        FlagSpec(name: "out", kind: .text(accepts: "FILE.mp4, FILE.gif, FILE.png or a folder DIR/")),
    ]

    /// A window whose stage is exactly `stage` (the inspector and the bar around it).
    static func window(around stage: Size) -> Size {
        Size(stage.width + Workbench.inspectorWidth, stage.height + Workbench.barHeight)
    }

    struct Take {
        var app: Workbench
        var lines: [ReplayFile.Line]
        var duration: Double
        var scale: Double
        /// Where rendering starts, wall seconds (a flight recorder's replay: its span line).
        var spanStart = 0.0
    }

    /// The part of a take to render, seconds from its first rendered frame (docs/behaviour.md §17).
    struct Span: Equatable {
        var from: Double?
        var to: Double?
    }

    static func run(_ arguments: [String], environment: LaunchEnvironment, output: inout String, errors: inout String) throws {
        let a = try parseArguments(arguments, specs: specs, command: "record", maxPositional: 0)
        // A reader that goes away (the window quitting) must give write errors, not end us.
        signal(SIGPIPE, SIG_IGN)
        Interrupt.install()
        guard let out = a.words["out"] else { throw UsageError("springlab record: --out is missing; accepts FILE.mp4, FILE.gif, FILE.png or DIR/") }
        guard let kind = OutputKind.of(out, transparent: a.has("transparent")) else {
            throw UsageError("springlab record: --out accepts FILE.mp4, FILE.gif, FILE.png or a folder DIR/, got \(quoted(out))")
        }
        if let replay = a.words["save-replay"], samePath(replay, out) {
            throw UsageError("springlab record: --save-replay and --out name the same file; give the replay its own path")
        }
        if a.has("transparent"), kind != .folder(transparent: true) {
            throw UsageError("springlab record: --transparent applies to a folder of PNGs (DIR/)")
        }
        var fps = a.numbers["fps"] ?? (kind == .gif ? 25 : 60)
        if kind == .gif {
            guard let exact = OutputKind.gifRates[Int(fps)], fps == fps.rounded() else {
                throw UsageError("springlab record: --fps for a GIF accepts 50, 33 or 25 (GIF delays are centiseconds)")
            }
            fps = exact
        }
        let span = Span(from: a.numbers["from"], to: a.numbers["to"])
        if let from = span.from, let to = span.to, !(to > from) {
            throw UsageError("springlab record: --to (\(ReplayFile.short(to)) s) must come after --from (\(ReplayFile.short(from)) s)")
        }
        if span != Span(), a.has("save-replay") {
            throw UsageError("springlab record: --save-replay writes a whole take; a span of a replay is that replay with --from and --to")
        }
        if kind == .png, span != Span() { throw UsageError("springlab record: --from and --to pick frames of a video or folder; a .png takes --time") }
        let fonts = try RenderCommand.loadFonts(environment)
        var take = try makeTake(a, measurer: fonts, output: &output)
        if let d = a.numbers["duration"] { take.duration = take.spanStart + d }
        let length = take.duration - take.spanStart
        if let from = span.from, from >= length - 1e-9 {
            throw RuntimeError("springlab record: --from \(ReplayFile.short(from)) s is past the take's end: it renders \(seconds(length))")
        }
        if let to = span.to, to > length + 1 / fps + 1e-9 {
            throw RuntimeError("springlab record: --to \(ReplayFile.short(to)) s is past the take's end: it renders \(seconds(length))")
        }
        let backend: Backend = a.words["renderer"] == "software" ? .software : .gl
        let headless = try RenderCommand.openHeadless(backend: backend, environment: environment, errors: &errors)
        let renderer = try StageRenderer(fonts: fonts, window: headless, options: environment.rendererOptions)
        let area = Area(window: a.has("window"), pointer: a.has("pointer"))
        try render(take, kind: kind, out: out, fps: fps, time: a.numbers["time"], saveReplay: a.words["save-replay"],
                   progress: a.has("progress"), renderer: renderer, area: area, span: span, searchPath: environment.searchPath,
                   output: &output)
    }

    /// The app and lines of the take: a script run on a fresh app at --size, or a replay.
    static func makeTake(_ a: ParsedArguments, measurer: FontLibrary, output: inout String) throws -> Take {
        if let path = a.words["replay"] {
            guard !a.has("script") else { throw UsageError("springlab record: --script and --replay conflict; give one") }
            let (file, settings) = try SessionSettings.loadReplay(path, command: "record")
            let app: Workbench
            do { app = try settings.makeApp(measurer: measurer, replay: file, path: path) } catch { throw RuntimeError("springlab record: \(quotedPath(path)): \(error)") }
            if let scene = a.words["scene"], scene != settings.scene {
                throw UsageError("springlab record: --scene \(scene) but the replay is of \(quoted(settings.scene))")
            }
            let check = CaptureSession.verify(file, app: app)
            try Interrupt.check()
            if check.total > 0 {
                guard check.matched == check.total else {
                    throw RuntimeError("springlab record: \(quotedPath(path)): replay diverged — \(check.matched)/\(check.total) frame hashes match, "
                                       + "the first differs at " + seconds(check.firstMismatch ?? 0))
                }
                output += "replay verified: \(check.matched)/\(check.total) frame hashes match\n"
            }
            return Take(app: app, lines: file.lines, duration: max(file.duration, file.spanStart + 1.0 / 60),
                        scale: a.numbers["scale"] ?? settings.scale, spanStart: file.spanStart)
        }
        guard let sceneName = a.words["scene"], let scene = SceneRegistry.scene(named: sceneName) else {
            throw UsageError("springlab record: --scene is missing; accepts \(SceneRegistry.names.joined(separator: ", "))")
        }
        let names = (scene.scripted?.scripts ?? []).map(\.name)
        guard let name = a.words["script"] else {
            throw UsageError("springlab record: --script or --replay is missing; scripts for \(sceneName): \(names.joined(separator: ", "))")
        }
        guard let script = scene.scripted?.script(name) else {
            throw UsageError("springlab record: --script for --scene \(sceneName) accepts \(names.joined(separator: ", ")), got \(quoted(name))")
        }
        let stage = try a.words["size"].map { try parseSize($0, flag: "size", command: "record") } ?? scene.defaultRenderSize
        var app = Workbench(measurer: measurer, theme: Theme(rawValue: a.words["theme"] ?? "light") ?? .light,
                            windowSize: window(around: stage), wall: 0)
        _ = app.switchScene(named: sceneName, at: 0)
        return Take(app: app, lines: CaptureScripts.lines(for: script, app: app), duration: script.duration,
                    scale: a.numbers["scale"] ?? 1)
    }

    /// Renders the take: every frame at exactly i / fps through the sink the path asks for.
    /// What a take's frames show (docs/behaviour.md §14): the stage or the whole window, with or without
    /// the pointer drawn from the take's own events.
    struct Area {
        var window = false
        var pointer = false
    }

    static func render(_ take: Take, kind: OutputKind, out: String, fps: Double, time: Double?, saveReplay: String?, progress: Bool,
                       renderer: StageRenderer, area: Area = Area(), span: Span = Span(), searchPath: SearchPath,
                       output: inout String) throws {
        // The largest stage (or window) the take has (a window widened mid-take keeps the
        // page whole; a smaller one draws into the corner, the rest its background).
        let chrome = area.window ? Size(0, 0) : Size(Workbench.inspectorWidth, Workbench.barHeight)
        var stage = area.window ? take.app.windowSize : take.app.stage.size
        for case .resize(let size, _) in take.lines {
            stage = Size(max(stage.width, size.width - chrome.width), max(stage.height, size.height - chrome.height))
        }
        let overlay = area.pointer ? PointerOverlay(inputs: take.lines.compactMap { if case .input(let e) = $0 { e } else { nil } }) : nil
        var w = Int((stage.width * take.scale).rounded()), h = Int((stage.height * take.scale).rounded())
        if kind == .mp4 { w -= w % 2; h -= h % 2 }  // yuv420p halves both sides
        guard w >= 2, h >= 2 else { throw RuntimeError("springlab record: the stage is empty at this size") }
        try checkImageSize(w, h, command: "record")
        // The whole render's frames are j / fps from the span's start; a span keeps frames
        // round(from · fps) … round(to · fps) − 1 of them, the earlier ones stepped but not drawn.
        let whole = max(1, Int(((take.duration - take.spanStart) * fps - 1e-9).rounded(.up)))
        let first = span.from.map { min(Int(($0 * fps).rounded()), whole - 1) } ?? 0
        let last = span.to.map { min(max(Int(($0 * fps).rounded()), first + 1), whole) } ?? whole
        let count = kind == .png ? 1 : last - first
        // Every output is made (and refused) before the first frame is drawn, and each
        // moves into place only when all of them are whole (docs/behaviour.md §13).
        let sink: FrameSink
        let replayFile: OutputFile?
        // Video frames are read back a frame late (overlapping the next draw), in the row
        // order the renderer reads cheapest; the encoder is told which.
        let reader: (any VideoReadBack)?
        do {
            // An MP4's frames come converted for the encoder (only what each repainted).
            switch kind {
            case .mp4, .gif:
                let video = kind == .mp4
                    ? try renderer.renderer.makeEncoderReadBack(width: w, height: h, depth: RecordFrames.readBackDepth)
                    : try renderer.renderer.makeVideoReadBack(width: w, height: h, depth: RecordFrames.readBackDepth)
                reader = video
                sink = try FFmpegSink(path: out, kind: kind, width: w, height: h, fps: fps, frames: video.format, searchPath: searchPath)
            case .folder:
                reader = nil
                sink = try PNGFolderSink(path: out, width: w, height: h)
            case .png:
                reader = nil
                sink = try PNGFileSink(path: out, width: w, height: h)
            }
        } catch { throw RuntimeError("springlab record: \(error)") }
        do {
            replayFile = try saveReplay.map {
                try OutputFile(target: $0, mayReplace: ReplayFile.looksLikeReplay, kindName: "a SpringLab replay")
            }
        } catch {
            sink.abandon()
            throw RuntimeError("springlab record: --save-replay: \(error)")
        }
        var replay = replayFile.map { _ in ReplayFile(settings: SessionSettings(app: take.app, scale: take.scale).json, lines: []) }
        var session = CaptureSession(app: take.app, lines: take.lines)
        // Before the first frame drawn: the take lived through at the same steps — the
        // prelude before its span at 60 a second, then the whole render's own frames.
        if kind != .png {
            var t = 0.0
            while t < take.spanStart - 1e-9 {
                try Interrupt.check()
                _ = session.frame(atWall: t, hashed: false)
                t += 1.0 / 60
            }
            for j in 0..<first {
                if j % 64 == 0 { try Interrupt.check() }
                _ = session.frame(atWall: take.spanStart + Double(j) / fps, hashed: false)
            }
        }
        let transparent = kind == .folder(transparent: true)
        let started = MonotonicClock.now()
        do {
            let frames = RecordFrames(renderer: renderer, frame: RenderFrame(width: w, height: h, scale: take.scale), sink: sink,
                                      videoReader: reader)
            for i in 0..<count {
                try Interrupt.check()
                let t = kind == .png ? take.spanStart + (time ?? (take.duration - take.spanStart)) : take.spanStart + Double(first + i) / fps
                var (list, hash, applied) = session.frame(atWall: t, hashed: replay != nil, window: area.window)
                replay?.lines += applied + [.frame(wall: t, hash: hash)]
                overlay?.draw(at: t, into: &list)
                if transparent { list.background = Color(r: 0, g: 0, b: 0, a: 0) }
                try frames.add(list)
                // A window that quit closed the pipe: progress is a courtesy, the video goes on.
                if progress { try? FileHandle.standardOutput.write(contentsOf: Data("progress \(i + 1) \(count)\n".utf8)) }
            }
            try frames.finish()
            if let replayFile, var replay {
                replay.lines.append(.end(wall: take.duration))
                try replayFile.write(replay.text)
                try replayFile.finish()
            }
            try Interrupt.check()
            try sink.finish()
            try replayFile?.commit()
        } catch {
            sink.abandon()
            replayFile?.abandon()
            if error is Interrupted { throw error }
            throw RuntimeError("springlab record: \(error)")
        }
        let seconds = MonotonicClock.now() - started
        let real = Double(count) / fps
        output += String(format: "wrote %@: %d frame%@ at %g fps, %dx%d, in %.2f s (%.2f× real time)\n", quotedPath(out), count,
                         count == 1 ? "" : "s", fps, w, h, seconds, seconds > 0 ? real / seconds : 0)
    }
}

/// Seconds for a message: 4 decimals, never a 300-digit number (times are at most 24 h
/// once read, but a message must not depend on that).
func seconds(_ t: Double) -> String { abs(t) < 1e6 ? String(format: "%.4f s", t) : String(format: "%.4g s", t) }

/// Whether two paths name the same file: compared with `.`/`..` and links resolved.
func samePath(_ a: String, _ b: String) -> Bool {
    func canonical(_ p: String) -> String {
        let url = URL(fileURLWithPath: p).standardizedFileURL
        let parent = url.deletingLastPathComponent().resolvingSymlinksInPath()
        return parent.appendingPathComponent(url.lastPathComponent).path
    }
    return canonical(a) == canonical(b)
}
