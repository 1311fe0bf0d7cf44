import Capture
import Files
import Foundation
import Inspector
import Platform
import Scenes
import Workbench

/// The frame loop's steps (`run`): the start, the scene brought up to a frame, the frame
/// drawn, the end of a turn, the remembered session and the way out.
extension AppRunner {
    /// The trace's opening lines — the start, what the remembered session gave, the first
    /// layout — and a replay's proof that it reproduces its run, or the scene's entrance.
    func begin() {
        let w0 = wall
        let t0 = app.sceneTime(atWall: w0)
        emit([SceneEvent(.started, time: t0, [("renderer", .string(renderer.backendName)), ("scale", .number(window.scale)),
                                                ("scene", .string(app.sceneName)), ("theme", .string(app.theme.rawValue)),
                                                ("form", .string(app.springForm.rawValue)),
                                                // Whether a frame repaints what changed in the window's own
                                                // pixels, or is drawn aside and copied whole.
                                                ("present", .string(window.keepsPixels ? "in-place" : "whole"))])])
        // The flight recorder (docs/behaviour.md §17): from the window's first state, as a take would be.
        if options.replay == nil { sessionLog.restart(settings: SessionSettings(app: app, scale: window.scale).json) }
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
            // A flight recorder's replay is brought to its span (or its checkpoint) at once
            // and plays from there, as a dropped one does.
            if r.file.spanStart > 0 {
                let (ready, cursor) = CaptureSession.fastForward(r.file, app: app)
                app = ready
                wallOrigin -= r.file.spanStart
                replay?.cursor = cursor
            }
        } else if let delay = app.sceneType.entranceDelay {
            // The scene makes its entrance a beat after the window opens, so it is seen.
            presentAt = t0 + delay
        }
    }

    /// Brings the window up to `frameWall`: the replay's lines due, the entrance when its
    /// time comes, every scene, the take's frame line and the badge. Returns the scene time.
    func update(toWall frameWall: Double) -> Double {
        playReplay(through: frameWall)
        let t = app.sceneTime(atWall: frameWall)
        if let at = presentAt, t >= at {
            recordLine(.present(wall: frameWall, at: at))
            emit(app.enter(at: at))
            presentAt = nil
        }
        emit(app.update(toWall: frameWall))
        if capture.isRecording || sessionLog.wantsFrame(at: frameWall) {
            recordLine(.frame(wall: frameWall, hash: StateDigest.of(app.pageList(atWall: frameWall))))
        }
        sessionLog.mark(app, wall: frameWall, settings: SessionSettings(app: app, scale: window.scale).json)
        updateCaptureBadge(at: frameWall)
        updatePointerShape(at: t)
        return t
    }

    /// The pointer's shape, set when what it would drag changes, and said in the trace:
    /// `{"event": "pointerShape", "shape": "vertical"}`.
    private func updatePointerShape(at t: Double) {
        let shape = app.pointerDrags.flatMap(Window.PointerShape.init(rawValue:)) ?? .arrow
        guard shape != pointerShape else { return }
        pointerShape = shape
        window.setPointer(shape)
        emit([SceneEvent(.pointerShape, time: t, [("shape", .string(shape.rawValue))])])
    }

    /// Draws and presents the frame; the first one, and every frame's time, in the trace.
    func draw(atWall frameWall: Double, t: Double, frameStart: Double) {
        framesDrawn += 1
        lastDrawn = frameWall
        renderer.present(app.draw(atWall: frameWall), window: window)
        if firstFrame {
            firstFrame = false
            emit([SceneEvent(.firstFrame, time: t, [("ms", .number((MonotonicClock.now() - startedAt) * 1000))])])
        }
        recordFrame(MonotonicClock.now() - frameStart, at: t)
    }

    /// The end of a turn: the pace a test asked for, whether the next turn may wait for
    /// input, and whatever stops the loop (the idle probe's end, a timed run, a signal).
    func endFrame(atWall frameWall: Double, atRest: Bool) {
        if options.frameDelay > 0 { Thread.sleep(forTimeInterval: options.frameDelay) }
        if !app.isAnimating(atWall: frameWall) { idleFrames += 1 } else { idleFrames = 0 }
        if idleProbe?.tick(wall: wall, atRest: atRest && !app.showHUD, framesDrawn: framesDrawn) == true { running = false }
        if let q = options.quitAfter, MonotonicClock.now() - startedAt >= q { running = false }
        if Interrupt.received != nil { running = false }
    }

    /// Writes the remembered session when a save is due — never with a dropped replay's settings.
    func persist() {
        if let memory, running, sandbox == nil {
            noteSave(memory.saveIfDue(now: MonotonicClock.now()) { currentSession }, reason: "change")
        }
    }

    /// The way out. The session is remembered however the window ends (closed,
    /// --quit-after, a signal); closed during a dropped replay, as it was before the drop.
    func finish() throws {
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
            let f = capture.renderFrames ?? (0, 0)
            app.captureBadge = (f.total > 0 ? "Rendering capture  \(f.done) of \(f.total) frames" : String(format: "Rendering capture  %d %%", Int(p * 100)),
                                p, false)
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
