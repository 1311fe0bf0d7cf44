import Capture
import Canvas
import Export
import Files
import Foundation
import Motion
import Platform
import Render
import Scenes

/// The live frame loop: events in at one edge, pixels out at the other (DESIGN.md).
///
/// Each frame: drain input (stamped with the time it happened), map wall time to scene
/// time through the clock, feed the scene, draw at the frame's predicted present time,
/// present. No dt accumulates anywhere, so a slow frame never changes where anything
/// ends up — it only shows fewer of the exact positions.
final class AppRunner {
    private let options: AppOptions
    private let window: Window
    private let pump: EventPump
    private let renderer: StageRenderer
    private var app: Workbench
    private let trace: TraceWriter?
    private var frameTimes: [Double] = []
    private var lastFrameReport = 0.0
    private let startedAt: Double
    /// The app's wall time is seconds since this instant: since launch, or since the start
    /// of the take being recorded (a take's replay starts at 0).
    private var wallOrigin: Double
    private let fonts: FontLibrary
    private let capture: LiveCapture
    /// The user's saved presets (SPEC §11.4); nil when no data folder is known.
    private let presets = UserPresets.folder().map(UserPresets.init)
    /// A replay being played into the window, and how far.
    private var replay: (lines: [ReplayFile.Line], cursor: Int, end: Double)?
    /// A dropped replay plays in a sandbox (SPEC §15.3): the window as it was before the
    /// drop, put back exactly when the replay ends or Escape stops it.
    private var sandbox: (app: Workbench, wallOrigin: Double, presentAt: Double?)?
    /// The last input was Ctrl+V: the text that follows it is the clipboard's.
    private var afterPaste = false
    private var presentAt: Double?
    /// The remembered session's file (SPEC §11.5): nil for `--fresh` and `--replay`, which
    /// neither read nor write it.
    private let memory: SessionMemory?
    /// What the start found in it.
    private let recalled: SessionMemory.Recall
    /// Frames drawn since start, and the wall time of the last (the HUD's readout refreshes
    /// at rest at most 4 times a second).
    private var framesDrawn = 0
    private var lastDrawn = -1.0
    /// `bench --idle`: the measurement of the window at rest, when asked for.
    private(set) var idleProbe: IdleProbe?

    init(options: AppOptions) throws {
        startedAt = MonotonicClock.now()
        // Ours before SDL's: SDL leaves a signal alone when it already has a handler, and
        // its quit event would end the app with status 0 (SPEC §13 wants 130 / 143).
        Interrupt.install()
        self.options = options
        trace = try options.tracePath.map { try TraceWriter(path: $0) }
        fonts = try RenderCommand.loadFonts()
        capture = LiveCapture(folder: options.capturesFolder ?? LiveCapture.defaultFolder)
        // A replay carries its own settings and --fresh starts from defaults: neither reads
        // nor writes the remembered session. A damaged one is set aside with one line.
        memory = options.replay == nil && !options.fresh ? SessionMemory.defaultPath().map(SessionMemory.init) : nil
        recalled = memory?.recall() ?? .nothing
        if let note = recalled.note { FileHandle.standardError.write(Data((note + "\n").utf8)) }
        let remembered = recalled.state
        var (size, scale) = options.windowChoice(remembering: remembered)
        if let r = options.replay { (size, scale) = (Size(r.settings.window[0], r.settings.window[1]), options.scale ?? 1) }
        // Never a failed start for a size (SPEC §11.5): a window that cannot open at the size
        // asked for or remembered is fitted to the display, and if that still cannot open,
        // the default one opens — each time with one line. (A window larger than the screen
        // that does open is left alone: `--scale 2` on a small screen is a test's own choice.)
        window = try Self.openWindow(size: size, scale: scale, backend: options.backend)
        if let note = window.fallbackNote {
            FileHandle.standardError.write(Data("springlab: \(note); drawing with the software renderer\n".utf8))
        }
        pump = EventPump(window: window)
        // A signal at rest, while the loop sleeps in the event wait, wakes it to stop itself.
        Interrupt.onStop { EventPump.wake() }
        renderer = try StageRenderer(fonts: fonts, window: window)
        wallOrigin = MonotonicClock.now()
        if let r = options.replay {
            // The app keeps the recorded window size while the take plays, so every recorded
            // pointer lands where it did (the real window may be larger: its minimum).
            app = try r.settings.makeApp(measurer: fonts)
            replay = (r.file.lines, 0, r.file.duration)
        } else {
            app = options.startingApp(remembering: remembered, measurer: fonts, windowSize: window.size)
        }
        // The inspector's way of writing a spring (SPEC §11.2): remembered, or the default.
        app.springForm = options.form(remembering: remembered)
        app.copyFormat = remembered?.copyFormat ?? .swiftui
        app.capture = remembered?.capture ?? CaptureOptions()
        app.userPresets = presets?.names() ?? []
        idleProbe = options.idleProbe.map(IdleProbe.init)
    }

