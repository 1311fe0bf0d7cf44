import Foundation

/// What a path names on the disk, for messages and refusals: a file is written only over
/// a regular file, and a device, FIFO or folder is named as such (docs/behaviour.md §13).
public enum PathKind: Equatable, Sendable {
    case missing, regular, directory, fifo, characterDevice, blockDevice, socket, other
    /// A folder on the way cannot be entered (EACCES): the path may well exist, and saying
    /// "does not exist" sent users looking for a typo.
    case unreachable

    /// The kind of `path`, following symbolic links.
    public static func of(_ path: String) -> PathKind {
        var st = stat()
        guard stat(path, &st) == 0 else { return errno == EACCES ? .unreachable : .missing }
        return of(mode: st.st_mode)
    }

    /// The kind of an open descriptor (standard input).
    public static func of(descriptor fd: Int32) -> PathKind {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .missing }
        return of(mode: st.st_mode)
    }

    static func of(mode: mode_t) -> PathKind {
        switch mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .fifo
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFSOCK: return .socket
        default: return .other
        }
    }

    /// "a directory", "a FIFO (named pipe)", …: what the path is, for a message.
    public var noun: String {
        switch self {
        case .missing: return "missing"
        case .regular: return "a file"
        case .directory: return "a directory"
        case .fifo: return "a FIFO (named pipe)"
        case .characterDevice: return "a device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .other: return "not a regular file"
        case .unreachable: return "out of reach (a folder on its way cannot be entered: permission denied)"
        }
    }
}

/// A file that could not be read or written, with the words a user needs (one line).
public struct FileError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String
    /// The target existed and the write was asked not to replace it.
    public private(set) var isExists = false
    public init(_ description: String) { self.description = description }

    static func exists(_ path: String) -> FileError {
        var e = FileError("\(quotedPath(path)) already exists")
        e.isExists = true
        return e
    }
}
