import Canvas
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// The inspector's fields through `Workbench.handle`, as a designer uses them (docs/behaviour.md §11.1,
/// issue 13): click a number and type over it, refusals that stay open and say why, Tab,
/// a click elsewhere, the clipboard, and values set by pointer rounded to what is shown.
@Suite struct FieldEditingTests {
    /// Tall enough that every field of the Push Alert inspector is on screen.
    var app = PushAlertApp(settings: PushAlertSettings(), measurer: FixedMeasurer(), theme: .light,
                           windowSize: Size(1280, 2400), wall: 100)
    var t = 100.0

    func frame(_ id: ControlID) -> Rect { app.controlFrames().first { $0.0 == id }?.1 ?? .zero }
    /// The number box of a slider row: the row's last 62 pt, 22 pt tall.
    func number(_ id: ControlID) -> Point2 { let f = frame(id); return Point2(f.maxX - 31, f.midY) }
    func settings(_ events: [SceneEvent]) -> [SceneEvent] { events.filter { $0.name == "setting" } }

    mutating func next() -> Double { t += 0.5; return t }
    mutating func click(_ p: Point2, shift: Bool = false) -> [SceneEvent] {
        let at = next()
        return app.handle(.pointerDown(p, time: at, shift: shift)).events + app.handle(.pointerUp(p, time: at + 0.02)).events
    }
    mutating func type(_ s: String) -> [SceneEvent] { app.handle(.text(s, time: next())).events }
    mutating func key(_ k: Key, shift: Bool = false) -> [SceneEvent] { app.handle(.key(k, time: next(), shift: shift)).events }
    /// What a key asks of the runner (Ctrl+C and Ctrl+X: the text for the clipboard).
    mutating func effects(_ k: Key) -> [WorkbenchEffect] { app.handle(.key(k, time: next(), shift: false)).effects }

    /// Every text run the window draws (inside its cached layers too).
    func drawnTexts() -> [String] {
        func texts(_ commands: [DrawCommand]) -> [String] {
            commands.flatMap { c -> [String] in
                switch c {
                case .text(let run, _): return [run.text]
                case .layer(_, _, let content): return texts(content)
                default: return []
                }
            }
        }
        return texts(app.draw(atWall: t).commands)
    }

    @Test mutating func clickingANumberSelectsItAllAndTypingReplacesIt() {
        _ = click(number("gap.response"))
        #expect(app.ui.editing == "gap.response")
        #expect(app.ui.field.selectedText == "0.320" && app.ui.field.selection == 0..<5)
        _ = type("0.5")
        #expect(app.ui.editText == "0.5")
        let events = key(.enter)
        #expect(app.alert.settings.gap.response == 0.5)
        #expect(settings(events).count == 1 && settings(events).first?["new"] == .number(0.5))
        #expect(settings(events).first?["old"] == .number(0.32))
        #expect(app.ui.editing == nil)
    }

    @Test mutating func aRefusedValueStaysOpenWithItsReasonAndTheNextValidEnterApplies() {
        _ = click(number("gap.response"))
        _ = type("0.5")
        _ = key(.enter)
        _ = click(number("gap.response"))
        _ = type("5")
        let refused = key(.enter)
        #expect(settings(refused).isEmpty && app.alert.settings.gap.response == 0.5)
        #expect(app.ui.editing == "gap.response" && app.ui.editText == "5", "the field stays open with its text")
        #expect(app.ui.refusal == "out of range: 0.05 – 2 s")
        #expect(refused.first { $0.name == "refused" }?["reason"] == .string("out of range: 0.05 – 2 s"))
        #expect(refused.first { $0.name == "refused" }?["text"] == .string("5"))
        #expect(drawnTexts().contains("out of range: 0.05 – 2 s"), "the reason is drawn under the field")
        // The way: Backspace, type 1.5, Enter — applied (it was refused before).
        _ = key(.backspace)
        _ = type("1.5")
        let applied = key(.enter)
        #expect(app.alert.settings.gap.response == 1.5)
        #expect(settings(applied).first?["old"] == .number(0.5) && settings(applied).first?["new"] == .number(1.5))
        #expect(app.ui.editing == nil && app.ui.refusal == nil)
        #expect(!drawnTexts().contains("out of range: 0.05 – 2 s"))
        // After a refusal the text is selected: typing straight over it works too.
        _ = click(number("gap.response"))
        _ = type("abc9")
        #expect(app.ui.editText == "9", "letters are never typed into a number")
        _ = key(.enter)
        #expect(app.ui.refusal == "out of range: 0.05 – 2 s" && app.ui.field.selectedText == "9")
        _ = type("0.75")
        _ = key(.enter)
        #expect(app.alert.settings.gap.response == 0.75)
    }

    @Test mutating func escapeAbandonsEvenARefusedEdit() {
        _ = click(number("gap.damping"))
        _ = type("7")
        _ = key(.enter)
        #expect(app.ui.refusal != nil)
        let events = key(.escape)
        #expect(settings(events).isEmpty && app.ui.editing == nil && app.ui.refusal == nil)
        #expect(app.alert.settings.gap.damping == 0.85)
    }

