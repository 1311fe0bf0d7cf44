import Inspector
import Scenes

extension Workbench {
    /// Loads `preset` in place (SPEC §11.4): laid over the settings in force, applied to
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
        return [SceneEvent(.presetLoaded, time: t, [("name", .string(name)), ("source", .string(source)),
                                                    ("changed", .array(changes.map { .string($0.name) }))])]
    }
}
