import Canvas
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Testing

/// Whole-scene presets saved under a name in the user's presets folder (docs/behaviour.md §11.4).
@Suite struct UserPresetsTests {
    @Test func savesUnderTheFirstFreeNameAndListsThemInOrder() throws {
        let folder = NSTemporaryDirectory() + "springlab-presets-" + UUID().uuidString + "/presets"
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let presets = UserPresets(folder: folder)
        let app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 800))
        #expect(try presets.save(Preset(app: app), base: "Push Alert") == "Push Alert")
        #expect(try presets.save(Preset(app: app), base: "Push Alert") == "Push Alert 2")
        for n in 3...10 { _ = try presets.save(Preset(app: app), base: "Push Alert") ; _ = n }
        // Natural order: 2 before 10; a hidden temporary or another file is not a preset.
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        #expect(presets.names() == ["Push Alert"] + (2...10).map { "Push Alert \($0)" })
        // Each loads back to the settings it was saved from.
        let loaded = try Preset.load(try String(contentsOfFile: presets.path(of: "Push Alert 2"), encoding: .utf8), name: "p")
        #expect(loaded == Preset(app: app))
    }

    @Test func aTypedNameBecomesASafeFileName() {
        #expect(Preset.fileName("Calm set", fallback: "Push Alert") == "Calm set")
        #expect(Preset.fileName("a/b\\c", fallback: "P") == "abc")
        #expect(Preset.fileName("..hidden", fallback: "P") == "hidden")
        #expect(Preset.fileName("  \n ", fallback: "Push Alert") == "Push Alert")
    }

    @Test func theFolderFollowsXDGDataHome() {
        #expect(UserPresets.folder(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/springlab/presets")
        #expect(UserPresets.folder(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]) == "/h/.local/share/springlab/presets")
        #expect(UserPresets.folder(environment: [:]) == nil)
    }
}
