import Canvas
import Motion
import Testing
@testable import Scenes

/// SPEC §10, Reduce Motion in the pile: swipes slide 24 pt and close in place, bubbles fade
/// in place, arrivals appear without a drop, Clear all happens at once. Numbers are the
/// spec's: the page's 16 pt padding, 388 pt cards, the 44 pt header, the 12 pt list gap.
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

    @Test(arguments: [(-144.0, 6), (-200.0, 30), (170.0, 12)])
    func aCommittedSwipeMovesAtMost24PointsAndClosesInPlace(dx: Double, steps: Int) {
        var pile = reduced()
        let id = pile.cards[1].notice.id
        let rest = pile.cardFrame(1, at: 2)
        var worst = 0.0
        let (events, up) = drag(&pile, index: 1, at: 2, dx: dx, steps: steps) { p, t in
            if let i = p.cards.firstIndex(where: { $0.notice.id == id }) { worst = max(worst, abs(p.cards[i].offset.value(at: t))) }
        }
        #expect(events.contains { $0.name == "dragEnded" && $0["decision"] == .string("commit") })
        #expect(events.contains { $0.name == "cardDismissed" && $0["how"] == .string("swipe") })
        let below = pile.cards[2].notice.id
        var lastBelow = pile.cardFrame(2, at: up).minY
        var t = up
        while t < up + 2 {
            t += Self.frame
            _ = pile.update(to: t)
            if let i = pile.cards.firstIndex(where: { $0.notice.id == id }) {
                let pose = pile.cards[i].frame.value(at: t)
                worst = max(worst, abs(pile.cards[i].offset.value(at: t)))
                // In place: it does not rise, fall or shrink, and it slides its own way.
                #expect(abs(pose.top - rest.minY) < 1e-9 && pose.scale == 1)
                #expect(pile.cards[i].offset.value(at: t) * dx >= 0)
            }
            // The card below closes the gap without bounce: up only, never past its rest.
            if let j = pile.cards.firstIndex(where: { $0.notice.id == below }) {
                let y = pile.cardFrame(j, at: t).minY
                #expect(y <= lastBelow + 1e-9 && y >= pile.restingFrame(of: j).y - 1e-9)
                lastBelow = y
            }
        }
        #expect(worst <= 24 + 1e-9, "moved \(worst) pt")
        #expect(!pile.cards.contains { $0.notice.id == id } && pile.flying.isEmpty, "removed, not flying")
        #expect(abs(lastBelow - (16 + 44 + 5 + pile.cards[0].height + 12)) < 1e-6)
        #expect(!pile.isAnimating(at: t))
    }

    @Test func theCollapsedTopCardClosesInPlaceToo() {
        var pile = reduced(spread: false)
        let id = pile.cards[0].notice.id
        var worst = 0.0
        let (events, up) = drag(&pile, index: 0, at: 1, dx: 190, steps: 20) { p, t in
            worst = max(worst, abs(p.cards[0].offset.value(at: t)))
        }
        #expect(events.contains { $0.name == "cardDismissed" })
        for k in 1...120 {
            let t = up + Self.frame * Double(k)
            _ = pile.update(to: t)
            if let f = pile.cards.first, f.notice.id == id { worst = max(worst, abs(f.offset.value(at: t))) }
        }
        #expect(worst <= 24 + 1e-9)
        #expect(pile.cards.first?.notice.id != id && pile.flying.isEmpty && !pile.expanded)
        #expect(abs(pile.cardFrame(0, at: up + 2).minY - 16) < 1e-9)
    }

    @Test func aShortDragStillSettlesHomeWithoutPassingIt() {
        var pile = reduced()
        let (events, up) = drag(&pile, index: 1, at: 2, dx: 60, steps: 30)
        #expect(events.contains { $0["decision"] == .string("return") })
        for k in 0...90 {
            let t = up + Self.frame * Double(k)
            let x = pile.cards[1].offset.value(at: t)
            #expect(x >= -1e-9 && x <= 24 + 1e-9)
        }
        #expect(abs(pile.cards[1].offset.value(at: up + 1.5)) < 1e-3)
    }

    @Test func bubblesFadeInAndOutAtTheirSlots() {
        var pile = LiquidPile(measurer: m)
        pile.reduceMotion = true
        let events = pile.spread(at: 0)
        #expect(events.filter { $0.name == "budOut" }.count == 2)
        let slots = Dictionary(uniqueKeysWithValues: pile.restingFrames().filter { $0.0.rawValue.hasPrefix("bubble.") })
        #expect(slots.count == 2)
        var opacity: [BubbleID: Double] = [:]
        func check(at t: Double, rising: Bool) {
            for b in pile.bubbles {
                let f = pile.bubbleFrame(b, at: t), slot = slots["bubble.\(b.id)"] ?? .zero
                #expect(abs(f.minX - slot.minX) < 1e-9 && abs(f.minY - slot.minY) < 1e-9
                        && abs(f.width - slot.width) < 1e-9 && abs(f.height - slot.height) < 1e-9, "\(b.id) at \(t)")
                let o = b.opacity.value(at: t), last = opacity[b.id] ?? (rising ? 0 : 1)
                #expect(rising ? o >= last - 1e-12 : o <= last + 1e-12)
                opacity[b.id] = o
            }
        }
        #expect(pile.bubbles.allSatisfy { $0.opacity.value(at: 0) == 0 })
        for k in 0...120 { check(at: Double(k) * Self.frame, rising: true) }
        #expect(pile.bubbles.allSatisfy { $0.opacity.value(at: 2) == 1 })
        _ = pile.update(to: 2)
        _ = pile.gather(at: 2)
        var k = 0
        while !pile.bubbles.isEmpty && k < 120 {
            let t = 2 + Double(k) * Self.frame
            check(at: t, rising: false)
            _ = pile.update(to: t)
            k += 1
        }
        #expect(pile.bubbles.isEmpty, "faded out and removed")
    }

    @Test(arguments: [false, true])
    func anArrivalIsInPlaceFromItsFirstFrame(spread: Bool) {
        var pile = reduced(spread: spread)
        let t0 = 3.0
        let e = pile.addSampleNotice(at: t0)
        #expect(e.first?.name == "arrived")
        let top = 16 + (spread ? 44.0 + 5 : 0)
        #expect(pile.cards[0].opacity.value(at: t0) == 0, "it fades in")
        for k in 1...60 {
            let t = t0 + Double(k) * Self.frame
            _ = pile.update(to: t)
            let f = pile.cardFrame(0, at: t)
            #expect(abs(f.minY - top) < 1e-9 && abs(f.width - 388) < 1e-9 && abs(f.minX - 16) < 1e-9, "at +\(k) frames")
        }
        #expect(pile.cards[0].opacity.value(at: t0 + 1) == 1)
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

    @Test func anAppRemovalFadesInPlace() {
        var pile = reduced()
        let rest = pile.cardFrame(3, at: 2)
        _ = pile.meltAway(id: pile.cards[3].notice.id, at: 2)
        for k in 1...10 {
            let t = 2 + Double(k) * Self.frame
            _ = pile.update(to: t)
            if pile.cards.count == Notice.samples.count { #expect(pile.cardFrame(3, at: t) == rest) }
        }
        _ = pile.update(to: 3)
        #expect(pile.cards.count == Notice.samples.count - 1)
    }

    @Test func normalMotionIsUntouchedByTheSetting() {
        // The same gestures, reduceMotion off, still throw and drop (SPEC §5.3).
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
