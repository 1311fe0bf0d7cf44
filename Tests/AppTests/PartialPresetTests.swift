import Canvas
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// A preset may hold any subset of the settings; missing keys keep the values in force
/// when it is applied (docs/behaviour.md §11.4), and a key that is no setting is refused by its path.
@Suite struct PartialPresetTests {
    func app() -> Workbench { Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 800)) }

    @Test func oneNumberChangesOnlyThatNumber() throws {
        let preset = try Preset.load(#"{"pushAlert": {"gap": {"response": 0.4}}}"#, name: "p.json")
        var a = app()
        _ = a.withScene(PushAlert.self) { $0.settings.alert.response = 0.9 }   // in force before
        preset.apply(to: &a)
        let s = try #require(a.scene(PushAlert.self)?.settings)
        #expect(s.gap.response == 0.4)
        #expect(s.gap.damping == 0.85)      // docs/behaviour.md §3.2's default, untouched
        #expect(s.alert.response == 0.9)    // the value in force stays
        #expect(a.scene(LiquidPile.self)?.settings == LiquidPileSettings())
    }

    @Test func aSpringMissingItsDampingKeepsTheDampingInForce() throws {
        let preset = try Preset.load(#"{"presence": {"animation": {"response": 0.5}}}"#, name: "p.json")
        var a = app()
        _ = a.withScene(PresenceScene.self) { $0.settings.animation = SpringSetting(0.3, 0.7) }
        preset.apply(to: &a)
        #expect(a.scene(PresenceScene.self)?.settings.animation == SpringSetting(0.5, 0.7))
    }

    @Test func theNeckSmoothingLeftOutFollowsTheMergeAndSetItIsKept() throws {
        var a = app()
        try Preset.load(#"{"neck": {"smoothing": 6}}"#, name: "p.json").apply(to: &a)
        #expect(a.scene(NeckSandbox.self)?.smoothing == 6)
        try Preset.load(#"{"neck": {"merge": 30}}"#, name: "p.json").apply(to: &a)
        #expect(a.scene(NeckSandbox.self)?.merge == 30 && a.scene(NeckSandbox.self)?.smoothing == 6)
    }

    @Test(arguments: [
        (#"{"pushAlert": {"gapp": {"response": 0.4}}}"#, "'pushAlert.gapp' is not a setting"),
        (#"{"pushAlert": {"gap": {"respons": 0.4}}}"#, "'pushAlert.gap.respons' is not a setting"),
        (#"{"pile": {"merge": 30}}"#, "'pile.merge' must be in [2, 24] pt, got 30"),
        (#"{"nope": {}}"#, "'nope' is not a scene's settings"),
        (#"[1, 2]"#, "not a JSON object"),
    ])
    func badPartsAreRefusedByTheirPath(text: String, want: String) {
        do {
            _ = try Preset.load(text, name: "p.json")
            Issue.record("\(text) was accepted")
        } catch { #expect(error.message.contains(want), "\(error.message)") }
    }
}
