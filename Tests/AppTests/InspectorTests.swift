import Canvas
import Foundation
import Motion
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// Fixed advances (0.5 em a character, 1.2 em a line): layout without fonts.
typealias FixedMeasurer = FixedAdvanceMeasurer

/// The inspector's sliders, driven through input events (issue 4).
@Suite struct InspectorSliderTests {
    var app = PushAlertApp(settings: PushAlertSettings(), measurer: FixedMeasurer(), theme: .light,
                           windowSize: Size(1280, 800), wall: 100)

    func frame(_ id: ControlID) -> Rect { app.controlFrames().first { $0.0 == id }?.1 ?? .zero }

    /// The track of a slider row (label 92 pt on the left, number 62 pt + 8 on the right).
    func track(_ id: ControlID) -> Rect {
        let f = frame(id)
        return Rect(x: f.minX + 92, y: f.minY, width: f.width - 92 - 62 - 8, height: f.height)
    }

    func knobX(_ id: ControlID, value: Double) -> Double {
        let t = track(id)
        return t.minX + (value - 0.05) / 1.95 * t.width
    }

    func settings(_ events: [SceneEvent]) -> [SceneEvent] { events.filter { $0.name == "setting" } }

    /// True when `v` is a whole number of 10^−places (what the number field shows).
    func isRounded(_ v: Double, places: Int) -> Bool {
        let p = pow(10, Double(places))
        return (v * p).rounded() / p == v
    }

    @Test mutating func dragIsProportionalToTheTrack() {
        let t = track("gap.response")
        let y = t.midY
        let x0 = knobX("gap.response", value: 0.32)
        var events = app.handle(.pointerDown(Point2(x0 + 2, y), time: 100, shift: false)).events  // on the knob: no jump
        #expect(app.alert.settings.gap.response == 0.32)
        events += app.handle(.pointerMoved(Point2(x0 + 2 + t.width / 4, y), time: 100.05)).events
        events += app.handle(.pointerUp(Point2(x0 + 2 + t.width / 4, y), time: 100.1)).events
        // A quarter of the track is a quarter of 0.05…2.0: +0.4875 s — rounded to the
        // 3 decimals shown (docs/behaviour.md §11.1), so within half a thousandth, and on the grid.
        #expect(abs(app.alert.settings.gap.response - (0.32 + 0.4875)) <= 0.0005 + 1e-9)
        #expect(isRounded(app.alert.settings.gap.response, places: 3))
        let change = settings(events).last
        #expect(change?["name"] == .string("gap.response"))
        #expect(change?["new"]?.number.map { abs($0 - 0.8075) <= 0.0005 + 1e-9 && isRounded($0, places: 3) } == true)
        #expect(settings(events).first?["old"] == .number(0.32))
    }

    @Test mutating func shiftMakesTheDragTenTimesFiner() {
        let t = track("alert.damping")
        let x0 = t.minX + (0.78 - 0.05) / 1.95 * t.width
        _ = app.handle(.pointerDown(Point2(x0, t.midY), time: 100, shift: false))
        _ = app.handle(.shift(true, time: 100.01))
        _ = app.handle(.pointerMoved(Point2(x0 + t.width / 4, t.midY), time: 100.05))
        _ = app.handle(.pointerUp(Point2(x0 + t.width / 4, t.midY), time: 100.1))
        // Rounded to the fine step's 3 decimals (docs/behaviour.md §11.1).
        #expect(abs(app.alert.settings.alert.damping - (0.78 + 0.04875)) <= 0.0005 + 1e-9)
        #expect(isRounded(app.alert.settings.alert.damping, places: 3))
    }

    @Test mutating func clickingTheTrackJumps() {
        let t = track("gap.response")
        _ = app.handle(.pointerDown(Point2(t.minX + 0.75 * t.width, t.midY), time: 100, shift: false))
        _ = app.handle(.pointerUp(Point2(t.minX + 0.75 * t.width, t.midY), time: 100.05))
        // Rounded to the 3 decimals shown (docs/behaviour.md §11.1).
        #expect(abs(app.alert.settings.gap.response - (0.05 + 0.75 * 1.95)) <= 0.0005 + 1e-9)
        #expect(isRounded(app.alert.settings.gap.response, places: 3))
    }

