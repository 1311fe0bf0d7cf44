import Canvas
import Export
import Files
import Foundation
import Inspector
import Motion
import Scenes

/// The trace events of the remembered session (SPEC §11.5).
extension EventName {
    /// The state file was read and put back: its path, what it held, and every setting it
    /// changed from the defaults (`settings`: `{"pushAlert.gap.response": 0.5}`).
    package static let sessionRestored: EventName = "sessionRestored"
    /// A damaged state file was renamed out of the way (`path`, `movedTo`, `reason`).
    package static let sessionSetAside: EventName = "sessionSetAside"
    /// The state file was written (`path`, `reason`: `change` or `quit`).
    package static let sessionSaved: EventName = "sessionSaved"
    /// The state file could not be written (`error`); the window carries on.
    package static let sessionSaveFailed: EventName = "sessionSaveFailed"
}

/// What the window remembers between starts (SPEC §11.5): its size in points, the scene
/// on the stage, the theme, the `--scale` chosen, the inspector's way of writing a spring,
/// what Ctrl+C copies, the capture panel's choices, and every scene's settings — those in
/// the encoding presets and replays use (`SceneSettingsSet`), under `settings`. The file
/// is pretty-printed with its keys sorted:
///
///     {
///       "capture" : { "format" : "mp4", "fps" : 60, … },
///       "copyFormat" : "swiftui",
///       "form" : "response",
///       "scale" : 1,
///       "scene" : "liquid",
///       "settings" : { "neck" : {…}, "pile" : {…}, "presence" : {…}, "pushAlert" : {…}, "springLab" : {…} },
///       "theme" : "dark",
///       "version" : 1,
///       "window" : [ 1280, 800 ]
///     }
///
/// The words in it become the types below on the way in (`SessionState+Codable.swift`): an
/// unknown one makes the file damaged, as does a window outside 900x560 to 8192x8192
/// points, a scale outside [0.5, 4] or a setting outside its slider's range (`problem()`).
/// A scene missing from `settings` keeps its defaults (a state written before that scene
/// existed).
package struct SessionState: Equatable, Sendable {
    package static let version = 1
    package static let largestSide = 8192.0
    /// The `--scale` flag's range.
    package static let scales: ClosedRange<Double> = 0.5...4

    /// The scene on the stage (a registered one).
    package var scene: SceneID
    package var theme: Theme
    /// Width and height in points.
    package var window: [Double]
    /// The `--scale` chosen (the window's pixels per point over the platform's own).
    package var scale: Double
    /// The inspector's way of writing a spring.
    package var form: SpringForm
    /// What Ctrl+C over a spring group copies (SPEC §12.2).
    package var copyFormat: SpringCodeFormat
    /// The capture panel's choices (SPEC §14).
    package var capture: CaptureOptions
    package var scenes: SceneSettingsSet

    package init(scene: SceneID, theme: Theme, window: [Double], scale: Double, form: SpringForm = .response,
         copyFormat: SpringCodeFormat = .swiftui, capture: CaptureOptions = CaptureOptions(),
         scenes: SceneSettingsSet = SceneSettingsSet()) {
        self.scene = scene
        self.theme = theme
        self.window = window
        self.scale = scale
        self.form = form
        self.copyFormat = copyFormat
        self.capture = capture
        self.scenes = scenes
    }

    /// The window as it is now.
    package init(app: Workbench, scale: Double, form: SpringForm) {
        self.init(scene: app.sceneType.id, theme: app.theme, window: [app.windowSize.width, app.windowSize.height],
                  scale: scale, form: form, copyFormat: app.copyFormat, capture: app.capture,
                  scenes: SceneSettingsSet(app))
    }

    /// The window's size (a checked state always has both sides).
    package var size: Size { window.count == 2 ? Size(window[0], window[1]) : Workbench.defaultSize }

    /// What is wrong with the state, in words, or nil when every value is usable (its words
    /// were checked when they became types).
    package func problem() -> String? {
        if let p = Self.frameProblem(window: window, scale: scale) { return p }
        if let p = capture.problem() { return "capture: \(p)" }
        return scenes.problem().map { "\($0.under("settings"))" }
    }

    /// What is wrong with a window size and scale, or nil when both are usable.
    package static func frameProblem(window: [Double], scale: Double) -> String? {
        let least = Workbench.minimumSize
        guard window.count == 2, window.allSatisfy(\.isFinite), window[0] >= least.width, window[1] >= least.height,
              window.allSatisfy({ $0 <= largestSide }) else {
            let shown = window.map(SettingProblem.format).joined(separator: ", ")
            return "'window' must be [width, height] from [900, 560] to [8192, 8192], got [\(escaped(shown))]"
        }
        guard scale.isFinite, scales.contains(scale) else {
            return "'scale' must be in [0.5, 4], got \(SettingProblem.format(scale))"
        }
        return nil
    }

    /// The file's text: pretty-printed, keys sorted, numbers as short as they read (SPEC §15.7).
    package var json: String { (try? JSONValue.of(self))?.fileText ?? "{}\n" }

    /// The state in `text`, checked; throws a one-line reason when it is not JSON, a value
    /// has the wrong type or is out of range.
    package static func decode(_ text: String) throws(SessionStateError) -> SessionState {
        let state: SessionState
        do { try JSONShape.check(text) } catch { throw SessionStateError(error.description) }
        do { state = try JSONDecoder().decode(SessionState.self, from: Data(text.utf8)) } catch {
            throw SessionStateError(describeDecoding(error))
        }
        if let problem = state.problem() { throw SessionStateError(problem) }
        return state
    }

    // MARK: What the trace shows

    /// Every setting that differs from its default, by key path from the settings object
    /// (`pushAlert.gap.response`), in key order: what a restart put back.
    package func changedSettings() -> [(String, TraceValue)] {
        let defaults = Self.leaves(of: Self.defaultScenes)
        return Self.leaves(of: scenes).filter { defaults[$0.key] != $0.value }.sorted { $0.key < $1.key }
            .map { ($0.key, $0.value) }
    }

    /// Every scene of the registry on its default settings.
    package static var defaultScenes: SceneSettingsSet {
        var set = SceneSettingsSet()
        for type in SceneRegistry.scenes { addDefaults(type, to: &set) }
        return set
    }

    private static func addDefaults<S: Scene>(_ type: S.Type, to set: inout SceneSettingsSet) { set.set(S.Settings(), for: type) }

    /// The settings' values as the JSON holds them, flattened to key paths.
    private static func leaves(of set: SceneSettingsSet) -> [String: TraceValue] {
        struct Settings: Encodable {
            package let set: SceneSettingsSet
            package func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: SettingsKey.self)
                try set.encode(to: &c)
            }
        }
        guard let tree = try? JSONValue.of(Settings(set: set)) else { return [:] }
        var out: [String: TraceValue] = [:]
        func walk(_ node: JSONValue, _ path: String) {
            func below(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
            switch node {
            case .object(let members): for (k, v) in members { walk(v, below(k)) }
            case .array(let items): for (i, v) in items.enumerated() { walk(v, below(String(i))) }
            case .number(let n): out[path] = .number(n)
            case .string(let t): out[path] = .string(t)
            case .bool(let b): out[path] = .bool(b)
            case .null: out[path] = .null
            }
        }
        walk(tree, "")
        return out
    }
}

/// Why a state file cannot be used, in one line.
package struct SessionStateError: Error, CustomStringConvertible, Equatable {
    package let description: String
    package init(_ description: String) { self.description = description }
}

// MARK: - The file

/// The state file of one window (SPEC §11.5): read once at the start, set aside when
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
