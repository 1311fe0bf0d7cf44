import Testing
@testable import Scenes

/// A scene's names outside the program: the `--scene` word and the key of its settings,
/// spelled as the command line and the files written so far spell them.
@Suite struct SceneNameTests {
    @Test func everySceneKeepsItsWordAndItsSettingsKey() {
        #expect(SceneRegistry.scenes.map { $0.name } == ["push-alert", "presence", "liquid", "neck", "spring"])
        #expect(SceneRegistry.scenes.map { $0.settingsKey } == ["pushAlert", "presence", "pile", "neck", "springLab"])
        #expect(SceneRegistry.scenes.map { $0.id.rawValue } == SceneRegistry.names)
    }

    @Test func aSceneWithoutAnOlderKeyIsKeyedByItsWordInCamelCase() {
        #expect(SceneRegistry.settingsKey(forName: "push-alert") == "pushAlert")
        #expect(SceneRegistry.settingsKey(forName: "a-b-c") == "aBC")
        #expect(SceneRegistry.settingsKey(forName: "shuttle") == "shuttle")
    }
}