    /// Tests drop a file mid-session (xdotool cannot speak XDND): a path written into the
    /// file this names is pushed onto SDL's queue as SDL_DROPFILE, as the window system
    /// would push it, and the file is removed. The loop looks once a frame, and at rest at
    /// least once a second.
    private let testDropFile = ProcessInfo.processInfo.environment["SPRINGLAB_TEST_DROP_FILE"]

    private func pushTestDrop() {
        guard let file = testDropFile, FileManager.default.fileExists(atPath: file),
              let text = try? String(contentsOfFile: file, encoding: .utf8) else { return }
        try? FileManager.default.removeItem(atPath: file)
        let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !path.isEmpty { pump.pushDrop(path) }
    }

    /// The window at `size` and `scale`, or fitted to the display, or the default (SPEC §11.5).
    private static func openWindow(size: Size, scale: Double, backend: Backend) throws -> Window {
        func open(_ size: Size, _ scale: Double) throws -> Window {
            try Window(title: "SpringLab", size: size, minimum: Workbench.minimumSize, backend: backend, userScale: scale)
        }
        func say(_ line: String) { FileHandle.standardError.write(Data("springlab: \(line)\n".utf8)) }
        do { return try open(size, scale) } catch let first {
            var fit = Window.fitted(size, scale: scale, minimum: Workbench.minimumSize)
            if fit.note == nil, size != Workbench.defaultSize || scale != 1 {
                fit = (Workbench.defaultSize, 1, nil)
            }
            guard fit.size != size || fit.scale != scale else { throw RuntimeError("springlab: \(first)") }
            say(fit.note ?? String(format: "a %gx%g window at scale %g did not open (%@); opening %gx%g at scale 1", size.width,
                                   size.height, scale, "\(first)", fit.size.width, fit.size.height))
            do { return try open(fit.size, fit.scale) } catch {
                guard fit.size != Workbench.defaultSize || fit.scale != 1 else { throw RuntimeError("springlab: \(error)") }
                say(String(format: "a %gx%g window at scale %g did not open either; opening %gx%g at scale 1", fit.size.width,
                           fit.size.height, fit.scale, Workbench.defaultSize.width, Workbench.defaultSize.height))
                do { return try open(Workbench.defaultSize, 1) } catch { throw RuntimeError("springlab: \(error)") }
            }
        }
    }

    /// Seconds on the app's wall clock now.
    private var wall: Double { MonotonicClock.now() - wallOrigin }

    private func emit(_ events: [SceneEvent]) {
        guard let trace else { return }
        for e in events { trace.write(e) }
    }

