@testable import App
@testable import Inspector
@testable import Workbench
import Testing

/// The field editing model (docs/behaviour.md §11.1): every expected text, caret and selection below
/// was worked out by hand from what a desktop text field does.
@Suite struct TextFieldModelTests {
    @Test func editingANumberStartsWithAllOfItSelectedSoTypingReplacesIt() {
        var f = TextFieldModel("0.320")
        #expect(f.selection == 0..<5 && f.selectedText == "0.320")
        f.insert("0.5")
        #expect(f.text == "0.5" && f.caret == 3 && !f.hasSelection)
    }

    @Test func theCaretCanStartAtTheEnd() {
        let f = TextFieldModel("hello", selectingAll: false)
        #expect(f.caret == 5 && f.anchor == 5 && !f.hasSelection)
    }

    @Test func caretMovesStopAtEitherEnd() {
        var f = TextFieldModel("hello", selectingAll: false)
        f.moveLeft(extending: false)
        #expect(f.caret == 4)
        f.moveLeft(extending: false)
        f.moveLeft(extending: false)
        #expect(f.caret == 2 && !f.hasSelection)
        f.moveHome(extending: false)
        #expect(f.caret == 0)
        f.moveLeft(extending: false)
        #expect(f.caret == 0)
        f.moveEnd(extending: false)
        #expect(f.caret == 5)
        f.moveRight(extending: false)
        #expect(f.caret == 5)
    }

    @Test func anArrowWithoutShiftCollapsesTheSelectionToItsSide() {
        var f = TextFieldModel("hello")
        f.moveLeft(extending: false)
        #expect(f.caret == 0 && !f.hasSelection)
        f.selectAll()
        f.moveRight(extending: false)
        #expect(f.caret == 5 && !f.hasSelection)
        // From a selection made leftwards, → goes to its right end, not one past the caret.
        f.place(at: 4)
        f.moveLeft(extending: true)
        f.moveLeft(extending: true)
        f.moveRight(extending: false)
        #expect(f.caret == 4 && !f.hasSelection)
    }

    @Test func shiftExtendsTheSelectionFromItsAnchor() {
        var f = TextFieldModel("hello", selectingAll: false)
        f.moveLeft(extending: true)
        f.moveLeft(extending: true)
        #expect(f.selection == 3..<5 && f.selectedText == "lo" && f.anchor == 5 && f.caret == 3)
        f.moveHome(extending: true)
        #expect(f.selection == 0..<5 && f.caret == 0)
        f.moveRight(extending: true)
        #expect(f.selection == 1..<5 && f.selectedText == "ello")
        f.insert("J")
        #expect(f.text == "hJ" && f.caret == 2)
        f.moveHome(extending: false)
        f.moveEnd(extending: true)
        #expect(f.selectedText == "hJ")
        // Shift-click: from the anchor to where the click landed.
        f.place(at: 1)
        f.place(at: 2, extending: true)
        #expect(f.selectedText == "J")
    }

    @Test func backspaceAndDeleteTakeOneCharacterOrTheSelection() {
        var f = TextFieldModel("hello", selectingAll: false)
        f.place(at: 2)
        f.deleteBackward()
        #expect(f.text == "hllo" && f.caret == 1)
        f.deleteForward()
        #expect(f.text == "hlo" && f.caret == 1)
        f.moveHome(extending: false)
        f.deleteBackward()
        #expect(f.text == "hlo" && f.caret == 0)
        f.moveEnd(extending: false)
        f.deleteForward()
        #expect(f.text == "hlo" && f.caret == 3)
        f.moveLeft(extending: true)
        f.moveLeft(extending: true)
        f.deleteForward()
        #expect(f.text == "h" && f.caret == 1)
        f.selectAll()
        f.deleteBackward()
        #expect(f.text == "" && f.caret == 0)
    }

    @Test func positionsCountCharactersNotScalars() {
        var f = TextFieldModel("cafe\u{301}", selectingAll: false)  // é as e + combining acute
        #expect(f.count == 4 && f.caret == 4)
        f.moveLeft(extending: false)
        #expect(f.caret == 3)
        f.moveEnd(extending: false)
        f.deleteBackward()
        #expect(f.text == "caf")
    }

    @Test func aDoubleClickSelectsTheWordUnderIt() {
        var f = TextFieldModel("0.320 s")
        f.selectWord(at: 2)
        #expect(f.selectedText == "0.320", "a point between digits belongs to the number")
        f.selectWord(at: 5)
        #expect(f.selection == 5..<6 && f.selectedText == " ")
        f.selectWord(at: 6)
        #expect(f.selectedText == "s")
        f.selectWord(at: 7)
        #expect(f.selectedText == "s", "after the last character: the word before it")
        var t = TextFieldModel("Update available, now")
        t.selectWord(at: 9)
        #expect(t.selection == 7..<16 && t.selectedText == "available")
        t.selectWord(at: 16)
        #expect(t.selectedText == ",")
        t.selectWord(at: 0)
        #expect(t.selectedText == "Update")
        var a = TextFieldModel("a.b")
        a.selectWord(at: 0)
        #expect(a.selectedText == "a", "a point between letters ends the word")
    }

