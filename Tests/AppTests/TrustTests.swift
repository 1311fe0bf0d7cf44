import Canvas
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// The window's routing of keys, clicks and the transport (docs/behaviour.md §15.1, §15.3, §15.4),
/// through input events on the pure workbench. (`Tests/e2e/trust_e2e.py` drives the same
/// through the real window.)
@Suite struct TrustTests {
    var app = PushAlertApp(settings: PushAlertSettings(), measurer: FixedMeasurer(), theme: .light,
                           windowSize: Size(1280, 800), wall: 100)

    func frame(_ id: ControlID) -> Rect { app.controlFrames().first { $0.0 == id }?.1 ?? .zero }
    func named(_ events: [SceneEvent], _ name: EventName) -> [SceneEvent] { events.filter { $0.name == name } }
    func click(_ p: Point2, at t: Double) -> [InputEvent] { [.pointerDown(p, time: t, shift: false), .pointerUp(p, time: t + 0.05)] }
    mutating func send(_ events: [InputEvent]) -> [SceneEvent] { events.flatMap { app.handle($0).events } }

    /// A point on the stage far from the page's controls.
    var emptyStage: Point2 { Point2(30, app.stage.maxY - 30) }

    @Test mutating func aPressOnTheStageGivesTheKeyboardBackAndEnterPlaysTheDrive() {
        let row = frame("alert.response")
        _ = send(click(Point2(row.minX + 92 + 100, row.midY), at: 101))
        #expect(app.ui.focus == "alert.response")
        let back = send(click(emptyStage, at: 102))
        #expect(app.ui.focus == nil)
        #expect(named(back, .focus).first?["focus"] == .string("stage"))
        let enter = app.handle(.key(.enter, time: 103, shift: false)).events
        #expect(named(enter, .drive).count == 1)
        #expect(app.ui.editing == nil)
    }

    @Test mutating func aClickOnTheStageEndsAnEditAndTheStageHasTheKeyboard() {
        let row = frame("alert.response")
        _ = send(click(Point2(row.maxX - 31, row.midY), at: 101))
        #expect(app.ui.editing == "alert.response")
        _ = app.handle(.text("0.5", time: 101.5))
        _ = send(click(emptyStage, at: 102))
        #expect(app.ui.editing == nil && app.ui.focus == nil)
        #expect(app.alert.settings.alert.response == 0.5)  // the click elsewhere applied it
        let enter = app.handle(.key(.enter, time: 103, shift: false)).events
        #expect(named(enter, .drive).count == 1)
        #expect(app.ui.editing == nil)
    }

    @Test mutating func aClickOnASwitchDoesNotTakeTheKeyboard() {
        let before = app.scene.reduceMotion
        // The switch is at the foot of the inspector: scroll there (the wheel, one gesture).
        _ = app.handle(.pointerMoved(app.inspectorFrame.center, time: 100.5))
        for i in 0..<30 { _ = app.handle(.wheel(dy: -1, at: app.inspectorFrame.center, time: 100.5 + Double(i) * 0.01, shift: false, ctrl: false)) }
        let row = frame("reduceMotion")
        #expect(app.inspectorFrame.contains(row.center))
        _ = send(click(Point2(row.maxX - 10, row.midY), at: 101))
        #expect(app.scene.reduceMotion != before)
        #expect(app.ui.focus == nil)
        // Enter is the stage's: the drive plays and the switch stays as the click left it.
        let enter = app.handle(.key(.enter, time: 102, shift: false)).events
        #expect(named(enter, .drive).count == 1)
        #expect(app.scene.reduceMotion != before)
    }

    @Test mutating func escapeClosesAMenuThenTheFocusThenReachesTheScene() {
        let springs = frame("gap.springs")
        _ = send(click(springs.center, at: 101))
        #expect(app.ui.openMenu == "gap")
        #expect(app.ui.focus == nil)  // a click on a button does not take the keyboard
        // A slider holds the focus while the menu is open (Tab put it there).
        app.ui.focus = "alert.damping"
        let first = app.handle(.key(.escape, time: 104, shift: false)).events
        #expect(app.ui.openMenu == nil && app.ui.focus == "alert.damping")
        #expect(named(first, .menuClosed).count == 1)
        _ = app.handle(.key(.escape, time: 105, shift: false))
        #expect(app.ui.focus == nil)
        // The capture panel, opened over an open menu, closes first.
        _ = send(click(frame("gap.springs").center, at: 106))
        _ = send(click(frame("capture").center, at: 107))
        #expect(app.ui.openMenu == "gap" && app.showCapturePanel)
        _ = app.handle(.key(.escape, time: 108, shift: false))
        #expect(app.ui.openMenu == "gap" && !app.showCapturePanel)
        _ = app.handle(.key(.escape, time: 109, shift: false))
        #expect(app.ui.openMenu == nil)
    }

