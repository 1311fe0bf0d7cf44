import Canvas
import Files
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// The remembered session (docs/behaviour.md §11.5): the state file round-trips every scene's settings,
/// a damaged or out-of-range file is set aside under a name that replaces nothing, a
/// missing one gives the defaults, and every flag wins over what was remembered.
@Suite struct SessionStateTests {
    let m = FixedAdvanceMeasurer()

    /// A fresh folder for one test's state file (nothing of the user's is touched).
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "springlab-session-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A window moved away from every default: liquid, dark, 1440x900 at 2×, the gap's
    /// response 0.5 and the pile's merge 12.
    func changedApp() -> Workbench {
        var app = Workbench(measurer: m, theme: .dark, windowSize: Size(1440, 900))
        _ = app.withScene(PushAlert.self) { $0.settings.gap.response = 0.5 }
        _ = app.withScene(LiquidPile.self) { $0.settings.merge = 12 }
        _ = app.switchScene(named: "liquid", at: 0)
        return app
    }

    func write(_ text: String, in dir: String) throws -> String {
        let path = dir + "/springlab/state.json"
        try FileManager.default.createDirectory(atPath: dir + "/springlab", withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    // MARK: Round trip

    @Test func aSessionRoundTripsThroughItsFile() throws {
        let dir = try folder()
        let path = dir + "/springlab/state.json"  // the folder does not exist yet: the write makes it
        let state = SessionState(app: changedApp(), scale: 2, form: .response)
        let memory = SessionMemory(path: path)
        #expect(memory.save(state, now: 0) == .saved)
        var st = stat()
        #expect(stat(dir + "/springlab", &st) == 0 && st.st_mode & 0o777 == 0o700)
        let recalled = SessionMemory(path: path).recall()
        #expect(recalled == .restored(state))
        let back = try #require(recalled.state)
        #expect(back.scene == "liquid" && back.theme == .dark && back.window == [1440, 900] && back.scale == 2)
        #expect(back.scenes.settings(of: PushAlert.self)?.gap.response == 0.5)
        #expect(back.scenes.settings(of: LiquidPile.self)?.merge == 12)
        // What the trace's sessionRestored lists: exactly the settings that moved.
        let changed = back.changedSettings().map(\.0)
        #expect(changed == ["pile.merge", "pushAlert.gap.response"])
        // And the window it opens is the one that was left.
        let app = AppOptions().startingApp(remembering: back, measurer: m, windowSize: back.size)
        #expect(app.sceneName == "liquid" && app.theme == .dark)
        #expect(SceneSettingsSet(app) == SceneSettingsSet(changedApp()))
        #expect(AppOptions().windowChoice(remembering: back) == (Size(1440, 900), 2))
    }

    @Test func theFileIsTheDocumentedJSON() throws {
        let text = SessionState(app: changedApp(), scale: 1, form: .response).json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["version", "scene", "theme", "window", "scale", "form", "copyFormat", "capture", "settings"])
        // The capture panel's choices (docs/behaviour.md §14): MP4 at 60 fps, 1×, the stage, no pointer until chosen.
        let capture = try #require(object["capture"] as? [String: Any])
        #expect(capture["format"] as? String == "mp4" && capture["fps"] as? Int == 60 && capture["scale"] as? Int == 1)
        #expect(capture["wholeWindow"] as? Bool == false && capture["pointer"] as? Bool == false)
        #expect(object["version"] as? Int == 1 && object["form"] as? String == "response")
        // What Ctrl+C over a spring group copies (docs/behaviour.md §12.2): SwiftUI until chosen.
        #expect(object["copyFormat"] as? String == "swiftui")
        let settings = try #require(object["settings"] as? [String: Any])
        let keys = SceneRegistry.scenes.map { $0.settingsKey }
        #expect(Set(settings.keys) == Set(keys))
    }

    @Test func aStateWithoutSomeScenesKeepsTheirDefaults() throws {
        let text = """
        {"version": 1, "scene": "presence", "theme": "light", "window": [1000, 700], "scale": 1,
         "settings": {"pushAlert": \(try encoded(PushAlertSettings()))}}
        """
        let state = try SessionState.decode(text)
        #expect(state.form == .response)  // absent: the default
        let app = AppOptions().startingApp(remembering: state, measurer: m, windowSize: state.size)
        #expect(app.sceneName == "presence")
        #expect(SceneSettingsSet(app) == SessionState.defaultScenes)
    }

    func encoded<T: Encodable>(_ value: T) throws -> String { String(decoding: try JSONEncoder().encode(value), as: UTF8.self) }

    // MARK: Missing

    @Test func noFileMeansDefaults() throws {
        let dir = try folder()
        let recalled = SessionMemory(path: dir + "/springlab/state.json").recall()
        #expect(recalled == .nothing && recalled.note == nil)
        let o = AppOptions()
        #expect(o.windowChoice(remembering: nil) == (Workbench.defaultSize, 1))
        let app = o.startingApp(remembering: nil, measurer: m, windowSize: Workbench.defaultSize)
        #expect(app.sceneName == SceneRegistry.names[0] && app.theme == .light)
        #expect(SceneSettingsSet(app) == SessionState.defaultScenes)
        #expect(o.form(remembering: nil) == .response)
    }

    // MARK: Damaged

    @Test func aFileThatIsNotJSONIsSetAsideAsBroken() throws {
        let dir = try folder()
        let path = try write("{\"version\": 1, \"scene\": ", in: dir)
        let recalled = SessionMemory(path: path).recall()
        guard case .setAside(let reason, let moved, let note) = recalled else { Issue.record("\(recalled)"); return }
        #expect(reason == "not valid JSON")
        #expect(moved == path + ".broken")
        #expect(contents(path + ".broken") == "{\"version\": 1, \"scene\": ")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(note.contains("damaged") && note.contains(path + ".broken") && note.contains("defaults"))
        #expect(!note.contains("\n"))
        #expect(recalled.state == nil)
    }

    /// Issue 37: the note is one line within 300 bytes, however long the reason.
    @Test func theSetAsideNoteStaysWithin300Bytes() throws {
        let dir = try folder()
        let long = String(repeating: "🙂", count: 200)
        let path = try write("{\"version\": 1, \"scene\": \"\(long)\", \"theme\": \"\(long)\"}", in: dir)
        let recalled = SessionMemory(path: path).recall()
        guard case .setAside(_, _, let note) = recalled else { Issue.record("\(recalled)"); return }
        #expect(note.utf8.count <= 300, "\(note.utf8.count) bytes: \(note)")
        #expect(note.contains("damaged") && note.contains("defaults"))
    }

    @Test func aTakenBrokenNameIsNeverReplaced() throws {
        let dir = try folder()
        let path = try write("[1, 2", in: dir)
        try "mine".write(toFile: path + ".broken", atomically: false, encoding: .utf8)
        try "also mine".write(toFile: path + ".broken-2", atomically: false, encoding: .utf8)
        let recalled = SessionMemory(path: path).recall()
        guard case .setAside(_, let moved, _) = recalled else { Issue.record("\(recalled)"); return }
        #expect(moved == path + ".broken-3")
        #expect(contents(path + ".broken") == "mine" && contents(path + ".broken-2") == "also mine")
        #expect(contents(path + ".broken-3") == "[1, 2")
    }

    /// A valid state with one value replaced by `value` at `key` (JSON text).
    func damaged(_ key: String, _ value: String) throws -> String {
        var text = SessionState(app: changedApp(), scale: 1, form: .response).json
        // The top-level key (two spaces in) where there is one — `capture` has a `scale` of
        // its own — else the first at any depth (a scene's setting).
        let pattern = "\"\(key)\" : "
        let start = try #require(text.range(of: "\n  " + pattern).map { text.index($0.lowerBound, offsetBy: 3)..<$0.upperBound }
                                 ?? text.range(of: pattern))
        // The old value runs to the end of its line (a number, a string, or [w, h] on lines).
        let rest = text[start.upperBound...]
        let end: String.Index
        if rest.hasPrefix("[") { end = try #require(rest.range(of: "]")).upperBound } else {
            end = rest.firstIndex(where: { $0 == "," || $0 == "\n" }) ?? rest.endIndex
        }
        text.replaceSubrange(start.upperBound..<end, with: value)
        return text
    }

