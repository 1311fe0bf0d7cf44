import Capture
import Foundation
import Scenes

/// A preset (SPEC §8 `--preset FILE`): the tunables a designer settled on, as JSON — the
/// settings object of a replay file, or any part of it: `pushAlert`, `pile`, `presence`,
/// `neck`. Every number must be inside the range its inspector slider spans (each scene's
/// `limits` table: springs 0.05–2 s and 0.05–2, ratios, spacings…) and the title at most
/// 200 characters; anything else is refused with the key that is wrong and the accepted
/// range, and nothing is applied.
struct Preset: Codable, Equatable {
    /// The scenes' settings the file holds (any subset of the registry's keys).
    var scenes: SceneSettingsSet

    static func load(_ text: String, name: String) throws(RuntimeError) -> Preset {
        let preset: Preset
        do { preset = try JSONDecoder().decode(Preset.self, from: Data(text.utf8)) } catch {
            throw RuntimeError("springlab: preset \(name): \(describeDecoding(error))")
        }
        if let problem = preset.problem() { throw RuntimeError("springlab: preset \(name): \(problem)") }
        return preset
    }

    /// The first value out of range, named by its key path: each scene's limits table
    /// (SPEC §6's slider ranges) and the title's length.
    func problem() -> String? { scenes.problem().map(\.description) }

    /// Every scene's settings in `app`.
    init(app: Workbench) { scenes = SceneSettingsSet(app) }

    init(from decoder: Decoder) throws {
        scenes = try SceneSettingsSet(from: decoder.container(keyedBy: SettingsKey.self), catalog: SceneRegistry.scenes, required: false)
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: SettingsKey.self)
        try scenes.encode(to: &c)
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "{}\n"
    }

    func apply(to app: inout Workbench) { scenes.apply(to: &app) }
}