    /// Runs until the window closes; throws `Interrupted` when a signal stopped it and a
    /// runtime error when the trace could not be written whole.
    func run() throws {
        let w0 = wall
        let t0 = app.sceneTime(atWall: w0)
        emit([SceneEvent(.started, time: t0, [("renderer", .string(renderer.backendName)), ("scale", .number(window.scale)),
                                                ("scene", .string(app.sceneName)), ("theme", .string(app.theme.rawValue)),
                                                ("form", .string(app.springForm.rawValue))])])
        emitRecall(at: t0)
        app.measureInspector(atWall: w0)  // the scrollbar's frame in the first layout is the drawn one
        emit([app.layoutEvent(atWall: w0)])
        if let r = options.replay {
            // First, prove the file reproduces its run: every frame line's hash, in order.
            let check = CaptureSession.verify(r.file, app: app)
            emit([SceneEvent(.replayVerified, time: t0, [("matched", .number(Double(check.matched))),
                                                           ("total", .number(Double(check.total)))])])
            let verdict = check.matched == check.total ? "replay verified: \(check.matched)/\(check.total) frame hashes match"
                : String(format: "replay diverged: %d/%d frame hashes match, the first differs at %.4f s", check.matched, check.total,
                         check.firstMismatch ?? 0)
            FileHandle.standardOutput.write(Data((verdict + "\n").utf8))
        } else if let delay = app.sceneType.entranceDelay {
            // The scene makes its entrance a beat after the window opens, so it is seen.
            presentAt = t0 + delay
        }
        // Tests drop a file through SDL's own queue (xdotool has no XDND).
        if let drop = ProcessInfo.processInfo.environment["SPRINGLAB_TEST_DROP"] { pump.pushDrop(drop) }
        var firstFrame = true
        var running = true
        var idleFrames = 0
        while running {
            // (A capture message shows as the badge until its deadline.)
            let busy = presentAt != nil || replay != nil || capture.isRecording || capture.isRendering || app.captureBadge != nil
                || app.toast(atWall: wall) != nil
            // At rest the loop sleeps in SDL's event wait until input arrives or the next
            // thing is due: the HUD's readout, the end of a timed run, a second at most
            // (signals and the remembered session's save are checked on waking).
            let idle = idleFrames > 2 && !busy
            let hudDue = app.showHUD ? lastDrawn + 0.25 - wall : 1
            let quitDue = options.quitAfter.map { $0 - (MonotonicClock.now() - startedAt) } ?? 1
            let waitMs: Int32 = idle ? Int32(max(1, min(1, hudDue, quitDue) * 1000)) : 0
            let events = pump.poll(wait: waitMs)
            // Frame time is the work of a frame, not the idle wait for input.
            let frameStart = MonotonicClock.now()
            for event in events {
                switch event {
                case .quit:
                    running = false
                case .resized:
                    // Below the minimum the page cannot be used: grow back, and lay out
                    // when the corrected size arrives.
                    if window.enforceMinimum(Workbench.minimumSize) { continue }
                    let at = wall
                    guard replay == nil else { continue }
                    recordLine(.resize(window.size, wall: at))
                    emit(app.resize(to: window.size, atWall: at))
                case .exposed:
                    idleFrames = 0
                    // What the window showed may be gone: the next frame is drawn whole.
                    (renderer.renderer as? GLRenderer)?.forgetWindowPixels()
                case .dropped(let path):
                    idleFrames = 0
                    dropFile(path)
                case .input(let absolute):
                    idleFrames = 0
                    // (An input stamped just before a take began counts at its start.)
                    let input = absolute.at(max(absolute.time - wallOrigin, 0))
                    if captureKey(input) { continue }
                    // A replay plays by itself: the hand waits until it has finished — but
                    // Escape stops a dropped one and puts the window back (SPEC §15.3).
                    if sandbox != nil, case .key(.escape, _, _) = input { endSandbox(stopped: true); continue }
                    if replay != nil, case .key(.quit, _, _) = input { running = false; continue }
                    guard replay == nil else { continue }
                    recordLine(.input(input))
                    emit(app.handle(input))
                    if app.takeClipboardRequest() {
                        // A spring group's Paste: the clipboard's text, as Ctrl+V would hand it in.
                        let pasted = InputEvent.text(Clipboard.text() ?? "", time: input.time)
                        recordLine(.input(pasted))
                        emit(app.handle(pasted))
                    }
                }
            }
            if app.quitRequested { running = false }
            pushTestDrop()
            if let action = app.captureAction { captureAction(action) }
            if app.presetRequested { savePreset() }
            if let name = app.presetToLoad { loadUserPreset(name) }
            if let copied = app.takeClipboardText() { Clipboard.set(copied) }  // Ctrl+C / Ctrl+X in a field (SPEC §11.1)
            let frameWall = wall + 1.0 / 60  // where things will be when this frame is shown
            playReplay(through: frameWall)
            let t = app.sceneTime(atWall: frameWall)
            if let at = presentAt, t >= at {
                recordLine(.present(wall: frameWall, at: at))
                emit(app.enter(at: at))
                presentAt = nil
            }
            emit(app.update(toWall: frameWall))
            if capture.isRecording { recordLine(.frame(wall: frameWall, hash: StateDigest.of(app.pageList(atWall: frameWall)))) }
            updateCaptureBadge(at: frameWall)
            // At rest (nothing moving, no input, nothing scheduled) the last frame is still
            // on the screen: drawing it again would cost a frame's shading for nothing
            // (issue 16). An expose or any input draws again.
            let atRest = events.isEmpty && idle && !(app.showHUD && frameWall - lastDrawn >= 0.25)
            if !atRest {
                framesDrawn += 1
                lastDrawn = frameWall
                renderer.present(app.draw(atWall: frameWall), window: window)
                if firstFrame {
                    firstFrame = false
                    emit([SceneEvent(.firstFrame, time: t, [("ms", .number((MonotonicClock.now() - startedAt) * 1000))])])
                }
                recordFrame(MonotonicClock.now() - frameStart, at: t)
            }
            if options.frameDelay > 0 { Thread.sleep(forTimeInterval: options.frameDelay) }
            if !app.isAnimating(atWall: frameWall) { idleFrames += 1 } else { idleFrames = 0 }
            if idleProbe?.tick(wall: wall, atRest: atRest && !app.showHUD, framesDrawn: framesDrawn) == true { running = false }
            if let q = options.quitAfter, MonotonicClock.now() - startedAt >= q { running = false }
            if Interrupt.received != nil { running = false }
            // The remembered session is never written with a dropped replay's settings.
            if let memory, running, sandbox == nil {
                noteSave(memory.saveIfDue(now: MonotonicClock.now()) { currentSession }, reason: "change")
            }
        }
        // Remembered on the way out, however the window ends (closed, --quit-after, a signal);
        // closed during a dropped replay, the window as it was before the drop.
        if sandbox != nil { endSandbox(stopped: true) }
        if let memory { noteSave(memory.save(currentSession, now: MonotonicClock.now()), reason: "quit") }
        if let signal = Interrupt.received {
            // Stopped by the user: the take keeps what it recorded (its end line written),
            // and background renders are stopped rather than waited for.
            capture.endTake(at: wall)
            capture.stopPending()
            emit([SceneEvent(.quit, time: app.sceneTime(atWall: wall))])
            throw Interrupted(signal: signal)
        }
        if capture.isRecording { stopTake() }
        capture.finishPending()
        emit([SceneEvent(.quit, time: app.sceneTime(atWall: wall))])
        if let failure = trace?.failure { throw RuntimeError("springlab: the trace is incomplete: \(failure)") }
    }

