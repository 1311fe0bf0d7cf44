import Canvas
import Foundation
import Motion
import Testing
@testable import Scenes

/// SPEC §5.3, the first slice: peeks, spread and gather, buds, the swipe rules.
@Suite struct LiquidPileTests {
    let m = FixedMeasurer()

    @Test func collapsedPeeksStepTenPointsDownAndTenPerSideIn() {
        let pile = LiquidPile(measurer: m)
        let front = pile.cardFrame(0, at: 0), first = pile.cardFrame(1, at: 0), second = pile.cardFrame(2, at: 0)
        #expect(first.minY - front.minY == 10 && second.minY - front.minY == 20)
        // Scale (W − 20·depth) / W: 10 pt narrower per side per step back.
        #expect(abs(first.minX - front.minX - 10) < 1e-9 && abs(front.maxX - first.maxX - 10) < 1e-9)
        #expect(abs(second.width - (388 - 40)) < 1e-9)
        // Cut to the front card's height, so each peek shows a 10 pt lip below the one in front.
        #expect(first.height == front.height && second.height == front.height)
        // Deeper cards are hidden behind.
        #expect(pile.cards[3].opacity.value(at: 0) == 0)
    }

    @Test func spreadListsTheCardsTwelveApartUnderTheHeader() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        let t = 5.0
        var y = 16 + 44.0
        for i in pile.cards.indices {
            let f = pile.cardFrame(i, at: t)
            #expect(abs(f.minY - y) < 1e-6 && abs(f.width - 388) < 1e-6, "card \(i)")
            y = f.maxY + 12
        }
    }

    @Test func bubblesBudOutOfTheTopCardOnTheirSchedule() {
        var pile = LiquidPile(measurer: m)
        let events = pile.spread(at: 1)
        let buds = events.filter { $0.name == "budOut" }
        #expect(buds.map { $0["id"] } == [.string("showLess"), .string("clear")])
        #expect(buds.map(\.time).map { abs($0 - 1) } .enumerated().allSatisfy { abs($1 - (0.06 + 0.05 * Double($0))) < 1e-12 })
        // Born at home inside the top card at scale 0.72.
        for b in pile.bubbles {
            #expect(b.scale.value(at: 1) == 0.72)
            let f = pile.bubbleFrame(b, at: 1)
            #expect(pile.cardFrame(0, at: 1).contains(f.center))
        }
        // Still at home until its delay; out and full size once settled.
        #expect(pile.bubbles[1].scale.value(at: 1.1) == 0.72)
        #expect(abs(pile.bubbles[1].scale.value(at: 4) - 1) < 1e-6)
    }

    @Test func gatherSendsTheBubblesHomeLastFirstAndRemovesThemWhenMelted() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        let events = pile.gather(at: 3)
        let homes = events.filter { $0.name == "budHome" }
        #expect(homes.map { $0["id"] } == [.string("clear"), .string("showLess")])
        #expect(abs(homes[1].time - homes[0].time - 0.04) < 1e-12)
        _ = pile.update(to: 3.2)
        #expect(pile.bubbles.count == 2, "not removed before melted in")
        _ = pile.update(to: 6)
        #expect(pile.bubbles.isEmpty)
    }

    @Test func swipeCommitRules() {
        let line = 0.4 * 388
        #expect(LiquidPile.commits(offset: line + 0.1, velocity: 0))
        #expect(!LiquidPile.commits(offset: line - 0.1, velocity: 0))
        // Coast x + (v / 1000) · 0.99 / 0.01 = x + 0.099 v past the line, faster than 250 pt/s.
        #expect(LiquidPile.commits(offset: 100, velocity: 600))      // 159.4
        #expect(!LiquidPile.commits(offset: 100, velocity: 500))     // 149.5
        #expect(!LiquidPile.commits(offset: 140, velocity: 240))     // coasts past, but too slow
        #expect(!LiquidPile.commits(offset: 100, velocity: -2000))   // the coast goes the other way
        #expect(LiquidPile.commits(offset: -100, velocity: -600))
    }

    @Test func aThrownCardLeavesTheList016sLaterWhileStillFlying() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        _ = pile.update(to: 2)
        let id = pile.cards[1].notice.id
        let y = pile.cardFrame(1, at: 2).midY
        var events = pile.handle(.pointerDown(Point2(300, y), time: 2, shift: false))
        for k in 1...6 { events += pile.handle(.pointerMoved(Point2(300 - 24 * Double(k), y), time: 2 + 0.016 * Double(k))) }
        events += pile.handle(.pointerUp(Point2(156, y), time: 2.1))
        #expect(events.contains { $0.name == "cardDismissed" && $0["how"] == .string("swipe") })
        _ = pile.update(to: 2.2)
        #expect(pile.cards.contains { $0.notice.id == id }, "still in the list at +0.1 s")
        let removed = pile.update(to: 2.27)
        #expect(removed.contains { $0.name == "cardRemoved" })
        #expect(!pile.cards.contains { $0.notice.id == id } && pile.flying.count == 1, "left the list, still flying")
        _ = pile.update(to: 4)
        #expect(pile.flying.isEmpty)
    }

    @Test func aShortDragSettlesHome() {
        var pile = LiquidPile(measurer: m)
        let y = pile.cardFrame(0, at: 0).midY
        _ = pile.handle(.pointerDown(Point2(200, y), time: 1, shift: false))
        _ = pile.handle(.pointerMoved(Point2(215, y), time: 1.05))
        _ = pile.handle(.pointerMoved(Point2(260, y), time: 1.2))
        let events = pile.handle(.pointerUp(Point2(260, y), time: 1.3))
        #expect(events.first?["decision"] == .string("return"))
        _ = pile.update(to: 4)
        #expect(abs(pile.cards[0].offset.value(at: 4)) < 1e-3)
    }

    @Test func aClickSpreadsThePile() {
        var pile = LiquidPile(measurer: m)
        let c = pile.cardFrame(0, at: 0).center
        _ = pile.handle(.pointerDown(c, time: 1, shift: false))
        let e = pile.handle(.pointerUp(c, time: 1.05))
        #expect(e.first?.name == "expanded" && pile.expanded)
    }

    @Test func relativeTimes() {
        let ref = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30 00:53 UTC; −12 days is 18 Nov
        #expect(Notice.relativeTime(age: 59, reference: ref) == "now")
        #expect(Notice.relativeTime(age: 4 * 60 + 10, reference: ref) == "4m")
        #expect(Notice.relativeTime(age: 2 * 3600, reference: ref) == "2h")
        #expect(Notice.relativeTime(age: 3 * 86_400, reference: ref) == "3d")
        #expect(Notice.relativeTime(age: 12 * 86_400, reference: ref) == "18 Nov")
    }
}
