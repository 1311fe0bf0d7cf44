/// One user input, translated once at the platform edge and stored as-is in replay files.
///
/// `time` is when the input *happened*, in seconds on the app's monotonic clock (on X11
/// from the server's event time), never when the app got round to draining its queue: a
/// 50 ms frame must not squash 50 ms of pointer motion into one instant (docs/behaviour.md §2).
/// Positions are window points.
public enum InputEvent: Hashable, Sendable {
    case pointerDown(Point2, time: Double, shift: Bool)
    case pointerMoved(Point2, time: Double)
    case pointerUp(Point2, time: Double)
    /// A wheel notch (1 a notch) or a touchpad's precise fraction of one; `ctrl` asks a
    /// slider under the pointer to step instead of scrolling (docs/behaviour.md §15.2).
    case wheel(dy: Double, at: Point2, time: Double, shift: Bool, ctrl: Bool)
    case key(Key, time: Double, shift: Bool)
    /// Text typed (after the keyboard layout and input method), for editable fields.
    case text(String, time: Double)
    /// The Shift key went down or up (fine steps while dragging a slider).
    case shift(Bool, time: Double)
    /// The window lost keyboard focus or the pointer capture: any gesture is cancelled.
    case focusLost(time: Double)
    case captureLost(time: Double)

    public var time: Double {
        switch self {
        case .pointerDown(_, let t, _), .pointerMoved(_, let t), .pointerUp(_, let t), .wheel(_, _, let t, _, _),
             .key(_, let t, _), .text(_, let t), .shift(_, let t), .focusLost(let t), .captureLost(let t):
            return t
        }
    }

    /// The same event with its position moved by (dx, dy) (window points to page points).
    public func offsetBy(dx: Double, dy: Double) -> InputEvent { mapped { Point2($0.x + dx, $0.y + dy) } }

    /// The same event with its position mapped by `f` (window points to page points on a
    /// page drawn scaled down, docs/behaviour.md §15.6).
    public func mapped(_ f: (Point2) -> Point2) -> InputEvent {
        switch self {
        case .pointerDown(let p, let t, let s): return .pointerDown(f(p), time: t, shift: s)
        case .pointerMoved(let p, let t): return .pointerMoved(f(p), time: t)
        case .pointerUp(let p, let t): return .pointerUp(f(p), time: t)
        case .wheel(let dy, let p, let t, let s, let c): return .wheel(dy: dy, at: f(p), time: t, shift: s, ctrl: c)
        default: return self
        }
    }

    /// The same event with its time replaced (mapping wall time to scene time).
    public func at(_ t: Double) -> InputEvent {
        switch self {
        case .pointerDown(let p, _, let s): return .pointerDown(p, time: t, shift: s)
        case .pointerMoved(let p, _): return .pointerMoved(p, time: t)
        case .pointerUp(let p, _): return .pointerUp(p, time: t)
        case .wheel(let dy, let p, _, let s, let c): return .wheel(dy: dy, at: p, time: t, shift: s, ctrl: c)
        case .key(let k, _, let s): return .key(k, time: t, shift: s)
        case .text(let x, _): return .text(x, time: t)
        case .shift(let d, _): return .shift(d, time: t)
        case .focusLost: return .focusLost(time: t)
        case .captureLost: return .captureLost(time: t)
        }
    }
}

/// Keys the app acts on.
public enum Key: String, Hashable, Sendable {
    case escape, enter, space, tab, left, right, up, down, backspace, delete, home, end
    case h, r, s, m, d, f, t, n
    /// Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y; Ctrl+A, Ctrl+C, Ctrl+X, Ctrl+V (docs/behaviour.md §11): named for
    /// what they do, translated once at the platform edge.
    case undo, redo, selectAll, copy, cut, paste
    /// Ctrl+Q or Ctrl+W: close the window (docs/behaviour.md §15.4).
    case quit
    /// F1 or ? : the shortcut overlay.
    case help
    /// F9: save the last seconds of the session (docs/behaviour.md §17, the flight recorder).
    case saveLast
    /// Ctrl+Shift+C: the HUD's lines as text, for a bug report (docs/behaviour.md §17).
    case copyReport
    case digit1 = "1", digit2 = "2", digit3 = "3", digit4 = "4", digit5 = "5", digit6 = "6", digit7 = "7", digit8 = "8", digit9 = "9"

    /// The number keys in order: key N shows the registry's Nth scene.
    public static let digits: [Key] = [.digit1, .digit2, .digit3, .digit4, .digit5, .digit6, .digit7, .digit8, .digit9]
}
