import Canvas
import Capture
import Export
import Files
import Foundation
import Inspector
import Motion
import Platform
import Render
import Scenes
import Workbench

/// The live frame loop: events in at one edge, pixels out at the other (docs/ARCHITECTURE.md).
///
/// Each frame: drain input (stamped with the time it happened), map wall time to scene
/// time through the clock, feed the scene, draw at the frame's predicted present time,
/// present. No dt accumulates anywhere, so a slow frame never changes where anything
/// ends up — it only shows fewer of the exact positions.
final class AppRunner {
    let options: AppOptions
    let window: Window
    let pump: EventPump
    let renderer: StageRenderer
    var app: Workbench
    let trace: TraceWriter?
    var frameTimes: [Double] = []
    var lastFrameReport = 0.0
    let startedAt: Double
    /// The app's wall time is seconds since this instant: since launch, or since the start
    /// of the take being recorded (a take's replay starts at 0).
    var wallOrigin: Double
    let fonts: FontLibrary
    let capture: LiveCapture
    /// The user's saved presets (docs/behaviour.md §11.4); nil when no data folder is known.
    let presets: UserPresets?
    /// A replay being played into the window, and how far.
    var replay: (lines: [ReplayFile.Line], cursor: Int, end: Double)?
    /// A dropped replay plays in a sandbox (docs/behaviour.md §15.3): the window as it was before the
    /// drop, put back exactly when the replay ends or Escape stops it.
    var sandbox: (app: Workbench, wallOrigin: Double, presentAt: Double?)?
    /// A dropped recording being read and fitted on its own thread (docs/behaviour.md §16).
    var fitJob: FitJob?
    /// The flight recorder: the session so far, for F9 (docs/behaviour.md §17).
    let sessionLog: SessionLog
    /// The last input was Ctrl+V: the text that follows it is the clipboard's.
    var afterPaste = false
    var presentAt: Double?
    /// The pointer's shape last set on the window.
    var pointerShape = Window.PointerShape.arrow
    /// The remembered session's file (docs/behaviour.md §11.5): nil for `--fresh` and `--replay`, which
    /// neither read nor write it.
    let memory: SessionMemory?
    /// What the start found in it.
    let recalled: SessionMemory.Recall
    /// Frames drawn since start, and the wall time of the last (the HUD's readout refreshes
    /// at rest at most 4 times a second).
    var framesDrawn = 0
    var lastDrawn = -1.0
    /// `bench --idle`: the measurement of the window at rest, when asked for.
    var idleProbe: IdleProbe?
    /// The loop goes on until the window closes, a signal or a timed run stops it.
    var running = true
    /// Frames in a row with nothing moving: after a few the loop waits for input.
    var idleFrames = 0
    var firstFrame = true
    /// What the window asked for since the last frame, with the wall time of the input
    /// that asked: done in order once the frame's input is in.
    var pending: [(effect: WorkbenchEffect, wall: Double)] = []

    /// What the process's environment said at launch.
    let environment: LaunchEnvironment

