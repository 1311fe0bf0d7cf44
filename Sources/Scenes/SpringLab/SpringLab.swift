import Canvas
import Motion

/// The Spring Lab (docs/behaviour.md §12.1): a bench for one spring, or two side by side. A card rides
/// a horizontal track between two stops; the designer drags it, throws it, or clicks a
/// stop, and the card springs there on spring A — with A/B on, a second card on a second
/// track does the same on spring B, from the very same input, so the two springs are
/// compared on identical initial conditions rather than on two hands' throws.
///
/// A throw carries the release velocity the tracker measured from the pointer events'
/// true times (docs/behaviour.md §2), in pt/s: the card's velocity is continuous at release, which is
/// the whole point of a thrown control. Handing a spring a velocity of zero instead is
/// what makes a throw "catch" for a frame and then start again from rest.
///
/// Page coordinates: the page is `pageWidth` wide, top-left at (0, 0); a card's position
/// is its centre's x. Times are scene seconds.
public struct SpringLab: Sendable, Codable {
    public static let pageWidth = 640.0
    public static let pageHeight = 600.0
    static let margin = 24.0
    public static let cardSize = Size(96, 56)
    static let cardRadius = 14.0
    /// A new ghost is taken only when the last change is older than this, s: a slider
    /// dragged for two seconds is one change, whose ghost is the spring before the drag —
    /// not the spring one frame before the mouse stopped, which would draw on the curve.
    public static let ghostCoalescing = 0.3

    /// The two cards (and their springs): A always, B with A/B on.
    public enum Card: String, CaseIterable, Sendable, Codable { case a, b }
    /// The track's two stops.
    public enum Stop: String, CaseIterable, Sendable, Codable {
        case left, right
        public var other: Stop { self == .left ? .right : .left }
    }

    /// One motion a card was sent on: its start, where from, the velocity it started
    /// with (pt/s), the stop it goes to and the spring that moves it.
    public struct LabMotion: Sendable, Equatable, Codable {
        public var id: MotionID
        public var start: Double
        public var from: Double
        public var velocity: Double
        public var stop: Stop
        public var spring: Spring
        /// When it is visually settled, s after its start (docs/behaviour.md §1.4).
        public var settle: Double
        public var target: Double { SpringLab.stopX(stop) }
        public var end: Double { start + settle }
    }

    /// What the last throw handed over, for the HUD and the curves' caption.
    public struct Release: Sendable, Equatable, Codable {
        /// Release velocity, pt/s (absolute, docs/behaviour.md §1.3).
        public var velocity: Double
        /// v / (target − current): what SwiftUI's `initialVelocity` or UIKit's
        /// `initialSpringVelocity` would take for the same throw.
        public var normalized: Double
        public var from: Double
        public var projected: Double
        public var stop: Stop
    }

    private var stored: SpringLabSettings
    /// The settings before the last run of spring changes: its curves are drawn faintly.
    public internal(set) var ghost: SpringLabSettings?
    /// Scene time of the last spring change (for coalescing a slider drag into one ghost).
    private var lastChange: Double?
    /// The latest scene time `update(to:)` saw: settings changes carry no time of their own.
    public private(set) var now = 0.0
    var reducedMotion = false
    let measurer: Measurer

    /// Each card's centre x.
    private var positions: [Card: AnimatedValue<Double>]
    /// Motions launched and not yet reported settled, per card.
    private var unreported: [Card: [LabMotion]] = [:]
    /// The newest motion of each card.
    public private(set) var latest: [Card: LabMotion] = [:]
    /// The initial conditions of the last input (card A's, or the grabbed card's): what
    /// the curves plot for every spring. Nil before the first input.
    public private(set) var reference: LabMotion?
    public private(set) var lastRelease: Release?
    /// A recording fitted to spring B (docs/behaviour.md §16), shown on the curves until the next input.
    public internal(set) var fitted: LabFit?

    private var swipe = SwipeGesture()
    /// The card pressed (the gesture's), and every card's position when the drag began.
    private var grabbed: Card?
    private var held: [Card: Double] = [:]
    /// The stop the drag started nearer to: what armed means, and where a cancel goes.
    public private(set) var origin = Stop.left
    /// A press on a lane away from its card: a click there sends the cards.
    private var lanePress: Point2?

    public init(settings: SpringLabSettings = SpringLabSettings(), measurer: some TextMeasuring) {
        stored = settings
        self.measurer = Measurer(measurer)
        let left = Self.stopX(.left)
        positions = [.a: AnimatedValue(left), .b: AnimatedValue(left)]
    }