    @Test mutating func plainWheelOnlyScrollsEvenOverTheFocusedSlider() {
        let f = frame("gap.damping")
        // Click the knob (no jump) to focus it: the plain wheel still only scrolls (docs/behaviour.md §15.2).
        let t = track("gap.damping")
        let knob = Point2(t.minX + (0.85 - 0.05) / 1.95 * t.width, t.midY)
        _ = app.handle(.pointerDown(knob, time: 99.5, shift: false))
        _ = app.handle(.pointerUp(knob, time: 99.6))
        #expect(app.ui.focus == "gap.damping")
        _ = app.handle(.wheel(dy: -1, at: f.center, time: 100, shift: false, ctrl: false))
        #expect(app.alert.settings.gap.damping == 0.85)
        #expect(app.inspectorScroll == 40)
        _ = app.handle(.wheel(dy: 1, at: f.center, time: 100.1, shift: false, ctrl: false))
        #expect(app.inspectorScroll == 0)
        // A touchpad's fraction scrolls its share of a notch.
        _ = app.handle(.wheel(dy: -0.25, at: f.center, time: 101, shift: false, ctrl: false))
        #expect(app.inspectorScroll == 10)
        #expect(app.alert.settings.gap.damping == 0.85)
    }

    @Test mutating func ctrlWheelStepsTheSliderUnderThePointerAndShiftStepsFiner() {
        let f = frame("gap.damping")
        _ = app.handle(.wheel(dy: 1, at: f.center, time: 100, shift: false, ctrl: true))
        #expect(abs(app.alert.settings.gap.damping - 0.86) < 1e-9)
        #expect(app.inspectorScroll == 0)
        // A new gesture (0.5 s later) with Shift: the fine step, 0.001.
        _ = app.handle(.wheel(dy: -1, at: f.center, time: 100.6, shift: true, ctrl: true))
        #expect(abs(app.alert.settings.gap.damping - 0.859) < 1e-9)
    }

    @Test mutating func aWheelGestureKeepsItsFirstTargetAndIsOneUndoStep() {
        let damping = frame("gap.damping"), response = frame("gap.response")
        // Three Ctrl notches 0.2 s apart, the pointer drifting onto the next row up: all
        // three step gap.damping, and gap.response is never touched.
        _ = app.handle(.wheel(dy: 1, at: damping.center, time: 100, shift: false, ctrl: true))
        _ = app.handle(.pointerMoved(response.center, time: 100.1))
        _ = app.handle(.wheel(dy: 1, at: response.center, time: 100.2, shift: false, ctrl: true))
        _ = app.handle(.wheel(dy: 1, at: response.center, time: 100.4, shift: false, ctrl: true))
        #expect(abs(app.alert.settings.gap.damping - 0.88) < 1e-9)
        #expect(app.alert.settings.gap.response == PushAlertSettings().gap.response)
        // One undo step takes all three back.
        _ = app.undo(at: 101)
        #expect(app.alert.settings.gap.damping == 0.85)
        // A plain scroll that starts over the inspector stays a scroll when Ctrl comes in
        // mid-gesture: no value moves.
        _ = app.handle(.wheel(dy: -1, at: damping.center, time: 102, shift: false, ctrl: false))
        _ = app.handle(.wheel(dy: -1, at: damping.center, time: 102.2, shift: false, ctrl: true))
        #expect(app.inspectorScroll == 80)
        #expect(app.alert.settings.gap.damping == 0.85)
    }

    @Test mutating func doubleClickResetsToTheDefault() {
        let t = track("alert.response")
        let x = t.minX + 0.9 * t.width
        _ = app.handle(.pointerDown(Point2(x, t.midY), time: 100, shift: false))
        _ = app.handle(.pointerUp(Point2(x, t.midY), time: 100.05))
        #expect(app.alert.settings.alert.response > 1.5)
        _ = app.handle(.pointerDown(Point2(x, t.midY), time: 100.2, shift: false))
        _ = app.handle(.pointerUp(Point2(x, t.midY), time: 100.25))
        #expect(app.alert.settings.alert.response == 0.42)
    }

    mutating func type(_ text: String, into id: ControlID, at t: Double) -> [SceneEvent] {
        let f = frame(id)
        let number = Point2(f.maxX - 31, f.midY)
        var events = app.handle(.pointerDown(number, time: t, shift: false)).events
        events += app.handle(.pointerUp(number, time: t + 0.01)).events
        for _ in 0..<8 { events += app.handle(.key(.backspace, time: t + 0.02, shift: false)).events }
        events += app.handle(.text(text, time: t + 0.03)).events
        events += app.handle(.key(.enter, time: t + 0.04, shift: false)).events
        return events
    }

