import Canvas
import Motion

/// Where everything in the pile rests and stands (docs/behaviour.md §5.3, §5.3.1): the collapsed pile's
/// peeks, the list under its header row, the header's two bubbles at the row's leading and
/// trailing edges, and the frames the draw code reads at any time — a card grown from (or
/// melting to) a point, a bubble sunk under the pointer.
extension LiquidPile {
    /// A glass scale that draws as a point: an arrival grows from it, a melt shrinks to it.
    /// Not 0 — a shape with no size has no edge, and the renderer divides by its size.
    public static let pointScale = 0.001

    /// The top of the list's first card: the page padding, the header row and its gap.
    public static var listTop: Double { padding + headerHeight + headerGap }

    // MARK: Cards

    /// Card `i`'s place among the cards that stay: melting cards are already out of the
    /// layout, so the rest close up around one while it melts, not after.
    func place(of i: Int) -> Int { cards[..<i].reduce(0) { $0 + ($1.melting ? 0 : 1) } }

    /// The front card that stays (the first not melting), if any.
    var frontIndex: Int? { cards.firstIndex { !$0.melting } }

    /// Where card `i` rests: (top y, width scale, opacity), collapsed or in the list,
    /// counted among the cards that stay.
    public func restingFrame(of i: Int) -> (y: Double, scale: Double, opacity: Double) {
        if expanded {
            var y = Self.listTop
            for k in 0..<i where !cards[k].melting { y += cards[k].height + Self.listGap }
            return (y, 1, 1)
        }
        let n = place(of: i)
        return (Self.padding + Self.peekStep * Double(min(n, 2)), restingScale(n), n <= 2 ? 1 : 0)
    }

    /// The width scale card `i` rests at when collapsed (1, then 10 pt narrower per side per step).
    func restingScale(_ i: Int) -> Double { max((Self.cardWidth - 20 * Double(min(i, 2))) / Self.cardWidth, 0.5) }

    /// Moves every card to where it rests now, on the reveal motion (calm: spreading, and
    /// the rest closing up after a card leaves — docs/behaviour.md §5.3.1, not the elastic settle, which
    /// overshoots about 6 pt on a 78 pt close). A card just inserted is first posed for its
    /// arrival (`poseArrivals`).
    mutating func relayout(at t: Double) {
        poseArrivals(at: t)
        layOut(at: t, animated: true, role: .reveal)
    }

    /// Sends (or sets) every card that stays to its resting frame and opacity. Cards on
    /// their way out keep their own motion: a melting card stands where it is, and a thrown
    /// card — still in the list for 0.16 s — keeps flying and fading (re-aiming it here
    /// would bring its opacity back to 1 mid-flight).
    mutating func layOut(at t: Double, animated: Bool, role: MotionRole = .reveal) {
        let curve = curve(for: role)
        for i in cards.indices where !cards[i].melting && cards[i].leavesAt == nil {
            let r = restingFrame(of: i)
            if animated {
                cards[i].frame.animate(to: CardPose(top: r.y, scale: r.scale), curve: curve, at: t)
                cards[i].opacity.animate(to: r.opacity, curve: curve, at: t)
            } else {
                cards[i].frame.set(CardPose(top: r.y, scale: r.scale), at: t)
                cards[i].opacity.set(r.opacity, at: t)
            }
        }
        guard let front = frontIndex.map({ cards[$0].height }) else { return }
        if animated { frontHeight.animate(to: front, curve: curve, at: t) } else { frontHeight.set(front, at: t) }
    }

    /// Frame (page points) of card `i`'s glass at `t`. Collapsed, the pile is the front
    /// card's height and the peeks are cut to it; a card spreading or gathering goes
    /// between that and its own height with its width. An arriving or melting card is
    /// scaled about its centre by its growth.
    public func cardFrame(_ i: Int, at t: Double) -> Rect {
        let f = cards[i].frame.value(at: t)
        let w = Self.cardWidth * f.scale
        let own = cards[i].height, front = frontHeight.value(at: t)
        let n = place(of: i)
        let h: Double
        if let melt = cards[i].meltHeight {
            h = melt
        } else if n == 0 {
            h = expanded ? own : front
        } else {
            let collapsedness = 1 - min(max((f.scale - restingScale(n)) / max(1 - restingScale(n), 1e-9), 0), 1)
            h = front * collapsedness + own * (1 - collapsedness)
        }
        let rect = Rect(x: Self.padding + (Self.cardWidth - w) / 2 + cards[i].offset.value(at: t), y: f.top, width: w, height: h)
        return Self.grown(rect, cards[i].growth.value(at: t))
    }

