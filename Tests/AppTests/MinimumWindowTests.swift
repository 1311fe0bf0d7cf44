import Canvas
import Testing
@testable import App
@testable import Inspector
@testable import Workbench
@testable import Scenes

/// docs/behaviour.md §15.6 at the minimum window (900×560): every scene's page whole on the stage —
/// scaled down when it must be, the same scale for drawing, hit testing and the trace —
/// a scrub bar of 200 pt at least, and a scrollbar whenever the inspector can scroll.
struct MinimumWindowTests {
    static let minimum = Size(900, 560)

    func bench(_ scene: String, size: Size = minimum) -> Workbench {
        var app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: size)
        _ = app.switchScene(named: scene, at: 0)
        return app
    }

    @Test(arguments: SceneRegistry.names)
    func everyPageFitsTheStage(scene: String) {
        let app = bench(scene)
        let place = app.placement
        let stage = app.stage  // 560 × 508: the window less the 340 pt inspector and 52 pt bar
        #expect(stage == Rect(x: 0, y: 0, width: 560, height: 508))
        #expect(place.origin.x >= 0 && place.scale <= 1)
        #expect(place.origin.x + app.sceneType.pageWidth * place.scale <= stage.width + 0.5)
        for (id, frame) in app.scene.scripted?.controlFrames() ?? [] {
            let shown = place.window(frame)
            #expect(shown.minX >= 0 && shown.maxX <= stage.maxX && shown.minY >= 0 && shown.maxY <= stage.maxY, "\(scene): \(id) at \(shown)")
        }
    }

    @Test func aPageThatFitsIsNotScaled() {
        // The Push Alert's 420 pt page on a 560 pt stage; Presence's 760 on the default 940.
        #expect(bench("push-alert").placement.scale == 1)
        #expect(bench("presence", size: Workbench.defaultSize).placement.scale == 1)
        // Presence's 760 pt page on 560: 560 / 760.
        #expect(abs(bench("presence").placement.scale - 560.0 / 760) < 1e-12)
    }

    @Test func thePressLandsWhereTheButtonIsDrawn() throws {
        // Presence's Show/Hide button, at its drawn (scaled) place: a press there toggles.
        var app = bench("presence")
        let frame = try #require(app.controlFrames().first { $0.0 == "presence.toggle" }?.1)
        let p = frame.center
        let down = app.handle(.pointerDown(p, time: 1, shift: false)).events
        let up = app.handle(.pointerUp(p, time: 1.05)).events
        #expect((down + up).contains { $0.name == .toggled })
        // The drawn page holds the button's text inside that frame.
        let list = app.draw(atWall: 1.1)
        let label = list.textRuns.first { ["Hide detail", "Show detail"].contains($0.run.text) }
        let origin = try #require(label?.run.origin)
        #expect(frame.insetBy(dx: -1, dy: -1).contains(origin), "label at \(origin), button at \(frame)")
    }

    @Test(arguments: [900.0, 1000, 1100, 1280, 1920])
    func theScrubBarKeeps200Points(width: Double) {
        let app = bench("push-alert", size: Size(width, 560))
        let layout = app.transportLayout
        #expect(layout.scrub.width >= 200)
        #expect(layout.scrub.maxX <= width - 16 - Workbench.readoutWidth + 0.5)
        let frames = [layout.showAlert, layout.stepBack, layout.play, layout.stepForward] + layout.rates
            + [layout.loop, layout.hud, layout.capture, layout.scrub]
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(a.maxX <= b.minX) }
    }

    @Test func aCompactBarStepsThroughTheTimeScales() throws {
        var app = bench("push-alert")
        let frame = try #require(app.controlFrames().first { $0.0 == "rate" }?.1)
        var seen: [Double] = []
        for i in 0..<4 {
            let t = 1 + Double(i)
            _ = app.handle(.pointerDown(frame.center, time: t, shift: false))
            _ = app.handle(.pointerUp(frame.center, time: t + 0.05))
            seen.append(app.clock.rate)
        }
        #expect(seen == [0.5, 0.25, 0.1, 1])
    }

    @Test func theInspectorShowsAScrollbarWhenItCanScroll() throws {
        var app = bench("push-alert")
        app.measureInspector(atWall: 0)
        let thumb = try #require(app.scrollThumb)
        #expect(thumb.minX >= app.inspectorFrame.maxX - 16 && thumb.maxX <= app.inspectorFrame.maxX)
        // Dragging the thumb down scrolls the inspector, and a layout follows.
        let start = Point2(thumb.midX, thumb.minY + 4)
        _ = app.handle(.pointerDown(start, time: 1, shift: false))
        let moved = app.handle(.pointerMoved(Point2(start.x, start.y + 60), time: 1.05)).events
        _ = app.handle(.pointerUp(Point2(start.x, start.y + 60), time: 1.1))
        #expect(app.inspectorScroll > 0)
        #expect(moved.contains { $0.name == .layout })
        // At a size where everything fits there is none.
        var tall = bench("neck", size: Size(1280, 2400))
        tall.measureInspector(atWall: 0)
        #expect(tall.scrollThumb == nil)
    }

    @Test func theShortcutOverlaySaysWhatRWillMake() {
        var app = bench("push-alert")
        app.capture.choose(.png)
        app.capture.fps = 50
        app.showShortcuts = true
        let texts = app.stageList(atWall: 1).textRuns.map(\.run.text)
        #expect(texts.contains("start / stop a take: PNG frames, 50 fps, 1×, stage"))
        #expect(!texts.contains { $0.contains("MP4") })
    }
}
