import Canvas
import Foundation
import Scenes

/// What the pass's event did to the field being edited.
package enum FieldAction: Equatable {
    case none
    /// Apply this text: Enter, Tab (forward or back), or a click elsewhere.
    case commit(String, CommitKind)
    /// Escape: leave the value as it was.
    case abandon
}

/// How an edit was committed: a refused Enter or Tab keeps the field open with its text;
/// a refused click elsewhere lets go of it (the click goes where it was aimed).
package enum CommitKind: Equatable {
    case enter
    case tab(backward: Bool)
    case clickAway
}

/// The edit of one field in progress, shared by number and text fields (docs/behaviour.md §11.1).
package struct FieldEdit: Sendable, Codable {
    package var id: ControlID
    package var model: TextFieldModel
}

extension UIPass {
    /// Starts editing field `id` at `text` (all of it selected, or the caret at its end).
    /// A field still being edited hands its text on to be committed when it runs (a click
    /// on another field is a click elsewhere for it, and it may come later in the pass).
    package mutating func beginEditing(_ id: ControlID, text: String, maxCharacters: Int, selectingAll: Bool) {
        if let current = state.editing, current != id, state.fieldLoaded {
            state.leaving = FieldEdit(id: current, model: state.field)
        }
        state.editing = id
        state.focus = id
        state.field = TextFieldModel(text, maxCharacters: maxCharacters, selectingAll: selectingAll)
        state.fieldLoaded = true
        state.fieldScroll = 0
        state.refusal = nil
    }

    /// Ends the edit (applied or abandoned).
    package mutating func endEditing() {
        state.editing = nil
        state.fieldLoaded = false
        state.refusal = nil
        if state.active?.rawValue.hasPrefix(Self.selectingPrefix) == true { state.active = nil }
    }

    /// Registers an editable field in layout order, and hands it what concerns it before it
    /// handles the event: the edit a click on another field left for it to commit (returned),
    /// focus from a Tab on the field before it (loaded with all its text selected), or the
    /// text of an edit that a Tab or a wrap-around started before it ran.
    package mutating func registerField(_ id: ControlID, text: @autoclosure () -> String, maxCharacters: Int) -> TextFieldModel? {
        if let tab = state.tabbing, !tab.backward, tab.from != id {
            state.tabbing = nil
            beginEditing(id, text: text(), maxCharacters: maxCharacters, selectingAll: true)
            tabbedInto = id  // the Tab is spent: this field does not handle it again
        }
        if state.editing == id, !state.fieldLoaded {
            state.field = TextFieldModel(text(), maxCharacters: maxCharacters, selectingAll: true)
            state.fieldLoaded = true
            state.fieldScroll = 0
        }
        state.fieldOrder.append(id)
        guard let leaving = state.leaving, leaving.id == id else { return nil }
        state.leaving = nil
        return leaving.model
    }

    /// A Tab on field `id` committed it: focus moves to the next field (the first one run
    /// after it) or the previous one (already run; it loads its text on the next pass). At
    /// either end of the inspector the workbench wraps around after the pass.
    package mutating func tab(from id: ControlID, backward: Bool) {
        endEditing()
        if backward {
            let before = state.fieldOrder.prefix { $0 != id }
            if let previous = before.last {
                state.editing = previous
                state.focus = previous
                state.fieldLoaded = false
            } else {
                state.tabbing = UIState.Tabbing(from: id, backward: true)
            }
        } else {
            state.tabbing = UIState.Tabbing(from: id, backward: false)
        }
    }

    package static let selectingPrefix = "select:"

    /// Applies the pass's event to the field `id` being edited, its text drawn in `box`
    /// with `style`; typed and pasted text passes through `filter` first.
    package mutating func editField(_ id: ControlID, box: Rect, style: TextStyle, filter: (String) -> String) -> FieldAction {
        guard tabbedInto != id else { return .none }
        let selecting: ControlID = "\(Self.selectingPrefix)\(id)"
        var f = state.field
        defer { state.field = f }
        switch event {
        case .text(let s, _):
            consumed = true
            f.insert(filter(s))
        case .key(let key, _, let shiftKey):
            consumed = true  // typing never reaches shortcuts
            let shift = shiftKey || state.shift
            switch key {
            case .left: f.moveLeft(extending: shift)
            case .right: f.moveRight(extending: shift)
            case .home, .up: f.moveHome(extending: shift)
            case .end, .down: f.moveEnd(extending: shift)
            case .backspace: f.deleteBackward()
            case .delete: f.deleteForward()
            case .selectAll: f.selectAll()
            case .copy: if let s = f.copy() { effects.append(.copy(s)) }
            case .cut: if let s = f.cut() { effects.append(.copy(s)) }
            // The clipboard's text follows as a text event (the platform reads it): a
            // replay holds it, so a replay pastes the same.
            case .paste: break
            case .enter: return .commit(f.committed(), .enter)
            case .tab: return .commit(f.committed(), .tab(backward: shift))
            case .escape: return .abandon
            default: break
            }
        case .pointerDown(let p, _, let shift):
            guard box.contains(p) else { return .commit(f.committed(), .clickAway) }
            consumed = true
            let i = caretIndex(atX: p.x, in: f.text, box: box, style: style)
            if registerClick("field:\(id)") { f.selectWord(at: i) } else { f.place(at: i, extending: shift || state.shift) }
            state.active = selecting
        case .pointerMoved(let p, _) where state.active == selecting:
            consumed = true
            f.place(at: caretIndex(atX: p.x, in: f.text, box: box, style: style), extending: true)
        case .pointerUp where state.active == selecting:
            consumed = true
            state.active = nil
        default:
            break
        }
        state.fieldScroll = fieldScroll(f, box: box, style: style)
        return .none
    }