    @Test(arguments: [
        ("window", "[100, 100]", "'window'"), ("window", "[1280, 9000]", "'window'"), ("window", "[1280]", "'window'"),
        ("scale", "8", "'scale'"), ("scale", "0.25", "'scale'"), ("scale", "\"2\"", "'scale' must be a number"),
        ("scene", "\"nowhere\"", "unknown scene"), ("theme", "\"sepia\"", "unknown theme"), ("form", "\"polar\"", "'form'"),
        ("version", "2", "version"), ("merge", "1000", "'settings.neck.merge'"), ("window", "\"big\"", "'window' must be a list"),
    ])
    func aValueOutOfRangeOrOfTheWrongTypeSetsTheFileAside(key: String, value: String, named: String) throws {
        let text = try damaged(key, value)
        #expect(throws: SessionStateError.self) { try SessionState.decode(text) }
        let dir = try folder()
        let path = try write(text, in: dir)
        let recalled = SessionMemory(path: path).recall()
        guard case .setAside(let reason, let moved, _) = recalled else { Issue.record("\(key) \(value): \(recalled)"); return }
        #expect(reason.contains(named), "\(reason)")
        #expect(moved == path + ".broken")
        #expect(contents(path + ".broken") == text)
    }

    @Test func aSpringOutOfRangeIsNamedByItsKeyPath() throws {
        var state = SessionState(app: changedApp(), scale: 1, form: .response)
        var alert = PushAlertSettings()
        alert.gap.response = 50
        state.scenes.set(alert, for: PushAlert.self)
        let text = state.json
        #expect(throws: SessionStateError("'settings.pushAlert.gap.response' must be in [0.05, 2] s, got 50")) {
            try SessionState.decode(text)
        }
    }

    @Test func aFolderWhereTheFileShouldBeIsLeftAloneAndNeverWritten() throws {
        let dir = try folder()
        let path = dir + "/springlab/state.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let memory = SessionMemory(path: path)
        let recalled = memory.recall()
        guard case .unusable(let note) = recalled else { Issue.record("\(recalled)"); return }
        #expect(note.contains("a directory"))
        #expect(memory.save(SessionState(app: changedApp(), scale: 1, form: .response), now: 0) == nil)
        #expect(PathKind.of(path) == .directory && PathKind.of(path + ".broken") == .missing)
    }

    // MARK: Flags win

    @Test func everyFlagWinsOverTheRememberedValue() throws {
        let remembered = SessionState(app: changedApp(), scale: 2, form: .duration)
        var o = AppOptions()
        o.scene = "neck"
        o.theme = .light
        o.size = Size(1000, 600)
        o.scale = 1.5
        o.preset = try Preset.load(#"{"pushAlert": \#(try encoded(PushAlertSettings()))}"#, name: "p")
        o.reduceMotion = true
        #expect(o.windowChoice(remembering: remembered) == (Size(1000, 600), 1.5))
        let app = o.startingApp(remembering: remembered, measurer: m, windowSize: Size(1000, 600))
        #expect(app.sceneName == "neck" && app.theme == .light)
        // The preset's gap (the default 0.32) wins; the pile's remembered merge stays.
        #expect(app.scene(PushAlert.self)?.settings.gap.response == 0.32)
        #expect(app.scene(LiquidPile.self)?.settings.merge == 12)
        #expect(app.scene(LiquidPile.self)?.reduceMotion == true)
        // No flag sets the form: the remembered one stays.
        #expect(o.form(remembering: remembered) == .duration)
        // Each flag alone wins only its own value.
        var only = AppOptions()
        only.theme = .light
        let one = only.startingApp(remembering: remembered, measurer: m, windowSize: remembered.size)
        #expect(one.theme == .light && one.sceneName == "liquid" && one.scene(PushAlert.self)?.settings.gap.response == 0.5)
    }

    @Test func freshAndItsFlagParse() throws {
        let o = try RunCommand.options(["--fresh"])
        #expect(o.fresh && o.scene == nil && o.theme == nil && o.size == nil && o.scale == nil)
        let p = try RunCommand.options(["--scene", "liquid", "--theme", "dark", "--size", "1000x700", "--scale", "2"])
        #expect(!p.fresh && p.scene == "liquid" && p.theme == .dark && p.size == Size(1000, 700) && p.scale == 2)
    }

    // MARK: Writing

    @Test func writesAreDebouncedAndOnlyWhenSomethingChanged() throws {
        let dir = try folder()
        let memory = SessionMemory(path: dir + "/springlab/state.json")
        var app = changedApp()
        var state: SessionState { SessionState(app: app, scale: 1, form: .response) }
        #expect(memory.saveIfDue(now: 10) { state } == .saved)
        // Unchanged: nothing written however long it waits.
        #expect(memory.saveIfDue(now: 13) { state } == nil)
        // A change within 2 s of the last write waits; checks come at most every 0.5 s.
        app.theme = .light
        #expect(memory.saveIfDue(now: 13.2) { state } == nil)
        #expect(memory.onDisk?.theme == .dark)
        app.theme = .dark
        _ = app.withScene(PushAlert.self) { $0.settings.gap.response = 0.7 }
        #expect(memory.saveIfDue(now: 15.4) { state } == .saved)
        #expect(memory.saveIfDue(now: 15.6) { state } == nil)
        _ = app.withScene(PushAlert.self) { $0.settings.gap.response = 0.8 }
        #expect(memory.saveIfDue(now: 16) { state } == nil)  // within 2 s of the last write
        // The end of the session writes at once.
        #expect(memory.save(state, now: 16.1) == .saved)
        let back = try #require(SessionMemory(path: memory.path).recall().state)
        #expect(back.scenes.settings(of: PushAlert.self)?.gap.response == 0.8)
        #expect(memory.save(state, now: 16.2) == nil)
    }

    @Test func aFailedWriteIsReportedOnceAndLeavesNoTemporary() throws {
        let dir = try folder()
        // The folder where springlab/ should be is a file: the write cannot make it.
        try "x".write(toFile: dir + "/springlab", atomically: false, encoding: .utf8)
        let memory = SessionMemory(path: dir + "/springlab/state.json")
        var app = changedApp()
        guard case .failed(let message) = memory.save(SessionState(app: app, scale: 1, form: .response), now: 0) else {
            Issue.record("the write should fail"); return
        }
        #expect(message.hasPrefix("springlab: cannot remember the session: ") && !message.contains("\n"))
        app.theme = .light
        #expect(memory.save(SessionState(app: app, scale: 1, form: .response), now: 5) == nil)  // said once
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["springlab"])
    }

    @Test func theFileIsReplacedWholeThroughATemporary() throws {
        let dir = try folder()
        let path = try write("{}", in: dir)
        let memory = SessionMemory(path: path)
        #expect(memory.save(SessionState(app: changedApp(), scale: 1, form: .response), now: 0) == .saved)
        // Only the file: no temporary left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/springlab") == ["state.json"])
        #expect(try SessionState.decode(contents(path) ?? "").scene == "liquid")
    }

    // MARK: Where

    @Test func theStateLivesUnderXDGConfigHome() {
        #expect(SessionMemory.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"]) == "/x/cfg/springlab/state.json")
        #expect(SessionMemory.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg/", "HOME": "/h"]) == "/x/cfg/springlab/state.json")
        #expect(SessionMemory.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/springlab/state.json")
        // A relative XDG_CONFIG_HOME is ignored, as the XDG specification says.
        #expect(SessionMemory.defaultPath(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/h"]) == "/h/.config/springlab/state.json")
        #expect(SessionMemory.defaultPath(environment: [:]) == nil)
    }
}