    /// `rect` scaled by `growth` about its centre (at least `pointScale`).
    static func grown(_ rect: Rect, _ growth: Double) -> Rect {
        guard growth != 1 else { return rect }
        let g = growth.isFinite ? max(growth, pointScale) : 1
        return Rect(x: rect.midX - rect.width * g / 2, y: rect.midY - rect.height * g / 2, width: rect.width * g, height: rect.height * g)
    }

    /// A flying card's frame at `t`: it keeps the top it had when it left the list.
    public func flyingFrame(_ card: Card, at t: Double) -> Rect {
        let rect = Rect(x: Self.padding + card.offset.value(at: t), y: card.frame.value(at: t).top, width: Self.cardWidth, height: card.height)
        return Self.grown(rect, card.growth.value(at: t))
    }

    // MARK: Header

    /// The header bubbles' resting places in the list (docs/behaviour.md §5.3.1): "Show less" at the
    /// leading edge, the × at the trailing edge — as far apart as the row allows, never
    /// closer than the apart gap (26), so they read as two actions, not one control —
    /// both centred in the 44 pt row.
    func bubbleSlot(_ id: BubbleID) -> Rect {
        let y = Self.padding + (Self.headerHeight - Self.bubbleHeight) / 2
        switch id {
        case .showLess:
            let w = (measurer.width(of: "Show less", style: Self.bubbleStyle) + 28).rounded()
            return Rect(x: Self.padding, y: y, width: w, height: Self.bubbleHeight)
        case .clear:
            return Rect(x: Self.padding + Self.cardWidth - Self.bubbleHeight, y: y, width: Self.bubbleHeight, height: Self.bubbleHeight)
        }
    }

    /// A bubble's home: inside the top card, centred under its slot.
    func bubbleHome(_ id: BubbleID, at t: Double) -> Point2 {
        let slot = bubbleSlot(id)
        let top = cards.isEmpty ? Rect(x: Self.padding, y: Self.padding, width: Self.cardWidth, height: 60) : cardFrame(0, at: t)
        return Point2(slot.midX, top.minY + Self.bubbleHeight * LiquidGroup.homeScale / 2 + 6)
    }

    /// Frame (page points) of header bubble `b` at `t`: where it stands, sunk under a press.
    public func bubbleFrame(_ b: Bubble, at t: Double) -> Rect {
        let rect = bubbleHitFrame(b, at: t)
        let press = b.press.value(at: t)
        guard press != 0, press.isFinite else { return rect }
        // Press: sink about 2.5 pt per edge — scale clamp(1 − 5/√(w·h), 0.92, 0.985), 0.92
        // for a 30 pt bubble — leaning toward the pointer (the anchor sits 0.6 of the way
        // from the centre to it).
        let s = 1 - press * (1 - Self.pressScale(rect.size))
        let a = b.pressAnchor
        return Rect(x: a.x + (rect.minX - a.x) * s, y: a.y + (rect.minY - a.y) * s, width: rect.width * s, height: rect.height * s)
    }

    /// The frame a pointer hits on bubble `b`: where it stands at its current scale and
    /// width, not sunk — a release near the edge of a sunk bubble is still on it.
    func bubbleHitFrame(_ b: Bubble, at t: Double) -> Rect {
        let c = b.center.value(at: t), s = b.scale.value(at: t)
        let base = bubbleSlot(b.id).width
        let w = b.width.value(at: t) * s, h = Self.bubbleHeight * s
        // Stretching keeps the right edge: the × grows leftward into "Clear all", toward
        // Show less at the far end of the row.
        let cx = c.x + base * s / 2 - w / 2
        return Rect(x: cx - w / 2, y: c.y - h / 2, width: w, height: h)
    }

    /// The pressed scale of a glass shape of `size`.
    public static func pressScale(_ size: Size) -> Double {
        min(max(1 - 5 / (size.width * size.height).squareRoot(), 0.92), 0.985)
    }

    /// Resting frames of every card and header bubble by id (page points): for the trace's
    /// `layout`, so a test can click what the pile will show once settled.
    public func restingFrames() -> [(ControlID, Rect)] {
        var out: [(ControlID, Rect)] = []
        for i in cards.indices where !cards[i].melting {
            let r = restingFrame(of: i)
            guard r.opacity > 0 else { continue }
            let w = Self.cardWidth * r.scale
            let h = expanded || i == frontIndex ? cards[i].height : cards[frontIndex ?? i].height
            out.append(("card.\(cards[i].notice.id)", Rect(x: Self.padding + (Self.cardWidth - w) / 2, y: r.y, width: w, height: h)))
        }
        if expanded {
            for id in BubbleID.allCases { out.append(("bubble.\(id.rawValue)", bubbleSlot(id))) }
        }
        return out
    }
}