    // MARK: Settings and the ghost

    /// The springs and A/B. A change of a spring keeps the settings before it as the
    /// ghost — once per run of changes (see `ghostCoalescing`). Turning A/B on puts card B
    /// where card A is, at rest, so the next input starts both from the same place.
    public var settings: SpringLabSettings {
        get { stored }
        set {
            let old = stored
            guard newValue != old else { return }
            if newValue.a != old.a || newValue.b != old.b {
                if lastChange.map({ now - $0 > Self.ghostCoalescing }) ?? true { ghost = old }
                lastChange = now
            }
            stored = newValue
            if newValue.ab != old.ab { abChanged(on: newValue.ab) }
        }
    }

    /// Sets the settings as a fresh scene has them: no ghost.
    mutating func reset(to settings: SpringLabSettings) {
        stored = settings
        ghost = nil
        lastChange = nil
    }

    private mutating func abChanged(on: Bool) {
        let x = on ? value(.a, at: now) : value(.b, at: now)
        // Off: B stops where it is, and its motion is replaced — never reported settled.
        positions[.b, default: AnimatedValue(x)].set(x, at: now)
        unreported[.b] = []
        latest[.b] = nil
    }

    // MARK: Geometry

    /// Track beyond each stop, pt: a bouncy spring's overshoot (B's 4.6 % is 20 pt of the
    /// 440 pt travel; a throw adds more) stays on its lane instead of leaving the page.
    static let overshootRoom = 28.0

    /// The centre x of `stop`: half a card and the overshoot room in from the lane's ends
    /// (100 and 540).
    public static func stopX(_ stop: Stop) -> Double {
        let inset = margin + overshootRoom + cardSize.width / 2
        return stop == .left ? inset : pageWidth - inset
    }

    /// The midpoint between the stops: a release whose projection is past it goes to the
    /// other stop (the commit line).
    public static var midX: Double { (stopX(.left) + stopX(.right)) / 2 }

    /// The stop nearer to `x` (the right one from the midpoint on).
    public static func nearerStop(to x: Double) -> Stop { x < midX ? .left : .right }

    /// Card `card`'s lane: the track its card rides on.
    public static func laneFrame(_ card: Card) -> Rect {
        Rect(x: margin, y: card == .a ? 36 : 150, width: pageWidth - 2 * margin, height: 80)
    }

    /// The card's frame centred at `x` on its lane.
    public static func cardFrame(_ card: Card, x: Double) -> Rect {
        let lane = laneFrame(card)
        return Rect(x: x - cardSize.width / 2, y: lane.midY - cardSize.height / 2, width: cardSize.width, height: cardSize.height)
    }

    /// The dock at `stop` on `card`'s lane: where the card rests there.
    public static func dockFrame(_ card: Card, _ stop: Stop) -> Rect { cardFrame(card, x: stopX(stop)) }

    /// The cards the input moves: A, and B with A/B on.
    public var activeCards: [Card] { stored.ab ? [.a, .b] : [.a] }

    public func value(_ card: Card, at t: Double) -> Double { positions[card]?.value(at: t) ?? Self.stopX(.left) }
    public func velocity(_ card: Card, at t: Double) -> Double { positions[card]?.velocity(at: t) ?? 0 }
    public func cardFrame(_ card: Card, at t: Double) -> Rect { Self.cardFrame(card, x: value(card, at: t)) }
    /// The stop the card is going to (or resting at).
    public func targetStop(_ card: Card) -> Stop { Self.nearerStop(to: positions[card]?.target ?? Self.stopX(.left)) }
    public func isSettled(_ card: Card, at t: Double) -> Bool { positions[card]?.isSettled(at: t) ?? true }

    /// The spring that moves `card` now: its setting, or Reduce Motion's (0.25 s, no
    /// bounce) settle (docs/behaviour.md §1.6).
    public func motionSpring(_ card: Card) -> Spring {
        reducedMotion ? MotionRole.reducedSettle : tunedSpring(card)
    }

    /// The spring as tuned (what the curves show, Reduce Motion or not).
    public func tunedSpring(_ card: Card) -> Spring { (card == .a ? stored.a : stored.b).spring }

    public var isDragging: Bool { swipe.isDragging }
    /// The card under the hand while a drag is on.
    public var grabbedCard: Card? { swipe.isDragging ? grabbed : nil }
    /// What the tracker would hand over if the pointer were let go at `t`, pt/s (zero once
    /// it has been still for 40 ms, docs/behaviour.md §2).
    public func releaseVelocity(at t: Double) -> Double { swipe.tracker.velocity(releasedAt: t).x }

