import Files
import Foundation
import Inspector
import Scenes
import Workbench

/// Writes the trace: one JSON object a line, each straight to the disk (docs/behaviour.md §8), so a
/// test or a crash report reads everything up to the last event. The file is one this
/// process created (`AppendLog`): it replaces an older trace, never a file of another
/// kind, and a full disk stops the trace at its last whole line with the reason kept for
/// the exit status.
public final class TraceWriter {
    private let log: AppendLog
    /// Why the trace stopped early, if it did.
    private(set) var failure: FileError?

    /// Opens `path`. Fails with a message naming it.
    public init(path: String) throws {
        do {
            log = try AppendLog(target: path, header: "", mayReplace: { $0.first == UInt8(ascii: "{") },
                                kindName: "a SpringLab trace (JSON lines)")
        } catch {
            throw RuntimeError("springlab: --trace: \(error)")
        }
    }

    /// The trace's clock (docs/behaviour.md §15.7): `t` never goes back within a session. A take or a
    /// dropped replay restarts the window's scene clock at 0 (the take keeps that clock in
    /// its replay file); the trace carries on from where it was. Events a frame computes
    /// at its predicted present time can precede an input that happened before it was
    /// shown, and a frame step back moves scene time back: the trace holds its last `t`
    /// rather than step back in time.
    private var offset = 0.0
    private var last = -Double.infinity

    /// The window's scene clock now reads `sceneTime` after a restart (a take, a replay):
    /// later events continue the trace's time from its last `t`.
    public func continueClock(atSceneTime sceneTime: Double) {
        guard last.isFinite else { return }
        offset = last - sceneTime
    }

    public func write(_ event: SceneEvent) {
        guard failure == nil else { return }
        var event = event
        if event.time.isFinite {
            event.time = max(event.time + offset, last)
            last = event.time
        }
        do { try log.append(event.jsonLine) } catch {
            // Said once, when the window closes ("the trace is incomplete: …", exit 1): a
            // line now as well made two for one failure.
            failure = error
            log.close()
        }
    }

    deinit { log.close() }
}
