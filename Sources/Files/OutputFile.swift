import Foundation

/// A file written whole or not at all (docs/behaviour.md §13): the one way SpringLab writes a file.
///
/// The bytes go to a new temporary created exclusively beside the target
/// (`.NAME-springlab-XXXXXX`: `mkstemp` never opens a file that already exists, so no
/// file a user owns is ever written or removed), every write and the close are checked,
/// the data is flushed to the disk, and only then is the temporary renamed over the
/// target. A full disk is an error, never a silent truncation; on any failure the
/// temporary is removed and the target is as it was.
///
///     let file = try OutputFile(target: "shot.png")
///     try file.write(bytes)
///     try file.commit()          // or file.abandon()
///
/// A writer that is not ours (ffmpeg) can fill the temporary: `closeForExternalWriter()`
/// hands it over, and `commit()` then flushes what the other program wrote.
public final class OutputFile {
    public let target: String
    public let temporaryPath: String
    private var fd: Int32
    private var state = State.open
    /// The clean-up the interrupt watchdog runs if the process is ended meanwhile.
    private let cleanupKey: Int
    private enum State { case open, external, finished, committed, abandoned }

    /// Creates the temporary beside `target`. Refused when the target is a directory or
    /// anything but a regular file (a device, a FIFO), or its folder does not exist.
    /// `mayReplace` looks at the first bytes of an existing target and says whether it is
    /// of the kind this output may replace (nil: any regular file may be replaced).
    public init(target: String, mayReplace: ((ArraySlice<UInt8>) -> Bool)? = nil, kindName: String = "") throws(FileError) {
        self.target = target
        try Self.checkTarget(target, mayReplace: mayReplace, kindName: kindName)
        (fd, temporaryPath) = try Self.makeTemporary(beside: target)
        let temporary = temporaryPath
        cleanupKey = Interrupt.register { unlink(temporary) }
    }

    deinit { if state != .committed { abandon() } }

    /// Checks that `target` may be written as a file.
    static func checkTarget(_ target: String, mayReplace: ((ArraySlice<UInt8>) -> Bool)?, kindName: String) throws(FileError) {
        guard !target.isEmpty else { throw FileError("an empty path is not a file name") }
        guard !target.hasSuffix("/") else { throw FileError("\(quotedPath(target)) names a folder; a file path is needed here") }
        let kind = PathKind.of(target)
        switch kind {
        case .missing, .unreachable: break  // (the folder check below says which)
        case .regular:
            if let mayReplace, let head = readHead(target), !head.isEmpty, !mayReplace(head[...]) {
                throw FileError("\(quotedPath(target)) exists and is not \(kindName): refusing to replace it")
            }
        default:
            throw FileError("\(quotedPath(target)) is \(kind.noun), not a file (nothing was written)")
        }
        let parent = parentFolder(of: target)
        let parentKind = PathKind.of(parent)
        guard parentKind == .directory else {
            throw FileError(parentKind == .missing ? "cannot write \(quotedPath(target)): the folder \(quotedPath(parent)) does not exist"
                            : parentKind == .unreachable ? "cannot write \(quotedPath(target)): permission denied on the way to \(quotedPath(parent))"
                            : "cannot write \(quotedPath(target)): \(quotedPath(parent)) is \(parentKind.noun), not a folder")
        }
    }