    // MARK: Geometry

    package static let fieldInset = 6.0

    /// How far the text is scrolled left so the caret stays inside the box: as before,
    /// unless the caret went past either edge, and never past the text's end.
    package func fieldScroll(_ f: TextFieldModel, box: Rect, style: TextStyle) -> Double {
        let visible = box.width - 2 * Self.fieldInset
        let caretX = width(f.textBeforeCaret, style)
        let total = width(f.text, style)
        var scroll = state.fieldScroll
        if caretX - scroll > visible - 1 { scroll = caretX - visible + 1 }
        if caretX - scroll < 0 { scroll = caretX }
        return min(max(scroll, 0), max(total - visible + 1, 0))
    }

    /// The caret position nearest `x` in `text` drawn in `box`.
    package func caretIndex(atX x: Double, in text: String, box: Rect, style: TextStyle) -> Int {
        let local = x - (box.minX + Self.fieldInset - state.fieldScroll).rounded()
        let chars = Array(text)
        var best = 0, bestDistance = abs(local)
        for i in chars.indices {
            let d = abs(width(String(chars[...i]), style) - local)
            if d < bestDistance { best = i + 1; bestDistance = d }
        }
        return best
    }

    // MARK: Drawing

    package static let refusalColor = Color(hex: 0xFF3B30)

    /// The field being edited: its box (red while a value is refused), the selection, the
    /// text scrolled to keep the caret in view, and the caret.
    package mutating func drawEditingField(box: Rect, style: TextStyle) {
        guard list != nil else { return }
        let f = state.field
        let refused = state.refusal != nil
        fill(.roundedRect(box, radius: 6), Paint(fill: theme.control, stroke: refused ? Self.refusalColor : accent,
                                               strokeWidth: refused ? 1.5 : 1))
        let h = measurer.lineHeight(of: style)
        let x0 = (box.minX + Self.fieldInset - fieldScroll(f, box: box, style: style)).rounded()
        let y = (box.midY - h / 2).rounded()
        let chars = Array(f.text)
        func x(_ i: Int) -> Double { x0 + width(String(chars[..<i]), style) }
        var inside = DisplayList(background: .clear)
        if f.hasSelection {
            let a = x(f.selection.lowerBound), b = x(f.selection.upperBound)
            inside.fill(.rect(Rect(x: a, y: y, width: b - a, height: h)), Paint(fill: accent.opacity(theme == .dark ? 0.5 : 0.28)))
        }
        inside.text(TextRun(f.text, origin: Point2(x0, y), style: style, color: theme.label))
        if !f.hasSelection {
            inside.fill(.rect(Rect(x: (x(f.caret) - 0.5).rounded(), y: y, width: 1.5, height: h)), Paint(fill: theme.label))
        }
        list?.clip(.rect(box.insetBy(dx: 2, dy: 0))) { $0.commands += inside.commands }
    }

    /// The reason a value was refused, on one line under the field's right edge, drawn over
    /// whatever row is below it (after the rest of the inspector).
    package mutating func drawRefusal(under box: Rect) {
        guard list != nil, let reason = state.refusal else { return }
        let style = Self.small
        let w = width(reason, style) + 16, h = measurer.lineHeight(of: style) + 8
        let frame = Rect(x: (box.maxX - w).rounded(), y: box.maxY + 3, width: w.rounded(.up), height: h.rounded(.up))
        var over = DisplayList(background: .clear)
        over.fill(.roundedRect(frame, radius: 5), Paint(fill: theme.control, stroke: Self.refusalColor, strokeWidth: 1,
                                                      shadow: Shadow(alpha: 0.14, radius: 6, offset: Point2(0, 2))))
        over.text(TextRun(reason, origin: Point2(frame.minX + 8, frame.minY + 4), style: style, color: Self.refusalColor))
        overlays += over.commands
    }

    /// Draws what was left for the end of the panel (a refusal over the row below).
    package mutating func flushOverlays() {
        list?.commands += overlays
        overlays = []
    }
}
