import Canvas
import Foundation
import Motion

/// The pile of notices (SPEC §5.3), newest first: collapsed, the front card with up to
/// two peeks behind it, all one liquid shape; spread, a list under a header whose two
/// glass bubbles bud out of the top card. Cards swipe away sideways, sink under a press,
/// arrive from above, melt in when the app removes them, and Clear all empties the pile,
/// which refills itself (`LiquidPile+Input`, `+Clear`).
///
/// Reduce Motion (SPEC §10, `LiquidPile+ReduceMotion`): swipes slide 24 pt and close in
/// place, bubbles fade in place, arrivals appear without a drop, Clear all is at once.
public struct LiquidPile: Sendable {
    public static let pageWidth = 420.0
    public static let padding = 16.0
    public static let cardWidth = pageWidth - 2 * padding
    public static let cardRadius = 22.0
    public static let cardPadding = 14.0
    public static let tileSize = 38.0
    public static let listGap = 12.0
    public static let headerHeight = 44.0
    public static let bubbleHeight = 30.0
    /// The pile merges at 8 pt — below the 12 pt list gap, so cards at rest in the list are
    /// separate and neck only while spreading or gathering.
    public static let merge = 8.0
    public static let peekStep = 10.0
    public static let titleStyle = TextStyle(.semibold, size: 15)
    public static let messageStyle = TextStyle(.regular, size: 13)
    public static let timeStyle = TextStyle(.regular, size: 12)
    public static let bubbleStyle = TextStyle(.semibold, size: 13)

    /// Where a card stands: the top of its glass (page y) and its width scale (1 in the
    /// list, peeks narrower), one animated value so the two arrive together.
    public struct CardPose: Animatable, Hashable, Sendable {
        public var top: Double
        public var scale: Double
        public init(top: Double, scale: Double) { self.top = top; self.scale = scale }
        public static let zero = CardPose(top: 0, scale: 0)
        public static func + (l: CardPose, r: CardPose) -> CardPose { CardPose(top: l.top + r.top, scale: l.scale + r.scale) }
        public static func - (l: CardPose, r: CardPose) -> CardPose { CardPose(top: l.top - r.top, scale: l.scale - r.scale) }
        public static func * (l: CardPose, r: Double) -> CardPose { CardPose(top: l.top * r, scale: l.scale * r) }
        public var isFinite: Bool { top.isFinite && scale.isFinite }
    }

    public struct Card: Sendable {
        public var notice: Notice
        /// Its top and width scale, moving together.
        public var frame: AnimatedValue<CardPose>
        public var offset: AnimatedValue<Double>
        public var opacity: AnimatedValue<Double>
        public var height: Double
        public var messageLines: [String]
        /// Scene time at which a thrown card leaves the list.
        public var leavesAt: Double?
        /// Scene time at which Clear all sends this card off.
        public var clearsAt: Double?
        /// 0 at rest, 1 pressed: the card sinks toward `pressAnchor` (SPEC §5.3 press).
        public var press = AnimatedValue(0.0)
        public var pressAnchor = Point2.zero
        /// Removed by the app: it melts into the pile, and leaves once melted in.
        public var melting = false
        /// When it arrived, for the soft cue (a glow that fades over 0.45 s).
        public var arrivedAt: Double?
        /// Reduce Motion: its glass comes or goes by fading where it stands (an arrival
        /// without the drop, a swipe or app removal without the fly-off or melt), drawn
        /// as its own glass while partly faded.
        public var fadesInPlace = false
    }

    public struct Bubble: Sendable {
        public var id: BubbleID
        /// x, y: centre; home is inside the top card at scale 0.72.
        public var center: AnimatedValue<Point2>
        public var scale: AnimatedValue<Double>
        /// Width at scale 1 (the × stretches into "Clear all").
        public var width: AnimatedValue<Double>
        public var label: String
        /// Going home: removed once melted in (its motion complete).
        public var homing = false
        /// Always 1 but under Reduce Motion, where a bubble fades in and out at its slot.
        public var opacity = AnimatedValue(1.0)
    }

    public internal(set) var cards: [Card] = []
    /// Thrown cards that have left the list but are still flying off.
    public internal(set) var flying: [Card] = []
    public internal(set) var bubbles: [Bubble] = []
    public internal(set) var expanded = false
    public var reduceMotion = false
    public var settings = LiquidPileSettings()
    /// Debug view (F): iso-lines of the merged field.
    public var showField = false
    let measurer: any TextMeasuring
    var swipe = SwipeGesture()
    /// The card under the finger, by notice id: cards are inserted, thrown and melted
    /// while a finger is down, so a list position would go stale.
    var swipedID: Int?
    /// The press spring the first 100 ms of a drag ease along (see `pointerMoved`).
    var ease = AnimatedValue(0.0)
    var swipedIndex: Int? { swipedID.flatMap { id in cards.firstIndex { $0.notice.id == id } } }
    var dragStart = 0.0
    /// The finger's own translation in the current drag: under Reduce Motion the card
    /// shows at most 24 pt of it, and this decides the commit.
    var dragTranslation = 0.0
    var pressedBubble: BubbleID?
    /// Clear all: when the × became "Clear all" (nil when folded), and when clearing began.
    public internal(set) var clearArmedAt: Double?
    public internal(set) var clearingSince: Double?
    /// When the pile last became empty (it refills a second later).
    var emptiedAt: Double?
    var nextID = 100

