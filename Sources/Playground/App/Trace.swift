import Files
import Foundation
import Scenes

/// Writes the trace: one JSON object a line, each straight to the disk (SPEC §8), so a
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

    public func write(_ event: SceneEvent) {
        guard failure == nil else { return }
        do { try log.append(event.jsonLine) } catch {
            // Said once, when the window closes ("the trace is incomplete: …", exit 1): a
            // line now as well made two for one failure.
            failure = error
            log.close()
        }
    }

    deinit { log.close() }
}
