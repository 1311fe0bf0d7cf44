import Canvas
import Capture
import Export
import Files
import Foundation
import Inspector
import Platform
import Scenes
import Workbench

/// Takes and replays: R and S, a take started and stopped with a line for each thing a
/// replay needs, a replay played into the window, and a dropped file — a preset loaded,
/// or a take played in a sandbox.
extension AppRunner {
    /// Adds a line to the take being recorded; a take stopped by a failed write (a full
    /// disk) says so in the trace.
    func recordLine(_ line: ReplayFile.Line) {
        sessionLog.append(line)
        if let failure = capture.append(line) {
            emit([SceneEvent(.captureFailed, time: app.sceneTime(atWall: wall), [("error", .string(failure))])])
        }
    }

    /// Feeds the replay's lines whose time has come, exactly as the recorded run applied them.
    func playReplay(through frameWall: Double) {
        guard var r = replay else { return }
        while r.cursor < r.lines.count, r.lines[r.cursor].wall <= frameWall {
            switch r.lines[r.cursor] {
            case .input(let e):
                let handled = app.handle(e)
                emit(handled.events)
                // What the replayed input asked for is done as the user's would be; a
                // Paste's clipboard text is the take's own next line.
                pending += handled.effects.filter { $0 != .paste }.map { ($0, e.time) }
            case .resize(let size, let w): emit(app.resize(to: size, atWall: w))
            case .present(_, let at): emit(app.enter(at: at))
            case .preset, .fit: emit(app.applyOutside(r.lines[r.cursor]))
            case .frame, .span, .end: break
            }
            r.cursor += 1
        }
        replay = frameWall > r.end ? nil : r
        guard replay == nil else { return }
        if sandbox != nil { endSandbox(stopped: false); return }
        emit([SceneEvent(.replayEnded, time: app.sceneTime(atWall: frameWall))])
        emit(app.resize(to: window.size, atWall: frameWall))
    }

    /// Ends a dropped replay's sandbox: the scene, theme, settings, spring form, undo history
    /// and the rest of the window exactly as they were before the drop, on their own clock.
    func endSandbox(stopped: Bool) {
        guard let saved = sandbox else { return }
        let replayTime = app.sceneTime(atWall: wall)
        sandbox = nil
        replay = nil
        sessionLog.setActive(true)  // the window's own session goes on, on its own clock
        // What the replay asked for and has not been done goes with it.
        pending.removeAll()
        capture.rebase(by: saved.wallOrigin - wallOrigin)
        wallOrigin = saved.wallOrigin
        app = saved.app
        presentAt = saved.presentAt
        emit([SceneEvent(.replayEnded, time: replayTime, [("restored", .bool(true)), ("stopped", .bool(stopped))])])
        trace?.continueClock(atSceneTime: app.sceneTime(atWall: wall))
        emit(app.resize(to: window.size, atWall: wall) + [app.layoutEvent(atWall: wall)])
    }

    /// R and S (not while a field is being typed into). Returns true when the key was theirs.
    func captureKey(_ input: InputEvent) -> Bool {
        defer { afterPaste = { if case .key(.paste, _, _) = input { true } else { false } }() }
        // A replay plays by itself: a take started over it would record what it did not see.
        guard app.ui.editing == nil, replay == nil else { return false }
        // The text SDL sends for the same key press is theirs too — but not a clipboard's
        // "r" that follows Ctrl+V: that is the paste's, not a take's.
        if case .text(let typed, _) = input {
            return !afterPaste && (typed == "r" || typed == "s" || typed == "R" || typed == "S")
        }
        if case .key(.saveLast, _, _) = input { saveLast(seconds: Double(app.capture.lastSeconds)); return true }
        guard case .key(let key, _, _) = input, key == .r || key == .s else { return false }
        if key == .s { screenshot(); return true }
        toggleTake()
        return true
    }

    /// R, or the capture panel's Record: a take starts, or the one recording stops.
    func toggleTake() {
        if capture.isRecording { stopTake() } else { startTake() }
    }

