import Canvas
import Foundation
import Motion
import Testing
@testable import Scenes

/// docs/behaviour.md §5.3.1, the motion and gesture points: where a first reading of §5.3 went wrong.
/// Expected values come from the numbers of docs/behaviour.md — the page's 16 pt padding, 388 pt cards,
/// the 44 pt header row and its 5 pt gap, the 12 pt list gap, the springs of §1.6 written
/// out in closed form here (`Step`) — never from the pile's own arithmetic.
@Suite struct LiquidPileDesignTests {
    let m = FixedMeasurer()

    func spreadPile(_ notices: [Notice] = Notice.samples) -> LiquidPile { LiquidPile.spread(notices, measurer: m) }

    func near(_ a: Rect, _ b: Rect, _ tolerance: Double) -> Bool {
        abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance
            && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
    }

    /// The x release velocity a `dragEnded` event reports, pt/s.
    func velocityX(_ e: SceneEvent?) -> Double {
        guard case .array(let v)? = e?["velocity"] else { return .nan }
        return v.first?.number ?? .nan
    }

    /// Advances the pile in 1 ms steps from `from` to `to`, returning every event.
    func run(_ pile: inout LiquidPile, from: Double, to: Double) -> [SceneEvent] {
        var events: [SceneEvent] = []
        var k = 1
        while from + Double(k) * 0.001 <= to + 1e-12 {
            events += pile.update(to: from + Double(k) * 0.001)
            k += 1
        }
        return events
    }

    // MARK: 1. Header row

