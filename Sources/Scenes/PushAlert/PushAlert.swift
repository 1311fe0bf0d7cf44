import Canvas
import Motion

/// The Push Alert (docs/behaviour.md §3): an inline alert that opens a gap in the content and then
/// drops into it. Credit: the motion design follows syxUI's "Push Alert" banner.
///
/// Two independent springs started at the same instant: the gap (the slot's height) is
/// stiffer than the alert (the panel's height), so the room is ready before the alert
/// needs it — the lead. Running both on one spring removes the lead while the code still
/// looks right, which is why they are separate values here and tested as such.
///
/// Coordinates are page points: the page column is `pageWidth` wide with its top-left at
/// (0, 0). Times are scene seconds.
public struct PushAlert: Sendable, Codable {
    public static let pageWidth = 420.0
    public static let pagePadding = 16.0
    public static let rowHeight = 52.0
    public static let rowSpacing = 12.0
    public static let rowRadius = 12.0
    /// Panel width: the column less its padding.
    public static let panelWidth = pageWidth - 2 * pagePadding

    public enum Phase: Sendable, Equatable, Codable {
        case hidden
        case shown
        case leaving(Dismissal)
    }

    public enum Dismissal: String, Sendable, Codable { case tap, `throw` }

    public enum CommitReason: String, Sendable { case distance, projection, velocity }

    public var settings: PushAlertSettings {
        didSet { if settings.title != oldValue.title { relayout() } }
    }
    public private(set) var layout: PushAlertLayout
    public internal(set) var phase: Phase = .hidden
    private let measurer: Measurer

    /// Slot height fraction g (gap spring), panel openness a (alert spring), swipe offset.
    public private(set) var gap = AnimatedValue(0.0)
    public private(set) var openness = AnimatedValue(0.0)
    public private(set) var offset = AnimatedValue(0.0)

    private var swipe = SwipeGesture()
    private var closePressed = false
    /// Latched arm state: set at the commit line, cleared only below 0.85 of it.
    public private(set) var armed = false
    /// The last arming's cue (`Cue`): a ring that pulses once around the panel.
    public private(set) var armCue: Cue?
    /// The × tap's selection tick (`Cue`), for its ring.
    public private(set) var closeCue: Cue?
    /// When the gap starts closing in the current dismissal (for tests and the HUD).
    public private(set) var gapCloseStart: Double?
    /// When the panel's height starts collapsing in the current dismissal.
    public private(set) var leaveStart: Double?
    private var settledReported = true

    public init(settings: PushAlertSettings = PushAlertSettings(), measurer: some TextMeasuring) {
        self.settings = settings
        self.measurer = Measurer(measurer)
        layout = PushAlertLayout(title: settings.title, width: Self.panelWidth, measurer: measurer)
    }

    private mutating func relayout() {
        layout = PushAlertLayout(title: settings.title, width: Self.panelWidth, measurer: measurer)
    }

    /// Natural height N of the panel, measured from its content.
    public var naturalHeight: Double { layout.naturalHeight }
    /// Reserved height of the slot: N + spacing below.
    public var reservedHeight: Double { layout.naturalHeight + settings.spacingBelow }
    public var isDragging: Bool { swipe.isDragging }

    // MARK: Presenting and dismissing

    /// Shows the alert: gap and panel start together, each on its own spring, from their
    /// current heights and velocities (presenting mid-exit keeps the heights' momentum).
    /// Shown again during an exit, the panel is home and opaque at once: the offset is 0
    /// (a thrown panel does not slide back from off-screen) and, no longer leaving, it is
    /// drawn at full opacity rather than faded by its presence.
    public mutating func present(at t: Double) -> [SceneEvent] {
        guard phase != .shown else { return [] }
        phase = .shown
        leaveStart = nil
        gapCloseStart = nil
        armed = false
        offset.set(0, at: t)
        if settings.reduceMotion {
            gap.set(1, at: t); openness.set(1, at: t)
        } else {
            gap.animate(to: 1, curve: settings.gap.curve, at: t)
            openness.animate(to: 1, curve: settings.alert.curve, at: t)
        }
        settledReported = false
        return [SceneEvent(.presented, time: t)]
    }

