import Canvas
import Motion
import Testing
@testable import Scenes

/// Reduce Motion in the pile: a dragged card follows the finger, a committed one slides 24
/// pt on and melts in place, bubbles and arrivals grow and shrink where they stand (scale,
/// no travel), Clear all happens at once. Numbers are the
/// documented: the page's 16 pt padding, 388 pt cards, the 44 pt header, the 12 pt list gap.
@Suite struct LiquidPileReduceMotionTests {
    let m = FixedMeasurer()
    static let frame = 1.0 / 60

    func reduced(_ notices: [Notice] = Notice.samples, spread: Bool = true) -> LiquidPile {
        var pile = LiquidPile(notices: notices, measurer: m)
        pile.reduceMotion = true
        if spread {
            _ = pile.spread(at: 0)
            _ = pile.update(to: 2)
        }
        return pile
    }

    /// Drags card `index` by `dx` in `steps` moves 16 ms apart, then lets go.
    func drag(_ pile: inout LiquidPile, index: Int, at t: Double, dx: Double, steps: Int = 6,
              watch: (LiquidPile, Double) -> Void = { _, _ in }) -> (events: [SceneEvent], up: Double) {
        let y = pile.cardFrame(index, at: t).midY
        var events = pile.handle(.pointerDown(Point2(200, y), time: t, shift: false))
        for k in 1...steps {
            let tk = t + 0.016 * Double(k)
            events += pile.handle(.pointerMoved(Point2(200 + dx * Double(k) / Double(steps), y), time: tk))
            watch(pile, tk)
        }
        let up = t + 0.016 * Double(steps) + 0.004
        events += pile.handle(.pointerUp(Point2(200 + dx, y), time: up))
        return (events, up)
    }