    @Test mutating func typedValuesApplyAndBadOnesAreRefused() {
        let ok = type("0.5", into: "gap.response", at: 100)
        #expect(app.alert.settings.gap.response == 0.5)
        #expect(settings(ok).count == 1)
        // Not a number, or outside 0.05…2.0: refused, value unchanged.
        for bad in ["abc", "5", "-1", "1e999"] {
            let events = type(bad, into: "gap.response", at: 101)
            #expect(app.alert.settings.gap.response == 0.5, "\(bad)")
            #expect(settings(events).isEmpty)
            _ = app.handle(.key(.escape, time: 101.5, shift: false))  // abandon the refused edit
        }
        // Escape abandons typing without applying it.
        let f = frame("gap.response")
        _ = app.handle(.pointerDown(Point2(f.maxX - 31, f.midY), time: 102, shift: false))
        _ = app.handle(.text("9", time: 102.1))
        _ = app.handle(.key(.escape, time: 102.2, shift: false))
        #expect(app.alert.settings.gap.response == 0.5)
        #expect(app.ui.editing == nil)
    }

    @Test mutating func typingNeverTriggersShortcuts() {
        let f = frame("gap.response")
        _ = app.handle(.pointerDown(Point2(f.maxX - 31, f.midY), time: 100, shift: false))
        let hud = app.showHUD
        _ = app.handle(.key(.h, time: 100.1, shift: false))
        _ = app.handle(.key(.space, time: 100.2, shift: false))
        #expect(app.showHUD == hud && !app.clock.isPaused)
    }

    @Test mutating func tabFocusAndArrowKeys() {
        var guardCount = 0
        while app.ui.focus != "gap.response" && guardCount < 10 {
            _ = app.handle(.key(.tab, time: 100, shift: false)); guardCount += 1
        }
        #expect(app.ui.focus == "gap.response")
        _ = app.handle(.key(.right, time: 100.1, shift: false))
        _ = app.handle(.key(.right, time: 100.2, shift: true))
        #expect(abs(app.alert.settings.gap.response - 0.331) < 1e-9)
        // With focus on a slider the arrows do not step frames.
        #expect(!app.clock.isPaused)
    }

    @Test mutating func resetRestoresTheGroup() {
        _ = type("1.2", into: "gap.damping", at: 100)
        let r = frame("gap.reset")
        let events = app.handle(.pointerDown(r.center, time: 101, shift: false)).events + app.handle(.pointerUp(r.center, time: 101.05)).events
        #expect(app.alert.settings.gap.damping == 0.85)
        #expect(settings(events).first?["name"] == .string("gap.damping"))
    }

    @Test mutating func aChangeAppliesToTheNextMotion() {
        _ = type("0.8", into: "gap.response", at: 100)
        _ = app.alert.present(at: 0)
        #expect(abs(app.alert.gap.value(at: 0.2) - Spring(response: 0.8, dampingRatio: 0.85).step(at: 0.2)) < 1e-12)
        // And what derives from it: the close spring is gap response × 1.125.
        #expect(abs(app.alert.settings.close.response - 0.9) < 1e-12)
    }

    @Test func layoutListsEverySliderFieldAndButton() {
        let ids = Set(app.layoutEvent(atWall: 100).fields.map(\.0))
        for g in ["gap", "alert", "throw", "return"] { #expect(ids.isSuperset(of: ["\(g).response", "\(g).damping", "\(g).reset"])) }
        #expect(ids.isSuperset(of: ["leave.ratio", "leave.damping", "close.ratio", "close.damping", "commit.fraction",
                                    "dismiss.velocity", "spacing.below", "corner.radius", "title.text", "reduceMotion",
                                    "play", "stepBack", "stepForward", "rate.1", "rate.0.5", "rate.0.25", "rate.0.1",
                                    "scrub", "loop", "showAlert", "panel", "close"]))
    }
}