    @Test func copyCutAndPaste() {
        var f = TextFieldModel("0.320")
        #expect(f.copy() == "0.320" && f.text == "0.320")
        f.place(at: 5)
        #expect(f.copy() == nil, "nothing selected: the clipboard keeps what it had")
        f.moveLeft(extending: true)
        f.moveLeft(extending: true)
        #expect(f.cut() == "20")
        #expect(f.text == "0.3" && f.caret == 3)
        var g = f
        #expect(g.cut() == nil && g == f)
        f.selectAll()
        f.paste("1.5")
        #expect(f.text == "1.5" && f.caret == 3 && !f.hasSelection)
        f.place(at: 1)
        f.paste("25")
        #expect(f.text == "125.5" && f.caret == 3)
    }

    @Test func typingAndPastingStopAtTheLimit() {
        var f = TextFieldModel("abc", maxCharacters: 5, selectingAll: false)
        f.insert("defgh")
        #expect(f.text == "abcde" && f.caret == 5)
        f.place(at: 1)
        f.place(at: 2, extending: true)
        f.paste("XYZ")
        #expect(f.text == "aXcde", "over a selection of one: one character fits")
        // Four Unicode scalars a character at most: a 7-scalar family does not fit 1 × 4.
        var g = TextFieldModel("", maxCharacters: 1)
        g.insert("👨‍👩‍👧‍👦")
        #expect(g.text == "")
        g.insert("ok")
        #expect(g.text == "o")
        #expect(TextFieldModel(String(repeating: "z", count: 30), maxCharacters: 24).text.count == 24)
    }

    @Test func commitGivesTheEditedTextAndAbandonTheOriginal() {
        var f = TextFieldModel("0.32")
        f.insert("0.5")
        #expect(f.committed() == "0.5")
        #expect(f.abandoned() == "0.32")
        #expect(f.original == "0.32")
    }
}

/// A slider's number: how a typed text is read, and how values set by pointer round.
@Suite struct SliderSpecTests {
    let response = SliderSpec(range: 0.05...2, defaultValue: 0.32, step: 0.01, fine: 0.001, decimals: 3, unit: " s")

    @Test func typedTextIsAValueOrARefusalWithTheRange() {
        #expect(response.parse("0.5") == .value(0.5))
        #expect(response.parse(" 1.5 ") == .value(1.5))
        #expect(response.parse("5") == .refused("out of range: 0.05 – 2 s"))
        #expect(response.parse("0.3200.5") == .refused("not a number: 0.05 – 2 s"))
        #expect(response.parse("1e999") == .refused("not a number: 0.05 – 2 s"))
        #expect(response.parse("") == .refused("type a number: 0.05 – 2 s"))
        let ratio = SliderSpec(range: 0.25...2, defaultValue: 1, step: 0.01, fine: 0.001, decimals: 3, unit: "×")
        #expect(ratio.parse("3") == .refused("out of range: 0.25 – 2×"))
        let radius = SliderSpec(range: 0...30, defaultValue: 20, step: 1, fine: 0.1, decimals: 1, unit: "", rangeUnit: " pt")
        #expect(radius.parse("31") == .refused("out of range: 0 – 30 pt"))
        #expect(SliderSpec.numberCharacters("0.5 s\n") == "0.5")
    }

    @Test func placesOfAStep() {
        #expect(SliderSpec.places(of: 0.01) == 2)
        #expect(SliderSpec.places(of: 0.001) == 3)
        #expect(SliderSpec.places(of: 0.025) == 3)
        #expect(SliderSpec.places(of: 10) == 0)
        #expect(SliderSpec.places(of: 0.32) == 2)
    }

    @Test func pointerValuesRoundToWhatIsShown() {
        // The track click: 1.545890410958904 is shown and stored as 1.546.
        #expect(response.pointerValue(1.545890410958904, fine: false) == 1.546)
        #expect(response.pointerValue(0.8075000001, fine: true) == 0.808)
        let spacing = SliderSpec(range: 0...32, defaultValue: 8, step: 1, fine: 0.1, decimals: 1)
        #expect(spacing.pointerValue(12.3456, fine: false) == 12.3)
        #expect(spacing.pointerValue(12.3456, fine: true) == 12.3)
        let velocity = SliderSpec(range: 100...3000, defaultValue: 800, step: 10, fine: 1, decimals: 0)
        #expect(velocity.pointerValue(1234.5678, fine: false) == 1235)
        // A bound with more places than shown stays the bound, never outside the range.
        let odd = SliderSpec(range: 0.025...1, defaultValue: 0.5, step: 0.1, fine: 0.01, decimals: 1)
        #expect(odd.pointerValue(0.03, fine: false) == 0.025)
    }

    @Test func stepsLandOnTheirGrid() {
        #expect(response.stepped(0.32, by: 1, fine: false) == 0.33)
        #expect(response.stepped(0.32, by: 1, fine: true) == 0.321)
        #expect(response.stepped(0.32, by: -3, fine: false) == 0.29)
        // A step finer than the decimals shown is kept, not rounded away.
        let merge = SliderSpec(range: 2...24, defaultValue: 12, step: 0.5, fine: 0.05, decimals: 1)
        #expect(merge.stepped(12, by: 1, fine: true) == 12.05)
        #expect(response.stepped(1.995, by: 1, fine: false) == 2)
    }
}