    /// Starts a take: the scene restarts from its settings at wall 0, so the replay file —
    /// the settings and every input after — reproduces exactly what the window shows.
    func startTake() {
        let settings = SessionSettings(app: app, scale: window.scale)
        do {
            var fresh = try settings.makeApp(measurer: fonts)
            // A take restarts the scene, not the window: every choice stays as it was
            // (docs/behaviour.md §15.3) — the spring form, Ctrl+C's format, the masses, the scroll, the
            // undo history, the HUD and the capture panel's choices.
            fresh.keepChoices(of: app)
            let path = try capture.start(settings: settings.json, scene: settings.scene, name: app.capture.name)
            let now = MonotonicClock.now()
            // Everything timed on the old clock moves to the new one.
            capture.rebase(by: now - wallOrigin)
            wallOrigin = now
            lastFrameReport = 0
            frameTimes.removeAll(keepingCapacity: true)
            app = fresh
            // The flight recorder starts over with the take: the same start, the same lines.
            sessionLog.restart(settings: settings.json)
            app.userPresets = presets?.entries() ?? []
            presentAt = app.sceneType.entranceDelay
            trace?.continueClock(atSceneTime: 0)  // the take's clock starts at 0; the trace's goes on
            app.measureInspector(atWall: 0)
            emit([SceneEvent(.recordingStarted, time: 0, [("replay", .string(path))]), app.layoutEvent(atWall: 0)])
        } catch {
            captureFailed("Cannot record", error, at: wall)
        }
    }

    func stopTake() {
        let at = wall
        guard let stopped = capture.stop(at: at, now: at, options: app.capture) else { return }
        emit([SceneEvent(.recordingStopped, time: app.sceneTime(atWall: at), [("replay", .string(stopped.replay)),
                                                                              ("duration", .number(at))])])
        if let failure = stopped.failure {
            // (LiveCapture already shows its own message for this one.)
            emit([SceneEvent(.captureFailed, time: app.sceneTime(atWall: at), [("error", .string(failure))])])
        }
    }

    /// A file dropped on the window (docs/behaviour.md §11.4): a `.preset.json` loads in place (one undo
    /// step), a `.slreplay` plays (its frame hashes verified first), a video or a CSV of
    /// positions is fitted to spring B in the Spring Lab (§16); anything else is refused
    /// with one line over the stage.
    func dropFile(_ path: String) {
        let at = wall
        let t = app.sceneTime(atWall: at)
        let name = (path as NSString).lastPathComponent
        do {
            if RecordingFit.isFittable(path) {
                try startFit(path)
            } else if path.hasSuffix(".slreplay") {
                guard !capture.isRecording, replay == nil else { throw RuntimeError("finish the take or replay first") }
                let (file, settings) = try SessionSettings.loadReplay(path, command: "run")
                let fresh = try settings.makeApp(measurer: fonts, replay: file, path: path)
                let check = CaptureSession.verify(file, app: fresh)
                emit([SceneEvent(.replayVerified, time: t, [("matched", .number(Double(check.matched))),
                                                            ("total", .number(Double(check.total))), ("path", .string(path))])])
                guard check.matched == check.total else {
                    throw RuntimeError("\(name) diverged: \(check.matched)/\(check.total) frame hashes match")
                }
                // The take plays from its own start, in the window, as `run --replay` does, in
                // a sandbox: what the window was is kept whole and put back when it ends.
                sandbox = (app, wallOrigin, presentAt)
                sessionLog.setActive(false)
                emit([SceneEvent(.replayStarted, time: t, [("path", .string(path)), ("scene", .string(fresh.sceneName)),
                                                           ("from", .number(file.spanStart))])])
                // A flight recorder's replay holds its whole session: what comes before its
                // span is simulated at once, undrawn, and the window plays from the span.
                let (ready, cursor) = CaptureSession.fastForward(file, app: fresh)
                app = ready
                app.userPresets = presets?.entries() ?? []
                let origin = MonotonicClock.now() - file.spanStart
                capture.rebase(by: origin - wallOrigin)
                wallOrigin = origin
                presentAt = nil
                replay = (file.lines, cursor, file.duration)
                trace?.continueClock(atSceneTime: app.sceneTime(atWall: file.spanStart))
                capture.note("Playing \(name)  ·  Esc stops", until: file.spanStart + 4)
            } else if path.hasSuffix(".json") {
                let text = try SpringLabCommand.readTextInput(path)
                let preset = try Preset.load(text, name: path)
                let shown = String(name.dropLast(name.hasSuffix(".preset.json") ? 12 : 5))
                emit(app.loadPreset(preset, name: shown, source: "drop", at: t))
                recordLine(.preset(wall: at, name: shown, json: text))
                capture.note("Loaded \(name)", until: at + 4)
            } else {
                throw RuntimeError("drop a .preset.json, a .slreplay, or a video or CSV to fit (\(quotedPath(name)) is none of these)")
            }
        } catch {
            let why = (error as? RuntimeError)?.message ?? "\(error)"
            capture.note("Cannot open \(name): \(why)", until: at + 8)
            emit([SceneEvent(.dropRefused, time: t, [("path", .string(path)), ("error", .string(why))])])
        }
    }
}
