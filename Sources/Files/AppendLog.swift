import Foundation

/// A file written as it goes — the live replay, the trace (docs/behaviour.md §13): one line at a time,
/// each straight to the disk, into a file this process created itself.
///
/// The file is made exclusively as a temporary beside the target, its first lines written,
/// and then renamed over the target (replacing only an older file of the same kind:
/// `mayReplace` looks at its first bytes) or, with `replacing: false`, linked to a name
/// nobody has. Every line goes out in one checked write; a write that fails part-way is
/// cut back to the last whole line, so a kill or a full disk at any moment leaves a file
/// that parses up to its last whole line.
public final class AppendLog {
    public let path: String
    private var fd: Int32
    private var length: off_t = 0

    public init(target: String, header: String, replacing: Bool = true,
                mayReplace: ((ArraySlice<UInt8>) -> Bool)? = nil, kindName: String = "") throws(FileError) {
        path = target
        let file = try OutputFile(target: target, mayReplace: mayReplace, kindName: kindName)
        try file.write(header)
        // Keep a handle on the file before it is renamed: the lines go on after the rename.
        let handle = open(file.temporaryPath, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard handle >= 0 else {
            let why = errnoText()
            file.abandon()
            throw FileError("cannot write \(quotedPath(target)): \(why)")
        }
        do { try file.commit(replacing: replacing) } catch {
            Glibc.close(handle)
            throw error
        }
        fd = handle
        length = off_t(header.utf8.count)
    }

    deinit { close() }

    /// Appends `line` and a newline in one write.
    public func append(_ line: String) throws(FileError) {
        guard fd >= 0 else { throw FileError("cannot write \(quotedPath(path)): it is closed") }
        let bytes = Array((line + "\n").utf8)
        if let failure = writeAll(fd, bytes) {
            // Half a line would not parse: back to the last whole one.
            _ = ftruncate(fd, length)
            throw FileError("cannot write \(quotedPath(path)): \(errnoText(failure))")
        }
        length += off_t(bytes.count)
    }

    /// Flushes and closes the file; further appends fail.
    public func close() {
        guard fd >= 0 else { return }
        fsync(fd)
        Glibc.close(fd)
        fd = -1
    }
}