    public init(notices: [Notice] = Notice.samples, measurer: some TextMeasuring) {
        self.measurer = measurer
        for n in notices { cards.append(makeCard(n)) }
        layOut(at: 0, animated: false)
    }

    /// Moves every card to where it rests now, on the reveal motion.
    mutating func relayout(at t: Double) { layOut(at: t, animated: true, role: .reveal) }

    /// A card for `n` at the front of the collapsed pile, its message wrapped to two lines.
    func makeCard(_ n: Notice) -> Card {
        let textWidth = Self.cardWidth - 2 * Self.cardPadding - Self.tileSize - 12
        var lines = n.message.map { TextLayout.wrap($0, width: textWidth, style: Self.messageStyle, measurer: measurer) } ?? []
        if lines.count > 2 {
            // Two lines at most: the second ends in an ellipsis that fits.
            var second = lines[1]
            while !second.isEmpty && measurer.width(of: second + "…", style: Self.messageStyle) > textWidth { second.removeLast() }
            lines = [lines[0], second.trimmingCharacters(in: .whitespaces) + "…"]
        }
        let titleHeight = measurer.lineHeight(of: Self.titleStyle)
        let messageHeight = lines.isEmpty ? 0 : 4 + Double(lines.count) * measurer.lineHeight(of: Self.messageStyle)
        let height = 2 * Self.cardPadding + max(Self.tileSize, titleHeight + messageHeight)
        return Card(notice: n, frame: AnimatedValue(CardPose(top: Self.padding, scale: 1)), offset: AnimatedValue(0.0),
                    opacity: AnimatedValue(1.0), height: height, messageLines: lines)
    }

    // MARK: Layout

    /// Where card `i` rests: (top y, width scale, opacity), collapsed or in the list.
    public func restingFrame(of i: Int) -> (y: Double, scale: Double, opacity: Double) {
        let top = Self.padding
        if expanded {
            var y = top + Self.headerHeight
            for k in 0..<i { y += cards[k].height + Self.listGap }
            return (y, 1, 1)
        }
        let depth = min(i, 2)
        let scale = max((Self.cardWidth - 20 * Double(depth)) / Self.cardWidth, 0.5)
        return (top + Self.peekStep * Double(depth), scale, i <= 2 ? 1 : 0)
    }

    /// The curve for a designer-tuned spring, or the role's Reduce Motion substitute.
    func curve(_ setting: SpringSetting, _ role: MotionRole) -> MotionCurve {
        reduceMotion ? role.curve(reduceMotion: true) : setting.curve
    }

    func curve(for role: MotionRole) -> MotionCurve {
        switch role {
        case .reveal: return curve(settings.reveal, .reveal)
        case .dismiss: return curve(settings.dismiss, .dismiss)
        case .settle, .release: return curve(settings.settle, .settle)
        case .press: return curve(settings.press, .press)
        case .morph: return curve(settings.morph, .morph)
        default: return role.curve(reduceMotion: reduceMotion)
        }
    }

    private mutating func layOut(at t: Double, animated: Bool, role: MotionRole = .reveal) {
        let curve = curve(for: role)
        for i in cards.indices where !cards[i].melting {
            let r = restingFrame(of: i)
            if animated {
                cards[i].frame.animate(to: CardPose(top: r.y, scale: r.scale), curve: curve, at: t)
                cards[i].opacity.animate(to: r.opacity, curve: curve, at: t)
            } else {
                cards[i].frame.set(CardPose(top: r.y, scale: r.scale), at: t)
                cards[i].opacity.set(r.opacity, at: t)
            }
        }
    }

