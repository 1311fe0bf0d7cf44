import Canvas
import Motion
import Testing
@testable import Scenes

/// docs/behaviour.md §9: any sequence of interruptions ends settled in a valid state; and the review's
/// findings — a grab mid-return never jumps, a lost release never strands the panel.
@Suite struct PushAlertInterruptionTests {
    @Test func grabbingMidReturnHoldsThePanelWhereItIs() {
        var hand = Hand()
        let up = hand.drag(from: 2, distance: 100, speed: 300)   // returns home
        let t = up + 0.08
        let before = hand.alert.offset.value(at: t)
        #expect(before > 5 && before < 95, "mid-return")
        let p = Point2(hand.grab.x + before, hand.grab.y)
        hand.send(.pointerDown(p, time: t, shift: false))
        #expect(hand.alert.offset.value(at: t + 0.05) == before, "held, not still springing")
        hand.send(.pointerMoved(Point2(p.x + 9, p.y), time: t + 0.06))  // claims the drag
        // Counted from the press: the point pressed stays under the pointer, 9 pt on.
        #expect(abs(hand.alert.offset.value(at: t + 0.06) - (before + 9)) < 1e-9, "from the press at the claim")
        hand.send(.pointerMoved(Point2(p.x + 29, p.y), time: t + 0.08))
        #expect(abs(hand.alert.offset.value(at: t + 0.08) - (before + 29)) < 1e-9, "then 1:1")
    }

    @Test func pressAndReleaseWithoutDraggingSendsItHome() {
        var hand = Hand()
        let up = hand.drag(from: 2, distance: 100, speed: 300)
        let t = up + 0.05
        let p = Point2(hand.grab.x + hand.alert.offset.value(at: t), hand.grab.y)
        hand.send(.pointerDown(p, time: t, shift: false))
        hand.send(.pointerUp(p, time: t + 0.1))
        hand.events += hand.alert.update(to: t + 3)
        #expect(abs(hand.alert.offset.value(at: t + 3)) < 1e-6)
        #expect(hand.named("settled").last?["state"] == .string("shown"))
    }

    @Test func aPressDuringADragCancelsIt() {
        var hand = Hand()
        let p = hand.grab
        hand.send(.pointerDown(p, time: 2, shift: false))
        hand.send(.pointerMoved(Point2(p.x + 10, p.y), time: 2.02))
        hand.send(.pointerMoved(Point2(p.x + 170, p.y), time: 2.05))
        #expect(hand.alert.armed)
        hand.send(.pointerDown(Point2(p.x + 160, p.y), time: 2.3, shift: false))  // the release was lost
        #expect(hand.named("dragCancelled").count == 1)
        #expect(!hand.alert.armed)
        hand.send(.pointerUp(Point2(p.x + 160, p.y), time: 2.35))  // the new press lets go
        hand.events += hand.alert.update(to: 5)
        #expect(abs(hand.alert.offset.value(at: 5)) < 1e-6 && hand.alert.phase == .shown)
    }

    @Test func dragDuringLeaveIsIgnored() {
        var hand = Hand()
        hand.events += hand.alert.closeTapped(at: 2)
        let p = hand.grab
        hand.send(.pointerDown(p, time: 2.05, shift: false))
        hand.send(.pointerMoved(Point2(p.x + 60, p.y), time: 2.1))
        hand.send(.pointerUp(Point2(p.x + 60, p.y), time: 2.15))
        #expect(hand.named("dragBegan").isEmpty)
        hand.events += hand.alert.update(to: 4)
        #expect(hand.alert.phase == .hidden)
    }

    // Showing again mid-exit (the offset home and the opacity 1 at once, the heights'
    // momentum kept) is in PushAlertFidelityTests.

    @Test(arguments: ["throw", "return", "cancel"])
    func reduceMotionAppliesWithoutMotionOnEveryPath(path: String) {
        var settings = PushAlertSettings()
        settings.reduceMotion = true
        var hand = Hand(settings: settings)
        var t = 0.0
        switch path {
        case "throw":
            t = hand.drag(from: 2, distance: 150, speed: 900)
            #expect(hand.alert.openness.value(at: t) == 0 && hand.alert.gap.value(at: t) == 0)
        case "return":
            t = hand.drag(from: 2, distance: 60, speed: 200)
            #expect(hand.alert.offset.value(at: t) == 0)
        default:
            let p = hand.grab
            hand.send(.pointerDown(p, time: 2, shift: false))
            hand.send(.pointerMoved(Point2(p.x + 80, p.y), time: 2.05))
            hand.send(.key(.escape, time: 2.1, shift: false))
            t = 2.1
            #expect(hand.alert.offset.value(at: t) == 0)
        }
    }
}
