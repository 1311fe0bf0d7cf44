import Canvas
import Foundation
import Motion
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// One spring, three ways to write it (docs/behaviour.md §11.2, issue 13 item 2), through
/// `Workbench.handle` as a designer uses it: choose the form at the top of the inspector,
/// type or drag any number; the settings stay response and damping underneath, and the
/// `setting` events name them.
@Suite struct SpringFormWorkbenchTests {
    var app = PushAlertApp(settings: PushAlertSettings(), measurer: FixedMeasurer(), theme: .light,
                           windowSize: Size(1280, 2400), wall: 100)
    var t = 100.0

    func frame(_ id: ControlID) -> Rect? { app.controlFrames().first { $0.0 == id }?.1 }
    func number(_ id: ControlID) -> Point2 { let f = frame(id) ?? .zero; return Point2(f.maxX - 31, f.midY) }
    func settings(_ events: [SceneEvent]) -> [SceneEvent] { events.filter { $0.name == "setting" } }

    mutating func next() -> Double { t += 0.5; return t }
    mutating func click(_ p: Point2) -> [SceneEvent] {
        let at = next()
        return app.handle(.pointerDown(p, time: at, shift: false)).events + app.handle(.pointerUp(p, time: at + 0.02)).events
    }
    mutating func choose(_ form: SpringForm) -> [SceneEvent] { click((frame("form.\(form.rawValue)") ?? .zero).center) }
    /// Clicks the number of `id`, types `text` over it and presses Enter.
    mutating func type(_ text: String, into id: ControlID) -> [SceneEvent] {
        var out = click(number(id))
        out += app.handle(.text(text, time: next())).events
        return out + app.handle(.key(.enter, time: next(), shift: false)).events
    }
    /// The text a slider's number box shows (its edit loads it, all selected).
    mutating func shown(_ id: ControlID) -> String {
        _ = click(number(id))
        defer { _ = app.handle(.key(.escape, time: next(), shift: false)) }
        return app.ui.editText
    }

    @Test mutating func choosingAFormSaysSoAndLaysTheNewControlsOut() {
        #expect(app.springForm == .response && frame("gap.response") != nil && frame("gap.bounce") == nil)
        let events = choose(.duration)
        #expect(app.springForm == .duration)
        #expect(events.first { $0.name == "form" }?["form"] == .string("duration"))
        #expect(events.contains { $0.name == "layout" && $0["gap.bounce"] != nil && $0["gap.duration"] != nil })
        #expect(frame("gap.response") == nil && frame("gap.duration") != nil)
        #expect(settings(events).isEmpty, "a form is a way of reading, not a setting")
        _ = choose(.stiffness)
        #expect(frame("gap.mass") != nil && frame("gap.stiffness") != nil && frame("gap.coefficient") != nil)
    }

    @Test mutating func origamisSpeedMovesTensionAndDampingAsOneUndoStepAndBouncinessOnlyDamping() {
        _ = choose(.origami)
        #expect(frame("gap.bounciness") != nil && frame("gap.speed") != nil && frame("gap.response") == nil)
        #expect(frame("leave.ratio") != nil && frame("leave.bounciness") != nil && frame("leave.speed") == nil)
        let before = app.scenes[0].settings as? PushAlertSettings
        let speed = settings(type("20", into: "gap.speed"))
        #expect(Set(speed.compactMap { if case .string(let n)? = $0["name"] { n } else { nil } }) == ["gap.response", "gap.damping"])
        // Rebound: speed 20 → s = 20 / 1.7 / 20, Quartz tension 0.5 + s·199.5 = 117.85…,
        // tension (117.85 − 30)·3.62 + 194 = 512.03… per unit mass: response 2π/√k.
        let tq = 0.5 + 20 / 1.7 / 20 * 199.5, k = (tq - 30) * 3.62 + 194
        let gap = (app.scenes[0].settings as? PushAlertSettings)?.gap
        #expect(abs((gap?.response ?? 0) - 2 * Double.pi / k.squareRoot()) < 1e-9)
        #expect(shown("gap.speed") == "20.00")
        let bounce = settings(type("10", into: "gap.bounciness"))
        #expect(bounce.count == 1 && bounce.first?["name"] == .string("gap.damping"))
        #expect(shown("gap.bounciness") == "10.00" && shown("gap.speed") == "20.00")
        // Two undo steps: the bounciness, then the speed's two settings together.
        _ = app.handle(.key(.undo, time: next(), shift: false))
        _ = app.handle(.key(.undo, time: next(), shift: false))
        #expect((app.scenes[0].settings as? PushAlertSettings) == before)
    }

