import Canvas
import Foundation
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
    private var app: PushAlertApp
    private let trace: TraceWriter?
    private var frameTimes: [Double] = []
    private var lastFrameReport = 0.0
    private let startedAt: Double

    init(options: AppOptions) throws {
        startedAt = MonotonicClock.now()
        self.options = options
        trace = try options.tracePath.map { try TraceWriter(path: $0) }
        let fonts = try RenderCommand.loadFonts()
        do {
            window = try Window(title: "SpringLab", size: options.size, minimum: PushAlertApp.minimumSize,
                                backend: options.backend, userScale: options.scale)
        } catch {
            throw RuntimeError("springlab: \(error)")
        }
        if let note = window.fallbackNote {
            FileHandle.standardError.write(Data("springlab: \(note); drawing with the software renderer\n".utf8))
        }
        pump = EventPump(window: window)
        renderer = try StageRenderer(fonts: fonts, window: window)
        app = PushAlertApp(settings: options.settings, measurer: fonts, theme: options.theme, windowSize: window.size,
                           wall: MonotonicClock.now())
        app.scene = options.scene
    }

    private func emit(_ events: [SceneEvent]) {
        guard let trace else { return }
        for e in events { trace.write(e) }
    }

    func run() {
        let w0 = MonotonicClock.now()
        let t0 = app.sceneTime(atWall: w0)
        emit([SceneEvent("started", time: t0, [("renderer", .string(renderer.backendName)),
                                                ("scale", .number(window.scale))]), app.layoutEvent(atWall: w0)])
        // The alert arrives a beat after the window opens, so its entrance is seen.
        var presentAt: Double? = app.scene == .pushAlert ? t0 + 0.25 : nil
        var firstFrame = true
        var running = true
        var idleFrames = 0
        while running {
            let waitMs: Int32 = idleFrames > 2 && presentAt == nil ? 100 : 0
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
                    if window.enforceMinimum(PushAlertApp.minimumSize) { continue }
                    emit(app.resize(to: window.size, atWall: MonotonicClock.now()))
                case .exposed:
                    idleFrames = 0
                case .input(let input):
                    idleFrames = 0
                    emit(app.handle(input))
                }
            }
            let now = MonotonicClock.now()
            // Draw where things will be when this frame is shown: one refresh ahead.
            let wall = now + 1.0 / 60
            let t = app.sceneTime(atWall: wall)
            if let at = presentAt, t >= at {
                emit(app.alert.present(at: at))
                presentAt = nil
            }
            emit(app.update(toWall: wall))
            renderer.present(app.draw(atWall: wall), window: window)
            if firstFrame {
                firstFrame = false
                emit([SceneEvent("firstFrame", time: t, [("ms", .number((MonotonicClock.now() - startedAt) * 1000))])])
            }
            recordFrame(MonotonicClock.now() - frameStart, at: t)
            if options.frameDelay > 0 { Thread.sleep(forTimeInterval: options.frameDelay) }
            if !app.isAnimating(atWall: wall) && !app.showHUD { idleFrames += 1 } else { idleFrames = 0 }
            if let q = options.quitAfter, MonotonicClock.now() - startedAt >= q { running = false }
        }
        emit([SceneEvent("quit", time: app.sceneTime(atWall: MonotonicClock.now()))])
    }

    /// Frame timings, summarised once a second into the trace (p50, p99, max in ms).
    private func recordFrame(_ seconds: Double, at t: Double) {
        frameTimes.append(seconds * 1000)
        let interval = t - lastFrameReport
        app.noteFrame(ms: seconds * 1000, fps: interval > 0 ? Double(frameTimes.count) / interval : 0)
        guard t - lastFrameReport >= 1, !frameTimes.isEmpty else { return }
        let sorted = frameTimes.sorted()
        func pct(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] }
        emit([SceneEvent("frames", time: t, [("count", .number(Double(sorted.count))), ("p50", .number(pct(0.5))),
                                               ("p99", .number(pct(0.99))), ("max", .number(sorted.last ?? 0))])])
        frameTimes.removeAll(keepingCapacity: true)
        lastFrameReport = t
    }
}
