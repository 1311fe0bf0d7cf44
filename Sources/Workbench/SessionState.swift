import Canvas
import Export
import Files
import Foundation
import Inspector
import Motion
import Scenes

/// The trace events of the remembered session (docs/behaviour.md §11.5).
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

/// What the window remembers between starts (docs/behaviour.md §11.5): its size in points, the scene
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
    /// What Ctrl+C over a spring group copies (docs/behaviour.md §12.2).
    package var copyFormat: SpringCodeFormat
    /// The capture panel's choices (docs/behaviour.md §14).
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

    /// The file's text: pretty-printed, keys sorted, numbers as short as they read (docs/behaviour.md §15.7).
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
