import Foundation

/// A folder output (a PNG sequence) built whole in a temporary folder beside the target
/// and renamed into place only when every file in it is written and flushed (docs/behaviour.md §13).
///
/// The target must be missing or an empty folder: a non-empty folder is never mixed into
/// and never replaced; a file where the folder should be is refused. On failure only the
/// files this output wrote are unlinked and its temporary folder removed — nothing is
/// ever deleted recursively.
public final class OutputFolder {
    public let target: String
    public let temporaryPath: String
    private var written: [String] = []
    private var done = false
    private var cleanupKey = 0

    public init(target path: String) throws(FileError) {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        target = trimmed
        switch PathKind.of(trimmed) {
        case .missing, .unreachable: break
        case .directory:
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: trimmed), !entries.isEmpty {
                throw FileError("\(quotedPath(trimmed)) is not empty: choose a new or empty folder (nothing was written)")
            }
        case let kind:
            throw FileError("\(quotedPath(trimmed)) is \(kind.noun), not a folder (nothing was written)")
        }
        let parent = parentFolder(of: trimmed)
        switch PathKind.of(parent) {
        case .directory: break
        case .missing: throw FileError("cannot write \(quotedPath(trimmed)): the folder \(quotedPath(parent)) does not exist")
        case .unreachable: throw FileError("cannot write \(quotedPath(trimmed)): permission denied on the way to \(quotedPath(parent))")
        case let kind: throw FileError("cannot write \(quotedPath(trimmed)): \(quotedPath(parent)) is \(kind.noun), not a folder")
        }
        let base = String(decoding: Array(PathText.name(of: trimmed).utf8.prefix(180)), as: UTF8.self)
        var template = Array("\(parent)/.\(base)-springlab-XXXXXX".utf8CString)
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
        guard let made else { throw FileError("cannot write \(quotedPath(trimmed)): \(errnoText())") }
        temporaryPath = made
        chmod(made, 0o777 & ~currentUmask())
        // Ended from outside: the frames written into our own temporary folder go, then it.
        cleanupKey = Interrupt.register {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: made)) ?? [] where name.hasPrefix("frame-") {
                unlink(made + "/" + name)
            }
            rmdir(made)
        }
    }

    deinit { if !done { abandon() } }

    /// Writes one file of the folder, checked and flushed.
    public func write(_ bytes: [UInt8], name: String) throws(FileError) {
        guard !done else { throw FileError("cannot write \(quotedPath(target)): the output was already closed") }
        let path = temporaryPath + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let why = errnoText()
            abandon()
            throw FileError("cannot write \(quotedPath(target))/\(name): \(why)")
        }
        written.append(path)
        var failure = writeAll(fd, bytes)
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure {
            abandon()
            throw FileError("cannot write \(quotedPath(target))/\(name): \(errnoText(failure))")
        }
    }

    /// Moves the finished folder into place (over an empty folder, or where none was).
    public func commit() throws(FileError) {
        guard !done else { return }
        let fd = open(temporaryPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
        // rename(2) replaces only an empty folder: one filled meanwhile (another process
        // writing the same target) makes this fail, and neither output is lost.
        guard rename(temporaryPath, target) == 0 else {
            let code = errno
            abandon()
            if code == ENOTEMPTY || code == EEXIST {
                throw FileError("\(quotedPath(target)) was filled by someone else meanwhile: nothing was written")
            }
            throw FileError("cannot write \(quotedPath(target)): \(errnoText(code))")
        }
        syncFolder(of: target)
        done = true
        Interrupt.unregister(cleanupKey)
    }

    /// Removes exactly what this output wrote, then its (now empty) temporary folder.
    public func abandon() {
        guard !done else { return }
        for path in written { unlink(path) }
        rmdir(temporaryPath)
        written.removeAll()
        done = true
        Interrupt.unregister(cleanupKey)
    }
}
