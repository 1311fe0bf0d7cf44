import Inspector
import Motion
import Scenes

extension Workbench {
    /// Loads `preset` in place (docs/behaviour.md §11.4): laid over the settings in force, applied to
    /// the next motion at once, and one undo step however many settings it moved.
    package mutating func loadPreset(_ preset: Preset, name: String, source: String, at t: Double) -> [SceneEvent] {
        let before = SceneSettingsSet(self)
        preset.apply(to: &self)
        let after = SceneSettingsSet(self)
        // Each setting it moved, by key path with its old and new value: undo and redo name
        // every one (they said `"name": "preset", "value": null` — nothing a test or a
        // designer reading the trace could use).
        let changes = before.changes(to: after)
        history.record(before: before, after: after, changes: changes, gesture: nil)
        chromeFrames = nil  // the plots' handles moved with the springs
        return [SceneEvent(.presetLoaded, time: t, [("name", .string(name)), ("source", .string(source)),
                                                    ("changed", .array(changes.map { .string($0.name) }))])]
    }
}

extension EventName {
    /// Save preset met a name already taken: `{"event": "presetReplaceAsked", "name": "Calm"}`.
    package static let presetReplaceAsked: EventName = "presetReplaceAsked"
}

extension Workbench {
    /// The inspector's preset list: the user's, then the built-in ones (docs/behaviour.md §18).
    package var presetLibrary: [LibraryPreset] { userPresets + Preset.builtIn }

    /// The springs of the scene's groups with `preset` laid over the settings in force (the
    /// ones in force when it sets nothing here, or cannot be read).
    package func presetSprings(_ preset: Preset?) -> [Spring] {
        let laid = preset.flatMap { try? $0.settings(for: sceneType, over: scene.settings) }
        return scene.groupSprings(with: laid)
    }

    /// The settings of the scene on the stage under the preset entry the pointer is over, if it is over one.
    func hoveredPreset(in library: [LibraryPreset]) -> (any SceneSettings)? {
        guard let id = ui.hover?.id.rawValue else { return nil }
        let entry = library.first { (($0.builtIn ? "builtIn." : "preset.") + $0.name) == id }
        return entry?.preset.flatMap { try? $0.settings(for: sceneType, over: scene.settings) }
    }

    /// Save preset: under the name typed (made a file name), or, when a preset has that
    /// name, a question first — replace it, keep both, or cancel.
    mutating func askToSave(_ typed: String, at t: Double, effects: inout [WorkbenchEffect]) -> [SceneEvent] {
        let name = Preset.fileName(typed, fallback: sceneType.title)
        guard userPresets.contains(where: { $0.name == name }) else {
            presetList.confirmReplace = nil
            effects.append(.savePreset(name: name, replacing: false))
            return []
        }
        presetList.confirmReplace = name
        return [SceneEvent(.presetReplaceAsked, time: t, [("name", .string(name))])]
    }

    /// What a click in the preset list asked: a built-in preset loads here (one undo step),
    /// the rest is the runner's, on files.
    mutating func perform(_ action: PresetAction, in library: [LibraryPreset], at t: Double,
                          effects: inout [WorkbenchEffect]) -> [SceneEvent] {
        switch action {
        case .load(let ref) where ref.builtIn:
            guard let preset = library.first(where: { $0.builtIn && $0.name == ref.name })?.preset else { return [] }
            return loadPreset(preset, name: ref.name, source: "builtIn", at: t)
        case .load(let ref): effects.append(.loadPreset(ref.name))
        case .rename(let from, let typed):
            let to = Preset.fileName(typed, fallback: from)
            if to != from { effects.append(.renamePreset(from: from, to: to)) }
        case .duplicate(let ref):
            guard let entry = library.first(where: { $0.builtIn == ref.builtIn && $0.name == ref.name }) else { return [] }
            effects.append(.duplicatePreset(name: ref.name, json: ref.builtIn ? entry.preset?.json : nil))
        case .delete(let name): effects.append(.deletePreset(name))
        case .replace(let name):
            presetList.confirmReplace = nil
            effects.append(.savePreset(name: name, replacing: true))
        case .keepBoth(let name):
            presetList.confirmReplace = nil
            effects.append(.savePreset(name: name, replacing: false))
        case .cancelReplace: presetList.confirmReplace = nil
        }
        return []
    }
}

extension Scene {
    /// The springs of this scene's groups with `settings` (its own when nil or another scene's).
    package func groupSprings(with settings: (any SceneSettings)?) -> [Spring] {
        Self.groupSprings((settings as? Settings) ?? self.settings)
    }
}
