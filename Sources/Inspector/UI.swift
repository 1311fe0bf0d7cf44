import Canvas
import Export
import Foundation
import Motion
import Scenes

/// Which widget the user is working with — owned by the app, kept between passes.
public struct UIState: Sendable, Codable {
    /// The widget holding the pointer (a slider being dragged, a button pressed).
    public var active: ControlID?
    /// Pointer x and value when the active slider's drag started (proportional drag).
    package var dragOrigin: DragOrigin?
    /// The widget the keyboard talks to (Tab, arrows).
    public var focus: ControlID?
    /// The number or text field being typed into, and its text, caret and selection.
    public var editing: ControlID?
    package var field = TextFieldModel("")
    /// False while a field that Tab moved to has not loaded its text yet (it does when it
    /// next runs, all of it selected).
    package var fieldLoaded = false
    /// How far the edited text is scrolled left to keep the caret in view.
    package var fieldScroll = 0.0
    /// Why the last Enter or Tab was refused ("0.05 – 2 s"), shown under the field until
    /// the next valid value applies or the edit ends.
    public var refusal: String?
    /// An edit a click on another field took over, committed when its field runs.
    package var leaving: FieldEdit?
    /// A Tab committed this field: the next one (or the previous, with Shift) takes focus.
    package var tabbing: Tabbing?
    /// Editable fields in layout order, for Tab between them.
    package var fieldOrder: [ControlID] = []
    /// The spring group whose menu of named springs is open (docs/behaviour.md §11.4), if one is.
    public var openMenu: ControlID?
    /// What Ctrl+C over a spring group copies (docs/behaviour.md §12.2): chosen in a group's Code menu,
    /// remembered with the session.
    public var copyFormat: SpringCodeFormat = .swiftui
    /// The slider a Ctrl+wheel gesture started on (docs/behaviour.md §15.2): its notches step it and no
    /// other, wherever the pointer goes, until the gesture ends.
    package var wheelTarget: ControlID?
    /// What a touchpad's fractions of a notch add up to, not yet a whole step.
    package var wheelRemainder = 0.0
    /// The spring group Ctrl+C or Ctrl+V acts on in this pass (docs/behaviour.md §15.3): the one under
    /// the pointer over the inspector, else the one holding the focus. Chosen by the
    /// workbench before the pass, since a group earlier in the panel cannot know that a
    /// later one is under the pointer.
    package var codeTarget: ControlID?
    /// The spring group the clipboard's text goes to (Ctrl+V over it, or its Paste): the
    /// text follows as a text event.
    package var pasteTarget: ControlID?
    /// The text being typed (the edited field's).
    public var editText: String { field.text }
    /// Last click, to recognise a double-click (same widget within 0.35 s).
    package var lastClick: Click?
    public var shift = false
    public var pointer = Point2(-1, -1)
    /// Widget ids in layout order, for Tab.
    package var focusOrder: [ControlID] = []
    /// How every spring group writes its spring (docs/behaviour.md §11.2): one choice for the inspector.
    public var springForm: SpringForm = .response
    /// Each spring group's mass in the mass/stiffness/damping form, by group id (1 when
    /// absent). A way of reading the spring, not a setting: it scales stiffness and damping
    /// coefficient and leaves the curve (response and ζ, as stored) alone.
    package var masses: [ControlID: Double] = [:]
    /// Wall time of the last pointer move that can lead to a tooltip (docs/behaviour.md §11.1); nil
    /// after a press, a key or the wheel, until the pointer moves again.
    public var lastMoveWall: Double?
    /// The chrome control under the pointer, what it is called and what kind it is.
    package var hover: Hover?
    /// The control whose tooltip is showing (its trace event went out).
    public var tooltipShown: ControlID?
    /// A drag on a plot's peak or settle mark (docs/behaviour.md §18).
    package var plotDrag: PlotDrag?
    /// The page plot's handle under the pointer over the stage (its shape says what it drags).
    package var stageHandle: ControlID?

    public init() {}

