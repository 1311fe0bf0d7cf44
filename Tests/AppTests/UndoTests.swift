import Canvas
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// Undo and redo (docs/behaviour.md §11.3): every settings change, a drag one step however long, at
/// least 200 steps, bounded memory, redo dropped by a new change.
@Suite struct UndoHistoryTests {
    func set(_ response: Double) -> SceneSettingsSet {
        var s = SceneSettingsSet()
        var alert = PushAlertSettings()
        alert.gap.response = response
        s.set(alert, for: PushAlert.self)
        return s
    }

    func change(_ old: Double, _ new: Double) -> SettingChange {
        SettingChange(name: "gap.response", old: .number(old), new: .number(new))
    }

    @Test func aGestureIsOneStepWithItsFirstOldAndLastNewValue() {
        var h = UndoHistory()
        var value = 0.32
        for k in 1...40 {
            let next = 0.32 + 0.01 * Double(k)
            h.record(before: set(value), after: set(next), changes: [change(value, next)], gesture: "gap.response")
            value = next
        }
        h.endGesture()
        #expect(h.undoSteps.count == 1)
        let step = h.undo()
        #expect(step?.before == set(0.32) && step?.after == set(0.72))
        #expect(step?.changes == [change(0.32, 0.72)])
    }

    @Test func separateChangesAreSeparateStepsAndRedoIsDroppedByANewOne() {
        var h = UndoHistory()
        h.record(before: set(0.32), after: set(0.5), changes: [change(0.32, 0.5)], gesture: nil)
        h.record(before: set(0.5), after: set(1.5), changes: [change(0.5, 1.5)], gesture: nil)
        #expect(h.undoSteps.count == 2)
        #expect(h.undo()?.before == set(0.5))
        #expect(h.undo()?.before == set(0.32))
        #expect(h.undo() == nil)
        #expect(h.redo()?.after == set(0.5))
        h.record(before: set(0.5), after: set(0.9), changes: [change(0.5, 0.9)], gesture: nil)
        #expect(h.redo() == nil)
    }

    @Test func theHistoryIsBoundedAndKeepsTheNewestSteps() {
        var h = UndoHistory()
        for k in 0..<(UndoHistory.limit + 50) {
            let a = 0.05 + Double(k) * 1e-4, b = a + 1e-4
            h.record(before: set(a), after: set(b), changes: [change(a, b)], gesture: nil)
        }
        #expect(h.undoSteps.count == UndoHistory.limit)
        #expect(UndoHistory.limit >= 200)
        // The newest step is the last recorded one.
        let last = 0.05 + Double(UndoHistory.limit + 49) * 1e-4
        #expect(h.undo()?.before == set(last))
    }
}

extension UndoHistory.Step: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.before == b.before && a.after == b.after && a.changes == b.changes }
}

/// Undo through the window, the way a hand does it: drag a slider, type, press Ctrl+Z.
@Suite struct WorkbenchUndoTests {
    func app() -> Workbench {
        Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 800), wall: 100)
    }

    func track(_ id: ControlID, in app: Workbench) -> Rect {
        let frame = app.controlFrames().first { $0.0 == id }?.1 ?? .zero
        return Rect(x: frame.minX + 92, y: frame.minY, width: frame.width - 92 - 62 - 8, height: frame.height)
    }

    var gap: (Workbench) -> Double { { $0.scene(PushAlert.self)?.settings.gap.response ?? .nan } }

    @Test func aDragOfFortyMovesIsOneUndoStep() {
        var a = app()
        let tr = track("gap.response", in: a)
        let start = Point2(tr.minX + tr.width * 0.1, tr.midY)
        _ = a.handle(.pointerDown(start, time: 101, shift: false))
        for k in 1...40 { _ = a.handle(.pointerMoved(Point2(start.x + Double(k) * 3, start.y), time: 101 + 0.01 * Double(k))) }
        _ = a.handle(.pointerUp(Point2(start.x + 120, start.y), time: 101.5))
        let dragged = gap(a)
        #expect(dragged > 0.5, "the drag moved the gap response (\(dragged))")
        let undone = a.handle(.key(.undo, time: 103, shift: false)).events
        #expect(gap(a) == 0.32)
        #expect(undone.first?.name == "undo" && undone.first?["name"] == .string("gap.response"))
        #expect(undone.first?["value"] == .number(0.32))
        // One step: a second Ctrl+Z has nothing left.
        #expect(a.handle(.key(.undo, time: 104, shift: false)).events.first?["nothing"] == .bool(true))
        let redone = a.handle(.key(.redo, time: 105, shift: false)).events
        #expect(gap(a) == dragged && redone.first?.name == "redo")
    }

    @Test func eachTrackClickIsAStepAndUndoWalksBack() {
        var a = app()
        let tr = track("gap.response", in: a)
        for (k, f) in [0.25, 0.5, 0.75].enumerated() {
            let p = Point2(tr.minX + tr.width * f, tr.midY)
            _ = a.handle(.pointerDown(p, time: 101 + Double(k), shift: false))
            _ = a.handle(.pointerUp(p, time: 101.05 + Double(k)))
        }
        let values = [gap(a)]
        _ = a.handle(.key(.undo, time: 110, shift: false))
        let second = gap(a)
        _ = a.handle(.key(.undo, time: 111, shift: false))
        let first = gap(a)
        _ = a.handle(.key(.undo, time: 112, shift: false))
        #expect(gap(a) == 0.32)
        #expect(values[0] > second && second > first && first > 0.32)
    }
}

/// The shortcut overlay (docs/behaviour.md §11.1): ? or F1 shows every key, Escape or ? again hides it.
@Suite struct ShortcutOverlayTests {
    @Test func f1ShowsEveryShortcutOverTheStage() {
        var a = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 800), wall: 0)
        let shown = a.handle(.key(.help, time: 1, shift: false)).events
        #expect(shown.first?.name == "shortcuts" && shown.first?["shown"] == .bool(true))
        let texts = a.draw(atWall: 1).textRuns.map(\.run.text)
        for keys in ["Space", "Ctrl+Z", "Ctrl+Shift+Z  Ctrl+Y", "?  F1", "H", "M", "R", "S"] {
            #expect(texts.contains(keys), "\(keys) missing from the overlay")
        }
        #expect(texts.contains("push-alert, presence, liquid, neck, spring"))
        let hidden = a.handle(.key(.escape, time: 2, shift: false)).events
        #expect(hidden.first?["shown"] == .bool(false))
        #expect(!a.draw(atWall: 2).textRuns.map(\.run.text).contains("Ctrl+Z"))
    }
}
