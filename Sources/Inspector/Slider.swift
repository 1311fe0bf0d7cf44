import Canvas
import Foundation
import Scenes

/// What a slider edits: its range, default, step sizes and how its number reads.
package struct SliderSpec: Sendable {
    package var range: ClosedRange<Double>
    package var defaultValue: Double
    /// Wheel notch and arrow key step; `fine` with Shift.
    package var step: Double
    package var fine: Double
    /// Decimal places shown (and typed).
    package var decimals: Int
    package var unit: String = ""
    /// Values above this are labelled on the track (damping above 1 is overdamped).
    package var labelAbove: (value: Double, text: String)?
    /// The labelled values lie below `labelAbove`'s value instead (a negative bounce is
    /// overdamped).
    package var labelBelow = false
    /// The track goes by the value's logarithm (stiffness spans 10 – 15 791: linear, every
    /// spring a designer uses would sit in its first few points).
    package var logarithmic = false

    /// Written after the range when a typed value is refused ("0.05 – 2 s"): the limits
    /// table's unit, which a slider may leave off its number.
    package var rangeUnit: String?

    package func format(_ v: Double) -> String {
        FormattedText.format(Self.formats.indices.contains(decimals) ? Self.formats[decimals] : "%.\(decimals)f", v)
    }
    /// "%.0f" … "%.6f", made once.
    private static let formats = (0...6).map { "%.\($0)f" }
    package func clamp(_ v: Double) -> Double { min(max(v, range.lowerBound), range.upperBound) }

    /// Where `v` sits along a logarithmic track, 0 – 1.
    package func logFraction(of v: Double) -> Double {
        let lo = log(range.lowerBound), hi = log(range.upperBound)
        return (log(clamp(v)) - lo) / (hi - lo)
    }

    /// The value a logarithmic track has at `f` (not clamped: a drag past the end is).
    package func logValue(at f: Double) -> Double {
        let lo = log(range.lowerBound), hi = log(range.upperBound)
        return exp(lo + f * (hi - lo))
    }

    // MARK: Precision (docs/behaviour.md §11.1)

    /// Decimal places needed to write `step` exactly (0.01 → 2, 0.025 → 3, 10 → 0), at most 6.
    package static func places(of step: Double) -> Int {
        (0...6).first { d in
            let scaled = abs(step) * pow(10, Double(d))
            return abs(scaled - scaled.rounded()) < 1e-6 * max(scaled, 1)
        } ?? 6
    }

    /// `v` rounded to `places` decimals, then kept in the range (a bound with more places
    /// than shown stays exactly the bound).
    package func rounded(_ v: Double, places: Int) -> Double {
        let p = pow(10, Double(places))
        return clamp((v * p).rounded() / p)
    }

    /// A value set by pointer (a drag, a click on the track): rounded to the decimals shown,
    /// or with Shift to the fine step's, so the trace and presets hold what the number reads.
    package func pointerValue(_ v: Double, fine: Bool) -> Double {
        rounded(v, places: fine ? max(decimals, Self.places(of: self.fine)) : decimals)
    }

    /// One wheel notch or arrow press from `v`: a step (fine with Shift), rounded to the
    /// places the step needs — never finer than shown, and never so coarse a step is lost.
    package func stepped(_ v: Double, by notches: Double, fine: Bool) -> Double {
        let step = fine ? self.fine : self.step
        return rounded(v + notches * step, places: max(decimals, Self.places(of: step)))
    }

    // MARK: Typed values

    /// The range as a refusal reads it: "0.05 – 2 s", "0.25 – 2×".
    package var rangeText: String {
        let unit = rangeUnit ?? unit
        return "\(Self.plain(range.lowerBound)) – \(Self.plain(range.upperBound))\(unit)"
    }

    private static func plain(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%g", v)
    }

    /// What a typed text means: the number, or why it is refused (not a finite number, or
    /// outside the range), in one line.
    package func parse(_ text: String) -> TypedNumber {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let typed = Double(trimmed), typed.isFinite else {
            return .refused(trimmed.isEmpty ? "type a number: \(rangeText)" : "not a number: \(rangeText)")
        }
        return range.contains(typed) ? .value(typed) : .refused("out of range: \(rangeText)")
    }

    /// Characters a number can be typed with; anything else typed or pasted is dropped.
    package static func numberCharacters(_ s: String) -> String { s.filter { "0123456789.-+eE".contains($0) } }
    /// A number never needs more: a pasted megabyte of digits must not be measured every frame.
    package static let maxNumberCharacters = 24
}

