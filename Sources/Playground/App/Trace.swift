import Foundation
import Scenes

/// Writes the trace: one JSON object a line, flushed as written (SPEC §8), so a test or a
/// crash report reads everything up to the last event.
public final class TraceWriter {
    private let handle: FileHandle

    /// Opens (truncates) `path`. Fails with a message naming it.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw RuntimeError("springlab: cannot write the trace file \(path)")
        }
        self.handle = handle
    }

    public func write(_ event: SceneEvent) {
        handle.write(Data((event.jsonLine + "\n").utf8))
    }

    deinit { try? handle.close() }
}