    /// Frame (page points) of card `i` at `t`. Peeks are cut to the front card's height.
    public func cardFrame(_ i: Int, at t: Double) -> Rect {
        let f = cards[i].frame.value(at: t)
        let w = Self.cardWidth * f.scale
        let frontHeight = cards.first?.height ?? cards[i].height
        let collapsedness = 1 - min(max((f.scale - restingScale(i)) / max(1 - restingScale(i), 1e-9), 0), 1)
        let h = expanded || i == 0 ? cards[i].height : frontHeight * collapsedness + cards[i].height * (1 - collapsedness)
        let rect = Rect(x: Self.padding + (Self.cardWidth - w) / 2 + cards[i].offset.value(at: t), y: f.top, width: w, height: h)
        let press = cards[i].press.value(at: t)
        guard press != 0 else { return rect }
        // Press: sink about 2.5 pt per edge — scale clamp(1 − 5/√(w·h), 0.92, 0.985) —
        // leaning toward the pointer (the anchor sits 0.6 of the way from centre to it).
        let s = 1 - press * (1 - Self.pressScale(rect.size))
        let a = cards[i].pressAnchor
        return Rect(x: a.x + (rect.minX - a.x) * s, y: a.y + (rect.minY - a.y) * s, width: rect.width * s, height: rect.height * s)
    }

    /// The pressed scale of a glass shape of `size`.
    public static func pressScale(_ size: Size) -> Double {
        min(max(1 - 5 / (size.width * size.height).squareRoot(), 0.92), 0.985)
    }

    /// The width scale card `i` rests at when collapsed (1, then 10 pt narrower per side per step).
    func restingScale(_ i: Int) -> Double { max((Self.cardWidth - 20 * Double(min(i, 2))) / Self.cardWidth, 0.5) }

    /// Frames of the header bubbles' resting places in the list.
    func bubbleSlot(_ id: BubbleID) -> Rect {
        let y = Self.padding + (Self.headerHeight - Self.bubbleHeight) / 2 - 4
        let close = Rect(x: Self.padding + Self.cardWidth - Self.bubbleHeight, y: y, width: Self.bubbleHeight, height: Self.bubbleHeight)
        if id == .clear { return close }
        let w = (measurer.width(of: "Show less", style: Self.bubbleStyle) + 28).rounded()
        return Rect(x: close.minX - 8 - w, y: y, width: w, height: Self.bubbleHeight)
    }

    /// A bubble's home: inside the top card, centred under its slot.
    func bubbleHome(_ id: BubbleID, at t: Double) -> Point2 {
        let slot = bubbleSlot(id)
        let top = cards.isEmpty ? Rect(x: Self.padding, y: Self.padding, width: Self.cardWidth, height: 60) : cardFrame(0, at: t)
        return Point2(slot.midX, top.minY + Self.bubbleHeight * LiquidGroup.homeScale / 2 + 6)
    }

    // MARK: Spread and gather

    /// Click on the pile: it spreads into a list on the reveal motion; the header's
    /// bubbles bud out of the top card 0.06 s later, 0.05 s apart, on (0.62, bounce 0.22).
    public mutating func spread(at t: Double) -> [SceneEvent] {
        guard !expanded, !cards.isEmpty else { return [] }
        expanded = true
        layOut(at: t, animated: true, role: .reveal)
        bubbles.removeAll { !$0.homing }
        var events = [SceneEvent(.expanded, time: t)]
        let out = curve(settings.split, .reveal)
        for (k, id) in BubbleID.allCases.enumerated() {
            let delay = 0.06 + 0.05 * Double(k)
            var b: Bubble
            if reduceMotion {
                b = bubbleFadingIn(id, at: t, delay: delay)
            } else {
                let home = bubbleHome(id, at: t)
                b = Bubble(id: id, center: AnimatedValue(home), scale: AnimatedValue(LiquidGroup.homeScale),
                           width: AnimatedValue(bubbleSlot(id).width), label: Self.bubbleLabel(id))
                b.center.animate(to: bubbleSlot(id).center, curve: out, at: t, delay: delay)
                b.scale.animate(to: 1, curve: out, at: t, delay: delay)
            }
            bubbles.removeAll { $0.id == id }
            bubbles.append(b)
            events.append(SceneEvent(.budOut, time: t + delay, [("id", .string(id.rawValue))]))
        }
        return events
    }

    /// Show less or Escape: gather on the dismiss motion; the bubbles go home last first,
    /// 0.04 s apart, on (0.5, bounce 0), and are removed once melted in.
    public mutating func gather(at t: Double) -> [SceneEvent] {
        guard expanded, clearingSince == nil else { return [] }
        var pre = disarmClear(at: t, reason: "gather")
        expanded = false
        layOut(at: t, animated: true, role: .dismiss)
        var events = [SceneEvent(.collapsed, time: t)]
        let home = curve(settings.home, .dismiss)
        for (k, i) in bubbles.indices.reversed().enumerated() {
            let delay = 0.04 * Double(k)
            bubbles[i].homing = true
            if reduceMotion {
                fadeBubbleOut(i, at: t, delay: delay)
            } else {
                bubbles[i].center.animate(to: bubbleHome(bubbles[i].id, at: t + 0.5), curve: home, at: t, delay: delay)
                bubbles[i].scale.animate(to: LiquidGroup.homeScale, curve: home, at: t, delay: delay)
            }
            events.append(SceneEvent(.budHome, time: t + delay, [("id", .string(bubbles[i].id.rawValue))]))
        }
        pre += events
        return pre
    }

