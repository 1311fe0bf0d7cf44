import Canvas
import Foundation

/// What a slider edits: its range, default, step sizes and how its number reads.
struct SliderSpec: Sendable {
    var range: ClosedRange<Double>
    var defaultValue: Double
    /// Wheel notch and arrow key step; `fine` with Shift.
    var step: Double
    var fine: Double
    /// Decimal places shown (and typed).
    var decimals: Int
    var unit: String = ""
    /// Values above this are labelled on the track (damping above 1 is overdamped).
    var labelAbove: (value: Double, text: String)?

    func format(_ v: Double) -> String { String(format: "%.\(decimals)f", v) }
    func clamp(_ v: Double) -> Double { min(max(v, range.lowerBound), range.upperBound) }
}

extension UIPass {
    static let labelWidth = 92.0
    static let valueWidth = 62.0

    /// A slider row: label, track, number. Drag the knob (proportional), click the track
    /// (jump), wheel over the focused slider (steps), Shift (fine), double-click (reset), click the number (type,
    /// Enter applies, Escape abandons, invalid text is refused), Tab focus and arrows.
    /// Returns true when `value` changed.
    mutating func slider(_ id: String, _ label: String, value: inout Double, spec: SliderSpec, frame: Rect) -> Bool {
        let old = value
        let track = Rect(x: frame.minX + Self.labelWidth, y: frame.minY,
                         width: max(frame.width - Self.labelWidth - Self.valueWidth - 8, 20), height: frame.height)
        let number = Rect(x: frame.maxX - Self.valueWidth, y: frame.midY - 11, width: Self.valueWidth, height: 22)
        let span = spec.range.upperBound - spec.range.lowerBound
        func x(of v: Double) -> Double { track.minX + (spec.clamp(v) - spec.range.lowerBound) / span * track.width }
        func v(at px: Double) -> Double { spec.clamp(spec.range.lowerBound + (px - track.minX) / track.width * span) }
        frames.append((id, frame))
        state.focusOrder.append(id)

        if state.editing == id {
            handleTyping(id, into: &value, spec: spec)
        } else if pressed(in: number) != nil {
            consumed = true
            state.editing = id
            state.editText = spec.format(value)
            state.focus = id
        } else if let p = pressed(in: track) {
            consumed = true
            state.focus = id
            if registerClick(id) {
                value = spec.defaultValue  // double-click resets
            } else {
                if abs(p.x - x(of: value)) > 9 { value = v(at: p.x) }  // click the track: jump
                state.active = id
                state.dragOrigin = (p.x, value)
            }
        } else if state.focus == id, let dy = wheel(in: frame) {
            // Only the focused slider takes the wheel: scrolling the inspector past a
            // column of sliders must not retune every spring it crosses.
            consumed = true
            value = spec.clamp(value + dy * (state.shift ? spec.fine : spec.step))
        }
        if state.active == id {
            switch event {
            case .pointerMoved(let p, _):
                consumed = true
                if let o = state.dragOrigin {
                    // Proportional to the track; Shift makes it ten times finer.
                    let k = state.shift ? 0.1 : 1
                    value = spec.clamp(o.value + (p.x - o.x) / track.width * span * k)
                }
            case .shift:
                state.dragOrigin = (state.pointer.x, value)  // re-anchor: no jump when Shift toggles
            case .pointerUp:
                consumed = true
                state.active = nil
                state.dragOrigin = nil
            default: break
            }
        }
        if state.focus == id, state.editing != id, !consumed, case .key(let k, _, let shift) = event {
            let step = shift || state.shift ? spec.fine : spec.step
            switch k {
            case .left, .down: value = spec.clamp(value - step); consumed = true
            case .right, .up: value = spec.clamp(value + step); consumed = true
            case .enter: state.editing = id; state.editText = spec.format(value); consumed = true
            default: break
            }
        }
        drawSlider(id, label, value: value, spec: spec, frame: frame, track: track, number: number, knobX: x(of: value),
                   markX: spec.labelAbove.map { x(of: $0.value) })
        return value != old
    }

    private mutating func handleTyping(_ id: String, into value: inout Double, spec: SliderSpec) {
        switch event {
        case .text(let s, _):
            consumed = true
            // A number never needs more than 24 characters; a pasted megabyte of digits
            // must not become a megabyte measured on every frame.
            state.editText += s.filter { "0123456789.-+eE".contains($0) }.prefix(max(0, 24 - state.editText.count))
        case .key(.backspace, _, _):
            consumed = true
            if !state.editText.isEmpty { state.editText.removeLast() }
        case .key(.enter, _, _):
            consumed = true
            // Refused unless it is a finite number inside the range: the value stays.
            if let typed = Double(state.editText), typed.isFinite, spec.range.contains(typed) {
                value = typed
                state.editing = nil
            } else {
                state.editText = "!" + state.editText.filter { $0 != "!" }
            }
        case .key(.escape, _, _):
            consumed = true
            state.editing = nil
        case .pointerDown(let p, _, _) where !(frames.last?.1.contains(p) ?? false):
            state.editing = nil  // clicking elsewhere abandons the edit
        default:
            if case .key = event { consumed = true }  // typing never reaches shortcuts
        }
    }

