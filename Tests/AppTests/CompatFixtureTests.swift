import Canvas
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Render
import Scenes
import Testing

/// Files an earlier build wrote (Fixtures/compat, its README names the commit) still load,
/// give back the values chosen when they were made, and are written again with the same
/// values (settings added since take their defaults).
/// Every expected value here is the one `make_fixtures.py` set, never one read from the
/// code under test.
@Suite struct CompatFixtureTests {
    let m = FixedAdvanceMeasurer()

    func text(_ name: String) -> String { Fixtures.text("compat/\(name)") }

    /// The value `make_fixtures.py` changed in each scene, by the scene's `--scene` word.
    static let changed: [String: @Sendable (Workbench) -> Bool] = [
        "push-alert": { $0.scene(PushAlert.self)?.settings.gap.response == 0.5 },
        "liquid": { $0.scene(LiquidPile.self)?.settings.merge == 12 },
        "presence": { $0.scene(PresenceScene.self)?.settings.spacing == 20 },
        "neck": { $0.scene(NeckSandbox.self)?.settings.merge == 30 },
        "spring": { app in
            let lab = app.scene(SpringLab.self)?.settings
            return lab?.a.response == 0.6 && lab?.a.damping == 0.9 && lab?.ab == true
        },
    ]

    /// Whether `app` holds the changed value of exactly the scenes in `changed`.
    func expectChanged(_ app: Workbench, in changed: Set<String>) {
        for (scene, holds) in Self.changed { #expect(holds(app) == changed.contains(scene), "\(scene)") }
    }

    func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test(arguments: [("response", "liquid", "dark", "swiftui"), ("duration", "spring", "light", "css"),
                      ("stiffness", "neck", "light", "react-spring")])
    func aRememberedSessionLoads(form: String, scene: String, theme: String, copyFormat: String) throws {
        let file = text("\(form).state.json")
        let state = try SessionState.decode(file)
        let written = try object(state.json)
        var expected = try object(file)
        expected["settings"] = withAddedKeys(try #require(expected["settings"] as? [String: Any]))
        expected["capture"] = withAddedCaptureKeys(try #require(expected["capture"] as? [String: Any]))
        #expect(written as NSDictionary == expected as NSDictionary)
        #expect(written["scene"] as? String == scene && written["theme"] as? String == theme)
        #expect(written["form"] as? String == form && written["copyFormat"] as? String == copyFormat)
        #expect(AppOptions().windowChoice(remembering: state) == (Size(1280, 800), 1))
        let app = AppOptions().startingApp(remembering: state, measurer: m, windowSize: state.size)
        #expect(app.sceneName == scene && app.theme.rawValue == theme)
        expectChanged(app, in: Set(Self.changed.keys))
    }

    @Test(arguments: ["push-alert", "presence", "liquid", "neck", "spring"])
    func aSavedPresetLoads(scene: String) throws {
        let file = text("\(scene).preset.json")
        var options = AppOptions()
        options.preset = try Preset.load(file, name: scene)
        let app = options.startingApp(remembering: nil, measurer: m, windowSize: Workbench.defaultSize)
        expectChanged(app, in: [scene])
        #expect(try object(Preset(app: app).json) as NSDictionary == (try withAddedKeys(object(file))) as NSDictionary)
    }

    /// Settings added since the fixtures were written, with the defaults a file without
    /// them loads with: the presence page's blur switch (off). Everything else is written
    /// back as it was read.
    static let addedSettings: [(scene: String, key: String, value: Bool)] = [("presence", "valueBlur", false)]

    /// Capture choices added since the fixtures were written, at the defaults a file
    /// without them loads with: no name, and F9 saving the last 30 s.
    static let addedCaptureKeys: [(key: String, value: any Sendable)] = [("name", ""), ("lastSeconds", 30)]

    /// A session's `capture` with the added keys at their defaults.
    func withAddedCaptureKeys(_ capture: [String: Any]) -> [String: Any] {
        var out = capture
        for (key, value) in Self.addedCaptureKeys {
            #expect(out[key] == nil, "the fixture predates capture.\(key)")
            out[key] = value
        }
        return out
    }

    /// `settings` (a preset, or a session's `settings`) with the added keys at their defaults.
    func withAddedKeys(_ settings: [String: Any]) -> [String: Any] {
        var out = settings
        for (scene, key, value) in Self.addedSettings {
            guard var one = out[scene] as? [String: Any] else { continue }
            #expect(one[key] == nil, "the fixture predates \(scene).\(key)")
            one[key] = value
            out[scene] = one
        }
        return out
    }

    @Test func aRecordedReplayVerifies() throws {
        let (file, settings) = try SessionSettings.loadReplay(Fixtures.path("compat/presence-hide.slreplay"), command: "test")
        // The hashes are of pages laid out with the app's own fonts.
        let app = try settings.makeApp(measurer: try FontLibrary(directory: FontLibrary.defaultDirectory()))
        #expect(app.sceneName == "presence")
        // Every frame before the replay's T (at 0.3 s) is the page as that build drew it.
        // From the T on they differ on purpose: Hide now leaves the number row in place.
        let check = CaptureSession.verify(file, app: app)
        #expect(check.total == 30)
        let first = try #require(check.firstMismatch, "Hide no longer collapses the number row")
        #expect(first >= 0.3 - 1e-9 && first <= 0.3 + 2.0 / 60 && check.matched >= 18, "first mismatch at \(first)")
    }
}
