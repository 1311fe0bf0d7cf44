import Canvas
import Foundation
import Motion

/// The pile of notices (docs/behaviour.md §5.3, §5.3.1), newest first: collapsed, the front card with
/// up to two peeks behind it, all one liquid shape; spread, a list under a header whose two
/// glass bubbles bud out of the top card. Cards swipe away sideways (they do not sink; the
/// header's bubbles do), arrive from above growing from a point, melt in place when the app
/// removes them, and Clear all empties the pile, which refills itself (`LiquidPile+Input`,
/// `+Layout`, `+Arrival`, `+Clear`).
///
/// Reduce Motion (`LiquidPile+ReduceMotion`): nothing travels that need not — a dragged
/// card still follows the finger, a committed one slides 24 pt on and melts in place,
/// arrivals and the header's bubbles grow and shrink where they stand, Clear all is at once.
public struct LiquidPile: Sendable, Codable {
    public static let pageWidth = 420.0
    public static let padding = 16.0
    public static let cardWidth = pageWidth - 2 * padding
    public static let cardRadius = 22.0
    public static let cardPadding = 14.0
    public static let tileSize = 38.0
    public static let listGap = 12.0
    /// The header row (Show less at the leading edge, × at the trailing edge).
    public static let headerHeight = 44.0
    /// Between the header row and the list's first card (docs/behaviour.md §5.3.1): the list starts
    /// 44 + 5 below the header's top, so the bubbles, centred in the row, sit 12 pt above
    /// the first card — the list's own gap.
    public static let headerGap = 5.0
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

    public struct Card: Sendable, Codable {
        public var notice: Notice
        /// Its top and width scale, moving together.
        public var frame: AnimatedValue<CardPose>
        public var offset: AnimatedValue<Double>
        public var opacity: AnimatedValue<Double>
        public var height: Double
        public var messageLines: [String]
        /// The glass's own scale about its centre, 1 at rest (docs/behaviour.md §5.3.1): an arrival grows
        /// from a point (0.001 → 1) while it drops; a card the app takes back melts in place
        /// (→ 0.001). Never 0 in `cardFrame`: a shape with no size has no edge to draw.
        public var growth = AnimatedValue(1.0)
        /// Scene time at which a thrown card leaves the list.
        public var leavesAt: Double?
        /// Scene time at which Clear all sends this card off.
        public var clearsAt: Double?
        /// Removed by the app (or closing in place under Reduce Motion): it melts where it
        /// stands, and leaves the list once melted (`finishMelting`).
        public var melting = false
        /// When it arrived (scene time); nil for a card the pile started with.
        public var arrivedAt: Double?
        /// When its arrival lands (scene time): 99 % of the way down and grown, on the
        /// reveal motion; its words may come in from then (`arrivalProgress(at:)`). Equal to
        /// `arrivedAt` under Reduce Motion, where it appears in place.
        public var landsAt: Double?
        /// Its glass fades: drawn as its own glass at `opacity` while partly faded, so no
        /// neck forms to a shape that is coming or going — a thrown card as it flies off, a
        /// card melting away, and under Reduce Motion a card Clear all sends off.
        public var fadesInPlace = false
        /// A melting card's glass height when it began to melt: it keeps it while it
        /// shrinks, whatever the pile's height does as the rest close up under it.
        public var meltHeight: Double?

        /// 0 when it arrives, 1 once it has landed, linear in time between; 1 for a card
        /// that did not arrive (the pile started with it). The draw code brings the words
        /// in once this is 1.
        public func arrivalProgress(at t: Double) -> Double {
            guard let from = arrivedAt, let to = landsAt else { return 1 }
            guard to > from else { return t >= from ? 1 : 0 }
            return min(max((t - from) / (to - from), 0), 1)
        }

        /// True once its arrival has landed (always for a card the pile started with).
        public func hasLanded(at t: Double) -> Bool { landsAt.map { t >= $0 } ?? true }
    }