    @Test func showLessSitsAtTheLeadingEdgeAndTheCloseAtTheTrailingEdge() {
        let pile = spreadPile()
        let frames = Dictionary(uniqueKeysWithValues: pile.restingFrames())
        let showLess = frames["bubble.showLess"] ?? .zero, close = frames["bubble.clear"] ?? .zero
        // The row spans the cards' width: 16 … 16 + 388.
        #expect(showLess.minX == 16 && close.maxX == 404)
        #expect(close.minX - showLess.maxX >= 26, "at least the apart gap between them")
        // Both centred in the 44 pt row, whose top is the page padding; the list's first card
        // starts 44 + 5 below that top.
        let headerTop = showLess.midY - 22
        #expect(headerTop == 16 && close.midY == showLess.midY)
        #expect(frames["card.1"]?.minY == headerTop + 44 + 5)
        // Where the draw code finds them once budded out: the same frames.
        for b in pile.bubbles { #expect(near(pile.bubbleFrame(b, at: 3), frames["bubble.\(b.id.rawValue)"] ?? .zero, 0.5)) }
    }

    @Test func clearAllStretchesTowardShowLessAndKeepsTheApartGap() {
        var pile = spreadPile()
        _ = pile.clickBubble(.clear, at: 2)
        _ = pile.update(to: 4)  // stretched, before the 3 s fold-back
        let showLess = pile.bubbleFrame(pile.bubbles[0], at: 4), clear = pile.bubbleFrame(pile.bubbles[1], at: 4)
        #expect(abs(showLess.minX - 16) < 1e-3 && abs(clear.maxX - 404) < 1e-3)
        #expect(clear.minX - showLess.maxX >= 26)
    }

    // MARK: 2. Swipe coast rule

    /// (offset, release velocity, the side it commits to or 0 for home). Coast = x + 0.099 v.
    static let coasts: [(Double, Double, Double)] = [
        (100, 600, 1), (-100, -600, -1),      // 159.4 / −159.4: past 40 % on the offset's side
        (100, -4000, 0), (-10, 2500, 0),      // −296 / 237.5: past 40 % on the other side — a flick back
        (10, -2500, 0), (-10, -2500, -1),     // the same speed on the offset's side commits
        (160, -3000, 1),                      // past 40 % by distance: the offset decides
        (140, 240, 0),                        // coasts past, but slower than 250 pt/s
    ]

    @Test(arguments: coasts)
    func theCoastCommitsOnlyOnTheOffsetsSide(offset: Double, velocity: Double, side: Double) {
        #expect(LiquidPile.commitSide(offset: offset, velocity: velocity) == (side == 0 ? nil : side))
    }

    @Test func aFastFlickBackAcrossTheCentreReturnsInsteadOfFlyingTheOtherWay() {
        // The flick-back script, as a hand: dragged right and held, then flicked back left at
        // 3000 pt/s while the card is still right of centre.
        var pile = LiquidPile(measurer: m)
        let events = play(LiquidPile.script("flick-back"), on: &pile)
        let ends = events.filter { $0.name == "dragEnded" }
        #expect(ends.count == 2 && ends.allSatisfy { $0["decision"] == .string("return") })
        let x = ends.last?["translation"]?.number ?? 0
        let v = velocityX(ends.last)
        // It is the case the rule is for: right of centre, coasting past 40 % on the left.
        #expect(x > 0 && x + 0.099 * v <= -0.4 * 388, "offset \(x), velocity \(v)")
        #expect(!events.contains { $0.name == "cardDismissed" || $0.name == "cardRemoved" })
        _ = run(&pile, from: 3.2, to: 5)
        #expect(pile.cards.count == 5 && abs(pile.cards[1].offset.value(at: 5)) < 1e-3, "home, not thrown")
    }

    @Test func aViolentFlickFliesOffAtTheCappedSpeed() {
        var pile = spreadPile()
        let y = pile.cardFrame(1, at: 2).midY
        _ = pile.handle(.pointerDown(Point2(300, y), time: 2, shift: false))
        _ = pile.handle(.pointerMoved(Point2(290, y), time: 2.001))
        _ = pile.handle(.pointerMoved(Point2(100, y), time: 2.004))
        let up = 2.006
        let events = pile.handle(.pointerUp(Point2(100, y), time: up))
        let ended = events.first { $0.name == "dragEnded" }
        let x = ended?["translation"]?.number ?? 0
        let v = velocityX(ended)
        #expect(ended?["decision"] == .string("commit"))
        // §1.6: relative velocity v / distance capped at ±2π / 0.28 × 1.5, the distance from
        // the release to −(1.5 × 388 + 60).
        let distance = -(1.5 * 388 + 60) - x
        let capped = 2 * Double.pi / 0.28 * 1.5 * distance
        #expect(abs(v) > abs(capped), "the flick is faster than the cap (\(v) pt/s)")
        #expect(abs(pile.cards[1].offset.velocity(at: up) - capped) < 1e-6 * abs(capped))
    }

    @Test func anOrdinaryThrowFliesOffAtItsReleaseSpeed() {
        var pile = spreadPile()
        let y = pile.cardFrame(1, at: 2).midY
        _ = pile.handle(.pointerDown(Point2(300, y), time: 2, shift: false))
        for k in 1...7 { _ = pile.handle(.pointerMoved(Point2(300 - 24 * Double(k), y), time: 2 + 0.016 * Double(k))) }
        let up = 2.116
        let events = pile.handle(.pointerUp(Point2(132, y), time: up))
        let v = velocityX(events.first)
        #expect(abs(v + 1500) < 1, "24 pt / 16 ms")
        #expect(abs(pile.cards[1].offset.velocity(at: up) - v) < 1e-6)
    }

    // MARK: 3. Closing up after a card leaves, and a thrown card's fade

    @Test func afterASwipeTheRestCloseUpOnTheRevealMotionAndTheThrownCardFades() {
        var pile = spreadPile()
        let h = pile.cards.map(\.height)
        let y = pile.cardFrame(1, at: 2).midY
        _ = pile.handle(.pointerDown(Point2(300, y), time: 2, shift: false))
        for k in 1...7 { _ = pile.handle(.pointerMoved(Point2(300 - 24 * Double(k), y), time: 2 + 0.016 * Double(k))) }
        let up = 2.116
        _ = pile.handle(.pointerUp(Point2(132, y), time: up))
        let events = run(&pile, from: up, to: up + 0.2)
        let removed = events.first { $0.name == "cardRemoved" }
        #expect(abs((removed?.time ?? 0) - (up + 0.16)) < 1.5e-3, "leaves the list 0.16 s after release")
        let t0 = removed?.time ?? up
        // The card under it closes the gap on calm (0.5, bounce 0.2), from its old slot to the
        // thrown card's: 65 + h0 + 12 + h1 + 12 → 65 + h0 + 12.
        let from = 65 + h[0] + 12 + h[1] + 12, to = 65 + h[0] + 12
        var worst = 0.0
        for k in 1...800 {
            let s = Double(k) * 0.001
            let top = pile.cardFrame(1, at: t0 + s).minY
            #expect(abs(top - (to + (from - to) * Step.left(s, duration: 0.5, bounce: 0.2))) < 1e-6, "at +\(s) s")
            worst = min(worst, top - to)
        }
        // Calm overshoots e^(−0.8π/0.6) ≈ 1.5 % of the travel; the elastic settle overshot 8 %.
        #expect(-worst < 0.016 * (from - to) && -worst > 0.01 * (from - to))
        // The thrown card fades on its flight's spring (0.28, bounce 0): 1 → 0, all the way.
        let card = pile.flying.first
        #expect(card?.fadesInPlace == true)
        for s in [0.0, 0.05, 0.1, 0.16, 0.25, 0.4] {
            let expected = Step.left(s, duration: 0.28, bounce: 0)
            #expect(abs((card?.opacity.value(at: up + s) ?? -1) - expected) < 1e-9, "opacity at +\(s) s")
        }
        _ = run(&pile, from: up + 0.2, to: up + 1)
        #expect(pile.flying.isEmpty)
    }

    // MARK: 4. One notice

    @Test(arguments: [false, true])
    func aSingleNoticeDoesNotSpreadAndBudsNoHeader(reduceMotion: Bool) {
        var pile = LiquidPile(notices: [Notice.samples[0]], measurer: m)
        pile.reduceMotion = reduceMotion
        let c = pile.cardFrame(0, at: 1).center
        let events = pile.handle(.pointerDown(c, time: 1, shift: false)) + pile.handle(.pointerUp(c, time: 1.05))
        _ = run(&pile, from: 1.05, to: 1.5)
        #expect(events.isEmpty && !pile.expanded && pile.bubbles.isEmpty)
        #expect(pile.spread(at: 2).isEmpty && !pile.expanded, "nor does Spread")
        #expect(!pile.restingFrames().contains { $0.0.rawValue.hasPrefix("bubble.") })
        // Two notices are a pile: the same click spreads them.
        var two = LiquidPile(notices: Array(Notice.samples.prefix(2)), measurer: m)
        _ = two.handle(.pointerDown(c, time: 1, shift: false))
        #expect(two.handle(.pointerUp(c, time: 1.05)).first?.name == "expanded")
    }

    // MARK: 5. Press

    @Test func clearAllSinksUnderThePointerAndRisesWhenThePointerSlidesOff() {
        var pile = spreadPile()
        _ = pile.clickBubble(.clear, at: 2)
        _ = pile.update(to: 4)  // stretched; it folds back by itself at 5
        let rest = pile.bubbleFrame(pile.bubbles[1], at: 4)
        #expect(abs(rest.width - 87) < 1e-6)
        _ = pile.handle(.pointerDown(rest.center, time: 4, shift: false))
        let sunk = pile.bubbleFrame(pile.bubbles[1], at: 4.5)
        // An 87 × 30 capsule: 1 − 5/√(87·30) ≈ 0.902, clamped to 0.92.
        #expect(abs(sunk.width - 0.92 * 87) < 1e-6 && abs(sunk.height - 0.92 * 30) < 1e-6)
        _ = pile.handle(.pointerMoved(Point2(rest.minX - 40, rest.midY), time: 4.5))
        // Slid off: it rises (on the release motion, elastic — within a tenth of a point of
        // its 87 pt after 0.45 s, from 7 pt narrower).
        #expect(pile.bubbles[1].press.target == 0 && abs(pile.bubbleFrame(pile.bubbles[1], at: 4.95).width - 87) < 0.1)
        #expect(pile.handle(.pointerUp(Point2(rest.minX - 40, rest.midY), time: 4.95)).isEmpty, "a release off it clicks nothing")
    }

    @Test func aPressedCardDoesNotSink() {
        var pile = LiquidPile(notices: [Notice.samples[2], Notice.samples[3]], measurer: m)
        let rest = pile.cardFrame(0, at: 0)
        _ = pile.handle(.pointerDown(Point2(rest.maxX - 20, rest.midY), time: 1, shift: false))
        for t in [1.05, 1.14, 1.5, 2.0] { #expect(near(pile.cardFrame(0, at: t), rest, 1e-9), "at \(t)") }
    }

    @Test func aDraggedCardNeverSinks() {
        var pile = spreadPile()
        let rest = pile.cardFrame(1, at: 2)
        _ = pile.handle(.pointerDown(rest.center, time: 2, shift: false))
        for k in 1...10 {
            let t = 2 + 0.02 * Double(k)
            _ = pile.handle(.pointerMoved(Point2(rest.midX + 4 * Double(k), rest.midY), time: t))
            let f = pile.cardFrame(1, at: t)
            #expect(abs(f.width - rest.width) < 1e-6 && abs(f.height - rest.height) < 1e-6 && abs(f.minY - rest.minY) < 1e-6)
        }
    }

    // MARK: 6. Arrival

    @Test(arguments: [false, true])
    func anArrivalGrowsFromAPointWhileItDrops(spread: Bool) {
        var pile = spread ? spreadPile() : LiquidPile(measurer: m)
        let t0 = 3.0
        _ = pile.addSampleNotice(at: t0)
        let h = pile.cards[0].height
        let rest = spread ? 16 + 44 + 5.0 : 16, drop = spread ? 12 : 52.8
        // A point at the centre of where the card starts, full width once grown.
        let first = pile.cardFrame(0, at: t0)
        #expect(abs(first.width - 0.388) < 1e-9 && abs(first.height - 0.001 * h) < 1e-9)
        #expect(abs(first.midX - 210) < 1e-9 && abs(first.midY - (rest - drop + h / 2)) < 1e-9)
        // Growth and drop share the reveal motion, calm (0.5, bounce 0.2).
        for s in [0.02, 0.05, 0.1, 0.2, 0.3, 0.45, 0.7] {
            let k = Step.left(s, duration: 0.5, bounce: 0.2)
            let g = 1 - 0.999 * k, top = rest - drop * k
            let expected = Rect(x: 210 - 194 * g, y: top + h / 2 * (1 - g), width: 388 * g, height: h * g)
            #expect(near(pile.cardFrame(0, at: t0 + s), expected, 1e-6), "at +\(s) s")
        }
        // It lands when it first comes within 1 % of the end of that motion.
        var landing = 0.0
        while Step.left(landing, duration: 0.5, bounce: 0.2) > 0.01 { landing += 1e-5 }
        let landsAt = pile.cards[0].landsAt ?? 0
        #expect(abs(landsAt - (t0 + landing)) < 1.5e-3, "lands at +\(landsAt - t0) s, expected +\(landing)")
        let card = pile.cards[0]
        #expect(card.arrivalProgress(at: t0) == 0 && card.arrivalProgress(at: landsAt) == 1)
        #expect(abs(card.arrivalProgress(at: (t0 + landsAt) / 2) - 0.5) < 1e-9)
        #expect(!card.hasLanded(at: landsAt - 0.01) && card.hasLanded(at: landsAt))
        _ = run(&pile, from: t0, to: t0 + 2)
        #expect(near(pile.cardFrame(0, at: t0 + 2), Rect(x: 16, y: rest, width: 388, height: h), 1e-6))
    }

    @Test func underReduceMotionAnArrivalGrowsWhereItRestsWithoutADrop() {
        var pile = LiquidPile(measurer: m)
        pile.reduceMotion = true
        _ = pile.addSampleNotice(at: 1)
        let card = pile.cards[0]
        // No drop: its pose is its rest from the first frame; it grows from a point.
        #expect(card.frame.value(at: 1).top == 16 && card.growth.value(at: 1) < 0.01)
        #expect(card.growth.value(at: 1.1) > 0.01 && card.growth.value(at: 1.1) < 1 && card.growth.value(at: 2) == 1)
        #expect((card.landsAt ?? 0) > 1 && (card.landsAt ?? 9) < 1.25)
    }

    // MARK: 7. Removed by the app

    @Test(arguments: [false, true])
    func anAppRemovalMeltsInPlaceWhileTheRestCloseUpCalmly(spread: Bool) {
        var pile = spread ? spreadPile() : LiquidPile(measurer: m)
        let i = spread ? 1 : 0, t0 = 2.0
        let id = pile.cards[i].notice.id
        let before = pile.cardFrame(i, at: t0), next = pile.cardFrame(i + 1, at: t0)
        let events = pile.meltAway(id: id, at: t0)
        #expect(events.map(\.name) == ["cardDismissed"] && events.first?["how"] == .string("app"))
        // The next card closes up on calm (0.5, bounce 0.2) from where it stood, from the
        // same instant: no empty slot waits for the melt.
        let to = spread ? 65 + pile.cards[0].height + 12 : 16
        func closing(_ s: Double) -> Double { to + (next.minY - to) * Step.left(s, duration: 0.5, bounce: 0.2) }
        // On dismiss (0.30, bounce 0.08): its glass shrinks toward a point about its own
        // centre and fades.
        for s in [0.03, 0.08, 0.15, 0.25] {
            let k = Step.left(s, duration: 0.3, bounce: 0.08), g = 0.001 + 0.999 * k
            let f = pile.cardFrame(i, at: t0 + s)
            #expect(abs(f.midX - before.midX) < 1e-9 && abs(f.midY - before.midY) < 1e-9, "stands where it was at +\(s) s")
            #expect(abs(f.width - before.width * g) < 1e-6 && abs(f.height - before.height * g) < 1e-6)
            #expect(abs(pile.cards[i].opacity.value(at: t0 + s) - k) < 1e-9)
            #expect(abs(pile.cardFrame(i + 1, at: t0 + s).minY - closing(s)) < 1e-6, "closing up at +\(s) s while it melts")
        }
        // Melted at its settle time, 6 / (ζω0) = 6 / (0.92 × 2π / 0.3) s (§1.4), then it leaves.
        let out = run(&pile, from: t0, to: t0 + 0.4)
        let removed = out.first { $0.name == "cardRemoved" }
        let settle = 6 / (0.92 * 2 * Double.pi / 0.3)
        #expect(abs((removed?.time ?? 0) - (t0 + settle)) < 1.5e-3)
        #expect(!pile.cards.contains { $0.notice.id == id })
        // Its leaving moves nothing: the next card goes on along the same close-up.
        for s in [0.35, 0.5, 0.6, 0.9] {
            #expect(abs(pile.cardFrame(i, at: t0 + s).minY - closing(s)) < 1e-6, "closing up at +\(s) s")
        }
    }

    @Test func theCardTakingTheFrontGoesToItsOwnHeightCalmly() {
        // Collapsed, the peeks are cut to the front card's height. When the front card melts
        // away, the peek that takes its place goes from that height to its own with the rest
        // of the close-up — not in one frame.
        var pile = LiquidPile(measurer: m)
        let old = pile.cards[0].height, own = pile.cards[1].height
        #expect(old - own > 10, "the samples' first card has a second message line")
        let peek = pile.cards[1].notice.id
        _ = pile.meltAway(id: pile.cards[0].notice.id, at: 1)
        // From the instant the front card begins to melt, on the close-up.
        let t1 = 1.0
        var last = pile.cardFrame(1, at: t1).height
        #expect(abs(last - old) < 1e-9)
        for k in 1...600 {
            let s = Double(k) * 0.001
            _ = pile.update(to: t1 + s)
            let i = pile.cards.firstIndex { $0.notice.id == peek } ?? 0
            let h = pile.cardFrame(i, at: t1 + s).height
            #expect(abs(h - (own + (old - own) * Step.left(s, duration: 0.5, bounce: 0.2))) < 1e-6, "at +\(s) s")
            #expect(abs(h - last) < 0.2)
            last = h
        }
    }

    @Test func removeByAppTakesTheNewestCard() {
        var pile = spreadPile()
        let events = pile.removeNewestByApp(at: 2)
        #expect(events.first?["id"] == .number(Double(Notice.samples[0].id)))
        #expect(pile.cards[0].melting && !pile.cards[1].melting)
    }

    // MARK: Scripts

    @Test func theSceneHasAScriptForEachMotion() {
        for name in ["arrival", "arrival-list", "swipe-left", "flick-back", "app-removal", "app-removal-pile"] {
            #expect(LiquidPile.script(name) != nil, "\(name)")
        }
    }

    /// Plays a script's pointer and key actions on `pile` the way `record` does: each
    /// action aimed at the resting frames of that moment, the pile brought up to each
    /// event's time first. Clicks on the inspector's ids are not pointer events and are skipped.
    func play(_ script: SceneScript?, on pile: inout LiquidPile) -> [SceneEvent] {
        guard let script else { return [] }
        var events: [SceneEvent] = []
        var now = 0.0
        func at(_ t: Double, _ e: InputEvent, _ pile: inout LiquidPile) {
            events += run(&pile, from: now, to: t)
            now = max(now, t)
            events += pile.handle(e)
        }
        for (t, action) in script.actions {
            events += run(&pile, from: now, to: t)
            now = max(now, t)
            let frames = Dictionary(uniqueKeysWithValues: pile.restingFrames())
            switch action {
            case .click(let id):
                guard let p = frames[id]?.center else { continue }
                at(t, .pointerDown(p, time: t, shift: false), &pile)
                at(t + 0.05, .pointerUp(p, time: t + 0.05), &pile)
            case .drag(let id, let dx, let dy, let seconds, let steps, let hold):
                guard let p = frames[id]?.center else { continue }
                at(t, .pointerDown(p, time: t, shift: false), &pile)
                for k in 1...max(steps, 1) {
                    let f = Double(k) / Double(max(steps, 1))
                    at(t + seconds * f, .pointerMoved(Point2(p.x + dx * f, p.y + dy * f), time: t + seconds * f), &pile)
                }
                at(t + seconds + hold, .pointerUp(Point2(p.x + dx, p.y + dy), time: t + seconds + hold), &pile)
            case .key(let k):
                at(t, .key(k, time: t, shift: false), &pile)
            }
        }
        return events + run(&pile, from: now, to: script.duration)
    }
}

/// §1.1–§1.2 written out for a step from rest: the fraction of the travel still left at t
/// for a spring given as (duration, bounce) — ω0 = 2π / duration, ζ = 1 − bounce.
enum Step {
    static func left(_ t: Double, duration: Double, bounce: Double) -> Double {
        let w0 = 2 * Double.pi / duration, z = 1 - bounce
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            return exp(-z * w0 * t) * (cos(wd * t) + z * w0 / wd * sin(wd * t))
        }
        return (1 + w0 * t) * exp(-w0 * t)  // bounce 0: critically damped
    }
}