/// A typed number's fate.
package enum TypedNumber: Equatable {
    case value(Double)
    case refused(String)
}

extension UIPass {
    package static let labelWidth = 92.0
    package static let valueWidth = 62.0

    /// A slider row: label, track, number. Drag the knob (proportional), click the track
    /// (jump), Ctrl+wheel over it (steps), Shift (fine), double-click (reset) —
    /// values set by pointer are rounded to the decimals shown. Click the number (or Enter)
    /// to type over it: a desktop text field (docs/behaviour.md §11.1) whose Enter, Tab or a click
    /// elsewhere applies a valid value; a refused one keeps the field open with its reason
    /// under it. Tab focus and arrows. Returns true when `value` changed.
    package mutating func slider(_ id: ControlID, _ label: String, value: inout Double, spec: SliderSpec, frame: Rect) -> Bool {
        let old = value
        let track = Rect(x: frame.minX + Self.labelWidth, y: frame.minY,
                         width: max(frame.width - Self.labelWidth - Self.valueWidth - 8, 20), height: frame.height)
        let number = Rect(x: frame.maxX - Self.valueWidth, y: frame.midY - 11, width: Self.valueWidth, height: 22)
        let span = spec.range.upperBound - spec.range.lowerBound
        func x(of v: Double) -> Double {
            spec.logarithmic ? track.minX + spec.logFraction(of: v) * track.width
                : track.minX + (spec.clamp(v) - spec.range.lowerBound) / span * track.width
        }
        func v(at px: Double) -> Double {
            spec.logarithmic ? spec.logValue(at: (px - track.minX) / track.width)
                : spec.range.lowerBound + (px - track.minX) / track.width * span
        }
        frames.append((id, frame))
        controls[id] = (label, .slider)
        state.focusOrder.append(id)
        let shown = spec.format(value)
        if let left = registerField(id, text: shown, maxCharacters: SliderSpec.maxNumberCharacters),
           case .value(let typed) = spec.parse(left.committed()) {
            value = typed  // another field's click took this edit over: it applies
        }

        if state.editing == id {
            let action = editField(id, box: number, style: Self.value, filter: SliderSpec.numberCharacters)
            applyTyped(action, id: id, to: &value, spec: spec)
        }
        // (A click that ended this slider's own edit goes on to where it was aimed.)
        if state.editing == id {
        } else if pressed(in: number) != nil {
            consumed = true
            beginEditing(id, text: shown, maxCharacters: SliderSpec.maxNumberCharacters, selectingAll: true)
            _ = registerClick("field:\(id)")
        } else if let p = pressed(in: track) {
            consumed = true
            state.focus = id
            if registerClick(id) {
                value = spec.defaultValue  // double-click resets
            } else {
                // Click the track: jump (to the decimals shown).
                if abs(p.x - x(of: value)) > 9 { value = spec.pointerValue(v(at: p.x), fine: shiftHeld) }
                state.active = id
                state.dragOrigin = UIState.DragOrigin(x: p.x, value: value)
            }
        } else if let wheel = wheelSteps(for: id) {
            // Only Ctrl+wheel steps a slider, and only the one its gesture started on:
            // scrolling the inspector past a column of sliders must not retune every spring
            // it crosses (docs/behaviour.md §15.2).
            consumed = true
            if wheel.steps != 0 { value = spec.stepped(value, by: wheel.steps, fine: wheel.fine) }
        }
        if state.active == id {
            switch event {
            case .pointerMoved(let p, _):
                consumed = true
                if let o = state.dragOrigin {
                    // Proportional to the track; Shift makes it ten times finer.
                    let k = state.shift ? 0.1 : 1
                    let moved = spec.logarithmic ? spec.logValue(at: spec.logFraction(of: o.value) + (p.x - o.x) / track.width * k)
                        : o.value + (p.x - o.x) / track.width * span * k
                    value = spec.pointerValue(moved, fine: state.shift)
                }
            case .shift:
                state.dragOrigin = UIState.DragOrigin(x: state.pointer.x, value: value)  // re-anchor: no jump when Shift toggles
            case .pointerUp:
                consumed = true
                state.active = nil
                state.dragOrigin = nil
            default: break
            }
        }
        if state.focus == id, state.editing != id, !consumed, case .key(let k, _, let shift) = event {
            let fine = shift || state.shift
            switch k {
            case .left, .down: value = spec.stepped(value, by: -1, fine: fine); consumed = true
            case .right, .up: value = spec.stepped(value, by: 1, fine: fine); consumed = true
            case .enter:
                beginEditing(id, text: spec.format(value), maxCharacters: SliderSpec.maxNumberCharacters, selectingAll: true)
                consumed = true
            default: break
            }
        }
        hoverTint(.roundedRect(frame.insetBy(dx: -4, dy: 0), radius: 6), over: frame)
        drawSlider(id, label, value: value, spec: spec, frame: frame, track: track, number: number, knobX: x(of: value),
                   markX: spec.labelAbove.map { x(of: $0.value) })
        return value != old
    }

