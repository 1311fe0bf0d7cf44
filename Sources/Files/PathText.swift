/// A path's folder and last name, worked out from its bytes the way POSIX `dirname` and
/// `basename` do.
///
/// Foundation's `NSString.deletingLastPathComponent` traps (SIGILL, exit 132) on any path
/// whose last name is one character with nothing before it — `a`, `x/`, `.` — so
/// `springlab record --out x/` and `run --trace a` crashed before writing a byte. These
/// never trap, whatever the text: spaces, newlines, a byte that is not UTF-8.
public enum PathText {
    private static let slash = UInt8(ascii: "/")

    /// The folder holding `path`: `"."` for a bare name, `"/"` at the root.
    /// `parent(of: "a/b/") == "a"`, `parent(of: "a") == "."`, `parent(of: "/a") == "/"`.
    public static func parent(of path: String) -> String {
        let bytes = trimmed(Array(path.utf8))
        guard let i = bytes.lastIndex(of: slash) else { return "." }
        let head = trimmed(Array(bytes[..<i]))
        return head.isEmpty ? "/" : String(decoding: head, as: UTF8.self)
    }

    /// The last name in `path`, trailing slashes ignored: `name(of: "x/") == "x"`,
    /// `name(of: "/") == "/"`.
    public static func name(of path: String) -> String {
        let bytes = trimmed(Array(path.utf8))
        if bytes.isEmpty { return "." }
        guard let i = bytes.lastIndex(of: slash), bytes.count > 1 else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(i + 1)...], as: UTF8.self)
    }

    /// `bytes` without trailing slashes, but a lone "/" kept.
    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        return bytes
    }
}