    init(options: AppOptions, environment: LaunchEnvironment) throws {
        startedAt = MonotonicClock.now()
        // Ours before SDL's: SDL leaves a signal alone when it already has a handler, and
        // its quit event would end the app with status 0 (docs/behaviour.md §13 wants 130 / 143).
        Interrupt.install()
        self.options = options
        self.environment = environment
        sessionLog = environment.testFlight.map { SessionLog(bound: $0.bound, markInterval: $0.markInterval, keep: $0.keep) } ?? SessionLog()
        presets = environment.presetsFolder.map(UserPresets.init)
        trace = try options.tracePath.map { try TraceWriter(path: $0) }
        fonts = try RenderCommand.loadFonts(environment)
        capture = LiveCapture(folder: options.capturesFolder ?? LiveCapture.defaultFolder(home: environment.home),
                              environment: environment)
        // A replay carries its own settings and --fresh starts from defaults: neither reads
        // nor writes the remembered session. A damaged one is set aside with one line.
        memory = options.replay == nil && !options.fresh ? environment.sessionPath.map(SessionMemory.init) : nil
        recalled = memory?.recall() ?? .nothing
        if let note = recalled.note { FileHandle.standardError.write(Data((note + "\n").utf8)) }
        let remembered = recalled.state
        var (size, scale) = options.windowChoice(remembering: remembered)
        if let r = options.replay { (size, scale) = (Size(r.settings.window[0], r.settings.window[1]), options.scale ?? 1) }
        // Never a failed start for a size (docs/behaviour.md §11.5): a window that cannot open at the size
        // asked for or remembered is fitted to the display, and if that still cannot open,
        // the default one opens — each time with one line. (A window larger than the screen
        // that does open is left alone: `--scale 2` on a small screen is a test's own choice.)
        window = try Self.openWindow(size: size, scale: scale, backend: options.backend, environment: environment.window)
        if let note = window.fallbackNote {
            FileHandle.standardError.write(Data("springlab: \(note); drawing with the software renderer\n".utf8))
        }
        pump = EventPump(window: window, debug: environment.debugEvents, ignoreServerTime: environment.ignoreServerTime)
        // A signal at rest, while the loop sleeps in the event wait, wakes it to stop itself.
        Interrupt.onStop { EventPump.wake() }
        renderer = try StageRenderer(fonts: fonts, window: window, options: environment.rendererOptions)
        wallOrigin = MonotonicClock.now()
        if let r = options.replay {
            // The app keeps the recorded window size while the take plays, so every recorded
            // pointer lands where it did (the real window may be larger: its minimum).
            app = try r.settings.makeApp(measurer: fonts, replay: r.file, path: r.path)
            replay = (r.file.lines, 0, r.file.duration)
        } else {
            app = options.startingApp(remembering: remembered, measurer: fonts, windowSize: window.size)
        }
        // The inspector's way of writing a spring (docs/behaviour.md §11.2): remembered, or the default.
        app.springForm = options.form(remembering: remembered)
        app.copyFormat = remembered?.copyFormat ?? .swiftui
        app.capture = remembered?.capture ?? CaptureOptions()
        app.userPresets = presets?.entries() ?? []
        idleProbe = options.idleProbe.map(IdleProbe.init)
    }

    /// Tests drop a file mid-session (xdotool cannot speak XDND): a path written into the
    /// file this names is pushed onto SDL's queue as SDL_DROPFILE, as the window system
    /// would push it, and the file is removed. The loop looks once a frame, and at rest at
    /// least once a second.
    private var testDropFile: String? { environment.testDropFile }

    private func pushTestDrop() {
        guard let file = testDropFile, FileManager.default.fileExists(atPath: file),
              let text = try? String(contentsOfFile: file, encoding: .utf8) else { return }
        try? FileManager.default.removeItem(atPath: file)
        let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !path.isEmpty { pump.pushDrop(path) }
    }