    /// Under Reduce Motion the hand's own motion is not reduced: the dragged card follows
    /// the finger past 24 pt, as it does with motion on. Let go past the line, it slides 24
    /// pt further on its side from where it was released — never more, never back — and
    /// melts where it stands (shrinks about its centre and fades) while the card below
    /// closes up from the same instant, without bounce.
    @Test(arguments: [(-144.0, 6), (-200.0, 30), (170.0, 12)])
    func aCommittedSwipeFollowsTheFingerThenSlides24PointsOnAndMelts(dx: Double, steps: Int) {
        var pile = reduced()
        let id = pile.cards[1].notice.id
        let rest = pile.cardFrame(1, at: 2)
        var farthest = 0.0
        let (events, up) = drag(&pile, index: 1, at: 2, dx: dx, steps: steps) { p, t in
            if let i = p.cards.firstIndex(where: { $0.notice.id == id }) { farthest = max(farthest, abs(p.cards[i].offset.value(at: t))) }
        }
        // It follows the finger well past the 24 pt it used to stop at.
        #expect(farthest > 48, "followed to \(farthest) of \(abs(dx))")
        #expect(events.contains { $0.name == "dragEnded" && $0["decision"] == .string("commit") })
        #expect(events.contains { $0.name == "cardDismissed" && $0["how"] == .string("swipe") })
        #expect(events.contains { $0.name == "cue" && $0["reason"] == .string("commit") })
        let i0 = pile.cards.firstIndex { $0.notice.id == id } ?? 1
        let released = pile.cards[i0].offset.value(at: up)
        let side: Double = dx > 0 ? 1 : -1
        #expect(abs(pile.cards[i0].offset.target - (released + 24 * side)) < 1e-9, "24 pt on from the release")
        let below = pile.cards[2].notice.id
        var lastBelow = pile.cardFrame(2, at: up).minY
        var lastGrowth = 1.0
        var t = up
        while t < up + 2 {
            t += Self.frame
            _ = pile.update(to: t)
            if let i = pile.cards.firstIndex(where: { $0.notice.id == id }) {
                let pose = pile.cards[i].frame.value(at: t), x = pile.cards[i].offset.value(at: t)
                // In place: it does not rise or fall; it slides its own way, at most 24 pt.
                #expect(abs(pose.top - rest.minY) < 1e-9)
                #expect((x - released) * side >= -1e-9 && (x - released) * side <= 24 + 1e-9)
                // Melting: its glass shrinks and fades.
                let g = pile.cards[i].growth.value(at: t)
                #expect(g <= lastGrowth + 1e-12)
                lastGrowth = g
            }
            // The card below closes the gap without bounce: up only, never past its rest.
            if let j = pile.cards.firstIndex(where: { $0.notice.id == below }) {
                let y = pile.cardFrame(j, at: t).minY
                #expect(y <= lastBelow + 1e-9 && y >= pile.restingFrame(of: j).y - 1e-9)
                if t < up + 0.1 && t > up + 0.01 { #expect(y < pile.cardFrame(j, at: up).minY - 1e-6, "closing up while it melts") }
                lastBelow = y
            }
        }
        #expect(lastGrowth < 0.5, "it shrank as it melted")
        #expect(!pile.cards.contains { $0.notice.id == id } && pile.flying.isEmpty, "removed, not flying")
        #expect(abs(lastBelow - (16 + 44 + 5 + pile.cards[0].height + 12)) < 1e-6)
        #expect(!pile.isAnimating(at: t))
    }

    @Test func theCollapsedTopCardFollowsTheFingerAndMeltsInPlaceToo() {
        var pile = reduced(spread: false)
        let id = pile.cards[0].notice.id
        var farthest = 0.0
        let (events, up) = drag(&pile, index: 0, at: 1, dx: 190, steps: 20) { p, t in
            farthest = max(farthest, abs(p.cards[0].offset.value(at: t)))
        }
        #expect(events.contains { $0.name == "cardDismissed" })
        #expect(farthest > 170, "followed the finger to \(farthest)")
        let released = pile.cards[0].offset.value(at: up)
        var worst = released
        for k in 1...120 {
            let t = up + Self.frame * Double(k)
            _ = pile.update(to: t)
            if let f = pile.cards.first, f.notice.id == id { worst = max(worst, f.offset.value(at: t)) }
        }
        #expect(worst <= released + 24 + 1e-9)
        #expect(pile.cards.first?.notice.id != id && pile.flying.isEmpty && !pile.expanded)
        #expect(abs(pile.cardFrame(0, at: up + 2).minY - 16) < 1e-9)
    }

    @Test func aShortDragFollowsTheFingerAndSettlesHomeWithoutPassingIt() {
        var pile = reduced()
        let (events, up) = drag(&pile, index: 1, at: 2, dx: 60, steps: 30)
        #expect(events.contains { $0["decision"] == .string("return") })
        #expect(pile.cards[1].offset.value(at: up) > 24, "past the old 24 pt stop")
        for k in 0...90 {
            let t = up + Self.frame * Double(k)
            let x = pile.cards[1].offset.value(at: t)
            #expect(x >= -1e-9 && x <= 60 + 1e-9)
        }
        #expect(abs(pile.cards[1].offset.value(at: up + 1.5)) < 1e-3)
    }

    /// The header's bubbles grow from a point at their slots and shrink there: scale, no
    /// travel, never a fade.
    @Test func bubblesGrowAndShrinkAtTheirSlots() {
        var pile = LiquidPile(measurer: m)
        pile.reduceMotion = true
        let events = pile.spread(at: 0)
        #expect(events.filter { $0.name == "budOut" }.count == 2)
        let slots = Dictionary(uniqueKeysWithValues: pile.restingFrames().filter { $0.0.rawValue.hasPrefix("bubble.") })
        #expect(slots.count == 2)
        var scale: [BubbleID: Double] = [:]
        func check(at t: Double, rising: Bool) {
            for b in pile.bubbles {
                let f = pile.bubbleFrame(b, at: t), slot = slots["bubble.\(b.id)"] ?? .zero
                #expect(abs(f.midX - slot.midX) < 1e-9 && abs(f.midY - slot.midY) < 1e-9, "\(b.id) at \(t) stays at its slot")
                #expect(b.opacity.value(at: t) == 1, "no fade")
                let s = b.scale.value(at: t), last = scale[b.id] ?? (rising ? 0 : 1)
                #expect(rising ? s >= last - 1e-12 : s <= last + 1e-12)
                scale[b.id] = s
            }
        }
        #expect(pile.bubbles.allSatisfy { $0.scale.value(at: 0) < 0.01 })
        for k in 0...120 { check(at: Double(k) * Self.frame, rising: true) }
        #expect(pile.bubbles.allSatisfy { $0.scale.value(at: 2) == 1 })
        _ = pile.update(to: 2)
        _ = pile.gather(at: 2)
        var k = 0
        while !pile.bubbles.isEmpty && k < 120 {
            let t = 2 + Double(k) * Self.frame
            check(at: t, rising: false)
            _ = pile.update(to: t)
            k += 1
        }
        #expect(pile.bubbles.isEmpty, "shrunk and removed")
    }

    /// An arrival does not drop: it grows from a point about its resting centre.
    @Test(arguments: [false, true])
    func anArrivalGrowsInPlaceWithoutADrop(spread: Bool) {
        var pile = reduced(spread: spread)
        let t0 = 3.0
        let e = pile.addSampleNotice(at: t0)
        #expect(e.first?.name == "arrived")
        let top = 16 + (spread ? 44.0 + 5 : 0)
        let h = pile.cards[0].height
        #expect(pile.cardFrame(0, at: t0).width < 1, "a point at first")
        var last = 0.0
        for k in 1...60 {
            let t = t0 + Double(k) * Self.frame
            _ = pile.update(to: t)
            let f = pile.cardFrame(0, at: t)
            #expect(abs(f.midY - (top + h / 2)) < 1e-9 && abs(f.midX - 210) < 1e-9, "at +\(k) frames")
            #expect(f.width >= last - 1e-9 && f.width <= 388 + 1e-9)
            last = f.width
        }
        #expect(last == 388 && pile.cards[0].opacity.value(at: t0 + 1) == 1)
    }

    @Test func clearAllRemovesEveryCardAtOnce() {
        var pile = reduced()
        let ids = pile.cards.map(\.notice.id)
        _ = pile.clickBubble(.clear, at: 2)
        _ = pile.update(to: 2.5)
        let e = pile.clickBubble(.clear, at: 2.5)
        _ = pile.update(to: 2.52 + Self.frame)
        #expect(pile.cards.isEmpty, "gone by the next frame")
        let dismissed = e.filter { $0.name == "cardDismissed" }
        #expect(Set(dismissed.compactMap { $0["id"]?.number }.map { Int($0) }) == Set(ids))
        #expect(Set(dismissed.map(\.time)).count == 1, "in one step")
        // Fading where they stood, not moving; the header with them.
        for card in pile.flying {
            #expect(card.offset.isSettled(at: 2.52) && card.frame.isSettled(at: 2.52))
        }
        for k in 0...30 { _ = pile.update(to: 2.52 + Double(k) * Self.frame) }
        #expect(pile.flying.isEmpty && pile.bubbles.isEmpty && !pile.expanded)
        // And it still refills itself a second after it emptied.
        for k in 0...100 { _ = pile.update(to: 3.1 + Double(k) * 0.02) }
        #expect(pile.cards.count == Notice.samples.count)
    }

    /// A card the app removes melts where it stands (the melt has no travel, so Reduce
    /// Motion keeps it), and the rest close up meanwhile.
    @Test func anAppRemovalMeltsInPlace() {
        var pile = reduced()
        let rest = pile.cardFrame(3, at: 2)
        let id = pile.cards[3].notice.id
        _ = pile.meltAway(id: id, at: 2)
        var last = rest.width
        for k in 1...10 {
            let t = 2 + Double(k) * Self.frame
            _ = pile.update(to: t)
            guard let i = pile.cards.firstIndex(where: { $0.notice.id == id }) else { continue }
            let f = pile.cardFrame(i, at: t)
            #expect(abs(f.midX - rest.midX) < 1e-9 && abs(f.midY - rest.midY) < 1e-9 && f.width <= last + 1e-9)
            last = f.width
        }
        #expect(last < rest.width)
        _ = pile.update(to: 3)
        #expect(pile.cards.count == Notice.samples.count - 1)
    }

    @Test func normalMotionIsUntouchedByTheSetting() {
        // The same gestures, reduceMotion off, still throw and drop (docs/behaviour.md §5.3).
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        _ = pile.update(to: 2)
        _ = drag(&pile, index: 1, at: 2, dx: -144)
        #expect(abs(pile.cards[1].offset.target) == 1.5 * 388 + 60)
        _ = pile.addSampleNotice(at: 3)
        #expect(abs(pile.cards[0].frame.value(at: 3).top - (16 + 44 + 5 - 12)) < 1e-9)
    }
}

/// Random interleavings of spread, gather, swipes, Clear all, arrivals and app removals,
/// with Reduce Motion switched on or off part way (and during a drag): every frame is
/// finite, and the pile always comes to rest where its layout says.
@Suite struct LiquidPileReduceMotionInterleavingTests {
    let m = FixedMeasurer()

