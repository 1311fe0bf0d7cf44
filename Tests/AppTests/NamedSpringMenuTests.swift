import Canvas
import Motion
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// A spring group's menu applies a named spring from the platforms' library (docs/behaviour.md §11.4):
/// by the real clicks, as one undo step, to the precision shown.
@Suite struct NamedSpringMenuTests {
    func click(_ id: ControlID, in a: inout Workbench, at t: Double) -> [SceneEvent] {
        guard let f = a.controlFrames().first(where: { $0.0 == id })?.1 else { return [] }
        return a.handle(.pointerDown(f.center, time: t, shift: false)).events + a.handle(.pointerUp(f.center, time: t + 0.05)).events
    }

    @Test func swiftUIBouncyOnTheGapSpringIsResponseHalfAndDamping07() {
        var a = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 2400), wall: 0)
        #expect(!a.controlFrames().contains { $0.0 == "gap.spring.swiftui.bouncy" })
        let opened = click("gap.springs", in: &a, at: 1)
        #expect(opened.contains { $0.name == "layout" && $0["gap.spring.swiftui.bouncy"] != nil })
        let applied = click("gap.spring.swiftui.bouncy", in: &a, at: 2)
        // SwiftUI's .bouncy: duration 0.5, bounce 0.3 → response 0.5, ζ 0.7 (docs/behaviour.md §1.1).
        let gap = a.scene(PushAlert.self)?.settings.gap
        #expect(gap == SpringSetting(0.5, 0.7))
        let names = applied.filter { $0.name == "setting" }.compactMap { $0["name"]?.string }
        #expect(names == ["gap.response", "gap.damping"])
        #expect(!a.controlFrames().contains { $0.0 == "gap.spring.swiftui.bouncy" }, "the menu closed")
        _ = a.handle(.key(.undo, time: 3, shift: false))
        #expect(a.scene(PushAlert.self)?.settings.gap == SpringSetting(0.32, 0.85))
    }

    @Test func composeStiffnessHighIsStoredToThePrecisionShown() {
        var a = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 2400), wall: 0)
        _ = click("alert.springs", in: &a, at: 1)
        _ = click("alert.spring.compose.stiffnessHigh", in: &a, at: 2)
        // 2π/√10000 = 0.0628… s, shown (and kept) as 0.063; critically damped.
        #expect(a.scene(PushAlert.self)?.settings.alert == SpringSetting(0.063, 1))
    }

    @Test func ratioGroupsHaveNoMenu() {
        let a = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 2400), wall: 0)
        let ids = Set(a.controlFrames().map(\.0))
        #expect(ids.contains("gap.springs") && !ids.contains("leave.springs") && !ids.contains("close.springs"))
    }
}
