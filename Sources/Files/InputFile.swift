import Foundation

/// Reading a user's input file (a replay, a preset, a CSV) or standard input for "-",
/// bounded and without a crash (docs/behaviour.md §13): a directory, FIFO or device is named as such,
/// a read error is a message, and nothing larger than `limit` bytes is taken in whole.
public enum InputFile {
    /// 64 MB: far above any replay or preset a session writes (a 10-minute take at
    /// 240 fps is about 8 MB), far below what would exhaust memory.
    public static let defaultLimit = 64 << 20

    /// The name of `path` in messages: "standard input" for "-".
    public static func displayName(_ path: String) -> String { path == "-" ? "standard input" : quotedPath(path) }

    /// Opens `path` for reading (standard input for "-"), refusing what is not a file.
    /// Standard input may be a pipe or a terminal; a named path must be a regular file.
    public static func open(_ path: String) throws(FileError) -> Int32 {
        if path == "-" {
            let kind = PathKind.of(descriptor: 0)
            switch kind {
            case .directory, .blockDevice, .socket, .other: throw FileError("standard input is \(kind.noun), not text")
            case .missing: throw FileError("standard input is closed")
            default: return 0
            }
        }
        let kind = PathKind.of(path)
        switch kind {
        case .regular: break
        case .missing:
            // A dangling link or a missing folder reads as "no such file" either way.
            throw FileError("\(quotedPath(path)): no such file")
        case .unreachable:
            throw FileError("\(quotedPath(path)): permission denied (a folder on its way cannot be entered)")
        default:
            throw FileError("\(quotedPath(path)) is \(kind.noun), not a file")
        }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError("\(quotedPath(path)): cannot be read: \(errnoText())") }
        return fd
    }

    /// The whole of `path` as UTF-8 text, at most `limit` bytes.
    public static func readText(_ path: String, limit: Int = defaultLimit) throws(FileError) -> String {
        let fd = try open(path)
        defer { if fd != 0 { close(fd) } }
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError("\(displayName(path)): cannot be read: \(errnoText())")
            }
            if n == 0 { break }
            // Appended and searched through raw buffers (memchr): a debug build's generic
            // slice append and `contains` spent 2 s of a 60 MB file's 3 s here.
            chunk.withUnsafeBufferPointer { data.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<n])) }
            if data.count > limit {
                throw FileError("\(displayName(path)) is larger than \(limit >> 20) MB: not a SpringLab text file")
            }
        }
        let hasNUL = data.withUnsafeBytes { raw in raw.baseAddress.map { memchr($0, 0, raw.count) != nil } ?? false }
        if hasNUL { throw FileError("\(displayName(path)) holds NUL bytes: not a text file") }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw FileError("\(displayName(path)) is not UTF-8 text")
        }
        return text
    }
}

/// Lines of a file or standard input, read in chunks: memory stays bounded however long
/// the input (docs/behaviour.md §13: `velocity` streams). A line longer than `maxLine` bytes is an
/// error, so a file without newlines (/dev/zero) cannot grow without end.
public struct LineReader {
    public let name: String
    private let fd: Int32
    private let maxLine: Int
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEOF = false
    /// The 1-based number of the line last returned.
    public private(set) var lineNumber = 0

    public init(path: String, maxLine: Int = 4096) throws(FileError) {
        fd = try InputFile.open(path)
        name = InputFile.displayName(path)
        self.maxLine = maxLine
        buffer = [UInt8](repeating: 0, count: max(1 << 16, maxLine * 2))
    }

    public func close() { if fd != 0 { Glibc.close(fd) } }

    /// Calls `body` with each line's bytes (without its line break; a CR before the LF is
    /// dropped too) until the input ends or `body` throws.
    public mutating func forEachLine<E: Error>(_ body: (UnsafeBufferPointer<UInt8>, Int) throws(E) -> Void) throws -> Void {
        while true {
            // A whole line in the buffer?
            let newline: Int? = buffer.withUnsafeBufferPointer { b in
                var i = start
                while i < end { if b[i] == 10 { return i }; i += 1 }
                return nil
            }
            if let nl = newline {
                // The same limit whether or not the line happened to arrive whole.
                if nl - start > maxLine {
                    throw FileError("\(name): line \(lineNumber + 1) is longer than \(maxLine) bytes")
                }
                lineNumber += 1
                var stop = nl
                if stop > start && buffer[stop - 1] == 13 { stop -= 1 }
                let first = start
                start = nl + 1
                try buffer.withUnsafeBufferPointer { b throws(E) in
                    try body(UnsafeBufferPointer(rebasing: b[first..<stop]), lineNumber)
                }
                continue
            }
            if end - start > maxLine {
                throw FileError("\(name): line \(lineNumber + 1) is longer than \(maxLine) bytes")
            }
            if atEOF {
                if end > start {
                    lineNumber += 1
                    var stop = end
                    if buffer[stop - 1] == 13 { stop -= 1 }
                    let first = start
                    start = end
                    try buffer.withUnsafeBufferPointer { b throws(E) in
                        try body(UnsafeBufferPointer(rebasing: b[first..<stop]), lineNumber)
                    }
                }
                return
            }
            // Move what is left to the front and read more.
            if start > 0 {
                let count = end - start
                buffer.withUnsafeMutableBufferPointer { b in
                    if count > 0, let base = b.baseAddress { memmove(base, base + start, count) }
                }
                start = 0
                end = count
            }
            let room = buffer.count - end
            let filled = end
            let n = buffer.withUnsafeMutableBytes { b in b.baseAddress.map { read(fd, $0 + filled, room) } ?? 0 }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError("\(name): cannot be read: \(errnoText())")
            }
            if n == 0 { atEOF = true } else { end += n }
        }
    }
}
