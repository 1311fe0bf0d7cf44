import Canvas
import Files
import Capture
import Foundation
import Platform
import Render
import Scenes
import Workbench

extension BenchCommand {
    /// `--flight HOURS` (docs/behaviour.md §17's bound): the flight recorder over HOURS of a hand that
    /// never rests — the pointer moving at 60 Hz the whole time, pressing and dragging
    /// across the liquid pile for two seconds of every three — driven through the scene as
    /// the window drives it (each input handled, the scene updated every frame, a frame
    /// line four times a second, the window copied every hour). Prints the log's lines and
    /// bytes, the process's memory, and what writing a checkpoint costs.
    static func flight(hours: Double, bound: Int = SessionLog.defaultBound) throws -> String {
        let fonts = try FontLibrary(directory: FontLibrary.defaultDirectory())
        var app = Workbench(measurer: fonts, theme: .light, windowSize: Workbench.defaultSize)
        _ = app.switchScene(named: LiquidPile.name, at: 0)
        let log = SessionLog(bound: bound)
        log.restart(settings: SessionSettings(app: app, scale: 1).json)
        let rssStart = residentMegabytes()
        let centre = app.stage.center
        let frames = Int((hours * 3600 * 60).rounded())
        var pressed = false
        let started = MonotonicClock.now()
        for k in 1...max(frames, 1) {
            if k % 3600 == 0 { try Interrupt.check() }
            let w = Double(k) / 60
            let phase = w.truncatingRemainder(dividingBy: 3)
            let angle = w * 2.1
            let p = Point2(centre.x + 160 * cos(angle), centre.y + 110 * sin(1.3 * angle))
            var inputs: [InputEvent] = []
            if phase < 2, !pressed { inputs.append(.pointerDown(p, time: w, shift: false)); pressed = true }
            else if phase >= 2, pressed { inputs.append(.pointerUp(p, time: w)); pressed = false }
            else { inputs.append(.pointerMoved(p, time: w)) }
            for e in inputs {
                _ = app.handle(e)
                log.append(.input(e))
            }
            _ = app.update(toWall: w)
            if log.wantsFrame(at: w) { log.append(.frame(wall: w, hash: StateDigest.of(app.pageList(atWall: w)))) }
            log.mark(app, wall: w, settings: SessionSettings(app: app, scale: 1).json)
        }
        let seconds = MonotonicClock.now() - started
        let rssEnd = residentMegabytes()
        let t0 = MonotonicClock.now()
        let state = try app.checkpointData()
        let encodeMs = (MonotonicClock.now() - t0) * 1000
        let t1 = MonotonicClock.now()
        _ = try Workbench.decodeCheckpoint(state, measurer: fonts)
        let decodeMs = (MonotonicClock.now() - t1) * 1000
        let perHour = Double(log.bytes) / 1_048_576 / min(hours, log.checkpoint.map { hours - $0.wall / 3600 } ?? hours)
        return String(format: "flight_hours=%.2f lines=%d log_mb=%.2f log_mb_per_hour=%.2f bound_mb=%.0f checkpoint_at_s=%@\n", hours,
                      log.lines.count, Double(log.bytes) / 1_048_576, perHour, Double(bound) / 1_048_576,
                      log.checkpoint.map { String(format: "%.0f", $0.wall) } ?? "none")
            + String(format: "rss_mb_start=%.1f rss_mb_end=%.1f  (the whole process: fonts, the scenes and the log)\n", rssStart, rssEnd)
            + String(format: "checkpoint_kb=%.1f encode_ms=%.1f decode_ms=%.1f simulated_in_s=%.1f\n", Double(state.count) / 1024,
                     encodeMs, decodeMs, seconds)
    }
}
