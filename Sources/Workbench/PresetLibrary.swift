import Foundation
import Inspector
import Motion
import Scenes

/// One entry of the inspector's preset list: the user's (a file in the presets folder) or
/// built-in. A user's file that cannot be read is still listed — loading it says why —
/// with no preview.
package struct LibraryPreset: Sendable, Codable, Equatable {
    package var name: String
    package var builtIn: Bool
    package var preset: Preset?

    package init(name: String, builtIn: Bool, preset: Preset?) {
        self.name = name
        self.builtIn = builtIn
        self.preset = preset
    }

    private enum Keys: String, CodingKey { case name, builtIn, preset }

    /// A preset that no longer reads (a setting since renamed) is listed without a preview,
    /// never a checkpoint refused.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        name = try c.decode(String.self, forKey: .name)
        builtIn = try c.decodeIfPresent(Bool.self, forKey: .builtIn) ?? false
        preset = try? c.decodeIfPresent(Preset.self, forKey: .preset)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(builtIn, forKey: .builtIn)
        try c.encodeIfPresent(preset, forKey: .preset)
    }
}

extension Preset: Codable {
    /// A preset is written as its file's text, and read back through the same checks.
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = try Preset.load(text, name: "in the checkpoint")
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(json)
    }
}

extension Preset {
    /// The built-in presets, listed after the user's: every scene's defaults, and three of
    /// SwiftUI's springs (iOS 17's `.smooth`, `.snappy`, `.bouncy`, as the Springs… menus
    /// hold them) set on every spring group of every scene that has its own response (a
    /// ratio group keeps its ratio, so the Push Alert's lead survives). The springs are
    /// laid over the settings in force; Defaults sets everything.
    package static let builtIn: [LibraryPreset] = {
        var list = [LibraryPreset(name: "Defaults", builtIn: true,
                                  preset: Preset(parts: SceneRegistry.scenes.compactMap { type in
                                      defaults(of: type).map { (type.settingsKey, $0) }
                                  }))]
        for id in ["swiftui.smooth", "swiftui.snappy", "swiftui.bouncy"] {
            guard let named = SpringLibrary.all.first(where: { $0.id == id }) else { continue }
            let parts = SceneRegistry.scenes.compactMap { type in springsPart(of: type, named.spring).map { (type.settingsKey, $0) } }
            list.append(LibraryPreset(name: "Every spring \(named.name)", builtIn: true, preset: Preset(parts: parts)))
        }
        return list
    }()

    private static func defaults<S: Scene>(of type: S.Type) -> JSONValue? { try? JSONValue.of(S.Settings()) }

    /// The part of scene `S`'s settings that sets each of its response groups to `spring`
    /// (rounded to the precision shown, inside each group's ranges): only those keys.
    private static func springsPart<S: Scene>(of type: S.Type, _ spring: Spring) -> JSONValue? {
        var marked = S.Settings(), set = S.Settings()
        var any = false
        for item in S.inspector.items {
            guard case .spring(let group) = item, group.first.unit != "×" else { continue }
            // Values no setting holds mark which keys the group writes.
            marked[keyPath: group.first.path] = 0.123_456_789
            marked[keyPath: group.damping] = 0.987_654_321
            let first = S.Settings.range(of: group.first.path), damping = S.Settings.range(of: group.damping)
            set[keyPath: group.first.path] = min(max((spring.response * 1000).rounded() / 1000, first.lowerBound), first.upperBound)
            set[keyPath: group.damping] = min(max((spring.dampingRatio * 1000).rounded() / 1000, damping.lowerBound), damping.upperBound)
            any = true
        }
        guard any, let base = try? JSONValue.of(S.Settings()), let keys = try? JSONValue.of(marked),
              let values = try? JSONValue.of(set) else { return nil }
        return values.picked(where: keys, differsFrom: base)
    }

    /// A typed name made safe as a file name: no slashes or control characters, no
    /// leading dot, trimmed; empty becomes `fallback`.
    package static func fileName(_ typed: String, fallback: String) -> String {
        let kept = typed.unicodeScalars.filter { $0 != "/" && $0 != "\\" && $0.properties.generalCategory != .control }
        var name = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        return name.isEmpty ? fallback : name
    }
}

extension JSONValue {
    /// The leaves of this value at the paths where `keys` differs from `base` (objects
    /// walked key by key); nil when there are none.
    fileprivate func picked(where keys: JSONValue, differsFrom base: JSONValue) -> JSONValue? {
        guard case .object(let mine) = self, case .object(let k) = keys, case .object(let b) = base else {
            return keys == base ? nil : self
        }
        var out: [String: JSONValue] = [:]
        for (key, value) in mine {
            guard let kv = k[key], let bv = b[key] else { continue }
            if let leaf = value.picked(where: kv, differsFrom: bv) { out[key] = leaf }
        }
        return out.isEmpty ? nil : .object(out)
    }
}

extension Scene {
    /// The springs of this scene's spring groups (in the inspector's order) with `settings`.
    package static func groupSprings(_ settings: Settings) -> [Spring] {
        inspector.items.compactMap { item in
            if case .spring(let group) = item { group.spring(settings) } else { nil }
        }
    }
}

/// The preset list's small curves, worked out once for a list and the settings they are
/// laid over: laying a preset over the settings is JSON work (a tenth of a millisecond or
/// so a preset), and the inspector is drawn every frame. A reference, so the copies of
/// the window a frame draws with share it; a cache, so a checkpoint leaves it out.
package final class PresetCurves: @unchecked Sendable {
    private let lock = NSLock()
    private var scene = -1
    private var settings: (any SceneSettings)?
    private var entries: [LibraryPreset] = []
    private var curves: [[Spring]] = []

    package init() {}

    /// The curves of `entries` over `settings` of scene `index`: kept, or made by `make`.
    package func curves(scene index: Int, settings now: any SceneSettings, entries list: [LibraryPreset],
                        make: () -> [[Spring]]) -> [[Spring]] {
        lock.lock()
        defer { lock.unlock() }
        if index == scene, let settings, Self.same(settings, now), entries == list { return curves }
        curves = make()
        (scene, settings, entries) = (index, now, list)
        return curves
    }

    private static func same<T: SceneSettings>(_ a: T, _ b: any SceneSettings) -> Bool { (b as? T) == a }
}

extension PresetCurves: CustomReflectable {
    /// A cache shows nothing of itself (its lock and addresses are no state of the window).
    package var customMirror: Mirror { Mirror(self, children: []) }
}
