import Foundation
import Glibc

/// The desktop's trash, as the freedesktop.org Trash specification (version 1.0) lays it
/// out, so a file manager lists what SpringLab put there and can restore it: the home
/// trash `$XDG_DATA_HOME/Trash` (default `~/.local/share/Trash`) holds the file under
/// `files/NAME` and, beside it, `info/NAME.trashinfo`:
///
///     [Trash Info]
///     Path=/home/ana/.local/share/springlab/presets/Calm%20set.preset.json
///     DeletionDate=2026-12-06T14:05:09
///
/// `Path` is the original absolute path, percent-encoded as a URI path (RFC 2396); the
/// date is local time. The info file is made first, exclusively, which reserves NAME (a
/// name already in the trash gets " 2", " 3" … before its extension); then the file is
/// linked into `files/` (never over anything there) and its old name removed. A file that cannot be moved leaves no info file behind and stays
/// where it was: nothing is lost either way.
public enum Trash {
    /// The home trash for `environment` (a relative `XDG_DATA_HOME` is ignored, as XDG asks).
    public static func folder(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/Trash" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/share/Trash"
    }

    /// Where a trashed file went: its new path and its info file.
    public struct Moved: Sendable, Equatable {
        public var file: String
        public var info: String
    }

    /// Moves the file at `path` (absolute) into the trash at `trash`, dated `date`.
    public static func move(_ path: String, to trash: String, date: Date = Date()) throws(FileError) -> Moved {
        let files = trash + "/files", infos = trash + "/info"
        for folder in [trash, files, infos] {
            // 0700: the trash is the user's own (the specification's advice for the home trash).
            if mkdir(folder, 0o700) != 0, errno != EEXIST {
                throw FileError("cannot make the trash folder \(quotedPath(folder)): \(String(cString: strerror(errno)))")
            }
        }
        let name = (path as NSString).lastPathComponent
        let text = "[Trash Info]\nPath=\(encoded(path))\nDeletionDate=\(stamp(date))\n"
        for n in 1...999 {
            let candidate = n == 1 ? name : numbered(name, n)
            let info = "\(infos)/\(candidate).trashinfo", file = "\(files)/\(candidate)"
            do {
                try OutputFile.write(Array(text.utf8), to: info, replacing: false)
            } catch {
                if error.isExists { continue }
                throw FileError("cannot write the trash's note \(quotedPath(info)): \(error)")
            }
            // A hard link under the new name, never over anything already there (another
            // program's leftover without its info file, a dangling link); then the old name goes.
            if link(path, file) != 0 {
                let code = errno
                unlink(info)
                if code == EEXIST { continue }
                let why = code == EXDEV ? "the trash is on another file system" : String(cString: strerror(code))
                throw FileError("cannot move \(quotedPath(path)) to the trash: \(why); it was left where it was")
            }
            if unlink(path) != 0 {
                let why = String(cString: strerror(errno))
                unlink(file)
                unlink(info)
                throw FileError("cannot move \(quotedPath(path)) to the trash: \(why); it was left where it was")
            }
            return Moved(file: file, info: info)
        }
        throw FileError("the trash \(quotedPath(trash)) already holds 999 files named \(quoted(name))")
    }

    /// "Calm.preset.json", 2 → "Calm 2.preset.json": the number before the extensions.
    static func numbered(_ name: String, _ n: Int) -> String {
        guard let dot = name.dropFirst().firstIndex(of: ".") else { return "\(name) \(n)" }
        return "\(name[..<dot]) \(n)\(name[dot...])"
    }

    /// A path as a URI path: every byte but the unreserved ones and `/` as %XX (RFC 2396 §2).
    public static func encoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// YYYY-MM-DDThh:mm:ss in local time.
    static func stamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
