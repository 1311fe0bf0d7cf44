import Canvas
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// Hover and tooltips (docs/behaviour.md §11.1): 0.6 s of rest over a control shows its tooltip once.
@Suite struct TooltipTests {
    func makeApp() -> Workbench {
        var app = PushAlertApp(settings: PushAlertSettings(), measurer: FixedMeasurer(), theme: .light,
                               windowSize: Size(1280, 800))
        _ = app.update(toWall: 0.5)
        return app
    }

    func frame(_ id: ControlID, in app: Workbench) -> Rect? { app.controlFrames().first { $0.0 == id }?.1 }

    @Test func playShowsItsTooltipAfterSixTenthsOfASecond() throws {
        var app = makeApp()
        let play = try #require(frame("play", in: app))
        _ = app.handle(.pointerMoved(play.center, time: 1.0))
        #expect(app.isAnimating(atWall: 1.3))
        #expect(app.update(toWall: 1.5).filter { $0.name == .tooltip }.isEmpty)
        let tips = app.update(toWall: 1.65).filter { $0.name == .tooltip }
        #expect(tips.count == 1)
        let fields = Dictionary(uniqueKeysWithValues: tips.first?.fields.map { ($0.0, $0.1) } ?? [])
        #expect(fields["id"] == .string("play"))
        if case .string(let text) = fields["text"] { #expect(text.contains("Space")) } else { Issue.record("no text") }
        #expect(app.update(toWall: 1.8).filter { $0.name == .tooltip }.isEmpty)  // once
        #expect(app.tooltip(atWall: 1.8)?.id == "play")
        #expect(!app.isAnimating(atWall: 2.0))
        // Moving off the control clears it.
        _ = app.handle(.pointerMoved(Point2(play.center.x, play.minY - 200), time: 2.1))
        #expect(app.tooltip(atWall: 3.0) == nil)
        #expect(app.update(toWall: 3.0).filter { $0.name == .tooltip }.isEmpty)
    }

    @Test func aPressDismissesAndTheStageHasNoTooltip() throws {
        var app = makeApp()
        let hud = try #require(frame("hud", in: app))
        _ = app.handle(.pointerMoved(hud.center, time: 1.0))
        #expect(app.tooltip(atWall: 1.7)?.text == "HUD (H)")
        _ = app.handle(.key(.h, time: 1.8, shift: false))
        #expect(app.tooltip(atWall: 2.5) == nil)
        _ = app.handle(.pointerMoved(Point2(100, 100), time: 3.0))
        #expect(app.tooltip(atWall: 4.0) == nil)
        #expect(!app.isAnimating(atWall: 3.1))
    }
}