    /// Where a drag began: the pointer's coordinate and the value it was dragging.
    package struct DragOrigin: Sendable, Codable {
        package var x: Double, value: Double
        package init(x: Double, value: Double) { self.x = x; self.value = value }
    }
    /// A Tab pressed in a field: the field it left and its direction.
    package struct Tabbing: Sendable, Codable { package var from: ControlID; package var backward: Bool }
    /// The last click: on what, and when (for a double click).
    package struct Click: Sendable, Codable { package var id: ControlID; package var time: Double }
    /// The control under the pointer that has a tooltip.
    package struct Hover: Sendable, Codable {
        package var id: ControlID
        package var frame: Rect
        package var label: String?
        package var kind: ControlKind
        package init(id: ControlID, frame: Rect, label: String?, kind: ControlKind) {
            self.id = id; self.frame = frame; self.label = label; self.kind = kind
        }
    }
}

/// What a widget asks of the world outside the window: text for the system clipboard
/// (Ctrl+C or Ctrl+X in a field, a spring group's Copy), the clipboard's text handed back
/// in (a Paste button), a toast saying what a copy or a paste did.
package enum InspectorEffect: Equatable, Sendable {
    case copy(String)
    case paste
    case toast(Toast)
}

/// One pass of the immediate-mode inspector: either handling one input event or
/// drawing. Widgets are functions over caller-owned values returning "changed"
/// (Dear ImGui's split); the same code lays out, hit-tests and draws, so what is drawn is
/// exactly what is clicked.
package struct UIPass {
    package var state: UIState
    package let event: InputEvent?
    package let theme: Theme
    package let measurer: any TextMeasuring
    /// Collects drawing when this is the draw pass.
    package var list: DisplayList?
    /// Every widget's frame by id (the trace's `layout`).
    package var frames: [(ControlID, Rect)] = []
    /// True once a widget used the event.
    package var consumed = false
    /// Only widgets inside this rectangle take the pointer (the inspector's scroll view).
    package var pointerRegion = Rect.infinite
    /// Drawn after the rest of the panel: a refusal's line over the row below its field.
    package var overlays: [DrawCommand] = []
    /// The field a Tab in this pass moved to (it does not handle that Tab again).
    package var tabbedInto: ControlID?
    /// Values refused in this pass: the field, the text and why (the trace's `refused`).
    package var refusals: [(id: ControlID, text: String, reason: String)] = []
    /// What each control is called and what kind it is, by id (for hover and tooltips).
    package var controls: [ControlID: (label: String?, kind: ControlKind)] = [:]
    /// Each spring group's region (its title to its curve), by group id, in layout order.
    package var groupRegions: [(id: ControlID, frame: Rect)] = []
    /// Trace events of this pass other than setting changes (a copy, a paste), stamped
    /// with the pass's time by the workbench.
    package var notes: [(EventName, [(String, TraceValue)])] = []
    /// What this pass's event asks beyond the widgets (text for the clipboard, a paste, a
    /// toast), collected by the workbench.
    package var effects: [InspectorEffect] = []

    package static let label = TextStyle(.regular, size: 12)
    package static let value = TextStyle(.semibold, size: 12)
    package static let small = TextStyle(.regular, size: 11)
    package static let heading = TextStyle(.semibold, size: 13)
    package static let doubleClick = 0.35

    package init(state: UIState, event: InputEvent?, theme: Theme, measurer: any TextMeasuring, drawing: Bool) {
        self.state = state
        self.event = event
        self.theme = theme
        self.measurer = measurer
        list = drawing ? DisplayList(background: theme.chrome) : nil
        self.state.focusOrder = []
        self.state.fieldOrder = []
        self.state.leaving = nil
        self.state.tabbing = nil
    }

    package var accent: Color { Color(hex: 0x0A84FF) }

    // MARK: Drawing helpers

    package mutating func fill(_ shape: Shape, _ paint: Paint, opacity: Double = 1) { list?.fill(shape, paint, opacity: opacity) }

    package mutating func text(_ s: String, at p: Point2, style: TextStyle, color: Color) {
        list?.text(TextRun(s, origin: p, style: style, color: color))
    }

    /// Text vertically centred in `frame`, left-aligned, or right-aligned when `right`.
    package mutating func text(_ s: String, in frame: Rect, style: TextStyle, color: Color, right: Bool = false) {
        guard list != nil else { return }
        let h = measurer.lineHeight(of: style)
        let x = right ? frame.maxX - measurer.width(of: s, style: style) : frame.minX
        text(s, at: Point2(x.rounded(), (frame.midY - h / 2).rounded()), style: style, color: color)
    }

    package func width(_ s: String, _ style: TextStyle) -> Double { measurer.width(of: s, style: style) }

    // MARK: Hover (docs/behaviour.md §11.1)

    /// True when the pointer rests over `frame` (inside the region) and no other control
    /// holds it.
    package func hovering(_ frame: Rect) -> Bool {
        let p = state.pointer
        return state.active == nil && frame.contains(p) && pointerRegion.contains(p)
    }

    /// The hover state: a subtle tint over `shape` (darker on light, lighter on dark).
    package mutating func hoverTint(_ shape: Shape, over frame: Rect) {
        if list != nil, hovering(frame) { fill(shape, Paint(fill: theme.label), opacity: 0.07) }
    }

    // MARK: Pointer helpers

    /// The event's pointer position if it is a press inside `frame` (and the region).
    package func pressed(in frame: Rect) -> Point2? {
        guard !consumed, case .pointerDown(let p, _, _) = event, frame.contains(p), pointerRegion.contains(p) else {
            return nil
        }
        return p
    }

    /// Whole wheel steps for the slider `id` when a Ctrl+wheel gesture holds it (docs/behaviour.md §15.2),
    /// and whether Shift asks for fine ones; a touchpad's fractions are kept until they make
    /// a step. Nil for any other event or slider: the plain wheel only scrolls.
    package mutating func wheelSteps(for id: ControlID) -> (steps: Double, fine: Bool)? {
        guard !consumed, state.wheelTarget == id, case .wheel(let dy, _, _, let shift, _) = event else { return nil }
        let total = state.wheelRemainder + dy
        let whole = total.rounded(.towardZero)
        state.wheelRemainder = total - whole
        return (whole, shift)
    }

    /// Records a click on `id` and says whether it completes a double-click.
    package mutating func registerClick(_ id: ControlID) -> Bool {
        guard case .pointerDown(_, let t, _) = event else { return false }
        defer { state.lastClick = UIState.Click(id: id, time: t) }
        if let last = state.lastClick, last.id == id, t - last.time <= Self.doubleClick {
            state.lastClick = nil
            return true
        }
        return false
    }

    // MARK: Panels

    /// Starts an inspector panel in `frame` scrolled by `scroll`: its background and
    /// divider, and the pointer region. Returns the content's left edge, width and top.
    package mutating func beginPanel(_ frame: Rect, scroll: Double) -> (x: Double, width: Double, y: Double) {
        pointerRegion = frame
        fill(.rect(frame), Paint(fill: theme.chrome))
        fill(.rect(Rect(x: frame.minX, y: frame.minY, width: 1, height: frame.height)), Paint(fill: theme.chromeLine))
        return (frame.minX + 16, frame.width - 32, frame.minY + 14 - scroll)
    }

    /// A labelled row of choices in `frame`, the `selected` one lit; returns the id of the
    /// option clicked, if one was (the caller decides what choosing it again means).
    package mutating func choice(_ idPrefix: ControlID, _ label: String, options: [(id: String, label: String)], selected: String?,
                         frame: Rect) -> String? {
        text(label, in: Rect(x: frame.minX, y: frame.minY, width: Self.labelWidth, height: frame.height), style: Self.label,
             color: theme.secondaryLabel)
        var picked: String?
        let frames = Self.segments(options.count, x: frame.minX + Self.labelWidth, y: frame.minY, width: frame.width - Self.labelWidth)
        for (option, frame) in zip(options, frames)
            where button("\(idPrefix).\(option.id)", option.label, frame: frame, selected: selected == option.id) {
            picked = option.id
        }
        return picked
    }

    /// `count` button frames sharing `width` from `x`, 6 pt apart, 28 pt tall: a row of
    /// choices that always fits the panel.
    package static func segments(_ count: Int, x: Double, y: Double, width: Double) -> [Rect] {
        let w = ((width - 6 * Double(max(count - 1, 0))) / Double(max(count, 1))).rounded(.down)
        return (0..<count).map { Rect(x: x + Double($0) * (w + 6), y: y, width: w, height: 28) }
    }

    // MARK: Buttons

    /// A push button; returns true when clicked (released over it).
    package mutating func button(_ id: ControlID, _ label: String, frame: Rect, prominent: Bool = false,
                         selected: Bool = false, leading: Bool = false) -> Bool {
        frames.append((id, frame))
        controls[id] = (label, .button)
        state.focusOrder.append(id)
        var clicked = false
        // A click on a button does not take the keyboard (docs/behaviour.md §15.1): Enter after it plays
        // the drive, as it would have before; only Tab gives a button the focus ring.
        if pressed(in: frame) != nil { state.active = id; consumed = true; state.focus = nil }
        if state.active == id, case .pointerUp(let p, _) = event {
            state.active = nil
            consumed = true
            clicked = frame.contains(p)
        }
        if state.focus == id, !consumed, case .key(let k, _, _) = event, k == .enter || k == .space {
            consumed = true
            clicked = true
        }
        let body: Color = prominent || selected ? accent : theme.control
        let ink: Color = prominent || selected ? .white : theme.label
        fill(.roundedRect(frame, radius: 7), Paint(fill: body, stroke: theme.chromeLine, strokeWidth: prominent || selected ? 0 : 1),
             opacity: state.active == id ? 0.8 : 1)
        hoverTint(.roundedRect(frame, radius: 7), over: frame)
        if state.focus == id { fill(.roundedRect(frame.insetBy(dx: -2, dy: -2), radius: 9), Paint(fill: .clear, stroke: accent, strokeWidth: 1.5)) }
        let w = width(label, Self.value)
        // A list's row reads from its left edge (a preset's name); a button's label is centred.
        let left = leading ? frame.minX + 10 : frame.midX - w / 2
        text(label, in: Rect(x: left, y: frame.minY, width: w, height: frame.height), style: Self.value, color: ink)
        return clicked
    }

    /// A switch; returns true when it flipped `value`.
    package mutating func toggle(_ id: ControlID, _ label: String, value: inout Bool, frame: Rect) -> Bool {
        let knob = Rect(x: frame.maxX - 38, y: frame.midY - 11, width: 38, height: 22)
        frames.append((id, frame))
        controls[id] = (label, .toggle)
        state.focusOrder.append(id)
        var flipped = false
        // Clicked, a switch flips and leaves the keyboard with the stage (docs/behaviour.md §15.1): the
        // Spring Lab's A/B then Enter plays, it does not flip A/B back.
        if pressed(in: frame) != nil { consumed = true; value.toggle(); flipped = true; state.focus = nil }
        if state.focus == id, !consumed, case .key(let k, _, _) = event, k == .enter || k == .space {
            consumed = true; value.toggle(); flipped = true
        }
        hoverTint(.roundedRect(frame.insetBy(dx: -4, dy: 0), radius: 6), over: frame)
        text(label, in: frame, style: Self.label, color: theme.label)
        fill(.capsule(knob), Paint(fill: value ? Color(hex: 0x34C759) : theme.chromeLine))
        let dot = Rect(x: value ? knob.maxX - 20 : knob.minX + 2, y: knob.minY + 2, width: 18, height: 18)
        fill(.circle(center: dot.center, radius: 9), Paint(fill: .white))
        if state.focus == id { fill(.capsule(knob.insetBy(dx: -2, dy: -2)), Paint(fill: .clear, stroke: accent, strokeWidth: 1.5)) }
        return flipped
    }
}

/// What a control is, for its tooltip's wording.
package enum ControlKind: Sendable, Codable { case button, toggle, slider, field, scrub }