    @Test mutating func ctrlCActsOnTheGroupUnderThePointerElseTheFocusedOne() {
        // The gap group holds the focus (a click on its title row) …
        let reset = frame("gap.reset")
        _ = send(click(Point2(frame("gap.response").minX + 8, reset.midY), at: 101))
        #expect(app.ui.focus == "gap.title")
        // … but the pointer over the alert group wins.
        _ = app.handle(.pointerMoved(frame("alert.damping").center, time: 102))
        let over = app.handle(.key(.copy, time: 102.1, shift: false)).events
        #expect(named(over, .copied).first?["group"] == .string("pushAlert.alert"))
        // Over the stage, the focused group.
        _ = app.handle(.pointerMoved(emptyStage, time: 103))
        let focused = app.handle(.key(.copy, time: 103.1, shift: false)).events
        #expect(named(focused, .copied).first?["group"] == .string("pushAlert.gap"))
    }

    @Test mutating func aScrubbedPoseRestsStepsAndPlaysOn() {
        let scrub = frame("scrub")
        _ = send(click(Point2(scrub.minX + 0.25 * scrub.width, scrub.midY), at: 101))
        guard case .posed(let p) = app.mode else { Issue.record("not posed: \(app.mode)"); return }
        #expect(abs(p - 0.25) < 1e-9)
        // At rest: nothing to draw until something changes (docs/behaviour.md §15.4).
        #expect(!app.isAnimating(atWall: 102))
        // One frame of the drive is 1/60 s of its 32/15 s (docs/behaviour.md §3.5).
        let duration = 32.0 / 15
        _ = app.handle(.key(.right, time: 102, shift: false))
        #expect(app.mode == .posed(0.25 + 1 / 60 / duration))
        _ = app.handle(.key(.left, time: 102.1, shift: true))
        #expect(abs(app.driveProgress(at: 0)! - (0.25 + 1 / 60 / duration - 10 / 60 / duration)) < 1e-12)
        // The readout: the drive's time and its frame at 60 Hz.
        let time = app.driveProgress(at: 0)! * duration
        #expect(app.readoutText(at: 0) == String(format: "%.3f s · %d", time, Int((time * 60).rounded())))
        // Play goes on from the pose: at once the same p, then it moves with the clock.
        let resumed = app.sceneTime(atWall: 103)
        _ = app.handle(.key(.space, time: 103, shift: false))
        #expect(abs(app.driveProgress(at: resumed)! - (0.25 - 9 / 60 / duration)) < 1e-9)
        #expect(app.isAnimating(atWall: 103.1))
        #expect(app.driveProgress(at: resumed + 0.5)! > app.driveProgress(at: resumed)!)
    }

    @Test mutating func aPausedClockRests() {
        _ = app.handle(.key(.enter, time: 101, shift: false))  // the alert is on its way
        #expect(app.isAnimating(atWall: 101.05))
        _ = app.handle(.key(.space, time: 101.1, shift: false))
        #expect(!app.isAnimating(atWall: 101.2))
        #expect(app.readoutText(at: app.sceneTime(atWall: 101.2)).hasSuffix(" · \(Int((app.sceneTime(atWall: 101.2) * 60).rounded()))"))
    }

    @Test mutating func ctrlQAsksToQuitFromAnywhere() {
        let row = frame("alert.response")
        _ = send(click(Point2(row.maxX - 31, row.midY), at: 101))  // typing into a field
        #expect(app.ui.editing == "alert.response")
        #expect(app.handle(.key(.quit, time: 102, shift: false)).effects == [.quit])
    }
}

extension TrustTests {
    @Test mutating func ctrlVWithTheCodeMenuOpenPastesIntoThatGroup() {
        let code = frame("gap.code")
        _ = send(click(code.center, at: 101))
        #expect(app.ui.openMenu == "gap.code")
        _ = app.handle(.pointerMoved(code.center, time: 101.5))
        let key = app.handle(.key(.paste, time: 102, shift: false)).events
        let text = app.handle(.text("spring(stiffness = -4f)", time: 102)).events
        #expect(named(key + text, "pasteRefused").count == 1, "\(key.map(\.name)) \(text.map(\.name))")
    }
}