/// The curve plot's numbers, against an outside reference: the 90 % crossings of the
/// textbook step responses found by scipy's brentq (gap 0.162177 s, alert 0.194186 s,
/// lead 32.0 ms), and Motion's settle times.
@Suite struct CurvePlotTests {
    @Test func reachAndLeadMatchTheReference() {
        let gap = Spring(response: 0.32, dampingRatio: 0.85), alert = Spring(response: 0.42, dampingRatio: 0.78)
        let s = CurveSummary([gap, alert])
        #expect(abs((s.reach90[0] ?? 0) - 0.16217664281555963) < 1e-6)
        #expect(abs((s.reach90[1] ?? 0) - 0.1941858793649754) < 1e-6)
        #expect(abs((s.leadMs ?? 0) - 32.00923654941576) < 1e-3)
        #expect(s.settle == [gap.settleDuration, alert.settleDuration])
        #expect(abs(s.span - alert.settleDuration * 1.1) < 1e-12)
    }

    @Test func leadFollowsTheSliders() {
        // One shared spring: no lead — the component's whole point, visible in the plot.
        let same = Spring(response: 0.42, dampingRatio: 0.78)
        #expect(abs(CurveSummary([same, same]).leadMs ?? 1) < 1e-9)
    }
}

/// Transport: slow motion never jumps the clock; a step is exactly one frame.
@Suite struct TransportTests {
    var app = PushAlertApp(settings: PushAlertSettings(), measurer: FixedMeasurer(), theme: .light,
                           windowSize: Size(1280, 800), wall: 10)

    @Test mutating func timeScaleChangeKeepsSceneTimeContinuous() {
        let before = app.sceneTime(atWall: 12)
        let events = app.setRate(0.1, wall: 12)
        #expect(app.sceneTime(atWall: 12) == before)
        #expect(abs(app.sceneTime(atWall: 13) - (before + 0.1)) < 1e-12)
        #expect(events.first?.name == "timeScale" && events.first?["new"] == .number(0.1))
        _ = app.setRate(1, wall: 15)
        #expect(abs(app.sceneTime(atWall: 15) - (before + 0.3)) < 1e-12)
    }

    @Test mutating func frameSteppingAdvancesExactlyOneFrame() {
        _ = app.setPaused(true, wall: 11)
        let t = app.sceneTime(atWall: 11)
        #expect(app.sceneTime(atWall: 50) == t)  // paused: wall time passes, scene time does not
        let events = app.step(frames: 1, wall: 12)
        #expect(abs(app.sceneTime(atWall: 12) - (t + 1.0 / 60)) < 1e-12)
        _ = app.step(frames: -1, wall: 13)
        #expect(abs(app.sceneTime(atWall: 13) - t) < 1e-12)
        #expect(events.map(\.name) == ["stepped"])
    }

    @Test mutating func keysDriveTheTransport() {
        let space = app.handle(.key(.space, time: 11, shift: false)).events
        #expect(app.clock.isPaused && space.first?.name == "paused")
        let t = app.sceneTime(atWall: 11)
        _ = app.handle(.key(.right, time: 11.5, shift: false))
        #expect(abs(app.sceneTime(atWall: 12) - (t + 1.0 / 60)) < 1e-12)
        _ = app.handle(.key(.h, time: 12, shift: false))
        #expect(app.showHUD)
        _ = app.handle(.key(.d, time: 12.1, shift: false))
        #expect(app.theme == .dark)
    }

    @Test mutating func scrubbingPosesTheDrive() {
        let scrub = app.controlFrames().first { $0.0 == "scrub" }?.1 ?? .zero
        let x = scrub.minX + 0.45 * scrub.width
        _ = app.handle(.pointerDown(Point2(x, scrub.midY), time: 11, shift: false))
        #expect(abs((app.driveProgress(at: 0) ?? -1) - 0.45) < 1e-9)
        _ = app.handle(.pointerMoved(Point2(scrub.minX + 0.2 * scrub.width, scrub.midY), time: 11.1))
        #expect(abs((app.driveProgress(at: 0) ?? 0) - 0.2) < 1e-9)
        _ = app.handle(.pointerUp(Point2(scrub.minX + 0.2 * scrub.width, scrub.midY), time: 11.2))
        // The stage shows the drive's pose at p = 0.2: the first row sits where that
        // pose's gap puts it, whatever the live alert is doing.
        let pose = app.alert.drivePose(progress: 0.2)
        #expect(pose.gap > pose.openness && pose.openness > 0)
        let rowY = app.draw(atWall: 11.2).commands.lazy.compactMap { c -> Double? in
            if case .shape(let s, let p, _) = c, p.fill == Theme.light.row { return s.rect.y } else { return nil }
        }.first
        #expect(abs((rowY ?? -1) - (16 + app.alert.reservedHeight * pose.gap)) < 1e-9)
    }
}