    private mutating func drawSlider(_ id: String, _ label: String, value: Double, spec: SliderSpec, frame: Rect,
                                     track: Rect, number: Rect, knobX: Double, markX: Double?) {
        guard list != nil else { return }
        text(label, in: Rect(x: frame.minX, y: frame.minY, width: Self.labelWidth, height: frame.height),
             style: Self.label, color: theme.secondaryLabel)
        let bar = Rect(x: track.minX, y: track.midY - 2, width: track.width, height: 4)
        fill(.capsule(bar), Paint(fill: theme.chromeLine))
        if let markX, let labelled = spec.labelAbove {
            // The overdamped range, tinted and named on the track itself.
            let over = Rect(x: markX, y: bar.minY, width: bar.maxX - markX, height: bar.height)
            fill(.capsule(over), Paint(fill: Color(hex: 0xFF9F0A, alpha: 0.45)))
            let w = width(labelled.text, Self.small)
            text(labelled.text, at: Point2((bar.maxX - w).rounded(), bar.maxY + 2), style: Self.small,
                 color: value > labelled.value ? Color(hex: 0xC77700) : theme.secondaryLabel)
        }
        fill(.capsule(Rect(x: bar.minX, y: bar.minY, width: max(knobX - bar.minX, 4), height: bar.height)), Paint(fill: accent))
        fill(.circle(center: Point2(knobX, track.midY), radius: 8),
             Paint(fill: .white, stroke: state.active == id ? accent : theme.chromeLine, strokeWidth: 1,
                   shadow: Shadow(alpha: 0.12, radius: 3, offset: Point2(0, 1))))
        if state.focus == id {
            fill(.circle(center: Point2(knobX, track.midY), radius: 10.5), Paint(fill: .clear, stroke: accent, strokeWidth: 1.5))
        }
        let editing = state.editing == id
        let refused = editing && state.editText.hasPrefix("!")
        fill(.roundedRect(number, radius: 6), Paint(fill: editing ? theme.control : theme.chrome,
                                                    stroke: refused ? Color(hex: 0xFF3B30) : (editing ? accent : theme.chromeLine),
                                                    strokeWidth: 1))
        let shown = editing ? state.editText.filter { $0 != "!" } + "|" : spec.format(value) + spec.unit
        text(shown, in: number.insetBy(dx: 6, dy: 0), style: Self.value, color: theme.label, right: !editing)
    }

    /// A one-line text field: click to type, Enter applies, Escape abandons. Typing stops
    /// at `maxCharacters` characters (and four Unicode scalars a character), so the field
    /// only ever holds a text its setting accepts, and measuring it stays cheap.
    mutating func textField(_ id: String, _ label: String, value: inout String, maxCharacters: Int, frame: Rect) -> Bool {
        frames.append((id, frame))
        state.focusOrder.append(id)
        let box = Rect(x: frame.minX + Self.labelWidth, y: frame.midY - 12, width: frame.width - Self.labelWidth, height: 24)
        var changed = false
        if state.editing == id {
            switch event {
            case .text(let s, _): consumed = true; state.editText = Self.appending(s, to: state.editText, maxCharacters: maxCharacters)
            case .key(.backspace, _, _): consumed = true; if !state.editText.isEmpty { state.editText.removeLast() }
            case .key(.enter, _, _):
                consumed = true
                let trimmed = state.editText.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty, trimmed != value { value = trimmed; changed = true }
                state.editing = nil
            case .key(.escape, _, _): consumed = true; state.editing = nil
            case .pointerDown(let p, _, _) where !box.contains(p): state.editing = nil
            default: if case .key = event { consumed = true }
            }
        } else if pressed(in: box) != nil {
            consumed = true; state.editing = id; state.editText = String(value.prefix(maxCharacters)); state.focus = id
        } else if state.focus == id, !consumed, case .key(.enter, _, _) = event {
            consumed = true; state.editing = id; state.editText = String(value.prefix(maxCharacters))
        }
        text(label, in: Rect(x: frame.minX, y: frame.minY, width: Self.labelWidth, height: frame.height),
             style: Self.label, color: theme.secondaryLabel)
        let editing = state.editing == id
        fill(.roundedRect(box, radius: 6), Paint(fill: theme.control, stroke: editing || state.focus == id ? accent : theme.chromeLine,
                                               strokeWidth: 1))
        // Bounded whatever `value` holds: the box shows far fewer characters than this.
        let shown = editing ? state.editText + "|" : String(value.prefix(maxCharacters))
        let h = measurer.lineHeight(of: Self.label)
        let w = measurer.width(of: shown, style: Self.label)
        // Show the end of a long text while typing, its start otherwise.
        let x = editing ? min(box.minX + 6, box.maxX - 6 - w) : box.minX + 6
        let run = TextRun(shown, origin: Point2(x.rounded(), (box.midY - h / 2).rounded()), style: Self.label, color: theme.label)
        list?.clip(.rect(box.insetBy(dx: 6, dy: 0))) { $0.text(run) }
        return changed
    }
}

extension UIPass {
    /// `text` with as much of `typed` appended as fits in `maxCharacters` characters and
    /// four Unicode scalars a character; the rest of a long paste is dropped.
    static func appending(_ typed: String, to text: String, maxCharacters: Int) -> String {
        var out = text
        var characters = out.count
        var scalars = out.unicodeScalars.count
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