    /// Whether the card under the hand is over the other half of the track.
    public func isArmed(at t: Double) -> Bool {
        guard swipe.isDragging, let card = grabbed else { return false }
        return Self.nearerStop(to: value(card, at: t)) != origin
    }

    // MARK: Motions

    /// Sends every active card to `stop` at `t`. With `velocity` (a release, pt/s) each
    /// starts with it; without, each keeps its own current velocity (docs/behaviour.md §1.5: a card
    /// sent mid-flight continues at its speed instead of restarting from rest).
    mutating func launch(to stop: Stop, at t: Double, velocity: Double?, referenceCard: Card) {
        for card in activeCards {
            let from = value(card, at: t)
            let target = Self.stopX(stop)
            let current = self.velocity(card, at: t)
            let v0 = velocity.map { handoff($0, from: from, to: target, reduced: reducedMotion) } ?? current
            let spring = motionSpring(card)
            let id = positions[card, default: AnimatedValue(from)].animate(to: target, curve: .spring(spring), at: t, velocity: v0)
            let motion = LabMotion(id: id, start: t, from: from, velocity: v0, stop: stop, spring: spring,
                                   settle: spring.settleDuration)
            // Keep only what may still report: motions that ended before this one replaced them.
            unreported[card] = (unreported[card] ?? []).filter { $0.end <= t } + [motion]
            latest[card] = motion
            // The curves show the tuned springs: under Reduce Motion, with the velocity the
            // tuned spring would have been handed, not the capped one.
            if card == referenceCard {
                fitted = nil
                var tuned = motion
                tuned.velocity = velocity.map { handoff($0, from: from, to: target, reduced: false) } ?? current
                reference = tuned
            }
        }
    }

    /// The velocity a card starts its motion with after a release at `v` pt/s.
    ///
    /// Full motion: v itself, through the normalized convention and back (docs/behaviour.md §1.3) —
    /// signed against the travel, never |travel|, and nothing when less than 1 pt is left.
    /// Reduce Motion: capped at 2π / 0.25 s of the travel a second (§1.6, ×1), at which
    /// the critically damped settle never passes its stop.
    func handoff(_ v: Double, from: Double, to target: Double, reduced: Bool) -> Double {
        if reduced {
            let u = ReleaseVelocity.relative(velocity: v, distance: target - from, duration: MotionRole.reducedSettle.duration,
                                             reduceMotion: true)
            return u * (target - from)
        }
        return SpringVelocity.normalized(SpringVelocity.normalize(velocity: v, from: from, to: target))
            .absolute(from: from, to: target)
    }

    /// A stop (or the lane beside it) was clicked: the cards go there, keeping their speed.
    /// Nothing happens when they already rest there.
    public mutating func send(to stop: Stop, at t: Double) -> [SceneEvent] {
        let x = Self.stopX(stop)
        if activeCards.allSatisfy({ isSettled($0, at: t) && abs(value($0, at: t) - x) < 0.5 }) { return [] }
        let from = value(.a, at: t), v = velocity(.a, at: t)
        launch(to: stop, at: t, velocity: nil, referenceCard: .a)
        lastRelease = nil
        return [SceneEvent(.sent, time: t, [("to", .string(stop.rawValue)), ("target", .number(x)), ("from", .number(from)),
                                            ("velocity", .number(v)), ("cards", .number(Double(activeCards.count)))])]
    }

    /// Lets go of the card at `t` with the pointer's velocity `v` (pt/s): every active
    /// card springs to the stop nearer to where the grabbed card would coast (cards
    /// coast with r = 0.99, docs/behaviour.md §1.7), each carrying `v`.
    mutating func release(_ card: Card, at t: Double, velocity v: Double) -> [SceneEvent] {
        let x = value(card, at: t)
        let projected = Projection.decelerating(position: x, velocity: v, rate: Projection.cardRate)
        let stop = Self.nearerStop(to: projected)
        let target = Self.stopX(stop)
        let u = SpringVelocity.normalize(velocity: v, from: x, to: target)
        launch(to: stop, at: t, velocity: v, referenceCard: card)
        lastRelease = Release(velocity: v, normalized: u, from: x, projected: projected, stop: stop)
        return [SceneEvent(.thrown, time: t, [
            ("card", .string(card.rawValue)), ("velocity", .number(v)), ("normalized", .number(u)), ("from", .number(x)),
            ("to", .string(stop.rawValue)), ("target", .number(target)), ("projected", .number(projected)),
            ("cards", .number(Double(activeCards.count))),
        ])]
    }

