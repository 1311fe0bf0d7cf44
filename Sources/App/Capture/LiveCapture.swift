import Capture
import Files
import Foundation
import Inspector
import Scenes
import Workbench

/// Live capture in the window (docs/behaviour.md §7): R starts a take and R again ends it, writing the
/// replay file and rendering it to MP4 at exactly 60 fps in a background `springlab
/// record` process — the window never waits, and a stutter in it never reaches the video.
/// S saves a screenshot. Files go to one folder, named by date and scene, never
/// overwriting anything.
final class LiveCapture {
    let folder: String
    private(set) var writer: ReplayWriter?
    /// Background renders, oldest first (a second take may end while the first renders).
    private var renders: [Render] = []
    private struct Render {
        var process: Process
        var video: String
        /// What the badge names when it is done: the video, or the bundle it belongs to.
        var label: String
        var output: LockedBuffer
        var errors: LockedBuffer
        var pipes: [Pipe]
        /// Bytes of `output` already parsed.
        var parsed = 0
        var progress = 0.0
        /// Frames written and to write, from the renderer's progress lines.
        var frames = (done: 0, total: 0)
    }
    /// What the window shows about capture, and until when (wall seconds) a message stays.
    private(set) var message: (text: String, until: Double)?
    /// The window's wall time at the last poll (for deadlines set between polls).
    private var lastNow = 0.0
    /// File managers started by Open folder, reaped once they exit.
    private var opened: [Process] = []

    /// What the process's environment said at launch: where ffmpeg and xdg-open are, and
    /// what a render started here inherits.
    private let environment: LaunchEnvironment

    init(folder: String, environment: LaunchEnvironment) {
        self.folder = folder
        self.environment = environment
    }

    /// ~/Videos/SpringLab under `home` (the user's home folder when nil).
    static func defaultFolder(home: String?) -> String {
        (home ?? NSHomeDirectory()) + "/Videos/SpringLab"
    }

    var isRecording: Bool { writer != nil }
    var isRendering: Bool { !renders.isEmpty }

    /// A path in the folder for `scene` with `ext`, by date, never an existing file's.
    func freshPath(scene: String, name: String = "", ext: String, date: Date = Date()) throws(CaptureError) -> String {
        let base = try datedBase(scene: scene, name: name, date: date)
        var n = 1
        while true {
            let candidate = n == 1 ? base : "\(base) \(n)"
            // (A PNG sequence is the folder of the replay's name.)
            let taken = FileManager.default.fileExists(atPath: candidate)
                || ["slreplay", "mp4", "gif", "png", "preset.json"].contains { FileManager.default.fileExists(atPath: "\(candidate).\($0)") }
            if !taken { return "\(candidate).\(ext)" }
            n += 1
        }
    }

    func start(settings: String, scene: String, name: String) throws(CaptureError) -> String {
        let path = try freshPath(scene: scene, name: name, ext: "slreplay")
        writer = try ReplayWriter(path: path, settings: settings)
        return path
    }

    /// Appends a line to the take; returns why the take stopped if this line could not be
    /// written (a full disk mid-take: recording stops, the app runs on, the replay keeps
    /// every whole line before it).
    @discardableResult
    func append(_ line: ReplayFile.Line) -> String? {
        guard let writer else { return nil }
        do { try writer.append(line) } catch {
            writer.close()
            self.writer = nil
            message = ("Recording stopped: \(error)", lastNow + 30)
            return "recording stopped: \(error)"
        }
        return nil
    }

    /// Ends the take without rendering it (the app was stopped): the replay is kept whole.
    func endTake(at wall: Double) {
        guard let writer else { return }
        append(.end(wall: wall))
        writer.close()
        self.writer = nil
    }

    /// Ends the take and starts rendering it; returns the replay's path, and why the
    /// video cannot be made if it cannot (the replay is kept either way).
    func stop(at wall: Double, now: Double, options: CaptureOptions) -> (replay: String, failure: String?)? {
        guard let writer else { return nil }
        append(.end(wall: wall))
        writer.close()
        self.writer = nil
        let replay = writer.path
        return (replay, startRender(replay: replay, video: options.output(forReplay: replay), options: options, now: now))
    }

    /// A path in the folder for a folder named by date, `scene` and `suffix`, never an
    /// existing one's (a flight recorder's bundle: "2026-12-05 14-03-11 liquid last-30s").
    func freshFolder(scene: String, name: String = "", suffix: String, date: Date = Date()) throws(CaptureError) -> String {
        let base = try datedBase(scene: scene, name: name, date: date) + " " + suffix
        var n = 1
        while FileManager.default.fileExists(atPath: n == 1 ? base : "\(base) \(n)") { n += 1 }
        return n == 1 ? base : "\(base) \(n)"
    }

