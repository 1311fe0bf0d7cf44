import Scenes

extension Workbench {
    /// Loads `preset` in place (SPEC §11.4): laid over the settings in force, applied to
    /// the next motion at once, and one undo step however many settings it moved.
    mutating func loadPreset(_ preset: Preset, name: String, source: String, at t: Double) -> [SceneEvent] {
        let before = SceneSettingsSet(self)
        preset.apply(to: &self)
        let after = SceneSettingsSet(self)
        history.record(before: before, after: after, changes: [SettingChange(name: "preset", old: .null, new: .string(name))],
                       gesture: nil)
        return [SceneEvent(.presetLoaded, time: t, [("name", .string(name)), ("source", .string(source)),
                                                    ("changed", .array(before.changedKeys(to: after).map { .string($0) }))])]
    }
}
