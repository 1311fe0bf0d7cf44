import Canvas
import Foundation
import Scenes

extension UIPass {
    /// A one-line text field (docs/behaviour.md §11.1): a click puts the caret at the end of the text
    /// (a click on the field being edited puts it where it lands, a double-click selects a
    /// word); Enter on the focused field or Tab into it selects all of it. Then the editing
    /// of any desktop field — ←/→, Home/End, Shift to select, Ctrl+A/C/X/V — and Enter,
    /// Tab or a click elsewhere applies it, Escape abandons. Typing stops at `maxCharacters`
    /// characters (and four Unicode scalars a character), so the field only ever holds a
    /// text its setting accepts, and measuring it stays cheap. Line breaks and tabs pasted
    /// in become spaces. Returns true when `value` changed.
    /// `mayBeEmpty`: an emptied field empties the value (a name) rather than leaving it as it
    /// was (a number or a path a setting needs).
    package mutating func textField(_ id: ControlID, _ label: String, value: inout String, maxCharacters: Int, frame: Rect,
                                    mayBeEmpty: Bool = false, placeholder: String = "") -> Bool {
        frames.append((id, frame))
        controls[id] = (label, .field)
        hoverTint(.roundedRect(frame.insetBy(dx: -4, dy: 0), radius: 6), over: frame)
        state.focusOrder.append(id)
        let box = Rect(x: frame.minX + Self.labelWidth, y: frame.midY - 12, width: frame.width - Self.labelWidth, height: 24)
        let old = value
        if let left = registerField(id, text: value, maxCharacters: maxCharacters) { apply(left.committed(), to: &value, mayBeEmpty: mayBeEmpty) }
        if state.editing == id {
            switch editField(id, box: box, style: Self.label, filter: Self.oneLine) {
            case .none: break
            case .abandon: endEditing()
            case .commit(let text, let kind):
                apply(text, to: &value, mayBeEmpty: mayBeEmpty)
                if case .tab(let backward) = kind { tab(from: id, backward: backward) } else { endEditing() }
            }
        }
        if state.editing == id {
        } else if pressed(in: box) != nil {
            consumed = true
            beginEditing(id, text: value, maxCharacters: maxCharacters, selectingAll: false)
            _ = registerClick("field:\(id)")
        } else if state.focus == id, !consumed, case .key(.enter, _, _) = event {
            consumed = true
            beginEditing(id, text: value, maxCharacters: maxCharacters, selectingAll: true)
        }
        text(label, in: Rect(x: frame.minX, y: frame.minY, width: Self.labelWidth, height: frame.height),
             style: Self.label, color: theme.secondaryLabel)
        if state.editing == id {
            drawEditingField(box: box, style: Self.label)
        } else {
            fill(.roundedRect(box, radius: 6), Paint(fill: theme.control, stroke: state.focus == id ? accent : theme.chromeLine,
                                                   strokeWidth: 1))
            // Bounded whatever `value` holds: the box shows far fewer characters than this.
            let shown = value.isEmpty ? placeholder : String(value.prefix(maxCharacters))
            let h = measurer.lineHeight(of: Self.label)
            let run = TextRun(shown, origin: Point2((box.minX + Self.fieldInset).rounded(), (box.midY - h / 2).rounded()),
                              style: Self.label, color: value.isEmpty ? theme.secondaryLabel : theme.label)
            list?.clip(.rect(box.insetBy(dx: Self.fieldInset, dy: 0))) { $0.text(run) }
        }
        return value != old
    }

    /// A committed text: trimmed; an empty one leaves the setting as it was unless it may be empty.
    private func apply(_ text: String, to value: inout String, mayBeEmpty: Bool) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty || mayBeEmpty { value = trimmed }
    }

    /// Typed or pasted text for a one-line field: line breaks and tabs become spaces, other
    /// control characters are dropped.
    package static func oneLine(_ s: String) -> String {
        String(s.compactMap { ch -> Character? in
            if ch.isNewline || ch == "\t" { return " " }
            return ch.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } ? ch : nil
        })
    }
}
