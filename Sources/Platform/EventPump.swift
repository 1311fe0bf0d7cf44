import CSDL2
import Foundation
import Canvas

/// What the window system said, translated once: input with true times, and the
/// window's own events.
public enum PlatformEvent: Sendable, Equatable {
    case input(InputEvent)
    case resized
    case quit
    case exposed
    /// A file dropped on the window (SDL_DROPFILE): its path.
    case dropped(String)
}

/// Drains SDL's queue into `PlatformEvent`s stamped with the time each input happened.
///
/// On X11 every pointer and key event carries the server's timestamp (ms); SDL's own
/// `event.timestamp` is taken when the queue is pumped, so a 50 ms frame stamps 50 ms of
/// motion with one instant and a throw measures several times too fast. SDL hands us the
/// raw X event just before its translation (SDL_SYSWMEVENT); its server time is mapped to
/// the monotonic clock by the smallest delivery latency seen so far — the event that
/// arrived soonest after it happened pins the offset. The offset is only updated between
/// gestures: if a better estimate arrived mid-drag and were applied at once, the times on
/// either side of it would be pulled together and the throw would measure fast or slow.
/// Elsewhere (offscreen, Wayland) the pump time is the best there is.
public final class EventPump {
    private let window: Window
    /// Server time (ms) of the raw X event waiting for its SDL translation, by kind.
    private var pendingServerTime: [Int32: UInt32] = [:]
    /// monotonic seconds − server seconds: the best (smallest) latency seen, and the one
    /// in use, which follows the best only while no button is held.
    private var bestOffset: Double?
    private var appliedOffset: Double?
    private var lastServerMs: UInt32 = 0
    private var buttonDown = false
    public private(set) var usesServerTime = false
    /// Each event described on standard error (`SPRINGLAB_DEBUG_EVENTS`).
    private let debug: Bool
    /// For the end-to-end test's negative control only: stamp with pump time, the bug
    /// (`SPRINGLAB_IGNORE_SERVER_TIME`).
    private let ignoreServerTime: Bool

