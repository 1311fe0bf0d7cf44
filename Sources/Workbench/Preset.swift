import Files
import Foundation
import Inspector
import Scenes

/// A preset (docs/behaviour.md §8 `--preset FILE`, §11.4): the tunables a designer settled on, as JSON —
/// the settings object of a replay file, or any part of it, down to one number:
/// `{"pushAlert": {"gap": {"response": 0.4}}}`. Missing keys keep the values in force when
/// it is applied; a key that is no setting is refused by its path. Every number must be
/// inside the range its inspector slider spans (each scene's `limits` table) and the title
/// at most 200 characters; anything else is refused with the key that is wrong and the
/// accepted range, and nothing is applied.
package struct Preset: Equatable, Sendable {
    /// The parts the file holds, by scene settings key, in the registry's order.
    private(set) var parts: [(key: String, value: JSONValue)] = []

    package static func == (a: Preset, b: Preset) -> Bool {
        a.parts.map(\.key) == b.parts.map(\.key) && zip(a.parts, b.parts).allSatisfy { $0.value == $1.value }
    }

    package static func load(_ text: String, name: String) throws(RuntimeError) -> Preset {
        let document: JSONValue
        // Its shape first: a list of millions is no setting, and is refused before a decoder
        // builds it (issue 37: 23 s and 1.4 GB).
        do { try JSONShape.check(text) } catch { throw RuntimeError("springlab: preset \(name): \(error)") }
        do { document = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) } catch {
            throw RuntimeError("springlab: preset \(name): \(describeDecoding(error))")
        }
        guard case .object(let object) = document else { throw RuntimeError("springlab: preset \(name): not a JSON object") }
        var preset = Preset()
        for type in SceneRegistry.scenes {
            if let part = object[type.settingsKey] { preset.parts.append((type.settingsKey, part)) }
        }
        let known = Set(SceneRegistry.scenes.map { $0.settingsKey })
        // The replay header's other keys (scene, theme, window, scale, form) are not settings
        // but a replay's settings object is a preset: they are allowed and ignored.
        let header: Set = ["scene", "theme", "window", "scale", "form"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) && !header.contains($0) }) {
            throw RuntimeError("springlab: preset \(name): \(quoted(unknown)) is not a scene's settings (\(known.sorted().joined(separator: ", ")))")
        }
        // Checked over the defaults: each value the file sets must be in its range.
        for type in SceneRegistry.scenes {
            do { _ = try preset.settings(for: type, over: nil) } catch {
                throw RuntimeError("springlab: preset \(name): \(error)")
            }
        }
        return preset
    }

    /// The settings of scene `type` with this preset laid over `base` (its defaults when
    /// nil); nil when the preset has nothing for that scene.
    package func settings(for type: any Scene.Type, over base: (any SceneSettings)?) throws -> (any SceneSettings)? {
        try Self.settings(type, preset: self, over: base)
    }

    private static func settings<S: Scene>(_ type: S.Type, preset: Preset, over base: (any SceneSettings)?) throws -> (any SceneSettings)? {
        guard let part = preset.parts.first(where: { $0.key == S.settingsKey })?.value else { return nil }
        let start = (base as? S.Settings) ?? S.Settings()
        var added: [String] = []
        let merged = try part.laid(over: try JSONValue.of(start), path: S.settingsKey, added: &added)
        let settings: S.Settings
        do { settings = try merged.decode(S.Settings.self) } catch {
            throw PresetError(describeDecoding(error, under: S.settingsKey))
        }
        // A key the settings did not read back is no setting (a typo): refused, not ignored.
        let readBack = try JSONValue.of(settings)
        for path in added where readBack.value(at: path.split(separator: ".").dropFirst().map { $0 }) == nil {
            throw PresetError("\(quoted(path)) is not a setting")
        }
        if let problem = settings.problem() { throw PresetError(problem.under(S.settingsKey).description) }
        return settings
    }

    /// The first value out of range, by its key path (nil when the preset is good).
    package func problem() -> String? {
        for type in SceneRegistry.scenes {
            do { _ = try settings(for: type, over: nil) } catch { return "\(error)" }
        }
        return nil
    }

    /// Every scene's settings in `app` (what Save preset writes).
    package init(app: Workbench) {
        parts = app.scenes.compactMap { scene in
            (try? JSONValue.of(scene.settings)).map { (type(of: scene).settingsKey, $0) }
        }
    }

    private init() {}

    /// A preset of these parts (by scene settings key), kept in the registry's order.
    package init(parts: [(key: String, value: JSONValue)]) {
        let order = SceneRegistry.scenes.map { $0.settingsKey }
        self.parts = parts.sorted { (order.firstIndex(of: $0.key) ?? 0) < (order.firstIndex(of: $1.key) ?? 0) }
    }

    /// The file's text: pretty-printed, keys sorted, numbers as short as they read (docs/behaviour.md §15.7).
    package var json: String {
        JSONValue.object(Dictionary(uniqueKeysWithValues: parts.map { ($0.key, $0.value) })).fileText
    }

    /// Lays the preset over every scene's settings in force (checked when it was loaded).
    package func apply(to app: inout Workbench) {
        for i in app.scenes.indices {
            let type = type(of: app.scenes[i])
            if let s = try? settings(for: type, over: app.scenes[i].settings) { app.scenes[i].assign(s) }
        }
    }
}
