import Canvas
import Export
import Foundation
import Motion
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// Copy as code and Paste in the inspector's spring groups (docs/behaviour.md §12.2, §12.3), by the
/// real clicks and keys the window hands the workbench. Expected numbers come from the
/// documented defaults (the gap spring is response 0.32, ζ 0.85, docs/behaviour.md §3) and §1.1's formulas.
@Suite struct SpringCodeMenuTests {
    func bench() -> Workbench {
        Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 2400), wall: 0)
    }

    func frame(_ id: ControlID, in a: Workbench) -> Rect? { a.controlFrames().first { $0.0 == id }?.1 }

    func click(_ id: ControlID, in a: inout Workbench, at t: Double) -> Workbench.Handled {
        guard let f = frame(id, in: a) else { return Workbench.Handled(events: [], effects: []) }
        let down = a.handle(.pointerDown(f.center, time: t, shift: false)), up = a.handle(.pointerUp(f.center, time: t + 0.05))
        return Workbench.Handled(events: down.events + up.events, effects: down.effects + up.effects)
    }

    /// The pointer resting over a group (on its title row), then a key.
    func key(_ key: Key, over group: String, in a: inout Workbench, at t: Double) -> Workbench.Handled {
        guard let f = frame("\(group).reset", in: a) else { return Workbench.Handled(events: [], effects: []) }
        _ = a.handle(.pointerMoved(Point2(f.minX - 40, f.midY), time: t))
        return a.handle(.key(key, time: t + 0.01, shift: false))
    }

    func paste(_ text: String, over group: String, in a: inout Workbench, at t: Double) -> [SceneEvent] {
        // The window hands Ctrl+V in, and the clipboard's text right after it.
        key(.paste, over: group, in: &a, at: t).events + a.handle(.text(text, time: t + 0.02)).events
    }

    /// The text a copy put out for the clipboard.
    func copied(_ handled: Workbench.Handled) -> String {
        handled.effects.compactMap { if case .copy(let text) = $0 { text } else { nil } }.first ?? ""
    }

    func number(_ pattern: String, in text: String) -> Double? {
        guard let r = text.range(of: pattern + #"\s*[-0-9.eE+]+"#, options: .regularExpression) else { return nil }
        return Double(text[r].dropFirst(pattern.count).trimmingCharacters(in: .whitespaces))
    }

    @Test func ctrlCOverTheGapGroupCopiesSwiftUIWithTheGapSpring() {
        var a = bench()
        let handled = key(.copy, over: "gap", in: &a, at: 1)
        let events = handled.events, text = copied(handled)
        #expect(number("response:", in: text) == 0.32)
        #expect(number("dampingFraction:", in: text) == 0.85)
        #expect(events.contains { $0.name == .copied && $0["group"]?.string == "pushAlert.gap" && $0["format"]?.string == "swiftui" })
        #expect(a.toast(atWall: 1.1)?.text.contains("Copied Gap as SwiftUI") == true)
        #expect(a.toast(atWall: 4) == nil, "a confirmation goes after 2.5 s")
    }

    @Test func ctrlCAwayFromEveryGroupCopiesNothing() {
        var a = bench()
        _ = a.handle(.pointerMoved(Point2(200, 200), time: 1))  // over the stage
        #expect(a.handle(.key(.copy, time: 1.1, shift: false)).effects.isEmpty)
    }

    @Test func theMenuCopiesComposeAndMakesItCtrlCsFormat() throws {
        var a = bench()
        _ = click("gap.code", in: &a, at: 1)
        #expect(frame("gap.copy.compose", in: a) != nil, "the Code menu opened")
        let compose = copied(click("gap.copy.compose", in: &a, at: 2))
        // Compose: spring(dampingRatio, stiffness), unit mass: k = (2π / 0.32)² (docs/behaviour.md §1.1).
        let k = try #require(number("stiffness =", in: compose))
        #expect(abs(k - pow(2 * Double.pi / 0.32, 2)) / k < 1e-9)
        #expect(frame("gap.copy.compose", in: a) == nil, "copying closed the menu")
        _ = click("gap.code", in: &a, at: 3)
        _ = click("gap.default.compose", in: &a, at: 4)
        #expect(a.copyFormat == .compose)
        let alert = copied(key(.copy, over: "alert", in: &a, at: 5))
        // The alert spring: response 0.42, ζ 0.78 (docs/behaviour.md §3).
        #expect(alert.hasPrefix("spring("))
        #expect(number("dampingRatio =", in: alert) == 0.78)
        let ka = try #require(number("stiffness =", in: alert))
        #expect(abs(ka - pow(2 * Double.pi / 0.42, 2)) / ka < 1e-9)
    }

    @Test func pastingComposeSetsTheGapExactlyAsOneUndoStep() {
        var a = bench()
        let events = paste("spring(dampingRatio = 0.5f, stiffness = 400f)", over: "gap", in: &a, at: 1)
        // k 400 at unit mass: ω0 = 20, response 2π / 20 (docs/behaviour.md §1.1).
        let gap = a.scene(PushAlert.self)?.settings.gap
        #expect(abs((gap?.response ?? 0) - 2 * Double.pi / 20) < 1e-12)
        #expect(gap?.damping == 0.5)
        let names = events.filter { $0.name == .setting }.compactMap { $0["name"]?.string }
        #expect(names == ["gap.response", "gap.damping"])
        #expect(events.contains { $0.name == .pasted && $0["group"]?.string == "pushAlert.gap" })
        _ = a.handle(.key(.undo, time: 2, shift: false))
        #expect(a.scene(PushAlert.self)?.settings.gap == SpringSetting(0.32, 0.85), "one undo step puts both back")
    }

    @Test func pastingIntoARatioGroupSetsTheRatioThatGivesTheResponse() {
        var a = bench()
        _ = paste("0.35, 0.9", over: "leave", in: &a, at: 1)
        // leave = alert response (0.42) × ratio: 0.35 s is ratio 0.35 / 0.42.
        let s = a.scene(PushAlert.self)?.settings
        #expect(abs((s?.leaveRatio ?? 0) - 0.35 / 0.42) < 1e-12)
        #expect(s?.leaveDamping == 0.9)
    }

    @Test func aTextThatIsNoSpringChangesNothingAndSaysWhy() {
        var a = bench()
        let before = a.scene(PushAlert.self)?.settings
        for (i, text) in ["hello there", "spring(dampingRatio = 0.5f, stiffness = -4f)", "7, 0.8"].enumerated() {
            let events = paste(text, over: "gap", in: &a, at: Double(i + 1))
            #expect(!events.contains { $0.name == .setting }, "\(text)")
            let refusal = events.first { $0.name == .pasteRefused }
            #expect(refusal?["reason"]?.string?.isEmpty == false, "\(text)")
            #expect(refusal?["reason"]?.string?.contains("\n") == false)
            #expect(a.toast(atWall: Double(i + 1) + 0.1)?.refused == true)
        }
        #expect(a.scene(PushAlert.self)?.settings == before)
        // 7 s is outside the spring's 0.05 – 2 s: the reason names the range.
        let out = paste("7, 0.8", over: "gap", in: &a, at: 9)
        #expect(out.first { $0.name == .pasteRefused }?["reason"]?.string?.contains("0.05 – 2") == true)
    }

    @Test func theTextGoesToTheGroupCtrlVWasPressedOverOnly() {
        var a = bench()
        _ = key(.paste, over: "gap", in: &a, at: 1)
        _ = a.handle(.pointerMoved(Point2(200, 200), time: 1.5))
        // Another event came between: a later text is typing, not this paste.
        _ = a.handle(.text("0.4, 0.6", time: 2))
        #expect(a.scene(PushAlert.self)?.settings.gap == SpringSetting(0.32, 0.85))
    }

    @Test func theCopyFormatIsRememberedWithTheSession() throws {
        var a = bench()
        a.copyFormat = .css
        let state = SessionState(app: a, scale: 1, form: .response)
        let back = try SessionState.decode(state.json)
        #expect(back.copyFormat == .css)
        let broken = state.json.replacingOccurrences(of: #""copyFormat" : "css""#, with: #""copyFormat" : "kotlin""#)
        do {
            _ = try SessionState.decode(broken)
            Issue.record("an unknown copy format was read")
        } catch { #expect(error.description.contains("copyFormat")) }
    }
}
