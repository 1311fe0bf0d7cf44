import Files
import Foundation
import Scenes
import Workbench

// The remembered session's file: the app's to read and write; the workbench holds only its value.

/// The state file of one window (docs/behaviour.md §11.5): read once at the start, set aside when
/// damaged, and written through `OutputFile` (a temporary beside it, checked writes, flushed,
/// renamed into place) when something changed — at most once every 2 s while settings
/// change, and at the end (closed, `--quit-after`, SIGINT or SIGTERM). A kill at any moment
/// leaves the previous file or the new one, never a part.
package final class SessionMemory {
    /// At most one write in this many seconds while things change.
    package static let writeInterval = 2.0
    /// How often the window is compared with the file.
    package static let checkInterval = 0.5
    /// A state file is a few kilobytes; anything far larger is not one.
    package static let readLimit = 1 << 20

    package let path: String
    /// What the file holds, as far as this window knows (nil: nothing usable yet).
    private(set) var onDisk: SessionState?
    /// False when the path is not a file (a folder, a FIFO): nothing is written there.
    private(set) var writable = true
    private var lastWrite = -Double.infinity
    private var nextCheck = -Double.infinity
    /// The last failure said, so a failing disk is reported once, not every 2 s.
    private var lastFailure: String?

    package init(path: String) { self.path = path }

    /// `$XDG_CONFIG_HOME/springlab/state.json`, else `$HOME/.config/springlab/state.json`
    /// (XDG: a relative `XDG_CONFIG_HOME` is ignored); nil when neither is known.
    package static func defaultPath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return ((config as NSString).appendingPathComponent("springlab") as NSString).appendingPathComponent("state.json")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return ((home as NSString).appendingPathComponent(".config/springlab") as NSString).appendingPathComponent("state.json")
    }

    /// What the start found.
    package enum Recall: Equatable {
        /// No state file: defaults.
        case nothing
        case restored(SessionState)
        /// Damaged: renamed to `movedTo` (nil when even that failed); defaults.
        case setAside(reason: String, movedTo: String?, note: String)
        /// Not a file at all (a folder, a device): left alone and never written; defaults.
        case unusable(note: String)

        package var state: SessionState? { if case .restored(let s) = self { s } else { nil } }
        /// The one line for standard error, if any.
        package var note: String? {
            switch self {
            case .nothing, .restored: nil
            case .setAside(_, _, let note), .unusable(let note): note
            }
        }
    }

    /// Reads the state file; a damaged one is set aside (`state.json.broken`, or
    /// `.broken-2` … when that name is taken), so the next start is clean and the user
    /// keeps the file to look at. Never fails.
    package func recall() -> Recall {
        let kind = PathKind.of(path)
        switch kind {
        case .missing: return .nothing
        case .regular: break
        default:
            writable = false
            return .unusable(note: oneLine("springlab: the remembered session \(quotedPath(path)) is \(kind.noun), not a file: "
                                           + "starting from defaults, and this session is not remembered"))
        }
        let reason: String
        do {
            let state = try SessionState.decode(try InputFile.readText(path, limit: Self.readLimit))
            onDisk = state
            return .restored(state)
        } catch let error as SessionStateError {
            reason = error.description
        } catch {
            reason = "\(error)"
        }
        switch Self.setAside(path) {
        case .success(let moved):
            return .setAside(reason: reason, movedTo: moved,
                             note: oneLine("springlab: the remembered session was damaged (\(escaped(reason, limit: 60))): "
                                           + "set aside as \(quotedPath(moved)); starting from defaults", limit: 300))
        case .failure(let error):
            // It will be replaced whole at the next write: a damaged file holds nothing to keep.
            return .setAside(reason: reason, movedTo: nil,
                             note: oneLine("springlab: the remembered session \(quotedPath(path)) is damaged (\(escaped(reason, limit: 60))) "
                                           + "and could not be set aside (\(error)); starting from defaults", limit: 300))
        }
    }

    /// Renames `path` to the first free name of `path.broken`, `path.broken-2`, … — a name
    /// already taken is never replaced (`link` refuses it; `rename` is the fallback only on
    /// a file system without hard links, and only onto a free name).
    package static func setAside(_ path: String) -> Result<String, FileError> {
        for n in 1...1000 {
            let candidate = n == 1 ? "\(path).broken" : "\(path).broken-\(n)"
            if link(path, candidate) == 0 {
                unlink(path)
                return .success(candidate)
            }
            let code = errno
            if code == EEXIST { continue }
            var st = stat()
            guard code == EPERM || code == EXDEV || code == EMLINK || code == EOPNOTSUPP, lstat(candidate, &st) != 0 else {
                return .failure(FileError(errnoText(code)))
            }
            guard rename(path, candidate) == 0 else { return .failure(FileError(errnoText())) }
            return .success(candidate)
        }
        return .failure(FileError("\(quotedPath(path)).broken-2 … -1000 are all taken"))
    }

    /// What a write did.
    package enum Outcome: Equatable {
        case saved
        /// The first failure of its kind (a repeat is not reported again).
        case failed(String)
    }

    /// The debounced write while the window runs: every `checkInterval` the window is
    /// compared with the file, and written when it differs and the last write is at
    /// least `writeInterval` old. `now` is monotonic seconds.
    package func saveIfDue(now: Double, _ current: () -> SessionState) -> Outcome? {
        guard writable, now >= nextCheck else { return nil }
        nextCheck = now + Self.checkInterval
        guard now - lastWrite >= Self.writeInterval else { return nil }
        return save(current(), now: now)
    }

    /// Writes `state` if it differs from what the file holds (the end of a session).
    package func save(_ state: SessionState, now: Double) -> Outcome? {
        guard writable, state != onDisk else { return nil }
        lastWrite = now
        do {
            try write(state)
            onDisk = state
            lastFailure = nil
            return .saved
        } catch {
            let message = "springlab: cannot remember the session: \(error)"
            defer { lastFailure = message }
            return message == lastFailure ? nil : .failed(oneLine(message))
        }
    }

    /// Creates the folder (0700, as XDG asks) and writes the file whole.
    package func write(_ state: SessionState) throws(FileError) {
        let folder = PathText.parent(of: path)
        if PathKind.of(folder) == .missing {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw FileError("cannot create the folder \(quotedPath(folder)): \((error as NSError).localizedDescription)")
            }
        }
        try OutputFile.write(Array(state.json.utf8), to: path)
    }
}
