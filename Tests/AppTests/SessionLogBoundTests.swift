import Canvas
import Capture
import Foundation
@testable import App
@testable import Workbench
import Scenes
import Testing

/// The flight recorder's bound (docs/behaviour.md §17): past it the log drops its oldest lines after a
/// checkpoint of the whole window, and a bundle saved afterwards still reproduces the
/// window exactly — every frame hash of its replay matches, and its last frame is the
/// live window's.
@Suite struct SessionLogBoundTests {
    /// A session that goes through every scene's scripts in turn (a key switches scene),
    /// as input lines from wall 0, and its length.
    static func session() throws -> (lines: [ReplayFile.Line], duration: Double) {
        var lines: [ReplayFile.Line] = []
        var offset = 0.5
        for (index, type) in SceneRegistry.scenes.enumerated() {
            for script in type.scripted?.scripts ?? [] {
                var app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Workbench.defaultSize)
                _ = app.switchScene(named: type.name, at: 0)
                lines.append(.input(.key(Key.digits[index], time: offset, shift: false)))
                for case .input(let e) in CaptureScripts.lines(for: script, app: app) { lines.append(.input(e.at(offset + 0.1 + e.time))) }
                offset += script.duration + 0.6
            }
        }
        return (lines, offset)
    }

    /// The window's loop as the runner drives it: inputs due, then the frame at 60 Hz, each
    /// line logged, a frame line four times a second, and the mark after every frame.
    static func run(_ lines: [ReplayFile.Line], until end: Double, log: SessionLog) -> Workbench {
        var app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Workbench.defaultSize)
        log.restart(settings: SessionSettings(app: app, scale: 1).json)
        var next = 0
        for k in 1...Int((end * 60).rounded()) {
            let w = Double(k) / 60
            while next < lines.count, lines[next].wall <= w {
                if case .input(let e) = lines[next] { _ = app.handle(e) }
                log.append(lines[next])
                next += 1
            }
            _ = app.update(toWall: w)
            if log.wantsFrame(at: w) { log.append(.frame(wall: w, hash: StateDigest.of(app.pageList(atWall: w)))) }
            log.mark(app, wall: w, settings: SessionSettings(app: app, scale: 1).json)
        }
        return app
    }

    @Test func pastItsBoundTheLogStartsAtACheckpointAndItsReplaysStillReproduceTheWindow() throws {
        let (lines, duration) = try Self.session()
        #expect(duration > 40, "the session is long enough to be cut several times")
        // A copy of the window every 5 s, a bound of 8 KB and spans of at most 10 s: the
        // log is cut many times.
        let log = SessionLog(bound: 8 << 10, markInterval: 5, keep: 10)
        let live = Self.run(lines, until: duration, log: log)
        let unbounded = SessionLog()
        _ = Self.run(lines, until: duration, log: unbounded)
        #expect(log.checkpointFailure == nil)
        let checkpoint = try #require(log.checkpoint, "the bound was passed: \(unbounded.bytes) bytes, \(unbounded.lines.count) lines in \(duration) s")
        #expect(checkpoint.wall <= duration - 10 && checkpoint.wall >= duration - 25, "the checkpoint at \(checkpoint.wall) of \(duration) s")
        #expect(log.lines.count < unbounded.lines.count / 2 && log.lines.allSatisfy { $0.wall >= checkpoint.wall })
        // The bound holds, within the lines a cut must keep (the span's 10 s and the 5 s
        // between copies).
        #expect(log.bytes <= 16 << 10, "\(log.bytes) bytes")

        // The last 10 s saved, written out and read back as a file, verify frame by frame.
        let file = try #require(log.replay(lastSeconds: 10, endingAt: duration))
        let path = NSTemporaryDirectory() + "bound-\(UInt32.random(in: 0...UInt32.max)).slreplay"
        try file.write(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (read, settings) = try SessionSettings.loadReplay(path, command: "test")
        #expect(read.checkpoint == file.checkpoint && read.lines == file.lines)
        let start = try settings.makeApp(measurer: FixedAdvanceMeasurer(), replay: read, path: path)
        let check = CaptureSession.verify(read, app: start)
        #expect(check.total >= 30 && check.matched == check.total, "\(check)")
        // Brought to its end, the replay shows what the live window shows.
        var session = CaptureSession(app: start, lines: read.lines)
        #expect(session.frame(atWall: duration).hash == StateDigest.of(live.pageList(atWall: duration)))
    }

    /// A checkpoint in a replay is read back or refused with its line; one anywhere but
    /// after the settings is refused.
    @Test func aReplaysCheckpointIsCheckedWhereItIsRead() throws {
        let app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Workbench.defaultSize)
        let settings = SessionSettings(app: app, scale: 1).json
        let state = String(decoding: try app.checkpointData(), as: UTF8.self)
        let good = ReplayFile(settings: settings, checkpoint: .init(wall: 100, state: state), lines: [.end(wall: 101)])
        let parsed = try ReplayFile.parse(good.text, name: "a.slreplay")
        #expect(parsed.checkpoint?.wall == 100 && parsed.checkpoint?.state == state && parsed.spanStart == 100)
        func refusal(_ text: String) -> String {
            do { _ = try ReplayFile.parse(text, name: "a.slreplay"); return "" } catch { return error.description }
        }
        let header = "springlab-replay 1\n{\"settings\": \(settings)}\n"
        #expect(refusal(header + "{\"t\": 1, \"e\": \"end\"}\n{\"t\": 2, \"e\": \"checkpoint\", \"state\": {}}\n")
                == "a.slreplay:4: a checkpoint is the line right after the settings")
        #expect(refusal(header + "{\"t\": 1, \"e\": \"checkpoint\", \"state\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}\n").hasPrefix("a.slreplay:3: a checkpoint line is"))
        // A state that is JSON but not a window: one line naming the file, the line and why.
        let path = NSTemporaryDirectory() + "cp-\(UInt32.random(in: 0...UInt32.max)).slreplay"
        try (header + "{\"t\": 1, \"e\": \"checkpoint\", \"state\": {\"catalog\": [\"push-alert\"]}}\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: (any Error).self) { _ = try SessionSettings.loadReplay(path, command: "record") }
        do { _ = try SessionSettings.loadReplay(path, command: "record") } catch {
            let message = (error as? RuntimeError)?.message
            #expect(message?.contains(":3: checkpoint: the checkpoint's scenes (push-alert) are not this window's") == true, "\(error)")
        }
    }
}