    @Test mutating func tabCommitsAndMovesToTheNextFieldWithItsTextSelected() {
        _ = click(number("gap.response"))
        _ = type("0.6")
        let events = key(.tab)
        #expect(settings(events).first?["name"] == .string("gap.response") && app.alert.settings.gap.response == 0.6)
        #expect(app.ui.editing == "gap.damping" && app.ui.focus == "gap.damping")
        #expect(app.ui.field.selectedText == "0.850")
        _ = type("0.9")
        _ = key(.tab)
        #expect(app.alert.settings.gap.damping == 0.9)
        #expect(app.ui.editing == "alert.response")
        // Shift+Tab goes back; the field loads its text, all selected, and typing replaces it.
        _ = key(.tab, shift: true)
        #expect(app.ui.editing == "gap.damping")
        _ = type("0.7")
        _ = key(.enter)
        #expect(app.alert.settings.gap.damping == 0.7 && app.ui.editing == nil)
    }

    @Test mutating func aRefusedTabStaysPut() {
        _ = click(number("gap.response"))
        _ = type("9")
        _ = key(.tab)
        #expect(app.ui.editing == "gap.response" && app.ui.refusal != nil)
    }

    @Test mutating func tabPastTheLastFieldWrapsToTheFirst() {
        var copy = app
        var pass = UIPass(state: copy.ui, event: nil, theme: .light, measurer: FixedMeasurer(), drawing: false)
        copy.runChrome(&pass, wall: 100)
        let order = pass.state.fieldOrder
        #expect(order.first == "gap.response" && order.contains("title.text") && order.count > 10)
        guard let last = order.last else { return }
        let f = frame(last)
        _ = click(Point2(f.maxX - 20, f.midY))
        #expect(app.ui.editing == last)
        _ = key(.tab)
        #expect(app.ui.editing == order.first)
        _ = type("0.4")
        _ = key(.enter)
        #expect(app.alert.settings.gap.response == 0.4)
    }

    @Test mutating func clickingElsewhereCommits() {
        _ = click(number("gap.response"))
        _ = type("0.7")
        // On the stage: applied, and the click still reaches the page.
        let events = click(Point2(40, 700))
        #expect(settings(events).first?["new"] == .number(0.7) && app.ui.editing == nil)
        // On another field, later in the inspector: this one applies, that one opens.
        _ = click(number("gap.response"))
        _ = type("0.8")
        let later = click(number("alert.damping"))
        #expect(app.alert.settings.gap.response == 0.8 && settings(later).count == 1)
        #expect(app.ui.editing == "alert.damping" && app.ui.field.selectedText == "0.780")
        // And on one earlier in the inspector (it runs first in the pass).
        _ = type("0.5")
        let earlier = click(number("gap.damping"))
        #expect(app.alert.settings.alert.damping == 0.5 && settings(earlier).count == 1)
        #expect(app.ui.editing == "gap.damping")
        // A refused value is let go of by a click elsewhere: nothing applies.
        _ = type("12")
        let away = click(Point2(40, 700))
        #expect(settings(away).isEmpty && app.ui.editing == nil && app.alert.settings.gap.damping == 0.85)
    }

    @Test mutating func aClickOnItsOwnTrackCommitsAndJumps() {
        _ = click(number("gap.response"))
        _ = type("0.9")
        let f = frame("gap.response")
        let track = Rect(x: f.minX + 92, y: f.minY, width: f.width - 92 - 62 - 8, height: f.height)
        let events = click(Point2(track.minX + 0.1 * track.width, track.midY))
        // One pass, one change of the slider: from before the edit to where the jump put it.
        #expect(settings(events).count == 1 && settings(events).first?["old"] == .number(0.32))
        #expect(app.alert.settings.gap.response == 0.245, "0.05 + 0.1 × 1.95, the jump after the commit")
        #expect(settings(events).first?["new"] == .number(0.245) && app.ui.editing == nil)
    }

    @Test mutating func caretKeysAndSelectionWhileTyping() {
        _ = click(number("gap.response"))
        _ = key(.right)  // collapse the selection to its end
        _ = key(.backspace)
        _ = type("5")
        #expect(app.ui.editText == "0.325")
        _ = key(.home)
        _ = key(.right, shift: true)
        _ = key(.right, shift: true)
        #expect(app.ui.field.selectedText == "0.")
        _ = key(.delete)
        #expect(app.ui.editText == "325")
        _ = key(.end)
        _ = key(.left)
        _ = type(".")
        #expect(app.ui.editText == "32.5")
        _ = key(.selectAll)
        _ = type("1.25")
        _ = key(.enter)
        #expect(app.alert.settings.gap.response == 1.25)
        #expect(!app.clock.isPaused, "arrows and Home/End in a field never step frames")
    }