    func finite(_ r: Rect) -> Bool { r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite }

    /// Every frame and opacity the pile would draw at `t` is a number.
    func allFinite(_ pile: LiquidPile, at t: Double) -> Bool {
        pile.cards.indices.allSatisfy { finite(pile.cardFrame($0, at: t)) && pile.cards[$0].opacity.value(at: t).isFinite }
            && pile.bubbles.allSatisfy { finite(pile.bubbleFrame($0, at: t)) && $0.opacity.value(at: t).isFinite }
            && pile.flying.allSatisfy { finite(pile.flyingFrame($0, at: t)) && finite(pile.fadingFrame($0, at: t)) }
    }

    func click(_ pile: inout LiquidPile, _ p: Point2, at t: Double) {
        _ = pile.handle(.pointerDown(p, time: t, shift: false))
        _ = pile.handle(.pointerUp(p, time: t + 0.02))
    }

    @Test(arguments: 0..<40)
    func randomSequencesSettleWithoutNaN(seed: Int) {
        var rng = SplitMix(state: UInt64(seed) &* 7919 &+ 17)
        var pile = LiquidPile(measurer: m)
        pile.reduceMotion = Bool.random(using: &rng)
        let toggleAt = Int.random(in: 5..<25, using: &rng)
        var t = 0.5
        var ok = true
        for step in 0..<30 {
            if step == toggleAt { pile.reduceMotion.toggle() }
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: _ = pile.spread(at: t)
            case 1: _ = pile.gather(at: t)
            case 2, 3:
                // A swipe on a random card the pile lets go of (collapsed: the top one).
                guard !pile.cards.isEmpty else { break }
                let i = pile.expanded ? Int.random(in: 0..<pile.cards.count, using: &rng) : 0
                let y = pile.cardFrame(i, at: t).midY
                let dx = Double.random(in: -260...260, using: &rng)
                let steps = Int.random(in: 2...12, using: &rng)
                _ = pile.handle(.pointerDown(Point2(200, y), time: t, shift: false))
                for k in 1...steps {
                    if k == steps / 2 && Int.random(in: 0..<4, using: &rng) == 0 { pile.reduceMotion.toggle() }
                    _ = pile.handle(.pointerMoved(Point2(200 + dx * Double(k) / Double(steps), y), time: t + 0.016 * Double(k)))
                    ok = ok && allFinite(pile, at: t + 0.016 * Double(k))
                }
                t += 0.016 * Double(steps) + 0.004
                _ = pile.handle(.pointerUp(Point2(200 + dx, y), time: t))
            case 4:
                // Clear: once arms, twice clears.
                for _ in 0..<Int.random(in: 1...2, using: &rng) {
                    if let b = pile.bubbles.first(where: { $0.id == .clear && !$0.homing }) {
                        click(&pile, pile.bubbleFrame(b, at: t).center, at: t)
                    }
                    t += 0.05
                }
            case 5: _ = pile.addSampleNotice(at: t)
            default:
                if let card = pile.cards.randomElement(using: &rng) { _ = pile.meltAway(id: card.notice.id, at: t) }
            }
            let next = t + Double.random(in: 0.01...0.4, using: &rng)
            while t < next {
                t += 1.0 / 60
                _ = pile.update(to: t)
                ok = ok && allFinite(pile, at: t)
            }
        }
        // Let everything land (a refill included).
        for _ in 0..<(6 * 60) {
            t += 1.0 / 60
            _ = pile.update(to: t)
            ok = ok && allFinite(pile, at: t)
        }
        #expect(ok, "a frame was not finite (seed \(seed))")
        #expect(!pile.isAnimating(at: t), "still moving (seed \(seed))")
        #expect(pile.flying.isEmpty && pile.clearingSince == nil)
        #expect(pile.bubbles.count == (pile.expanded ? 2 : 0))
        for i in pile.cards.indices {
            let r = pile.restingFrame(of: i), f = pile.cardFrame(i, at: t)
            #expect(abs(f.minY - r.y) < 1e-6 && abs(pile.cards[i].offset.value(at: t)) < 1e-6, "card \(i) (seed \(seed))")
            #expect(abs(pile.cards[i].opacity.value(at: t) - r.opacity) < 1e-6)
        }
        #expect(pile.draw(at: t, theme: .light, pageHeight: 640).commands.count > 0)
    }
}