    /// The × was tapped: the panel collapses in place on the leave spring; the gap closes
    /// on the close spring once the panel is less than 0.4 present.
    public mutating func closeTapped(at t: Double) -> [SceneEvent] {
        guard phase == .shown else { return [] }
        let tick = Cue(.selection, "close", at: t, around: closeFrame(at: t), radius: closeFrame(at: t).height / 2)
        closeCue = tick
        phase = .leaving(.tap)
        if settings.reduceMotion {
            gap.set(0, at: t); openness.set(0, at: t); offset.set(0, at: t)
            leaveStart = t; gapCloseStart = t
        } else {
            openness.animate(to: 0, curve: settings.leave.curve, at: t)
            leaveStart = t
            scheduleGapClose(leaveStart: t, decidedAt: t)
        }
        settledReported = false
        return [SceneEvent(.dismissed, time: t, [("how", .string("tap"))]), tick.event]
    }

    /// presence(v) = clamp(v / 0.45, 0, 1): the panel's opacity while leaving.
    public static func presence(_ v: Double) -> Double { min(max(v / 0.45, 0), 1) }
    /// reveal(v) = clamp((v − 0.62) / 0.35, 0, 1): the row's opacity, both directions.
    /// Below 0.62 the panel is shorter than its row and copy would be cut mid-glyph.
    public static func reveal(_ v: Double) -> Double { min(max((v - 0.62) / 0.35, 0), 1) }
    /// Opacity factor while swiped: 1 − min(|offset| / (0.6 × width), 1).
    public static func swipeFade(_ offset: Double) -> Double { 1 - min(abs(offset) / (0.6 * panelWidth), 1) }

    /// The close delay on the leave curve at rest: sample it at 64 even steps across its
    /// settle time and take the first time presence(1 − leave(t)) < 0.4 (≈ 0.120 s).
    public var closeDelay: Double {
        let leave = settings.leave.spring
        let step = leave.settleDuration / 64
        for k in 0...64 where Self.presence(1 - leave.step(at: Double(k) * step)) < 0.4 {
            return Double(k) * step
        }
        return leave.settleDuration
    }

    /// Starts the gap closing at the first of 64 even steps across the leave settle time
    /// (from `leaveStart`) at which the panel's visible presence — presence of its actual
    /// openness, times the swipe fade — is below 0.4. Solved off the actual scheduled
    /// curves, so a dismissal mid-arrival or a throw still never closes the room under a
    /// panel that can still be seen.
    private mutating func scheduleGapClose(leaveStart: Double, decidedAt t: Double) {
        let step = settings.leave.spring.settleDuration / 64
        var start = leaveStart + settings.leave.spring.settleDuration
        for k in 0...64 {
            let s = leaveStart + Double(k) * step
            let visible = Self.presence(openness.value(at: s)) * Self.swipeFade(offset.value(at: s))
            if visible < 0.4 { start = s; break }
        }
        gapCloseStart = start
        gap.animate(to: 0, curve: settings.close.curve, at: t, delay: start - t)
    }

    // MARK: Pointer input

    /// Feeds one input event (page coordinates, scene time), to the alert as it stands at
    /// the event's time (`update(to:)` first): a tap just after a dismissal has settled
    /// finds the alert hidden whether or not a frame was drawn in between.
    public mutating func handle(_ event: InputEvent) -> [SceneEvent] {
        let due = update(to: event.time)
        return due + respond(to: event)
    }