    @Test mutating func aSpringSlowerThanAnyPOPSpeedIsReadAtTheSlowestAndItsBouncinessMakesAPOPSpring() {
        // Response 1 s is slower than POP's slowest speed (0.1: Quartz tension 0.5 + 0.1 / 1.7
        // / 20 · 199.5, tension (Tq − 30)·3.62 + 194 ≈ 88.95, response 0.666 s).
        _ = type("1", into: "gap.response")
        _ = choose(.origami)
        #expect(shown("gap.speed") == "0.10")
        _ = type("5", into: "gap.bounciness")
        // Rebound at bounciness 5, speed 0.1, from its formulas.
        let tq = 0.5 + 0.1 / 1.7 / 20 * 199.5, k = (tq - 30) * 3.62 + 194
        let b = 0.8 * (5 / 1.7) / 20, u = 2 * b - b * b
        let nobounce = 0.0007 * tq * tq * tq - 0.031 * tq * tq + 0.64 * tq + 1.28
        let c = ((u * 0.01 + (1 - u) * nobounce) - 8) * 3 + 25
        let gap = (app.scenes[0].settings as? PushAlertSettings)?.gap
        #expect(abs((gap?.response ?? 0) - 2 * Double.pi / k.squareRoot()) < 1e-9)
        #expect(abs((gap?.damping ?? 0) - c / (2 * k.squareRoot())) < 1e-9)
    }

    @Test mutating func bounceAndDurationTypedGiveTheSpecSpring() throws {
        // docs/behaviour.md §1.1: duration 0.5 / bounce 0.3 → k 157.91, c 17.59 (mass 1).
        _ = choose(.duration)
        let duration = settings(type("0.5", into: "gap.duration"))
        #expect(duration.count == 1 && duration.first?["name"] == .string("gap.response"))
        #expect(duration.first?["new"] == .number(0.5))
        let bounce = settings(type("0.3", into: "gap.bounce"))
        #expect(bounce.count == 1, "the response is left as it was")
        #expect(bounce.first?["name"] == .string("gap.damping") && bounce.first?["old"] == .number(PushAlertSettings().gap.damping))
        guard case .number(let zeta)? = bounce.first?["new"] else { Issue.record("no new damping"); return }
        #expect(abs(zeta - 0.7) < 1e-12)
        let s = app.alert.settings.gap.spring
        #expect(abs(s.stiffness - 157.91) < 0.005 && abs(s.damping - 17.59) < 0.005)
        // The others follow: the stiffness form shows the same spring.
        _ = choose(.stiffness)
        #expect(shown("gap.stiffness") == "157.9" && shown("gap.coefficient") == "17.59" && shown("gap.mass") == "1.00")
        _ = choose(.response)
        #expect(shown("gap.response") == "0.500" && shown("gap.damping") == "0.700")
    }

    @Test mutating func aTypedValueInAnotherFormIsOneUndoStep() {
        _ = choose(.duration)
        let before = app.alert.settings.gap
        _ = type("0.3", into: "gap.bounce")
        #expect(app.history.undoSteps.count == 1)
        let undone = app.undo(at: next())
        #expect(app.alert.settings.gap == before)
        #expect(undone.first?["name"] == .string("gap.damping"))
    }

    @Test mutating func negativeBounceIsOverdampedAndTheRangeIsTheDampingSliders() {
        _ = choose(.duration)
        _ = type("-0.3", into: "gap.bounce")
        #expect(abs(app.alert.settings.gap.damping - 1 / 0.7) < 1e-12)
        #expect(shown("gap.bounce") == "-0.300")
        // ζ 0.05 – 2 is bounce −0.5 – 0.95: −0.6 would be ζ 2.5, refused with the form's range.
        let refused = type("-0.6", into: "gap.bounce")
        #expect(settings(refused).isEmpty)
        #expect(refused.first { $0.name == "refused" }?["reason"] == .string("out of range: -0.5 – 0.95"))
        #expect(refused.first { $0.name == "refused" }?["name"] == .string("gap.bounce"))
    }

