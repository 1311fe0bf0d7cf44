import Canvas
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// The capture panel (docs/behaviour.md §14, issue 17): its choices, what they ask `record` for, and
/// the panel driven by clicks through the workbench as the window routes them.
@Suite struct CapturePanelTests {
    @Test func aGIFTakesOnlyItsOwnRatesAndTheNearestIsChosen() {
        var o = CaptureOptions()
        #expect(o.fps == 60 && o.format == .mp4 && !o.wholeWindow && !o.pointer && o.scale == 1)
        o.choose(.gif)
        // GIF delays are whole centiseconds: 50, 33 (100/3) or 25 frames a second.
        #expect(o.fps == 50)
        o.fps = 33
        #expect(o.problem() == nil)
        o.choose(.mp4)
        #expect(o.fps == 30)
        o.fps = 33
        #expect(o.problem() == "'fps' must be one of 60, 50, 30 for mp4, got 33")
    }

    @Test func theChoicesBecomeRecordsFlagsAndOutput() {
        var o = CaptureOptions(format: .gif, fps: 33, scale: 2, wholeWindow: true, pointer: true)
        #expect(o.recordArguments == ["--fps", "33", "--scale", "2", "--window", "--pointer"])
        #expect(o.output(forReplay: "/c/2026-12-01 10-00-00 liquid.slreplay") == "/c/2026-12-01 10-00-00 liquid.gif")
        o.format = .png
        #expect(o.output(forReplay: "/c/a b.slreplay") == "/c/a b/")
    }

    @Test func theChoicesAreRememberedWithTheSessionAndCheckedOnTheWayIn() throws {
        var state = SessionState(scene: "liquid", theme: .dark, window: [1280, 800], scale: 1)
        state.capture = CaptureOptions(format: .gif, fps: 25, scale: 2, wholeWindow: true, pointer: true)
        let back = try SessionState.decode(state.json)
        #expect(back.capture == state.capture)
        // A state written before the panel existed has its defaults.
        let old = state.json.replacingOccurrences(of: #""capture""#, with: #""unrelated""#)
        #expect(try SessionState.decode(old).capture == CaptureOptions())
        let bad = state.json.replacingOccurrences(of: #""fps" : 25"#, with: #""fps" : 24"#)
        #expect(throws: SessionStateError.self) { try SessionState.decode(bad) }
    }

    /// docs/behaviour.md §17: a take's name is part of a file name, never a path.
    @Test func aNameIsSanitisedIntoAPartOfAFileName() {
        #expect(CaptureOptions.sanitisedName("Bounce fix") == "Bounce fix")
        #expect(CaptureOptions.sanitisedName("../../etc/passwd") == "etc-passwd")
        #expect(CaptureOptions.sanitisedName("a\\b:c*d?e\"f<g>h|i") == "a-b-c-d-e-f-g-h-i")
        #expect(CaptureOptions.sanitisedName("  .hidden  ") == "hidden")
        #expect(CaptureOptions.sanitisedName("tab\there\nnew   line") == "tab here new line")
        #expect(CaptureOptions.sanitisedName("bell\u{07}\u{200B}x") == "bell-x")
        #expect(CaptureOptions.sanitisedName("Überprüfung 跳") == "Überprüfung 跳")
        #expect(CaptureOptions.sanitisedName("/") == "")
        #expect(CaptureOptions.sanitisedName("..") == "")
        #expect(CaptureOptions.sanitisedName(String(repeating: "x", count: 100)).count == 40)
        #expect(CaptureOptions.sanitisedName(String(repeating: "ab ", count: 30)).last != " ")
        var o = CaptureOptions()
        o.setName("a/b")
        #expect(o.name == "a-b")
    }

    @Test func theNameAndF9sSecondsAreRememberedAndChecked() throws {
        var state = SessionState(scene: "liquid", theme: .dark, window: [1280, 800], scale: 1)
        state.capture.lastSeconds = 60
        state.capture.setName("QA 7")
        let back = try SessionState.decode(state.json)
        #expect(back.capture.lastSeconds == 60 && back.capture.name == "QA 7")
        let bad = state.json.replacingOccurrences(of: #""lastSeconds" : 60"#, with: #""lastSeconds" : 45"#)
        #expect(bad != state.json)
        #expect(throws: SessionStateError.self) { try SessionState.decode(bad) }
        // A name edited into the file to be a path comes back as a name.
        let path = state.json.replacingOccurrences(of: #""name" : "QA 7""#, with: #""name" : "..\/..\/x""#)
        #expect(path != state.json)
        #expect(try SessionState.decode(path).capture.name == "x")
    }

    @Test func clickingThePanelChoosesAndEscapeClosesIt() throws {
        var app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 800))
        var t = 1.0
        @discardableResult
        func click(_ id: ControlID) -> [WorkbenchEffect] {
            guard let f = app.controlFrames().first(where: { $0.0 == id })?.1 else {
                Issue.record("no control \(id)"); return []
            }
            defer { t += 0.2 }
            return app.handle(.pointerDown(f.center, time: t, shift: false)).effects
                + app.handle(.pointerUp(f.center, time: t + 0.05)).effects
        }
        #expect(!app.controlFrames().contains { $0.0 == "capture.format.gif" })
        click("capture")
        #expect(app.showCapturePanel)
        click("capture.format.gif")
        click("capture.fps.33")
        click("capture.area.window")
        click("capture.scale.2")
        click("capture.pointer")
        #expect(app.capture == CaptureOptions(format: .gif, fps: 33, scale: 2, wholeWindow: true, pointer: true))
        #expect(click("capture.screenshot") == [.capture(.screenshot)])
        // A press on the stage outside the panel closes it and goes no further.
        let events = app.handle(.pointerDown(Point2(40, 40), time: t, shift: false)).events
        #expect(!app.showCapturePanel)
        #expect(events.contains { $0.name == .capturePanel })
        click("capture")
        _ = app.handle(.key(.escape, time: t + 1, shift: false))
        #expect(!app.showCapturePanel)
    }
}
