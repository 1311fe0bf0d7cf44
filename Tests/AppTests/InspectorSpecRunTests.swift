import Canvas
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// The one inspector running each scene's list (docs/behaviour.md §10): page buttons act on the scene
/// and their events reach the trace, switches flip the scene's flags, choices record the
/// change, and no id appears twice in any scene's layout.
@Suite struct InspectorSpecRunTests {
    /// A window tall enough that every control of every inspector is on screen.
    func app(_ scene: PushAlertApp.SceneKind) -> PushAlertApp { InspectorRangeTests().app(scene) }

    func click(_ id: ControlID, in app: inout PushAlertApp, at t: Double) -> [SceneEvent] {
        guard let f = app.controlFrames().first(where: { $0.0 == id })?.1 else {
            Issue.record("no control \(id)")
            return []
        }
        return app.handle(.pointerDown(f.center, time: t, shift: false)).events + app.handle(.pointerUp(f.center, time: t + 0.05)).events
    }

    func settings(_ events: [SceneEvent]) -> [SceneEvent] { events.filter { $0.name == "setting" } }

    @Test(arguments: PushAlertApp.SceneKind.allCases)
    func noIdTwice(_ scene: PushAlertApp.SceneKind) {
        let ids = app(scene).controlFrames().map(\.0)
        #expect(ids.count == Set(ids).count, "\(ids)")
    }

    @Test func pileButtonsDriveThePageAndTheFieldIsAViewNotASetting() {
        var a = app(.liquid)
        let spread = click("pile.spread", in: &a, at: 101)
        #expect(a.pile.expanded && spread.contains { $0.name == "expanded" })
        #expect(spread.contains { $0.name == "layout" }, "a layout follows a change of the resting frames")
        let field = click("pile.field", in: &a, at: 102)
        #expect(a.pile.showField && settings(field).isEmpty)
        let kernel = click("pile.kernel.cubic", in: &a, at: 103)
        #expect(a.pile.settings.kernel == .cubic)
        #expect(settings(kernel).first?["name"] == .string("pile.kernel") && settings(kernel).first?["old"] == .string("quadratic"))
        #expect(settings(click("pile.kernel.cubic", in: &a, at: 104)).isEmpty, "choosing the chosen kernel changes nothing")
    }

    @Test func presenceAlignmentIsRecordedByItsSettingName() {
        var a = app(.presence)
        let events = click("presence.align.trailing", in: &a, at: 101)
        #expect(a.presence.settings.numberAlignment == .trailing)
        #expect(settings(events).first?["name"] == .string("presence.numberAlignment"))
        #expect(settings(events).first?["new"] == .string("trailing"))
        let hide = click("presence.inspector.toggle", in: &a, at: 102)
        #expect(!a.presence.showing && hide.contains { $0.name == "toggled" })
    }

    @Test func aNeckShapeReLaysThePiecesOutEveryTimeItIsChosen() {
        var a = app(.neck)
        let events = click("neck.shape.card", in: &a, at: 101)
        #expect(a.neck.pieces[0].kind == .card && abs(a.neck.gap - 4) < 1e-6)
        #expect(settings(events).first?["name"] == .string("neck.shape") && settings(events).first?["new"] == .string("card"))
        a.neck.pieces[1].center.x += 30
        let again = click("neck.shape.card", in: &a, at: 102)
        #expect(abs(a.neck.gap - 4) < 1e-6 && settings(again).count == 1)
    }

    @Test func theNeckSmoothingResetFollowsTheMerge() {
        var a = app(.neck)
        a.neck.merge = 40
        a.neck.smoothing = 3
        let f = a.controlFrames().first { $0.0 == "neck.smoothing" }?.1 ?? .zero
        let track = Point2(f.minX + 92 + 40, f.midY)
        for t in [101.0, 101.1] {
            _ = a.handle(.pointerDown(track, time: t, shift: false))
            _ = a.handle(.pointerUp(track, time: t + 0.02))
        }
        #expect(a.neck.smoothing == nil && a.neck.settings.effectiveSmoothing == 10)
    }

    @Test func reduceMotionInThePushAlertInspectorIsASetting() {
        var a = app(.pushAlert)
        let events = click("reduceMotion", in: &a, at: 101)
        #expect(a.alert.settings.reduceMotion)
        #expect(settings(events).first?["name"] == .string("reduceMotion") && settings(events).first?["new"] == .bool(true))
    }
}