    /// The window at `size` and `scale`, or fitted to the display, or the default (docs/behaviour.md §11.5).
    private static func openWindow(size: Size, scale: Double, backend: Backend, environment: WindowEnvironment) throws -> Window {
        func open(_ size: Size, _ scale: Double) throws -> Window {
            try Window(title: "SpringLab", size: size, minimum: Workbench.minimumSize, backend: backend, userScale: scale,
                       environment: environment)
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
    var wall: Double { MonotonicClock.now() - wallOrigin }

    func emit(_ events: [SceneEvent]) {
        if sessionLog.isActive {
            let now = wall
            for e in events { sessionLog.note(e, wall: now) }
        }
        guard let trace else { return }
        for e in events { trace.write(e) }
    }

    /// Runs until the window closes; throws `Interrupted` when a signal stopped it and a
    /// runtime error when the trace could not be written whole.
    ///
    /// Each turn: the input in (waiting for it at rest), what it asked for done, the scene
    /// brought up to the frame's time, the frame drawn unless nothing changed, the session
    /// remembered when a save is due.
    func run() throws {
        begin()
        // Tests drop a file through SDL's own queue (xdotool has no XDND).
        if let drop = environment.testDrop { pump.pushDrop(drop) }
        while running {
            let (events, idle, frameStart) = pumpEvents()
            pushTestDrop()
            performPending()
            pollFit()
            let frameWall = wall + 1.0 / 60  // where things will be when this frame is shown
            let t = update(toWall: frameWall)
            // At rest (nothing moving, no input, nothing scheduled) the last frame is still
            // on the screen: drawing it again would cost a frame's shading for nothing
            // (issue 16). An expose or any input draws again.
            let atRest = events.isEmpty && idle && !(app.showHUD && frameWall - lastDrawn >= 0.25)
            if !atRest { draw(atWall: frameWall, t: t, frameStart: frameStart) }
            endFrame(atWall: frameWall, atRest: atRest)
            persist()
        }
        try finish()
    }

    /// Takes the window's events — at rest after sleeping in SDL's event wait until input
    /// arrives or the next thing is due — and handles them. Returns them, whether the loop
    /// was at rest, and when the frame's work began.
    private func pumpEvents() -> (events: [PlatformEvent], idle: Bool, frameStart: Double) {
        // (A capture message shows as the badge until its deadline.)
        let busy = presentAt != nil || replay != nil || capture.isRecording || capture.isRendering || app.captureBadge != nil
            || app.toast(atWall: wall) != nil
        // The next thing due: the HUD's readout, the end of a timed run, a second at most
        // (signals and the remembered session's save are checked on waking).
        let idle = idleFrames > 2 && !busy
        let hudDue = app.showHUD ? lastDrawn + 0.25 - wall : 1
        let quitDue = options.quitAfter.map { $0 - (MonotonicClock.now() - startedAt) } ?? 1
        let waitMs: Int32 = idle ? Int32(max(1, min(1, hudDue, quitDue) * 1000)) : 0
        let events = pump.poll(wait: waitMs)
        // Frame time is the work of a frame, not the idle wait for input.
        let frameStart = MonotonicClock.now()
        for event in events { handle(event) }
        return (events, idle, frameStart)
    }

    private func handle(_ event: PlatformEvent) {
        switch event {
        case .quit:
            running = false
        case .resized:
            // Below the minimum the page cannot be used: grow back, and lay out
            // when the corrected size arrives.
            if window.enforceMinimum(Workbench.minimumSize) { return }
            let at = wall
            guard replay == nil else { return }
            recordLine(.resize(window.size, wall: at))
            emit(app.resize(to: window.size, atWall: at))
        case .exposed:
            idleFrames = 0
            // What the window showed may be gone: the next frame is drawn whole.
            renderer.renderer.surfaceLost()
        case .dropped(let path):
            idleFrames = 0
            dropFile(path)
        case .input(let absolute):
            idleFrames = 0
            // (An input stamped just before a take began counts at its start.)
            let input = absolute.at(max(absolute.time - wallOrigin, 0))
            if captureKey(input) { return }
            // A replay plays by itself: the hand waits until it has finished — but
            // Escape stops a dropped one and puts the window back (docs/behaviour.md §15.3).
            if sandbox != nil, case .key(.escape, _, _) = input { endSandbox(stopped: true); return }
            if replay != nil, case .key(.quit, _, _) = input { running = false; return }
            guard replay == nil else { return }
            feed(input)
        }
    }

    /// The user's input: recorded in a take, handed to the window, and what it asked for
    /// done — a Paste's clipboard text at once, as Ctrl+V's follows its key; the rest with
    /// the frame.
    func feed(_ input: InputEvent) {
        recordLine(.input(input))
        let handled = app.handle(input)
        emit(handled.events)
        for effect in handled.effects {
            if effect == .paste { perform(effect, inputWall: input.time) } else { pending.append((effect, input.time)) }
        }
    }
}