    private mutating func respond(to event: InputEvent) -> [SceneEvent] {
        switch event {
        case .pointerDown(let p, let t, _):
            // A second press while dragging means the release was lost: cancel, never strand.
            let events = swipe.isDragging ? cancelDrag(at: t) : []
            guard phase == .shown else { return events }
            let panel = panelFrame(at: t)
            guard panel.contains(p) else { return events }
            closePressed = closeHitArea(at: t).contains(p)
            // The finger holds the panel where it is: a grab mid-return must not jump.
            let here = offset.value(at: t)
            if here != 0 || !offset.isSettled(at: t) { offset.set(here, at: t) }
            swipe.press(at: p, time: t, currentOffset: here)
            return events
        case .pointerMoved(let p, let t):
            var events: [SceneEvent] = []
            if swipe.move(to: p, time: t) {
                closePressed = false
                events.append(SceneEvent(.dragBegan, time: t, [("x", .number(p.x)), ("y", .number(p.y))]))
            }
            if let x = swipe.offset(for: p) {
                offset.set(x, at: t)
                events += updateArming(offset: x, at: t)
            }
            if case .rejected = swipe.phase { closePressed = false }
            return events
        case .pointerUp(let p, let t):
            if let v = swipe.release(time: t) {
                return release(at: t, velocity: v.x, vertical: v.y)
            }
            defer { closePressed = false }
            if closePressed && closeHitArea(at: t).contains(p) { return closeTapped(at: t) }
            // A press that held a returning panel and let go without dragging: home again.
            if phase == .shown, offset.value(at: t) != 0 {
                settledReported = false
                if settings.reduceMotion { offset.set(0, at: t) } else {
                    offset.animate(to: 0, curve: settings.returnSpring.curve, at: t)
                }
            }
            return []
        case .key(.escape, let t, _), .focusLost(let t), .captureLost(let t):
            closePressed = false
            return cancelDrag(at: t)
        case .key(.enter, let t, _):
            return phase == .shown ? [] : present(at: t)
        default:
            return []
        }
    }

    private mutating func updateArming(offset x: Double, at t: Double) -> [SceneEvent] {
        let line = settings.commitFraction * Self.panelWidth
        if !armed && abs(x) >= line {
            armed = true
            // The ring is drawn around the panel as it moves (`overlay`).
            let cue = Cue(.impact, "arm", at: t, around: panelFrame(at: t), radius: settings.cornerRadius)
            armCue = cue
            return [SceneEvent(.armed, time: t, [("offset", .number(x))]), cue.event]
        }
        if armed && abs(x) < 0.85 * line {
            armed = false
            return [SceneEvent(.disarmed, time: t, [("offset", .number(x))])]
        }
        return []
    }

    /// Escape, focus loss or capture loss mid-drag: back to 0 on the return spring; the
    /// gap never moves. A cancel is not a release, so no commit rule is consulted.
    public mutating func cancelDrag(at t: Double) -> [SceneEvent] {
        guard swipe.cancel() else { return [] }
        armed = false
        if settings.reduceMotion { offset.set(0, at: t) } else {
            offset.animate(to: 0, curve: settings.returnSpring.curve, at: t, velocity: 0)
        }
        settledReported = false
        return [SceneEvent(.dragCancelled, time: t, [("offset", .number(offset.value(at: t)))])]
    }

    /// The commit decision for a release at `translation` with velocity `v` (pt/s).
    public func decide(translation: Double, velocity v: Double) -> CommitReason? {
        let w = Self.panelWidth
        if abs(translation) >= settings.commitFraction * w { return .distance }
        if abs(Projection.control(position: translation, velocity: v)) >= settings.projectionFraction * w { return .projection }
        if abs(v) >= settings.dismissVelocity { return .velocity }
        return nil
    }