    /// The window as the remembered session holds it.
    private var currentSession: SessionState {
        let shown = sandbox?.app ?? app
        return SessionState(app: shown, scale: window.userScale, form: shown.springForm)
    }

    /// What the start found in the remembered session, in the trace.
    private func emitRecall(at t: Double) {
        guard let memory else { return }
        switch recalled {
        case .nothing, .unusable: break
        case .restored(let s):
            emit([SceneEvent(.sessionRestored, time: t, [("path", .string(memory.path)), ("scene", .string(s.scene.rawValue)),
                                                        ("theme", .string(s.theme.rawValue)), ("window", .numbers(s.window)),
                                                        ("scale", .number(s.scale)), ("form", .string(s.form.rawValue)),
                                                        ("settings", .object(s.changedSettings()))])])
        case .setAside(let reason, let movedTo, _):
            emit([SceneEvent(.sessionSetAside, time: t, [("path", .string(memory.path)), ("movedTo", movedTo.map(TraceValue.string) ?? .null),
                                                        ("reason", .string(reason))])])
        }
    }

    /// A write of the remembered session, in the trace; a failure also on standard error
    /// (once), and the window carries on.
    private func noteSave(_ outcome: SessionMemory.Outcome?, reason: String) {
        guard let outcome, let memory else { return }
        let t = app.sceneTime(atWall: wall)
        switch outcome {
        case .saved:
            emit([SceneEvent(.sessionSaved, time: t, [("path", .string(memory.path)), ("reason", .string(reason))])])
        case .failed(let message):
            FileHandle.standardError.write(Data((message + "\n").utf8))
            emit([SceneEvent(.sessionSaveFailed, time: t, [("error", .string(message))])])
        }
    }