    /// Brings the motions up to `t`: `settled` once per motion that reached its settle
    /// time, each at that time, never for a motion replaced before it (docs/behaviour.md §1.5).
    public mutating func update(to t: Double) -> [SceneEvent] {
        now = t
        var out: [SceneEvent] = []
        for card in Card.allCases {
            guard let done = positions[card]?.completions(through: t), !done.isEmpty else { continue }
            let finished = (unreported[card] ?? []).filter { done.contains($0.id) }
            unreported[card]?.removeAll { done.contains($0.id) }
            out += finished.map { m in
                SceneEvent(.settled, time: m.end, [("card", .string(card.rawValue)), ("stop", .string(m.stop.rawValue)),
                                                   ("settle", .number(m.settle)), ("at", .number(m.end))])
            }
        }
        return out.sorted { $0.time < $1.time }
    }

    /// True while a card moves or is dragged.
    public func isAnimating(at t: Double) -> Bool {
        swipe.isDragging || activeCards.contains { !isSettled($0, at: t) }
    }

    /// When the live motion ends: the later of the active cards' settle times (the
    /// playhead stops there), nil before any.
    public var liveEnd: Double? { activeCards.compactMap { latest[$0]?.end }.max() }

    // MARK: Pointer input

    /// Feeds one input (page points, scene time), to the lab brought up to the input's
    /// time first (its settled events, and `now` for settings changed at that moment).
    public mutating func handle(_ event: InputEvent) -> [SceneEvent] {
        let due = update(to: event.time)
        return due + respond(to: event)
    }

    private mutating func respond(to event: InputEvent) -> [SceneEvent] {
        switch event {
        case .pointerDown(let p, let t, _):
            // A second press while dragging means the release was lost: cancel, never strand.
            let events = swipe.isDragging ? cancelDrag(at: t) : []
            lanePress = nil
            grabbed = activeCards.first { cardFrame($0, at: t).insetBy(dx: -4, dy: -4).contains(p) }
            if grabbed != nil {
                swipe.press(at: p, time: t, currentOffset: 0)
            } else if activeCards.contains(where: { Self.laneFrame($0).contains(p) }) {
                lanePress = p
            }
            return events
        case .pointerMoved(let p, let t):
            guard let card = grabbed else { return [] }
            var events: [SceneEvent] = []
            if swipe.move(to: p, time: t) { events += beginDrag(card, pointer: p, at: t) }
            if let dx = swipe.offset(for: p) {
                let half = Self.cardSize.width / 2
                for c in activeCards {
                    let x = min(max((held[c] ?? value(c, at: t)) + dx, half), Self.pageWidth - half)
                    positions[c]?.set(x, at: t)
                }
            }
            return events
        case .pointerUp(let p, let t):
            defer { grabbed = nil; lanePress = nil }
            if let card = grabbed {
                if let v = swipe.release(time: t) { return release(card, at: t, velocity: v.x) }
                return []
            }
            if lanePress != nil, activeCards.contains(where: { Self.laneFrame($0).contains(p) }) {
                return send(to: Self.nearerStop(to: p.x), at: t)
            }
            return []
        case .key(.escape, let t, _), .focusLost(let t), .captureLost(let t):
            lanePress = nil
            return cancelDrag(at: t)
        default:
            return []
        }
    }

    /// The drag was claimed: every active card is caught where it is and follows the
    /// pointer 1:1 from here (by the same delta, so none jumps).
    private mutating func beginDrag(_ card: Card, pointer p: Point2, at t: Double) -> [SceneEvent] {
        held = [:]
        for c in activeCards {
            let x = value(c, at: t)
            held[c] = x
            positions[c]?.set(x, at: t)
        }
        origin = Self.nearerStop(to: held[card] ?? Self.stopX(.left))
        return [SceneEvent(.dragBegan, time: t, [("card", .string(card.rawValue)), ("x", .number(p.x)), ("y", .number(p.y))])]
    }

    /// Escape, focus or capture lost mid-drag: the cards go back to the stop the drag
    /// started nearer to, from rest. A cancel is not a release: no throw is decided.
    public mutating func cancelDrag(at t: Double) -> [SceneEvent] {
        let card = grabbed ?? .a
        grabbed = nil
        guard swipe.cancel() else { return [] }
        launch(to: origin, at: t, velocity: 0, referenceCard: card)
        lastRelease = nil
        return [SceneEvent(.dragCancelled, time: t, [("card", .string(card.rawValue)), ("to", .string(origin.rawValue))])]
    }
}