    @Test mutating func copyCutAndPasteThroughTheClipboard() {
        _ = click(number("gap.response"))
        #expect(effects(.copy) == [.copy("0.320")])
        #expect(effects(.cut) == [.copy("0.320")] && app.ui.editText == "")
        // Ctrl+V: the platform sends the clipboard's text after the key.
        _ = key(.paste)
        _ = type("1.75 s")
        #expect(app.ui.editText == "1.75")
        _ = key(.enter)
        #expect(app.alert.settings.gap.response == 1.75)
        // Nothing selected: the clipboard keeps what it had.
        _ = click(number("gap.response"))
        _ = key(.end)
        #expect(effects(.copy).isEmpty)
    }

    @Test mutating func aDoubleClickSelectsAWordAndTheTitleFieldEditsLikeTheNumbers() {
        let f = frame("title.text")
        let box = Rect(x: f.minX + 92, y: f.midY - 12, width: f.width - 92, height: 24)
        // A click puts the caret at the end of the title (6 pt a character here).
        _ = click(Point2(box.minX + 20, box.midY))
        #expect(app.ui.editing == "title.text" && app.ui.field.caret == 23 && !app.ui.field.hasSelection)
        // A double-click on "expires" (characters 5…11 of "Card expires this month") selects
        // it; typing replaces it.
        let x = box.minX + 6 + 6 * 8 + 1
        _ = app.handle(.pointerDown(Point2(x, box.midY), time: 200, shift: false))
        _ = app.handle(.pointerUp(Point2(x, box.midY), time: 200.05))
        #expect(app.ui.field.caret == 8 && !app.ui.field.hasSelection)
        _ = app.handle(.pointerDown(Point2(x, box.midY), time: 200.2, shift: false))
        _ = app.handle(.pointerUp(Point2(x, box.midY), time: 200.25))
        #expect(app.ui.field.selectedText == "expires")
        _ = app.handle(.text("token", time: 200.4))
        #expect(app.handle(.key(.copy, time: 200.5, shift: false)).effects.isEmpty)
        _ = app.handle(.key(.home, time: 200.6, shift: false))
        _ = app.handle(.key(.right, time: 200.7, shift: true))
        _ = app.handle(.key(.right, time: 200.8, shift: true))
        _ = app.handle(.key(.right, time: 200.9, shift: true))
        _ = app.handle(.key(.right, time: 201.0, shift: true))
        #expect(app.handle(.key(.cut, time: 201.1, shift: false)).effects == [.copy("Card")])
        _ = app.handle(.text("My\nown", time: 201.2))
        let events = app.handle(.key(.enter, time: 201.3, shift: false)).events
        #expect(app.alert.settings.title == "My own token this month")
        #expect(settings(events).count == 1, "one setting per commit, not per keystroke")
        // Escape puts the title back.
        _ = click(Point2(box.minX + 20, box.midY))
        _ = key(.selectAll)
        _ = type("gone")
        _ = key(.escape)
        #expect(app.alert.settings.title == "My own token this month")
    }

    @Test mutating func pointerValuesAreRoundedToTheDecimalsShown() {
        let f = frame("gap.response")
        let track = Rect(x: f.minX + 92, y: f.minY, width: f.width - 92 - 62 - 8, height: f.height)
        // A click at an arbitrary point of the track: what a hand does.
        let events = click(Point2(track.minX + track.width * 0.7729, track.midY))
        let new = settings(events).first?["new"]?.number ?? -1
        #expect((new * 1000).rounded() / 1000 == new, "\(new): at most the 3 decimals shown")
        #expect(abs(new - (0.05 + 0.7729 * 1.95)) <= 0.0005 + 1e-9)
        // The dismiss speed shows whole numbers: a drag stores whole numbers.
        let v = frame("dismiss.velocity")
        let vt = Rect(x: v.minX + 92, y: v.minY, width: v.width - 92 - 62 - 8, height: v.height)
        let knob = vt.minX + (app.alert.settings.dismissVelocity - 100) / 2900 * vt.width
        let at = next()
        var drag = app.handle(.pointerDown(Point2(knob, vt.midY), time: at, shift: false)).events
        drag += app.handle(.pointerMoved(Point2(knob + 13.37, vt.midY), time: at + 0.05)).events
        drag += app.handle(.pointerUp(Point2(knob + 13.37, vt.midY), time: at + 0.1)).events
        let speed = app.alert.settings.dismissVelocity
        #expect(speed == speed.rounded() && speed != PushAlertSettings().dismissVelocity)
        #expect(settings(drag).last?["new"] == .number(speed))
        // With Shift, to the fine step's places (commit fraction: 0.001, shown as 2 places).
        let c = frame("commit.fraction")
        let ct = Rect(x: c.minX + 92, y: c.minY, width: c.width - 92 - 62 - 8, height: c.height)
        _ = click(Point2(ct.minX + ct.width * 0.123456, ct.midY), shift: true)
        let fraction = app.alert.settings.commitFraction
        #expect((fraction * 1000).rounded() / 1000 == fraction && abs(fraction - (0.1 + 0.123456 * 0.8)) <= 0.0005 + 1e-9)
    }
}