    public init(window: Window, debug: Bool = false, ignoreServerTime: Bool = false) {
        self.window = window
        self.debug = debug
        self.ignoreServerTime = ignoreServerTime
        SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE)
    }

    /// All pending events. `wait` blocks up to that many ms for the first one.
    /// Puts a file drop on SDL's queue, as the window system would (tests drive a drop
    /// this way: xdotool cannot speak XDND). It is read back by `poll` like any drop.
    public func pushDrop(_ path: String) {
        var event = SDL_Event()
        event.type = SDL_DROPFILE.rawValue
        event.drop.file = SDL_strdup(path)
        event.drop.windowID = window.id
        _ = SDL_PushEvent(&event)
    }

    /// Ends a `poll` waiting on another thread (SDL_PushEvent is safe from any thread): an
    /// event no one reads, so the loop wakes and looks at what woke it.
    public static func wake() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        _ = SDL_PushEvent(&event)
    }

    public func poll(wait: Int32 = 0) -> [PlatformEvent] {
        var out: [PlatformEvent] = []
        var event = SDL_Event()
        var got = wait <= 0 ? SDL_PollEvent(&event) : Self.waitsNatively ? SDL_WaitEventTimeout(&event, wait) : Self.nap(&event, wait)
        while got != 0 {
            if let e = translate(&event) {
                out.append(e)
                // Ctrl+V: the clipboard's text follows as typed text, so the pure window
                // pastes it and a replay (which records both) pastes the same.
                // An empty clipboard follows as empty text, so the paste says so rather than
                // doing nothing.
                if case .input(.key(.paste, let t, _)) = e { out.append(.input(.text(Clipboard.text() ?? "", time: t))) }
            }
            got = SDL_PollEvent(&event)
        }
        return out
    }

    /// Whether the video driver blocks in its own event wait (X11, Wayland). SDL 2.26 waits
    /// for the others (offscreen, dummy) by pumping every millisecond: about 2 % of a core
    /// at rest, measured with `bench --idle` offscreen (docs/behaviour.md §9 allows under 1 %).
    private static let waitsNatively = ["x11", "wayland"].contains(Window.videoDriver)

    /// Up to `wait` ms for an event, looking every 50 ms: nothing comes to a window of those
    /// drivers but what the process pushes itself (a signal's wake, a test's drop), so a
    /// twentieth of a second late is the most it costs (a look pumps SDL: ~75 µs).
    private static func nap(_ event: inout SDL_Event, _ wait: Int32) -> Int32 {
        let deadline = MonotonicClock.now() + Double(wait) / 1000
        while true {
            if SDL_PollEvent(&event) != 0 { return 1 }
            let left = deadline - MonotonicClock.now()
            if left <= 0 { return 0 }
            usleep(useconds_t(min(left, 0.05) * 1_000_000))
        }
    }

    private func time(kind: Int32) -> Double {
        let pumped = MonotonicClock.now()
        guard let ms = pendingServerTime.removeValue(forKey: kind) else { return pumped }
        if debug {
            // Unbuffered, so a test reading the log sees every line as it happens.
            FileHandle.standardError.write(Data("event kind=\(kind) server=\(ms) pumped=\(pumped)\n".utf8))
        }
        guard !ignoreServerTime else { return pumped }
        usesServerTime = true
        // The 32-bit server clock wraps after 49.7 days, or the server restarted: re-pin.
        if ms < lastServerMs { bestOffset = nil; appliedOffset = nil }
        lastServerMs = ms
        let server = Double(ms) / 1000
        let latency = pumped - server
        bestOffset = min(bestOffset ?? latency, latency)
        let pressing = buttonDown && kind != 2  // the press itself may take a better offset
        if !pressing || appliedOffset == nil { appliedOffset = bestOffset }
        let mapped = server + (appliedOffset ?? latency)
        // Between gestures nothing may be stamped later than it was received.
        return pressing ? mapped : min(mapped, pumped)
    }

    private func translate(_ event: inout SDL_Event) -> PlatformEvent? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_DROPFILE:
            guard let file = event.drop.file else { return nil }
            defer { SDL_free(file) }
            return .dropped(String(cString: file))
        case SDL_SYSWMEVENT:
            var kind: Int32 = 0
            let ms = springlab_syswm_x11_time(event.syswm.msg, &kind)
            if kind != 0 { pendingServerTime[kind] = ms }
            return nil
        case SDL_MOUSEMOTION:
            let p = window.points(x: event.motion.x, y: event.motion.y)
            return .input(.pointerMoved(p, time: time(kind: 1)))
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            buttonDown = true
            let p = window.points(x: event.button.x, y: event.button.y)
            let shift = (SDL_GetModState().rawValue & KMOD_SHIFT.rawValue) != 0
            return .input(.pointerDown(p, time: time(kind: 2), shift: shift))
        case SDL_MOUSEBUTTONUP:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            // Stamp the release with the offset the drag's moves used, then let it follow
            // the best estimate again: the 40 ms rest rule compares these two times.
            let t = time(kind: 3)
            buttonDown = false
            let p = window.points(x: event.button.x, y: event.button.y)
            return .input(.pointerUp(p, time: t))
        case SDL_MOUSEWHEEL:
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            let mods = SDL_GetModState().rawValue
            let shift = (mods & KMOD_SHIFT.rawValue) != 0, ctrl = (mods & KMOD_CTRL.rawValue) != 0
            // A touchpad scrolls in fractions of a notch (SDL 2.0.18's preciseY, 1.0 a notch
            // for a wheel): the integer `y` would drop every fraction and scroll in jerks.
            let precise = Double(event.wheel.preciseY)
            let notches = precise.isFinite && precise != 0 ? precise : Double(event.wheel.y)
            let dy = notches * (event.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1)
            return .input(.wheel(dy: dy, at: window.points(x: x, y: y), time: MonotonicClock.now(), shift: shift, ctrl: ctrl))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return .input(.text(text, time: MonotonicClock.now()))
        case SDL_KEYUP where Self.isShift(event.key.keysym.sym):
            return .input(.shift(false, time: time(kind: 5)))
        case SDL_KEYDOWN where Self.isShift(event.key.keysym.sym):
            return event.key.repeat == 0 ? .input(.shift(true, time: time(kind: 4))) : nil
        case SDL_KEYDOWN:
            let shift = (UInt32(event.key.keysym.mod) & KMOD_SHIFT.rawValue) != 0
            let ctrl = (UInt32(event.key.keysym.mod) & KMOD_CTRL.rawValue) != 0
            // "?" is Shift+/ on most layouts: SDL reports the slash.
            let question = !ctrl && shift && Int(event.key.keysym.sym) == Int(SDLK_SLASH.rawValue)
            guard let key = question ? .help : ctrl ? Self.command(event.key.keysym.sym, shift: shift) : Self.key(event.key.keysym.sym)
            else { return nil }
            return .input(.key(key, time: time(kind: 4), shift: shift))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST:
                return .input(.focusLost(time: MonotonicClock.now()))
            case SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED:
                return .input(.captureLost(time: MonotonicClock.now()))
            case SDL_WINDOWEVENT_LEAVE where buttonDown && SDL_GetGlobalMouseState(nil, nil) & springlab_button_mask(1) == 0:
                // The button was released outside without us seeing it: the capture is gone.
                buttonDown = false
                return .input(.captureLost(time: MonotonicClock.now()))
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED:
                return .resized
            case SDL_WINDOWEVENT_EXPOSED:
                return .exposed
            default:
                return nil
            }
        default:
            return nil
        }
    }

    static func isShift(_ sym: SDL_Keycode) -> Bool {
        Int(sym) == Int(SDLK_LSHIFT.rawValue) || Int(sym) == Int(SDLK_RSHIFT.rawValue)
    }

    /// Ctrl plus a letter: the editing commands (docs/behaviour.md §11.1, §11.3).
    static func command(_ sym: SDL_Keycode, shift: Bool) -> Key? {
        switch Int(sym) {
        case Int(SDLK_z.rawValue): return shift ? .redo : .undo
        case Int(SDLK_y.rawValue): return .redo
        case Int(SDLK_a.rawValue): return .selectAll
        case Int(SDLK_c.rawValue): return shift ? .copyReport : .copy
        case Int(SDLK_x.rawValue): return .cut
        case Int(SDLK_v.rawValue): return .paste
        // Ctrl+Q and Ctrl+W close the window as its close button does (docs/behaviour.md §15.4).
        case Int(SDLK_q.rawValue), Int(SDLK_w.rawValue): return .quit
        default: return nil
        }
    }

    static func key(_ sym: SDL_Keycode) -> Key? {
        switch Int(sym) {
        case Int(SDLK_DELETE.rawValue): return .delete
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_F1.rawValue), Int(SDLK_QUESTION.rawValue): return .help
        case Int(SDLK_F9.rawValue): return .saveLast
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_TAB.rawValue): return .tab
        case Int(SDLK_BACKSPACE.rawValue): return .backspace
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_h.rawValue): return .h
        case Int(SDLK_r.rawValue): return .r
        case Int(SDLK_s.rawValue): return .s
        case Int(SDLK_m.rawValue): return .m
        case Int(SDLK_d.rawValue): return .d
        case Int(SDLK_f.rawValue): return .f
        case Int(SDLK_t.rawValue): return .t
        case Int(SDLK_n.rawValue): return .n
        case Int(SDLK_1.rawValue): return .digit1
        case Int(SDLK_2.rawValue): return .digit2
        case Int(SDLK_3.rawValue): return .digit3
        case Int(SDLK_4.rawValue): return .digit4
        case Int(SDLK_5.rawValue): return .digit5
        case Int(SDLK_6.rawValue): return .digit6
        case Int(SDLK_7.rawValue): return .digit7
        case Int(SDLK_8.rawValue): return .digit8
        case Int(SDLK_9.rawValue): return .digit9
        default: return nil
        }
    }
}