    /// Shift held now, or with the press being handled.
    private var shiftHeld: Bool {
        if case .pointerDown(_, _, true) = event { return true }
        return state.shift
    }

    /// Enter, Tab or a click elsewhere applies a valid number and ends the edit (Tab moves
    /// on); a refused one stays open, all of its text selected to type over, and says why —
    /// except after a click elsewhere, which lets go of it. Escape abandons.
    private mutating func applyTyped(_ action: FieldAction, id: ControlID, to value: inout Double, spec: SliderSpec) {
        switch action {
        case .none: break
        case .abandon: endEditing()
        case .commit(let text, let kind):
            switch spec.parse(text) {
            case .value(let typed):
                value = typed
                if case .tab(let backward) = kind { tab(from: id, backward: backward) } else { endEditing() }
            case .refused(let reason):
                if kind == .clickAway { endEditing(); return }
                state.refusal = reason
                state.field.selectAll()
                refusals.append((id, text, reason))
            }
        }
    }

    private mutating func drawSlider(_ id: ControlID, _ label: String, value: Double, spec: SliderSpec, frame: Rect,
                                     track: Rect, number: Rect, knobX: Double, markX: Double?) {
        guard list != nil else { return }
        text(label, in: Rect(x: frame.minX, y: frame.minY, width: Self.labelWidth, height: frame.height),
             style: Self.label, color: theme.secondaryLabel)
        let bar = Rect(x: track.minX, y: track.midY - 2, width: track.width, height: 4)
        fill(.capsule(bar), Paint(fill: theme.chromeLine))
        // The value's fill runs from the start, or, when the labelled region is below the
        // mark (bounce: negative is overdamped), from the mark either way.
        let from = spec.labelBelow ? markX ?? bar.minX : bar.minX
        let filled = Rect(x: min(from, knobX), y: bar.minY, width: max(abs(knobX - from), 4), height: bar.height)
        if let markX, let labelled = spec.labelAbove {
            // The overdamped range, tinted and named on the track itself.
            let over = spec.labelBelow ? Rect(x: bar.minX, y: bar.minY, width: markX - bar.minX, height: bar.height)
                : Rect(x: markX, y: bar.minY, width: bar.maxX - markX, height: bar.height)
            fill(.capsule(over), Paint(fill: Color(hex: 0xFF9F0A, alpha: 0.45)))
            let w = width(labelled.text, Self.small)
            let inside = spec.labelBelow ? value < labelled.value : value > labelled.value
            text(labelled.text, at: Point2((spec.labelBelow ? bar.minX : bar.maxX - w).rounded(), bar.maxY + 2), style: Self.small,
                 color: inside ? Color(hex: 0xC77700) : theme.secondaryLabel)
        }
        fill(.capsule(filled), Paint(fill: accent))
        fill(.circle(center: Point2(knobX, track.midY), radius: 8),
             Paint(fill: .white, stroke: state.active == id ? accent : theme.chromeLine, strokeWidth: 1,
                   shadow: Shadow(alpha: 0.12, radius: 3, offset: Point2(0, 1))))
        if state.focus == id {
            fill(.circle(center: Point2(knobX, track.midY), radius: 10.5), Paint(fill: .clear, stroke: accent, strokeWidth: 1.5))
        }
        if state.editing == id {
            drawEditingField(box: number, style: Self.value)
            drawRefusal(under: number)
        } else {
            fill(.roundedRect(number, radius: 6), Paint(fill: theme.chrome, stroke: theme.chromeLine, strokeWidth: 1))
            text(spec.format(value) + spec.unit, in: number.insetBy(dx: 6, dy: 0), style: Self.value, color: theme.label, right: true)
        }
    }
}