    @Test mutating func stiffnessAndCoefficientTypedConvertIntoResponseAndDamping() {
        // docs/behaviour.md §1.1: stiffness 100 / damping 10 → duration 0.628, bounce 0.5.
        _ = choose(.stiffness)
        let k = settings(type("100", into: "gap.stiffness"))
        #expect(k.count == 1 && k.first?["name"] == .string("gap.response"))
        #expect(abs(app.alert.settings.gap.response - 0.628) < 0.0005)
        let c = settings(type("10", into: "gap.coefficient"))
        #expect(c.count == 1 && c.first?["name"] == .string("gap.damping"))
        #expect(abs(app.alert.settings.gap.damping - 0.5) < 1e-9)
        _ = choose(.duration)
        #expect(shown("gap.duration") == "0.628" && shown("gap.bounce") == "0.500")
        // A stiffness whose response would be under 0.05 s is refused.
        _ = choose(.stiffness)
        let refused = type("20000", into: "gap.stiffness")
        #expect(settings(refused).isEmpty && refused.contains { $0.name == "refused" })
        // A coefficient is checked against the ζ range at the current stiffness: 2·2·√100 = 40.
        #expect(type("41", into: "gap.coefficient").contains { $0.name == "refused" })
    }

    @Test mutating func massScalesStiffnessAndCoefficientAndKeepsTheCurve() {
        _ = choose(.stiffness)
        let before = app.alert.settings
        let events = type("2", into: "gap.mass")
        #expect(settings(events).isEmpty && app.alert.settings == before, "the stored spring is unchanged")
        let k1 = SpringConversion.stiffness(response: before.gap.response, mass: 1)
        #expect(shown("gap.stiffness") == String(format: "%.1f", 2 * k1))
        // A stiffness typed at mass 2 keeps the response that k / m gives.
        _ = type("200", into: "gap.stiffness")
        #expect(abs(app.alert.settings.gap.response - 0.628) < 0.0005)
        _ = click((frame("gap.reset") ?? .zero).center)
        #expect(shown("gap.mass") == "1.00", "Reset puts the mass back too")
    }

    @Test mutating func ratioGroupsKeepTheirRatioInEveryForm() {
        _ = choose(.duration)
        #expect(frame("leave.ratio") != nil && frame("leave.bounce") != nil && frame("leave.duration") == nil)
        let bounce = settings(type("0.5", into: "leave.bounce"))
        #expect(bounce.first?["name"] == .string("leave.damping") && app.alert.settings.leaveDamping == 0.5)
        _ = choose(.stiffness)
        #expect(frame("leave.ratio") != nil && frame("leave.coefficient") != nil && frame("leave.stiffness") == nil)
        let leave = app.alert.settings.leave.spring
        #expect(shown("leave.coefficient") == String(format: "%.2f", leave.damping))
        let ratio = settings(type("1.5", into: "leave.ratio"))
        #expect(ratio.first?["name"] == .string("leave.ratio") && app.alert.settings.leaveRatio == 1.5)
    }

    @Test mutating func draggingTheStiffnessMovesTheResponseOnly() {
        _ = choose(.stiffness)
        let before = app.alert.settings.gap
        let track = frame("gap.stiffness") ?? .zero
        let knob = Point2(track.minX + 92 + 40, track.midY)  // a track click jumps there
        let events = click(knob)
        let changed = settings(events)
        #expect(changed.count == 1 && changed.first?["name"] == .string("gap.response"))
        #expect(app.alert.settings.gap.damping == before.damping && app.alert.settings.gap.response != before.response)
        #expect(SpringSetting.responseRange.contains(app.alert.settings.gap.response))
    }

    @Test func theRememberedFormsAreTheInspectorsForms() throws {
        let state = SessionState(scene: "neck", theme: .light, window: [1280, 800], scale: 1)
        for form in SpringForm.allCases {
            let text = state.json.replacingOccurrences(of: #""form" : "response""#, with: "\"form\" : \"\(form.rawValue)\"")
            #expect(try SessionState.decode(text).form == form)
        }
        #expect(state.form == .response)
    }
}
