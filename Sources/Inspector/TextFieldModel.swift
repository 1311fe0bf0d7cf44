/// The text of a field being edited (docs/behaviour.md §11.1): the text, the caret and the selection's
/// anchor, and the editing a desktop text field does — typing over the selection, deleting
/// back and forward, moving by character or to either end with or without Shift, select
/// all, select the word under a double-click, and copy, cut and paste.
///
/// Positions count Characters (grapheme clusters), 0 before the first, `count` after the
/// last, so the caret never lands inside a cluster. The selection runs between `anchor`
/// (where it started) and `caret` (the end that moves); with nothing selected they are
/// equal. A pure value: the clipboard is the caller's — `copy` and `cut` return the text
/// to put on it, `paste` takes the text that was there.
package struct TextFieldModel: Equatable, Sendable, Codable {
    private(set) var text: String
    private(set) var caret: Int
    private(set) var anchor: Int
    /// The text when editing began: what Escape puts back.
    package let original: String
    /// The most characters the field holds; typing and pasting stop there (and at four
    /// Unicode scalars a character, so measuring it stays cheap whatever is pasted).
    package let maxCharacters: Int

    /// Editing `text`: all of it selected (a click on a number, Tab into a field), or the
    /// caret at its end.
    package init(_ text: String, maxCharacters: Int = 1000, selectingAll: Bool = true) {
        self.maxCharacters = max(maxCharacters, 0)
        let fitted = Self.fitting("", text, maxCharacters: self.maxCharacters)
        self.text = fitted
        original = fitted
        caret = fitted.count
        anchor = selectingAll ? 0 : caret
    }

    package var count: Int { text.count }
    /// The selected positions, lower bound first; empty when nothing is selected.
    package var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    package var hasSelection: Bool { anchor != caret }
    package var selectedText: String { String(Array(text)[selection]) }
    /// The text before the caret (where the caret is drawn).
    package var textBeforeCaret: String { String(text.prefix(caret)) }

    // MARK: Typing

    /// Types `typed` over the selection (or at the caret); what does not fit is dropped.
    package mutating func insert(_ typed: String) {
        var chars = Array(text)
        let range = selection
        chars.removeSubrange(range)
        let before = String(chars[..<range.lowerBound]), after = String(chars[range.lowerBound...])
        let added = Self.fitting(before + after, typed, maxCharacters: maxCharacters)
        text = before + added + after
        caret = range.lowerBound + added.count
        anchor = caret
    }

    /// Backspace: the selection, or the character before the caret.
    package mutating func deleteBackward() {
        if !hasSelection {
            guard caret > 0 else { return }
            anchor = caret - 1
        }
        insert("")
    }

    /// Delete: the selection, or the character after the caret.
    package mutating func deleteForward() {
        if !hasSelection {
            guard caret < count else { return }
            anchor = caret + 1
        }
        insert("")
    }

    // MARK: Moving

    /// ←: one character left; with a selection and no Shift, to its start.
    package mutating func moveLeft(extending: Bool) {
        if !extending && hasSelection { place(at: selection.lowerBound) } else { place(at: caret - 1, extending: extending) }
    }

    /// →: one character right; with a selection and no Shift, to its end.
    package mutating func moveRight(extending: Bool) {
        if !extending && hasSelection { place(at: selection.upperBound) } else { place(at: caret + 1, extending: extending) }
    }

    package mutating func moveHome(extending: Bool) { place(at: 0, extending: extending) }
    package mutating func moveEnd(extending: Bool) { place(at: count, extending: extending) }

    /// Puts the caret at `index` (a click), extending the selection from its anchor with
    /// Shift (a Shift-click or a drag).
    package mutating func place(at index: Int, extending: Bool = false) {
        caret = min(max(index, 0), count)
        if !extending { anchor = caret }
    }

    package mutating func selectAll() {
        anchor = 0
        caret = count
    }

    /// Selects the word at position `index` (a double-click): a run of letters and digits
    /// (with a point or comma between two digits, so 0.320 is one word), a run of spaces,
    /// or a single other character. At the end of the text, the character before it.
    package mutating func selectWord(at index: Int) {
        let chars = Array(text)
        guard !chars.isEmpty else { return }
        let i = min(max(index, 0), chars.count - 1)
        func kind(_ j: Int) -> Int {
            let c = chars[j]
            if c.isLetter || c.isNumber || c == "_" { return 1 }
            if c == "." || c == ",", j > 0, j + 1 < chars.count, chars[j - 1].isNumber, chars[j + 1].isNumber { return 1 }
            return c.isWhitespace ? 2 : 3
        }
        let k = kind(i)
        var lower = i, upper = i + 1
        if k != 3 {
            while lower > 0, kind(lower - 1) == k { lower -= 1 }
            while upper < chars.count, kind(upper) == k { upper += 1 }
        }
        anchor = lower
        caret = upper
    }

    // MARK: Clipboard

    /// Ctrl+C: the selected text for the clipboard; nil when nothing is selected (the
    /// clipboard keeps what it had).
    package func copy() -> String? { hasSelection ? selectedText : nil }

    /// Ctrl+X: the selected text for the clipboard, removed from the field.
    package mutating func cut() -> String? {
        guard let copied = copy() else { return nil }
        insert("")
        return copied
    }

    /// Ctrl+V: the clipboard's text typed over the selection.
    package mutating func paste(_ clipboard: String) { insert(clipboard) }

    // MARK: Commit and abandon

    /// Enter, Tab or a click elsewhere: the text to apply.
    package func committed() -> String { text }
    /// Escape: the text as it was, to leave in place.
    package func abandoned() -> String { original }

    /// As much of `typed` as fits after `existing` in `maxCharacters` characters and four
    /// Unicode scalars a character.
    package static func fitting(_ existing: String, _ typed: String, maxCharacters: Int) -> String {
        var out = ""
        var characters = existing.count
        var scalars = existing.unicodeScalars.count
        for ch in typed {
            let n = ch.unicodeScalars.count
            guard characters < maxCharacters, scalars + n <= 4 * maxCharacters else { break }
            out.append(ch)
            characters += 1
            scalars += n
        }
        return out
    }
}