    /// Adds a line to the take being recorded; a take stopped by a failed write (a full
    /// disk) says so in the trace.
    private func recordLine(_ line: ReplayFile.Line) {
        if let failure = capture.append(line) {
            emit([SceneEvent(.captureFailed, time: app.sceneTime(atWall: wall), [("error", .string(failure))])])
        }
    }

    /// Feeds the replay's lines whose time has come, exactly as the recorded run applied them.
    private func playReplay(through frameWall: Double) {
        guard var r = replay else { return }
        while r.cursor < r.lines.count, r.lines[r.cursor].wall <= frameWall {
            switch r.lines[r.cursor] {
            case .input(let e): emit(app.handle(e))
            case .resize(let size, let w): emit(app.resize(to: size, atWall: w))
            case .present(_, let at): emit(app.enter(at: at))
            case .frame, .end: break
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
    private func endSandbox(stopped: Bool) {
        guard let saved = sandbox else { return }
        let replayTime = app.sceneTime(atWall: wall)
        sandbox = nil
        replay = nil
        capture.rebase(by: saved.wallOrigin - wallOrigin)
        wallOrigin = saved.wallOrigin
        app = saved.app
        presentAt = saved.presentAt
        emit([SceneEvent(.replayEnded, time: replayTime, [("restored", .bool(true)), ("stopped", .bool(stopped))])])
        trace?.continueClock(atSceneTime: app.sceneTime(atWall: wall))
        emit(app.resize(to: window.size, atWall: wall) + [app.layoutEvent(atWall: wall)])
    }

    /// R and S (not while a field is being typed into). Returns true when the key was theirs.
    private func captureKey(_ input: InputEvent) -> Bool {
        defer { afterPaste = { if case .key(.paste, _, _) = input { true } else { false } }() }
        // A replay plays by itself: a take started over it would record what it did not see.
        guard app.ui.editing == nil, replay == nil else { return false }
        // The text SDL sends for the same key press is theirs too — but not a clipboard's
        // "r" that follows Ctrl+V: that is the paste's, not a take's.
        if case .text(let typed, _) = input {
            return !afterPaste && (typed == "r" || typed == "s" || typed == "R" || typed == "S")
        }
        guard case .key(let key, _, _) = input, key == .r || key == .s else { return false }
        if key == .s { screenshot(); return true }
        if capture.isRecording { stopTake() } else { startTake() }
        return true
    }

    /// Starts a take: the scene restarts from its settings at wall 0, so the replay file —
    /// the settings and every input after — reproduces exactly what the window shows.
    private func startTake() {
        let settings = SessionSettings(app: app, scale: window.scale)
        do {
            var fresh = try settings.makeApp(measurer: fonts)
            // A take restarts the scene, not the window: every choice stays as it was
            // (SPEC §15.3) — the spring form, Ctrl+C's format, the masses, the scroll, the
            // undo history, the HUD and the capture panel's choices.
            fresh.keepChoices(of: app)
            let path = try capture.start(settings: settings.json, scene: settings.scene)
            let now = MonotonicClock.now()
            // Everything timed on the old clock moves to the new one.
            capture.rebase(by: now - wallOrigin)
            wallOrigin = now
            lastFrameReport = 0
            frameTimes.removeAll(keepingCapacity: true)
            app = fresh
            app.userPresets = presets?.names() ?? []
            presentAt = app.sceneType.entranceDelay
            trace?.continueClock(atSceneTime: 0)  // the take's clock starts at 0; the trace's goes on
            app.measureInspector(atWall: 0)
            emit([SceneEvent(.recordingStarted, time: 0, [("replay", .string(path))]), app.layoutEvent(atWall: 0)])
        } catch {
            captureFailed("Cannot record", error, at: wall)
        }
    }

    private func stopTake() {
        let at = wall
        guard let stopped = capture.stop(at: at, now: at, options: app.capture) else { return }
        emit([SceneEvent(.recordingStopped, time: app.sceneTime(atWall: at), [("replay", .string(stopped.replay)),
                                                                              ("duration", .number(at))])])
        if let failure = stopped.failure {
            // (LiveCapture already shows its own message for this one.)
            emit([SceneEvent(.captureFailed, time: app.sceneTime(atWall: at), [("error", .string(failure))])])
        }
    }

    /// A file dropped on the window (SPEC §11.4): a `.preset.json` loads in place (one undo
    /// step), a `.slreplay` plays (its frame hashes verified first); anything else is
    /// refused with one line over the stage.
    private func dropFile(_ path: String) {
        let at = wall
        let t = app.sceneTime(atWall: at)
        let name = (path as NSString).lastPathComponent
        do {
            if path.hasSuffix(".slreplay") {
                guard !capture.isRecording, replay == nil else { throw RuntimeError("finish the take or replay first") }
                let (file, settings) = try SessionSettings.loadReplay(path, command: "run")
                let fresh = try settings.makeApp(measurer: fonts)
                let check = CaptureSession.verify(file, app: fresh)
                emit([SceneEvent(.replayVerified, time: t, [("matched", .number(Double(check.matched))),
                                                            ("total", .number(Double(check.total))), ("path", .string(path))])])
                guard check.matched == check.total else {
                    throw RuntimeError("\(name) diverged: \(check.matched)/\(check.total) frame hashes match")
                }
                // The take plays from its own start, in the window, as `run --replay` does, in
                // a sandbox: what the window was is kept whole and put back when it ends.
                sandbox = (app, wallOrigin, presentAt)
                emit([SceneEvent(.replayStarted, time: t, [("path", .string(path)), ("scene", .string(fresh.sceneName))])])
                app = fresh
                app.userPresets = presets?.names() ?? []
                let now = MonotonicClock.now()
                capture.rebase(by: now - wallOrigin)
                wallOrigin = now
                presentAt = nil
                replay = (file.lines, 0, file.duration)
                trace?.continueClock(atSceneTime: 0)
                capture.note("Playing \(name)  ·  Esc stops", until: 4)
            } else if path.hasSuffix(".json") {
                let preset = try Preset.load(try SpringLabCommand.readTextInput(path), name: path)
                emit(app.loadPreset(preset, name: String(name.dropLast(name.hasSuffix(".preset.json") ? 12 : 5)), source: "drop", at: t))
                capture.note("Loaded \(name)", until: at + 4)
            } else {
                throw RuntimeError("drop a .preset.json or a .slreplay (\(quotedPath(name)) is neither)")
            }
        } catch {
            let why = (error as? RuntimeError)?.message ?? "\(error)"
            capture.note("Cannot open \(name): \(why)", until: at + 8)
            emit([SceneEvent(.dropRefused, time: t, [("path", .string(path)), ("error", .string(why))])])
        }
    }

    /// Save preset: every scene's settings, under the scene's title (the first free name:
    /// "Push Alert", "Push Alert 2" …) in the user's presets folder (SPEC §11.4), listed in
    /// the inspector at once. Without a data folder, in the captures folder as before.
    private func savePreset() {
        app.presetRequested = false
        let at = wall
        do {
            let path: String
            if let presets {
                let name = try presets.save(Preset(app: app), base: UserPresets.fileName(app.presetName ?? app.sceneType.title,
                                                                                          fallback: app.sceneType.title))
                path = presets.path(of: name)
                app.userPresets = presets.names()
            } else {
                path = try capture.freshPath(scene: app.sceneName, ext: "preset.json")
                try OutputFile.write(Array(Preset(app: app).json.utf8), to: path, replacing: false)
            }
            capture.note("Saved \((path as NSString).lastPathComponent)", until: at + 4)
            emit([SceneEvent(.presetSaved, time: app.sceneTime(atWall: at), [("path", .string(path))]), app.layoutEvent(atWall: at)])
        } catch {
            captureFailed("Cannot save the preset", error, at: at)
        }
    }

    /// A preset chosen in the inspector's list: loaded in place, one undo step.
    private func loadUserPreset(_ name: String) {
        app.presetToLoad = nil
        let at = wall
        guard let presets else { return }
        do {
            let path = presets.path(of: name)
            let preset = try Preset.load(try SpringLabCommand.readTextInput(path), name: path)
            emit(app.loadPreset(preset, name: name, source: "library", at: app.sceneTime(atWall: at)))
            capture.note("Loaded \(name)", until: at + 4)
        } catch {
            let why = error.message
            capture.note("Cannot load \(name): \(why)", until: at + 8)
            emit([SceneEvent(.dropRefused, time: app.sceneTime(atWall: at), [("path", .string(name)), ("error", .string(why))])])
        }
    }

    /// S: the stage or the whole window, as the capture panel says, at its scale.
    private func screenshot() {
        let at = wall
        do {
            let path = try capture.freshPath(scene: app.sceneName, ext: "png")
            let scale = Double(app.capture.scale)
            let area = app.capture.wholeWindow ? Rect(x: 0, y: 0, width: app.windowSize.width, height: app.windowSize.height) : app.stage
            let size = (width: Int((area.width * scale).rounded()), height: Int((area.height * scale).rounded()))
            let list = app.capture.wholeWindow ? app.draw(atWall: at) : app.stageList(atWall: at)
            let pixels = try renderer.pixels(list, offset: Point2(-area.minX, -area.minY), width: size.width, height: size.height,
                                             scale: scale)
            try PNG.write(rgba: pixels, width: size.width, height: size.height, to: path, replacing: false)
            app.capturedFile = path
            capture.note("Saved \((path as NSString).lastPathComponent)  ·  click to open the folder", until: at + 8)
            emit([SceneEvent(.screenshot, time: app.sceneTime(atWall: at), [("path", .string(path)),
                                                                             ("size", .numbers([Double(size.width), Double(size.height)]))])])
        } catch {
            captureFailed("Screenshot failed", error, at: at)
        }
    }

    /// What the capture panel or the badge asked for.
    private func captureAction(_ action: CaptureAction) {
        app.captureAction = nil
        switch action {
        case .record: if capture.isRecording { stopTake() } else { startTake() }
        case .screenshot: screenshot()
        case .openFolder:
            let failure = capture.openFolder()
            if let failure { capture.note(failure, until: wall + 8) }
            emit([SceneEvent(.folderOpened, time: app.sceneTime(atWall: wall), [("path", .string(capture.folder)),
                                                                                  ("error", failure.map(TraceValue.string) ?? .null)])])
        }
    }

    /// A capture that could not be made: said over the stage for 8 s and in the trace.
    private func captureFailed(_ what: String, _ error: Error, at: Double) {
        capture.note("\(what): \(error)", until: at + 8)
        emit([SceneEvent(.captureFailed, time: app.sceneTime(atWall: at), [("error", .string("\(error)"))])])
    }

    /// The capture badge over the stage: recording time, render progress, or a message.
    private func updateCaptureBadge(at frameWall: Double) {
        let status = capture.poll(now: frameWall)
        if let done = status.finished {
            emit([SceneEvent(.captureRendered, time: app.sceneTime(atWall: frameWall), [("path", .string(done.path)),
                                                                                           ("ok", .bool(done.ok)),
                                                                                           ("verified", .string(done.verified))])])
        }
        if capture.isRecording {
            app.captureBadge = (String(format: "● REC  %d:%02d", Int(frameWall) / 60, Int(frameWall) % 60), nil, true)
        } else if let p = status.progress {
            app.captureBadge = (String(format: "Rendering capture  %d %%", Int(p * 100)), p, false)
        } else if let m = capture.message, m.until > frameWall {
            app.captureBadge = (m.text, nil, false)
        } else {
            app.captureBadge = nil
        }
    }

    /// Frame timings, summarised once a second into the trace (p50, p99, max in ms).
    private func recordFrame(_ seconds: Double, at t: Double) {
        frameTimes.append(seconds * 1000)
        let interval = t - lastFrameReport
        app.noteFrame(ms: seconds * 1000, fps: interval > 0 ? Double(frameTimes.count) / interval : 0)
        guard t - lastFrameReport >= 1, !frameTimes.isEmpty else { return }
        let sorted = frameTimes.sorted()
        func pct(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] }
        emit([SceneEvent(.frames, time: t, [("count", .number(Double(sorted.count))), ("p50", .number(pct(0.5))),
                                               ("p99", .number(pct(0.99))), ("max", .number(sorted.last ?? 0))])])
        frameTimes.removeAll(keepingCapacity: true)
        lastFrameReport = t
    }
}