    /// "FOLDER/2026-12-05 14-03-11 SCENE NAME", the captures folder made first if missing.
    /// `name` is the panel's, already sanitised (`CaptureOptions.sanitisedName`): checked
    /// again here, so no name ever makes a path.
    private func datedBase(scene: String, name: String, date: Date) throws(CaptureError) -> String {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw CaptureError("cannot create the captures folder \(folder): \(error.localizedDescription)")
        }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd HH-mm-ss"
        let named = CaptureOptions.sanitisedName(name)
        return "\(folder)/\(f.string(from: date)) \(scene)" + (named.isEmpty ? "" : " " + named)
    }

    /// Renders a saved replay into `video` in the background, as a take's is; the badge
    /// names `label` when it is done.
    func render(replay: String, video: String, label: String, options: CaptureOptions, now: Double) -> String? {
        startRender(replay: replay, video: video, label: label, options: options, now: now)
    }

    private func startRender(replay: String, video: String, label: String? = nil, options: CaptureOptions, now: Double) -> String? {
        guard FFmpeg.locate(in: environment.searchPath) != nil || options.format == .png else {
            message = ("Saved the take (\((replay as NSString).lastPathComponent)); " + FFmpeg.installHint, now + 8)
            return FFmpeg.installHint
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.executable)
        p.arguments = ["record", "--replay", replay] + options.recordArguments + ["--progress", "--out", video]
        var env = environment.variables
        env["SDL_VIDEODRIVER"] = "offscreen"
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let output = LockedBuffer(), errors = LockedBuffer()
        out.fileHandleForReading.readabilityHandler = { h in output.append(h.availableData) }
        err.fileHandleForReading.readabilityHandler = { h in errors.append(h.availableData) }
        do { try p.run() } catch {
            message = ("Capture failed: cannot start the renderer (\(error.localizedDescription))", now + 8)
            return "cannot start the renderer: \(error.localizedDescription)"
        }
        renders.append(Render(process: p, video: video, label: label ?? Self.name(of: video), output: output, errors: errors,
                              pipes: [out, err]))
        return nil
    }

    /// This program, for the background render.
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The oldest running render's frames written and to write (0 of 0 before its first).
    var renderFrames: (done: Int, total: Int)? { renders.first?.frames }

    /// Stops every background render (the badge's ×): each `springlab record` is asked to
    /// stop, removes its temporaries and writes nothing (docs/behaviour.md §13); waited for, so nothing
    /// is left behind when this returns. Returns the outputs that will not be made.
    func cancelRenders(now: Double) -> [String] {
        for r in renders where r.process.isRunning { r.process.terminate() }
        let cancelled = renders.map(\.video)
        for r in renders {
            r.process.waitUntilExit()
            close(r)
        }
        renders.removeAll()
        message = ("Cancelled \(cancelled.map(Self.name).joined(separator: ", ")): nothing was written", now + 6)
        return cancelled
    }

    /// Checks on the background renders: the oldest's progress in 0…1 while one runs;
    /// a render that ended, with a message and whether it succeeded (each once).
    func poll(now: Double) -> (progress: Double?, finished: (ok: Bool, path: String, verified: String)?) {
        lastNow = now
        guard !renders.isEmpty else { return (nil, nil) }
        for i in renders.indices { readProgress(&renders[i]) }
        if let i = renders.firstIndex(where: { !$0.process.isRunning }) {
            let r = renders.remove(at: i)
            close(r)
            let ok = r.process.terminationStatus == 0
            let verified = String(decoding: r.output.data, as: UTF8.self).split(separator: "\n")
                .first { $0.hasPrefix("replay verified") }.map(String.init) ?? ""
            if ok {
                message = ("Saved \(r.label)  ·  click to open the folder", now + 8)
            } else {
                let why = String(decoding: r.errors.data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "unknown error"
                message = ("Capture failed: \(why)", now + 10)
            }
            return (renders.first?.progress, (ok, r.video, verified))
        }
        return (renders.first?.progress, nil)
    }

    /// Parses only the progress lines that arrived since the last look (a long take
    /// writes tens of thousands), and only whole lines.
    private func readProgress(_ r: inout Render) {
        let data = r.output.data
        guard data.count > r.parsed else { return }
        let fresh = data[r.parsed...]
        guard let end = fresh.lastIndex(of: UInt8(ascii: "\n")) else { return }
        r.parsed = end + 1
        let text = String(decoding: data[fresh.startIndex...end], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("progress ") {
            let f = line.split(separator: " ")
            if f.count >= 3, let done = Double(f[1]), let total = Double(f[2]), total > 0 {
                r.progress = done / total
                r.frames = (Int(done), Int(total))
            }
        }
    }

    private func close(_ r: Render) {
        for p in r.pipes {
            p.fileHandleForReading.readabilityHandler = nil
            try? p.fileHandleForReading.close()
        }
    }

    /// The window's clock restarted `delta` seconds later (a new take): keep deadlines.
    func rebase(by delta: Double) {
        if let m = message { message = (m.text, m.until - delta) }
        lastNow -= delta
    }

    func note(_ text: String, until: Double) { message = (text, until) }

    /// A capture's file name as the badge shows it (a PNG sequence is its folder, NAME/).
    static func name(of path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return (trimmed as NSString).lastPathComponent + (path.hasSuffix("/") ? "/" : "")
    }

    /// Opens the captures folder in the desktop's file manager (`xdg-open`), creating it
    /// first; returns why it could not.
    func openFolder() -> String? {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            return "cannot create the captures folder \(folder): \(error.localizedDescription)"
        }
        guard let path = environment.searchPath.locate("xdg-open") else { return "xdg-open is not installed: the captures are in \(folder)" }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = [folder]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return "cannot run xdg-open: \(error.localizedDescription)" }
        opened.append(p)
        opened.removeAll { !$0.isRunning }
        return nil
    }

    /// Waits for the renders still running (the app is quitting: the videos should finish).
    func finishPending() {
        for r in renders {
            r.process.waitUntilExit()
            close(r)
        }
        renders.removeAll()
    }

    /// Stops the renders still running (the user stopped the app with Ctrl+C or SIGTERM):
    /// each `springlab record` removes its temporaries and exits 143; waited for, so no
    /// process outlives the window.
    func stopPending() {
        for r in renders where r.process.isRunning { r.process.terminate() }
        for r in renders {
            r.process.waitUntilExit()
            close(r)
        }
        renders.removeAll()
    }
}