    /// The first bytes of a regular file (nil when it cannot be read).
    static func readHead(_ path: String, count: Int = 64) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, count) }
        return n >= 0 ? Array(buffer.prefix(n)) : nil
    }

    static func makeTemporary(beside target: String) throws(FileError) -> (Int32, String) {
        let parent = parentFolder(of: target)
        // Long names are cut so the temporary stays within NAME_MAX (255 bytes).
        let base = String(decoding: Array(PathText.name(of: target).utf8.prefix(180)), as: UTF8.self)
        var template = Array("\(parent)/.\(base)-springlab-XXXXXX".utf8CString)
        let made: (Int32, String)? = template.withUnsafeMutableBufferPointer { buffer in
            guard let name = buffer.baseAddress else { return nil }
            let fd = mkstemp(name)
            guard fd >= 0 else { return nil }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // not inherited by ffmpeg
            return (fd, String(cString: name))
        }
        guard let (fd, path) = made else { throw FileError("cannot write \(quotedPath(target)): \(errnoText())") }
        // mkstemp makes 0600: a finished file gets the mode a new file would have had, or
        // the mode of the file it replaces.
        var st = stat()
        let mode: mode_t = stat(target, &st) == 0 ? st.st_mode & 0o7777 : 0o666 & ~currentUmask()
        fchmod(fd, mode)
        return (fd, path)
    }

    /// Writes all of `bytes`; a short write (a full disk, a file size limit) is an error.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        guard state == .open else { throw FileError("cannot write \(quotedPath(target)): the file is closed") }
        if let code = writeAll(fd, bytes) {
            abandon()
            throw FileError("cannot write \(quotedPath(target)): \(errnoText(code))")
        }
    }

    public func write(_ text: String) throws(FileError) { try write(Array(text.utf8)) }

    /// Closes this process's handle so another program can write the temporary (it must
    /// truncate and rewrite it, as ffmpeg's `-y` does).
    public func closeForExternalWriter() {
        guard state == .open else { return }
        close(fd)
        fd = -1
        state = .external
    }

    /// Flushes the data to the disk and closes it, checking both: after this only the
    /// rename is left. `validate` may inspect the finished temporary (an encoder's output)
    /// and return why it is not a whole file.
    public func finish(validate: ((String) -> String?)? = nil) throws(FileError) {
        switch state {
        case .finished: return
        case .committed, .abandoned: throw FileError("cannot write \(quotedPath(target)): the output was already closed")
        case .external:
            fd = open(temporaryPath, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                let why = errnoText()
                abandon()
                throw FileError("cannot write \(quotedPath(target)): \(why)")
            }
        case .open: break
        }
        let synced = fsync(fd) == 0 ? nil : errnoText()
        let closed = close(fd) == 0 ? nil : errnoText()
        fd = -1
        if let why = synced ?? closed {
            abandon()
            throw FileError("cannot write \(quotedPath(target)): \(why)")
        }
        if let validate, let why = validate(temporaryPath) {
            abandon()
            throw FileError("cannot write \(quotedPath(target)): \(why)")
        }
        state = .finished
    }

    /// Finishes the file and moves it into place. With `replacing: false` an existing
    /// target is an error (`FileError.exists`) and is left alone.
    public func commit(replacing: Bool = true) throws(FileError) {
        try finish()
        if replacing {
            guard rename(temporaryPath, target) == 0 else {
                let why = errnoText()
                abandon()
                throw FileError("cannot write \(quotedPath(target)): \(why)")
            }
        } else {
            // link() never replaces: a name taken meanwhile is refused, not overwritten.
            guard link(temporaryPath, target) == 0 else {
                let code = errno
                abandon()
                throw code == EEXIST ? FileError.exists(target) : FileError("cannot write \(quotedPath(target)): \(errnoText(code))")
            }
            unlink(temporaryPath)
        }
        syncFolder(of: target)
        state = .committed
        Interrupt.unregister(cleanupKey)
    }

    /// Removes the temporary; the target is untouched. Safe to call more than once.
    public func abandon() {
        guard state != .committed, state != .abandoned else { return }
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(temporaryPath)
        state = .abandoned
        Interrupt.unregister(cleanupKey)
    }

    /// Writes `bytes` to `target` whole, or fails leaving it as it was.
    public static func write(_ bytes: [UInt8], to target: String, replacing: Bool = true) throws(FileError) {
        let file = try OutputFile(target: target)
        try file.write(bytes)
        try file.commit(replacing: replacing)
    }
}

/// Writes every byte, retrying short writes and interruptions. Returns nil, or the
/// errno of the failure (ENOSPC when the disk took nothing).
public func writeAll(_ fd: Int32, _ bytes: some ContiguousBytes) -> Int32? {
    bytes.withUnsafeBytes { b -> Int32? in
        guard let base = b.baseAddress else { return nil }
        var offset = 0
        while offset < b.count {
            let n = Glibc.write(fd, base + offset, b.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return ENOSPC }
            offset += n
        }
        return nil
    }
}

/// The folder holding `path` ("." for a bare name).
func parentFolder(of path: String) -> String { PathText.parent(of: path) }

/// Flushes a folder's entries (a rename is durable once its folder is).
func syncFolder(of path: String) {
    let fd = open(parentFolder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
}

func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
}

/// The C library's words for `code` (errno by default): "No space left on device".
public func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
