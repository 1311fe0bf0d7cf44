import Canvas
import Motion
import Testing
@testable import Scenes

/// The design's haptics, as the desktop shows them: each fires a `cue` trace event naming
/// the feedback a phone would play, and a ring the stage draws over the page for 0.3 s.
@Suite struct HapticCueTests {
    let m = FixedMeasurer()

    func cues(_ events: [SceneEvent]) -> [(kind: String, reason: String)] {
        events.filter { $0.name == "cue" }.compactMap {
            guard case .string(let k)? = $0["kind"], case .string(let r)? = $0["reason"] else { return nil }
            return (k, r)
        }
    }

    @Test func spreadingThePileIsAnImpact() {
        var pile = LiquidPile(measurer: m)
        let e = pile.spread(at: 1)
        #expect(cues(e).map(\.kind) == ["impact"] && cues(e).map(\.reason) == ["spread"])
        // Its ring shows around the pile for 0.3 s, then is gone.
        #expect(!pile.overlay(at: 1.1).isEmpty && pile.overlay(at: 1.31).isEmpty && pile.overlay(at: 0.9).isEmpty)
        // Gathering is not a cue.
        _ = pile.update(to: 2)
        #expect(cues(pile.gather(at: 2)).isEmpty)
    }

    @Test func aSwipeArmsOnceAtItsLineAndCommitsWithAnImpact() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        _ = pile.update(to: 2)
        let y = pile.cardFrame(1, at: 2).midY
        var events = pile.handle(.pointerDown(Point2(200, y), time: 2, shift: false))
        // 40 % of the 388 pt card is 155.2 pt: past it at the 9th of 12 moves of 20 pt.
        for k in 1...12 { events += pile.handle(.pointerMoved(Point2(200 - 20 * Double(k), y), time: 2 + 0.02 * Double(k))) }
        #expect(cues(events).map(\.reason) == ["arm"], "once, not every frame past the line")
        events += pile.handle(.pointerUp(Point2(-40, y), time: 2.25))
        #expect(cues(events).map(\.reason) == ["arm", "commit"] && cues(events).allSatisfy { $0.kind == "impact" })
    }

    @Test func clearAllWarnsWhenArmedAndSucceedsWhenDone() {
        var pile = LiquidPile(measurer: m)
        _ = pile.spread(at: 0)
        _ = pile.update(to: 2)
        let arm = pile.clickBubble(.clear, at: 2)
        #expect(cues(arm).map(\.kind) == ["warning"] && cues(arm).map(\.reason) == ["arm"])
        _ = pile.update(to: 2.5)
        let done = pile.clickBubble(.clear, at: 2.5)
        #expect(cues(done).map(\.kind) == ["success"] && cues(done).map(\.reason) == ["clearAll"])
        // Under Reduce Motion too: the cue is not motion.
        var reduced = LiquidPile(measurer: m)
        reduced.reduceMotion = true
        _ = reduced.spread(at: 0)
        _ = reduced.update(to: 2)
        _ = reduced.clickBubble(.clear, at: 2)
        _ = reduced.update(to: 2.5)
        #expect(cues(reduced.clickBubble(.clear, at: 2.5)).map(\.kind) == ["success"])
    }

    @Test func theAlertsCrossIsASelectionTickAndItsArmAnImpact() {
        var alert = PushAlert(measurer: m)
        _ = alert.present(at: 0)
        _ = alert.update(to: 3)
        let cross = alert.closeHitArea(at: 3).center
        let e = alert.handle(.pointerDown(cross, time: 3, shift: false)) + alert.handle(.pointerUp(cross, time: 3.05))
        #expect(cues(e).map(\.kind) == ["selection"] && cues(e).map(\.reason) == ["close"])
        #expect(!alert.overlay(at: 3.1).isEmpty, "a small ring around the ×")
        // The swipe's arm: an impact, as it crosses the line.
        var swiped = PushAlert(measurer: m)
        _ = swiped.present(at: 0)
        _ = swiped.update(to: 3)
        let p = swiped.panelFrame(at: 3).center
        var events = swiped.handle(.pointerDown(p, time: 3, shift: false))
        for k in 1...12 { events += swiped.handle(.pointerMoved(Point2(p.x + 20 * Double(k), p.y), time: 3 + 0.02 * Double(k))) }
        #expect(cues(events).map(\.kind) == ["impact"] && cues(events).map(\.reason) == ["arm"])
    }

    /// Collapsed, a tap on the peeks below the front card spreads the pile as a tap on the
    /// front card does; a drag from a peek moves nothing.
    @Test func aTapOnAPeekSpreadsThePile() {
        var pile = LiquidPile(measurer: m)
        _ = pile.update(to: 1)
        let front = pile.cardFrame(0, at: 1), peek = pile.cardFrame(2, at: 1)
        #expect(peek.maxY > front.maxY + 15, "the peeks show below the front card")
        let p = Point2(front.midX, (front.maxY + peek.maxY) / 2)
        var e = pile.handle(.pointerDown(p, time: 1, shift: false))
        e += pile.handle(.pointerUp(p, time: 1.08))
        #expect(pile.expanded && e.contains { $0.name == "expanded" })
        var dragged = LiquidPile(measurer: m)
        _ = dragged.update(to: 1)
        _ = dragged.handle(.pointerDown(p, time: 1, shift: false))
        _ = dragged.handle(.pointerMoved(Point2(p.x - 60, p.y), time: 1.05))
        _ = dragged.handle(.pointerUp(Point2(p.x - 60, p.y), time: 1.1))
        #expect(!dragged.expanded && dragged.cards.allSatisfy { $0.offset.value(at: 1.1) == 0 })
    }
}
