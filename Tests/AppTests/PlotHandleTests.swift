import Canvas
import Foundation
import Motion
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// Shaping a spring on its plot (issue 42): the peak's height is the overshoot, the settle
/// mark's place the settle time; one undo step a drag.
@Suite struct PlotHandleTests {
    var app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 2400), wall: 100)
    var t = 100.0

    func frame(_ id: ControlID) -> Rect? { app.controlFrames().first { $0.0 == id }?.1 }
    var gap: SpringSetting? { (app.scenes[0].settings as? PushAlertSettings)?.gap }

    /// Presses at `from`, moves by `dx, dy` in `steps`, releases: the setting events.
    mutating func drag(_ from: Point2, dx: Double, dy: Double, steps: Int = 10, shift: Bool = false) -> [SceneEvent] {
        t += 0.5
        var out: [SceneEvent] = []
        if shift { out += app.handle(.shift(true, time: t)).events }
        out += app.handle(.pointerDown(from, time: t, shift: shift)).events
        for i in 1...steps {
            let p = Point2(from.x + dx * Double(i) / Double(steps), from.y + dy * Double(i) / Double(steps))
            out += app.handle(.pointerMoved(p, time: t + 0.01 * Double(i))).events
        }
        out += app.handle(.pointerUp(Point2(from.x + dx, from.y + dy), time: t + 0.2)).events
        if shift { out += app.handle(.shift(false, time: t + 0.21)).events }
        return out.filter { $0.name == "setting" }
    }

    @Test func theOvershootOfADampingRatioIsTheTextbooks() {
        // A second-order step response overshoots by 16.3 % at ζ 0.5 and 4.6 % at ζ 0.7
        // (the standard table); no overshoot is critical damping.
        #expect(abs(UIPass.dampingRatio(overshoot: 0.163) - 0.5) < 0.001)
        #expect(abs(UIPass.dampingRatio(overshoot: 0.046) - 0.7) < 0.002)
        #expect(UIPass.dampingRatio(overshoot: 0) == 1 && UIPass.dampingRatio(overshoot: -0.2) == 1)
    }

    @Test mutating func theSettleMarkScalesTheResponseAndShiftMovesATenth() throws {
        let settle = try #require(frame("plot.gap.plot.settle")), plot = try #require(frame("plot"))
        let x = settle.midX, inner = plot.insetBy(dx: 8, dy: 8)
        let d = x - inner.minX
        let moved = drag(Point2(x, settle.midY), dx: 40, dy: 0)
        #expect(!moved.isEmpty && moved.allSatisfy { $0["name"] == .string("gap.response") })
        // The settle time is the response times a function of ζ alone: it follows the mark.
        #expect(abs((gap?.response ?? 0) - 0.32 * (d + 40) / d) <= 0.0005)
        _ = app.handle(.key(.undo, time: t + 1, shift: false))
        #expect(gap?.response == 0.32, "one undo step takes the whole drag back")
        t += 1
        _ = drag(Point2(x, settle.midY), dx: 40, dy: 0, shift: true)
        #expect(abs((gap?.response ?? 0) - 0.32 * (d + 4) / d) <= 0.0005)
    }

    @Test mutating func shiftMidDragGoesOnFromThereAndAnOverdampedPeakMovedSidewaysStays() throws {
        let settle = try #require(frame("plot.gap.plot.settle")), plot = try #require(frame("plot"))
        let x = settle.midX, d = x - plot.insetBy(dx: 8, dy: 8).minX
        t += 0.5
        _ = app.handle(.pointerDown(Point2(x, settle.midY), time: t, shift: false))
        _ = app.handle(.pointerMoved(Point2(x + 40, settle.midY), time: t + 0.01))
        let coarse = gap?.response ?? 0
        #expect(abs(coarse - 0.32 * (d + 40) / d) <= 0.0005)
        // Shift down mid-drag: nothing jumps; the next 40 pt count a tenth.
        _ = app.handle(.shift(true, time: t + 0.02))
        #expect(gap?.response == coarse)
        _ = app.handle(.pointerMoved(Point2(x + 80, settle.midY), time: t + 0.03))
        _ = app.handle(.pointerUp(Point2(x + 80, settle.midY), time: t + 0.04))
        _ = app.handle(.shift(false, time: t + 0.05))
        // The settle time at the Shift went on by a tenth of 40 pt's worth.
        let settleAtShift = coarse / 0.32 * d
        #expect(abs((gap?.response ?? 0) - coarse * (settleAtShift + 4) / settleAtShift) <= 0.0006)
        // An overdamped gap (ζ 1.5): its peak dragged sideways, then down, stays overdamped.
        var overdamped = try #require(app.scenes[0].settings as? PushAlertSettings)
        overdamped.gap.damping = 1.5
        app.scenes[0].assign(overdamped)
        t += 1
        let peak = try #require(frame("gap.plot.peak"))
        _ = app.handle(.pointerMoved(Point2(0, 0), time: t))
        let moved = drag(peak.center, dx: 6, dy: 0) + drag(peak.center, dx: 0, dy: 10)
        #expect(moved.isEmpty && gap?.damping == 1.5, "\(moved)")
    }

    @Test mutating func aPressBesideTheHandlesDragsNothing() throws {
        let plot = try #require(frame("plot"))
        let moved = drag(Point2(plot.minX + 12, plot.maxY - 12), dx: 30, dy: -30)
        #expect(moved.isEmpty)
    }

    @Test mutating func theSpringLabsOwnPlotDragsItsCardsSpring() throws {
        var lab = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 800), wall: 100)
        // Key 5: the Spring Lab (the window's fifth scene).
        _ = lab.handle(.key(.digit5, time: 100.1, shift: false))
        #expect(lab.sceneName == "spring")
        let handle = try #require(lab.scene.plotHandles().first { $0.group == "a" })
        let place = lab.placement
        func a() -> SpringSetting? { (lab.scene.settings as? SpringLabSettings)?.a }
        let before = try #require(a())
        // The settle mark 30 page points right: the response × (d + 30) / d, d its distance
        // from the time axis' start (the settle time scales with the response at a given ζ).
        let start = place.window(Point2(handle.settleX, handle.plot.midY))
        var events: [SceneEvent] = []
        events += lab.handle(.pointerDown(start, time: 101, shift: false)).events
        for k in 1...10 {
            events += lab.handle(.pointerMoved(place.window(Point2(handle.settleX + 3 * Double(k), handle.plot.midY)), time: 101 + 0.01 * Double(k))).events
        }
        events += lab.handle(.pointerUp(place.window(Point2(handle.settleX + 30, handle.plot.midY)), time: 101.2)).events
        let d = handle.settle * handle.pointsPerSecond
        #expect(abs((a()?.response ?? 0) - before.response * (d + 30) / d) <= 0.0006)
        #expect(events.contains { $0.name == "setting" && $0["name"] == .string("a.response") })
        _ = lab.handle(.key(.undo, time: 102, shift: false))
        #expect(a() == before, "one undo step")
        // The peak 20 points up: a bouncier spring, its peak where the pointer went.
        let peak = try #require(lab.scene.plotHandles().first { $0.group == "a" })
        let p0 = place.window(peak.peak)
        _ = lab.handle(.pointerDown(p0, time: 103, shift: false))
        for k in 1...10 { _ = lab.handle(.pointerMoved(Point2(p0.x, p0.y - 2 * Double(k) * place.scale), time: 103 + 0.01 * Double(k))) }
        _ = lab.handle(.pointerUp(Point2(p0.x, p0.y - 20 * place.scale), time: 103.2))
        let after = try #require(lab.scene.plotHandles().first { $0.group == "a" })
        #expect((a()?.damping ?? 1) < before.damping)
        #expect(abs(after.peakValue - (peak.peakValue + 20 / peak.pointsPerValue)) < 0.01, "the peak followed the pointer")
    }
}
