import Foundation
import Inspector
import Scenes

/// Every scene's settings by its key (`pushAlert`, `pile` …), as presets and replays hold
/// them: built from the registry, so a new scene's settings travel with no change here.
package struct SceneSettingsSet: Equatable, Sendable {
    /// The settings present, by settings key, in the catalog's order.
    private(set) var values: [(key: String, settings: any SceneSettings)] = []

    package init() {}

    /// Every scene's current settings in `bench`.
    package init(_ bench: Workbench) {
        values = bench.scenes.map { scene in (type(of: scene).settingsKey, scene.settings as any SceneSettings) }
    }

    package subscript(key: String) -> (any SceneSettings)? { values.first { $0.key == key }?.settings }

    /// The settings of the scene of type `S`, if present.
    package func settings<S: Scene>(of type: S.Type) -> S.Settings? { self[S.settingsKey] as? S.Settings }

    /// Puts `settings` under `S`'s key, replacing what was there.
    package mutating func set<S: Scene>(_ settings: S.Settings, for type: S.Type) {
        if let i = values.firstIndex(where: { $0.key == S.settingsKey }) { values[i].settings = settings } else {
            values.append((S.settingsKey, settings))
        }
    }

    /// Reads the settings of every catalog scene from `container`; with `required`, a
    /// missing one is an error (a replay), else it is skipped (a preset holds any subset).
    package init(from container: KeyedDecodingContainer<SettingsKey>, catalog: [any Scene.Type], required: Bool) throws {
        for type in catalog {
            let key = SettingsKey(type.settingsKey)
            if !required && !container.contains(key) { continue }
            values.append((type.settingsKey, try Self.decode(type, from: container, key: key)))
        }
    }

    private static func decode<S: Scene>(_ type: S.Type, from container: KeyedDecodingContainer<SettingsKey>,
                                         key: SettingsKey) throws -> any SceneSettings {
        try container.decode(S.Settings.self, forKey: key)
    }

    package func encode(to container: inout KeyedEncodingContainer<SettingsKey>) throws {
        for (key, settings) in values { try settings.encode(to: container.superEncoder(forKey: SettingsKey(key))) }
    }

    /// The first value out of range, by its key path from the settings object.
    package func problem() -> SettingProblem? {
        for (key, settings) in values { if let p = settings.problem() { return p.under(key) } }
        return nil
    }

    /// Puts each settings value into the scene it belongs to.
    package func apply(to bench: inout Workbench) {
        for i in bench.scenes.indices {
            if let s = self[type(of: bench.scenes[i]).settingsKey] { bench.scenes[i].assign(s) }
        }
    }

    /// The settings that differ between this set and `other`, by key path
    /// (`pushAlert.gap.response`), in order.
    package func changedKeys(to other: SceneSettingsSet) -> [String] { changes(to: other).map(\.name) }

    /// Every setting that differs between this set and `other`: its key path, its value
    /// here and its value there (what a preset load moved, for undo and redo to name).
    package func changes(to other: SceneSettingsSet) -> [SettingChange] {
        var out: [SettingChange] = []
        func walk(_ a: JSONValue?, _ b: JSONValue?, _ path: String) {
            if case .object(let x)? = a, case .object(let y)? = b {
                for key in Set(x.keys).union(y.keys).sorted() { walk(x[key], y[key], "\(path).\(key)") }
            } else if a != b {
                out.append(SettingChange(name: path, old: a?.trace ?? .null, new: b?.trace ?? .null))
            }
        }
        for (key, settings) in values {
            walk(try? JSONValue.of(settings), other[key].flatMap { try? JSONValue.of($0) }, key)
        }
        return out
    }

    package static func == (a: SceneSettingsSet, b: SceneSettingsSet) -> Bool {
        a.values.count == b.values.count && zip(a.values, b.values).allSatisfy { $0.key == $1.key && $0.settings.isEqual(to: $1.settings) }
    }
}

extension SceneSettings {
    package func isEqual(to other: any SceneSettings) -> Bool { (other as? Self) == self }
}

extension Scene {
    /// Takes `settings` if they are this scene's kind.
    package mutating func assign(_ settings: any SceneSettings) {
        if let s = settings as? Settings { self.settings = s }
    }
}

/// A JSON key chosen at run time (a scene's settings key).
package struct SettingsKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ s: String) { stringValue = s }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

/// A set as a flight recorder checkpoint holds it (an undo step's before and after):
/// the settings in their order, each under its key, read back with the scene types of the
/// catalog the decoder names (`Workbench.catalogKey`), or the registry's.
extension SceneSettingsSet: Codable {
    package init(from decoder: any Decoder) throws {
        let catalog = Workbench.catalog(of: decoder)
        var c = try decoder.unkeyedContainer()
        while !c.isAtEnd {
            let entry = try c.nestedContainer(keyedBy: SettingsKey.self)
            let key = try entry.decode(String.self, forKey: SettingsKey("key"))
            guard let type = catalog.first(where: { $0.settingsKey == key }) else {
                throw DecodingError.dataCorruptedError(forKey: SettingsKey("key"), in: entry,
                                                       debugDescription: "no scene has the settings key '\(key)'")
            }
            values.append((key, try Self.decode(type, from: entry, key: SettingsKey("settings"))))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        for (key, settings) in values {
            var entry = c.nestedContainer(keyedBy: SettingsKey.self)
            try entry.encode(key, forKey: SettingsKey("key"))
            try settings.encode(to: entry.superEncoder(forKey: SettingsKey("settings")))
        }
    }
}