    // MARK: Time

    /// Brings the pile up to `t`: a thrown card whose time to leave has come leaves the
    /// list (the rest close up while it still flies), flown-off and faded cards are
    /// dropped, Clear all, app removals and refill advance (`advanceClear`), and bubbles
    /// that have melted (or faded) home are removed.
    public mutating func update(to t: Double) -> [SceneEvent] {
        var events: [SceneEvent] = []
        if let i = cards.firstIndex(where: { ($0.leavesAt ?? .infinity) <= t }) {
            var gone = cards.remove(at: i)
            gone.frame.set(CardPose(top: restingTop(ofRemoved: i, height: gone.height), scale: gone.frame.value(at: t).scale), at: t)
            flying.append(gone)
            events.append(SceneEvent(.cardRemoved, time: t, [("id", .number(Double(gone.notice.id)))]))
            layOut(at: t, animated: true, role: .settle)
            if cards.isEmpty { expanded = false; bubbles.removeAll() }
        }
        flying.removeAll { $0.offset.isSettled(at: t) && (!$0.fadesInPlace || $0.opacity.isSettled(at: t)) }
        events += advanceClear(to: t)
        bubbles.removeAll {
            $0.homing && $0.center.isSettled(at: t) && $0.scale.isSettled(at: t) && $0.opacity.isSettled(at: t)
        }
        settleFades(at: t)
        return events
    }

    /// Resting frames of every card and header bubble by id (page points): for the trace's
    /// `layout`, so a test can click what the pile will show once settled.
    public func restingFrames() -> [(String, Rect)] {
        var out: [(String, Rect)] = []
        for i in cards.indices {
            let r = restingFrame(of: i)
            guard r.opacity > 0 else { continue }
            let w = Self.cardWidth * r.scale
            let h = expanded || i == 0 ? cards[i].height : cards[0].height
            out.append(("card.\(cards[i].notice.id)", Rect(x: Self.padding + (Self.cardWidth - w) / 2, y: r.y, width: w, height: h)))
        }
        if expanded {
            for id in BubbleID.allCases { out.append(("bubble.\(id.rawValue)", bubbleSlot(id))) }
        }
        return out
    }

    /// Where a card that just left the list keeps flying: the slot it had.
    private func restingTop(ofRemoved i: Int, height: Double) -> Double {
        var y = Self.padding + (expanded ? Self.headerHeight : 0)
        if expanded { for k in 0..<i { y += cards[k].height + Self.listGap } }
        return y
    }

    /// A flying card's frame at `t`.
    public func flyingFrame(_ card: Card, at t: Double) -> Rect {
        Rect(x: Self.padding + card.offset.value(at: t), y: card.frame.value(at: t).top, width: Self.cardWidth, height: card.height)
    }

    /// True while anything moves or fades (opacity moves with the frame but under Reduce
    /// Motion, where it may fade alone).
    public func isAnimating(at t: Double) -> Bool {
        !flying.isEmpty || swipedIndex != nil
            || cards.contains { !$0.frame.isSettled(at: t) || !$0.offset.isSettled(at: t) || !$0.opacity.isSettled(at: t) }
            || bubbles.contains { !$0.center.isSettled(at: t) || !$0.scale.isSettled(at: t) || !$0.opacity.isSettled(at: t) }
    }

    /// The label a header bubble is born with.
    static func bubbleLabel(_ id: BubbleID) -> String { id == .clear ? "×" : "Show less" }

    /// Frame (page points) of header bubble `b` at `t`, at its current scale and width.
    public func bubbleFrame(_ b: Bubble, at t: Double) -> Rect {
        let c = b.center.value(at: t), s = b.scale.value(at: t)
        let base = bubbleSlot(b.id).width
        let w = b.width.value(at: t) * s, h = Self.bubbleHeight * s
        // Stretching keeps the right edge: the × grows leftward into "Clear all", and
        // Show less steps aside by as much.
        var cx = c.x + base * s / 2 - w / 2
        if b.id == .showLess, let clear = bubbles.first(where: { $0.id == .clear }) {
            cx -= (clear.width.value(at: t) - bubbleSlot(.clear).width) * clear.scale.value(at: t)
        }
        return Rect(x: cx - w / 2, y: c.y - h / 2, width: w, height: h)
    }
}

/// The header bubbles that bud out of the top card (SPEC §5.3), in their order: "Show less"
/// and the × that stretches into Clear all. Their raw values are the layout's ids
/// (`bubble.showLess`, `bubble.clear`).
public enum BubbleID: String, Sendable, CaseIterable {
    case showLess, clear
}