    private mutating func release(at t: Double, velocity v: Double, vertical vy: Double = 0) -> [SceneEvent] {
        let translation = offset.value(at: t)
        let reason = decide(translation: translation, velocity: v)
        armed = false
        settledReported = false
        var fields: [(String, TraceValue)] = [
            ("translation", .number(translation)), ("velocity", .numbers([v, vy])),
            ("projected", .number(Projection.control(position: translation, velocity: v))),
            ("decision", .string(reason == nil ? "return" : "commit")),
            ("reason", reason.map { .string($0.rawValue) } ?? .null),
        ]
        guard reason != nil else {
            if settings.reduceMotion { offset.set(0, at: t) } else {
                offset.animate(to: 0, curve: settings.returnSpring.curve, at: t,
                               velocity: handoff(velocity: v, from: translation, to: 0))
            }
            return [SceneEvent(.dragEnded, time: t, fields), SceneEvent(.returned, time: t)]
        }
        let side: Double = translation != 0 ? (translation > 0 ? 1 : -1) : (v >= 0 ? 1 : -1)
        let target = side * 1.25 * Self.panelWidth
        fields.append(("target", .number(target)))
        phase = .leaving(.throw)
        if settings.reduceMotion {
            offset.set(0, at: t); openness.set(0, at: t); gap.set(0, at: t)
            leaveStart = t; gapCloseStart = t
        } else {
            offset.animate(to: target, curve: settings.throwSpring.curve, at: t,
                           velocity: handoff(velocity: v, from: translation, to: target))
            // The height waits for the close delay: a panel that shrinks while it flies
            // reads as two exits.
            let start = t + closeDelay
            openness.animate(to: 0, curve: settings.leave.curve, at: t, delay: closeDelay)
            leaveStart = start
            scheduleGapClose(leaveStart: start, decidedAt: t)
        }
        return [SceneEvent(.dragEnded, time: t, fields), SceneEvent(.dismissed, time: t, [("how", .string("throw"))])]
    }

    /// The release velocity handed to a spring, normalized against the remaining travel
    /// (docs/behaviour.md §1.3) and back: signed, never |travel|, and nothing when < 1 pt is left.
    private func handoff(velocity v: Double, from: Double, to: Double) -> Double {
        SpringVelocity.normalized(SpringVelocity.normalize(velocity: v, from: from, to: to)).absolute(from: from, to: to)
    }

    // MARK: Time

    /// Advances bookkeeping to `t`: finishes a dismissal once everything is at rest and
    /// reports `settled` once per motion burst — both at the instant the last spring
    /// settled, not at the frame that noticed (a dismissal finished "at the next step"
    /// hid the alert at a time that depended on the frame rate).
    public mutating func update(to t: Double) -> [SceneEvent] {
        _ = gap.completions(through: t)
        _ = openness.completions(through: t)
        _ = offset.completions(through: t)
        guard !settledReported, !swipe.isDragging else { return [] }
        let at = max(gap.settlesAt, openness.settlesAt, offset.settlesAt)
        guard at <= t else { return [] }
        settledReported = true
        if case .leaving = phase {
            phase = .hidden
            offset.set(0, at: at)
        }
        return [SceneEvent(.settled, time: at, [("state", .string(phase == .hidden ? "hidden" : "shown"))])]
    }

    /// True while anything is moving (the app may sleep otherwise).
    public func isAnimating(at t: Double) -> Bool {
        swipe.isDragging || !(gap.isSettled(at: t) && openness.isSettled(at: t) && offset.isSettled(at: t))
    }

    // MARK: Geometry

    /// The panel's frame at `t`, page points (height N × a, at the slot's top).
    public func panelFrame(at t: Double) -> Rect {
        Rect(x: Self.pagePadding + offset.value(at: t), y: Self.pagePadding, width: Self.panelWidth,
             height: layout.naturalHeight * max(openness.value(at: t), 0))
    }

    /// The × control's frame at `t` (page points), where the row is drawn.
    public func closeFrame(at t: Double) -> Rect {
        let panel = panelFrame(at: t)
        let rowTop = panel.midY - layout.naturalHeight / 2
        return layout.close.offsetBy(dx: panel.x, dy: rowTop)
    }

    /// The ×'s hit area: its 20 pt frame grown to 32 pt, so it is easy to hit.
    public func closeHitArea(at t: Double) -> Rect { closeFrame(at: t).insetBy(dx: -6, dy: -6) }

    /// The action pill's frame at `t` (page points).
    public func pillFrame(at t: Double) -> Rect {
        let panel = panelFrame(at: t)
        return layout.pill.offsetBy(dx: panel.x, dy: panel.midY - layout.naturalHeight / 2)
    }
}
