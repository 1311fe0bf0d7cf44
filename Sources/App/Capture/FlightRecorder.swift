import Capture
import Files
import Foundation
import Platform
import Render
import Scenes
import Workbench

/// F9 (docs/behaviour.md §17): the last seconds of the session saved after the fact, as one bundle
/// folder in the captures folder — its replay (the whole session up to now, rendering
/// from the span's start), the trace of the span, and an about.txt for a bug report, with
/// the capture rendered from the replay in the background like a take's.
extension AppRunner {
    /// The bundle's files, by name.
    static let bundleFiles = (replay: "replay.slreplay", trace: "trace.jsonl", about: "about.txt", preset: "settings.preset.json")

    func saveLast(seconds: Double = 30) {
        let at = wall
        let t = app.sceneTime(atWall: at)
        do {
            guard replay == nil else { throw RuntimeError("a replay is playing: its session is not this window's") }
            guard let file = sessionLog.replay(lastSeconds: seconds, endingAt: at) else {
                throw RuntimeError("the session has not started yet")
            }
            let label = "last-\(Int(seconds))s"
            let target = try capture.freshFolder(scene: app.sceneName, name: app.capture.name, suffix: label)
            // Written beside and renamed whole (docs/behaviour.md §13): a full disk leaves no half bundle.
            let bundle = try OutputFolder(target: target)
            do {
                try bundle.write(Array(file.text.utf8), name: Self.bundleFiles.replay)
                try bundle.write(Array(sessionLog.trace(lastSeconds: seconds, endingAt: at).utf8), name: Self.bundleFiles.trace)
                let preset = Preset(app: app).json
                try bundle.write(Array(preset.utf8), name: Self.bundleFiles.preset)
                try bundle.write(Array(about(seconds: seconds, preset: preset).utf8), name: Self.bundleFiles.about)
                try bundle.commit()
            } catch {
                bundle.abandon()
                throw error
            }
            let name = (target as NSString).lastPathComponent
            let replayPath = target + "/" + Self.bundleFiles.replay
            let video = app.capture.output(forReplay: replayPath).replacingOccurrences(of: "/replay.", with: "/capture.")
                .replacingOccurrences(of: "/replay/", with: "/capture/")
            let failure = capture.render(replay: replayPath, video: video, label: name + "/", options: app.capture, now: at)
            if failure == nil { capture.note("Saving \(name) …", until: at + 3) }
            emit([SceneEvent(.bundleSaved, time: t, [("path", .string(target)), ("seconds", .number(seconds)),
                                                     ("capture", .string(video)), ("lines", .number(Double(file.lines.count)))])])
            if let failure { emit([SceneEvent(.captureFailed, time: t, [("error", .string(failure))])]) }
        } catch {
            let why = (error as? RuntimeError)?.message ?? "\(error)"
            capture.note("Cannot save the last \(Int(seconds)) s: \(why)", until: at + 8)
            emit([SceneEvent(.captureFailed, time: t, [("error", .string("cannot save the last \(Int(seconds)) s: \(why)"))])])
        }
    }

    /// about.txt: what a bug report needs to know of this window.
    func about(seconds: Double, preset: String) -> String {
        let driver = renderer.gl != nil ? GLRenderer.driverDescription : "none (the software renderer)"
        let reduced = app.scene.reduceMotion
        return """
        SpringLab \(Workbench.version) (\(BuildInfo.commit))
        Saved the last \(Int(seconds)) s of the session, \(Self.timestamp())

        OpenGL: \(driver)
        SDL: \(SDLVersion.linked)
        Window: \(Int(app.windowSize.width))×\(Int(app.windowSize.height)) pt at \(window.scale)×
        Renderer: \(renderer.backendName)
        Scene: \(app.sceneName)
        Theme: \(app.theme.rawValue)
        Reduce Motion: \(reduced ? "on" : "off")
        Springs written as: \(app.springForm.rawValue)

        Files:
          replay.slreplay       the session; renders from the span's start (springlab record --replay replay.slreplay --out FILE)
          trace.jsonl           the trace of the span
          settings.preset.json  every setting as a preset (drop it on the window, or springlab run --preset)

        Settings (the same preset):
        \(preset)

        """
    }

    static func timestamp() -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd HH:mm:ss ZZZZZ"
        return f.string(from: Date())
    }
}