    public struct Bubble: Sendable, Codable {
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
        /// 0 at rest, 1 pressed: the bubble sinks toward `pressAnchor` (docs/behaviour.md §5.3.1 press —
        /// the header's bubbles sink; cards do not, they swipe).
        public var press = AnimatedValue(0.0)
        public var pressAnchor = Point2.zero
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
    let measurer: Measurer
    var swipe = SwipeGesture()
    /// The card under the finger, by notice id: cards are inserted, thrown and melted
    /// while a finger is down, so a list position would go stale.
    var swipedID: Int?
    /// The press spring the first 100 ms of a drag ease along (see `pointerMoved`).
    var ease = AnimatedValue(0.0)
    var swipedIndex: Int? { swipedID.flatMap { id in cards.firstIndex { $0.notice.id == id } } }
    var dragStart = 0.0
    var pressedBubble: BubbleID?
    /// Where a press on a peek of the collapsed pile went down: a tap there spreads the
    /// pile as a tap on the front card does (a drag from it moves nothing).
    var peekPress: Point2?
    /// The haptic stand-ins fired lately, newest last (`Cue`), for the stage's rings.
    public internal(set) var cues: [Cue] = []
    /// Clear all: when the × became "Clear all" (nil when folded), and when clearing began.
    public internal(set) var clearArmedAt: Double?
    public internal(set) var clearingSince: Double?
    /// When the pile last became empty (it refills a second later, `LiquidPile+Schedule`):
    /// the instant its last card left, never the frame that noticed.
    var emptiedAt: Double?
    var nextID = 100
    /// The collapsed pile's height: the front card's, which the peeks are cut to. Animated
    /// with the layout, because the front card changes — one that melts away, is thrown or
    /// is covered by an arrival — and a peek taking its place would otherwise jump to its
    /// own height (16 pt, a message line) in one frame as the rest close up.
    var frontHeight = AnimatedValue(0.0)

    public init(notices: [Notice] = Notice.samples, measurer: some TextMeasuring) {
        self.measurer = Measurer(measurer)
        for n in notices { cards.append(makeCard(n)) }
        layOut(at: 0, animated: false)
        // An empty pile refills a second after it was made, not after the first frame.
        noteEmptiness(at: 0)
    }

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

    // MARK: Curves

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

    // MARK: Spread and gather

    /// Click on the pile: it spreads into a list on the reveal motion; the header's
    /// bubbles bud out of the top card 0.06 s later, 0.05 s apart, on (0.62, bounce 0.22).
    ///
    /// One notice is not a pile (docs/behaviour.md §5.3.1): there is nothing to spread, and a header
    /// over one card — Show less with nothing to show less of — reads as a mistake, so a
    /// single card stays as it is and buds no header.
    public mutating func spread(at t: Double) -> [SceneEvent] {
        guard !expanded, cards.count > 1 else { return [] }
        let front = cardFrame(0, at: t)
        expanded = true
        layOut(at: t, animated: true, role: .reveal)
        bubbles.removeAll { !$0.homing }
        var events = [SceneEvent(.expanded, time: t), cue(.impact, "spread", at: t, around: front, radius: Self.cardRadius)]
        let out = curve(settings.split, .reveal)
        for (k, id) in BubbleID.allCases.enumerated() {
            let delay = 0.06 + 0.05 * Double(k)
            var b: Bubble
            if reduceMotion {
                b = bubbleGrowingIn(id, at: t, delay: delay)
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
                shrinkBubbleOut(i, at: t, delay: delay)
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

    // `update(to:)` and what the pile schedules for itself: `LiquidPile+Schedule`.

    /// True while anything moves, grows, sinks or fades.
    public func isAnimating(at t: Double) -> Bool {
        !flying.isEmpty || swipedIndex != nil || !frontHeight.isSettled(at: t)
            || cards.contains {
                !$0.frame.isSettled(at: t) || !$0.offset.isSettled(at: t) || !$0.opacity.isSettled(at: t) || !$0.growth.isSettled(at: t)
            }
            || bubbles.contains {
                !$0.center.isSettled(at: t) || !$0.scale.isSettled(at: t) || !$0.opacity.isSettled(at: t) || !$0.press.isSettled(at: t)
            }
    }

    /// Fires a haptic stand-in (`Cue`) and returns its trace event.
    mutating func cue(_ kind: Cue.Kind, _ reason: String, at t: Double, around: Rect, radius: Double) -> SceneEvent {
        let c = Cue(kind, reason, at: t, around: around, radius: radius)
        cues.removeAll { t - $0.time >= Cue.duration }
        cues.append(c)
        return c.event
    }

    /// The label a header bubble is born with.
    static func bubbleLabel(_ id: BubbleID) -> String { id == .clear ? "×" : "Show less" }
}

/// The header bubbles that bud out of the top card (docs/behaviour.md §5.3), in their order: "Show less"
/// and the × that stretches into Clear all. Their raw values are the layout's ids
/// (`bubble.showLess`, `bubble.clear`).
public enum BubbleID: String, Sendable, CaseIterable, Codable {
    case showLess, clear
}
