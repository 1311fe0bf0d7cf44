import Canvas
import Motion
import Testing
@testable import Scenes

/// docs/behaviour.md §3.6: every defect the Push Alert must make impossible, through events and
/// `draw(at:)`.
@Suite struct PushAlertDefectTests {
    let frames = stride(from: 0.0, through: 1.5, by: 1.0 / 240).map { $0 }

    @Test func gapLeadsTheAlert() {
        // Two springs, not one: while arriving the room (g) is always ahead of the panel (a).
        var alert = PushAlert(measurer: FixedMeasurer())
        _ = alert.present(at: 0)
        var leadSeen = 0.0
        for t in frames where t > 0 && t < 0.25 {
            let g = alert.gap.value(at: t), a = alert.openness.value(at: t)
            #expect(g > a, "t=\(t): gap \(g) must lead alert \(a)")
            leadSeen = max(leadSeen, g - a)
        }
        // With the documented springs the lead peaks around 0.1 of the travel, not a rounding error.
        #expect(leadSeen > 0.05)
        // And they are different springs: the gap's response is 0.32 s, the alert's 0.42 s.
        let gap = Spring(response: 0.32, dampingRatio: 0.85), alertSpring = Spring(response: 0.42, dampingRatio: 0.78)
        #expect(abs(alert.gap.value(at: 0.1) - gap.step(at: 0.1)) < 1e-12)
        #expect(abs(alert.openness.value(at: 0.1) - alertSpring.step(at: 0.1)) < 1e-12)
    }

    /// No text is drawn with opacity > 0 while the panel is shorter than 0.62 N — on entry,
    /// on a tap dismissal and on a throw.
    @Test(arguments: ["enter", "tap", "throw"])
    func noCopyWhilePanelIsShorterThanTheRow(path: String) {
        var hand = Hand()
        var start = 0.0
        switch path {
        case "enter":
            hand = Hand(); hand.alert = PushAlert(measurer: FixedMeasurer()); _ = hand.alert.present(at: 0)
        case "tap":
            start = 2; hand.events += hand.alert.closeTapped(at: start)
        default:
            start = hand.drag(from: 2, distance: 200, speed: 900)
        }
        var checked = 0
        for t in frames.map({ start + $0 }) {
            let a = hand.alert.openness.value(at: t)
            let visibleText = hand.alert.draw(at: t, theme: .light, pageHeight: 300).textRuns.filter { $0.opacity > 0 }
            if a < 0.62 {
                #expect(visibleText.isEmpty, "\(path) t=\(t) a=\(a)")
                checked += 1
            }
        }
        #expect(checked > 10)
    }

    @Test func closeDelayDefaultsToAbout120Milliseconds() {
        // docs/behaviour.md §3.2: defaults give ≈ 0.120 s.
        let alert = PushAlert(measurer: FixedMeasurer())
        #expect(abs(alert.closeDelay - 0.120) < 0.006)
    }

    /// Until the gap starts closing it follows its previous motion exactly; from then on
    /// the panel is less than 0.4 present (presence × swipe fade).
    @Test(arguments: ["tap", "throw", "tapMidArrival", "slowThrow"])
    func gapNeverClosesUnderAVisiblePanel(path: String) {
        var hand = Hand()
        let before = hand.alert  // the gap's motion had nothing happened
        var start = 2.0
        var reference = before
        switch path {
        case "tap": hand.events += hand.alert.closeTapped(at: 2)
        case "throw": start = hand.drag(from: 2, distance: 150, speed: 900)
        case "slowThrow":
            start = hand.drag(from: 2, distance: 30, speed: 700)
            #expect(hand.named("dragEnded").first?["reason"] == .string("velocity"))
        default:
            var alert = PushAlert(measurer: FixedMeasurer())
            _ = alert.present(at: 0)
            reference = alert
            hand.events += alert.closeTapped(at: 0.15)
            hand.alert = alert
            start = 0.15
        }
        #expect(hand.named("dismissed").count == 1, "\(path) must dismiss")
        guard let closeStart = hand.alert.gapCloseStart else { Issue.record("no gap close scheduled"); return }
        #expect(closeStart > start)
        for t in frames.map({ start + $0 }) where t < closeStart {
            #expect(hand.alert.gap.value(at: t) == reference.gap.value(at: t), "\(path): gap moved early at \(t)")
        }
        for t in frames.map({ closeStart + $0 }) {
            let pose = hand.alert.pose(at: t)
            // Written out from docs/behaviour.md §3.3: presence(a) = clamp(a / 0.45, 0, 1), swipe fade
            // 1 − min(|offset| / (0.6 × 388), 1).
            let presence = min(max(pose.openness / 0.45, 0), 1)
            let visible = presence * (1 - min(abs(pose.offset) / (0.6 * 388), 1))
            #expect(visible < 0.4, "\(path) t=\(t): gap closing with the panel \(visible) present")
            if visible == 0 { break }
        }
    }

    @Test func returnVelocityIsAbsoluteAndSignedAgainstTravel() {
        // Released at +≈100 pt still moving away (+300 pt/s), below every commit line: it
        // returns, and the return spring starts at +300 pt/s — continuing outward first.
        // Raw pt/s read as "normalized" would start it at 300 × (0 − 100) = −30 000 pt/s;
        // dividing by |travel| would start it at −300.
        var hand = Hand()
        let up = hand.drag(from: 2, distance: 100, speed: 300)
        #expect(hand.named("returned").count == 1)
        let v = hand.alert.offset.velocity(at: up)
        #expect(abs(v - 300) < 1e-6, "start velocity \(v)")
        #expect(hand.alert.offset.value(at: up + 0.002) > hand.alert.offset.value(at: up))
    }

    @Test func throwCarriesTheReleaseVelocityInPointsPerSecond() {
        var hand = Hand()
        let up = hand.drag(from: 2, distance: -160, speed: 1200)
        let ended = hand.named("dragEnded").first
        #expect(ended?["decision"] == .string("commit"))
        #expect(ended?["target"] == .number(-1.25 * PushAlert.panelWidth))
        #expect(abs(hand.alert.offset.velocity(at: up) - -1200) < 1e-6)
    }

    @Test func noMarginAppearsAfterTheGapSettles() {
        // The first content row sits at slot top + reserved × g on every frame: the
        // spacing below the alert opens with the gap, not after it.
        var alert = PushAlert(measurer: FixedMeasurer())
        _ = alert.present(at: 0)
        // By hand: the default title is 23 × 7.5 = 172.5 pt in a 223 pt column → one
        // 18 pt line beside the 30 pt pill; N = 30 + 2 × 15 = 60; reserved = N + 12 = 72.
        // Gap spring (0.32, 0.85).
        let gapSpring = Spring(response: 0.32, dampingRatio: 0.85)
        for t in frames {
            let list = alert.draw(at: t, theme: .light, pageHeight: 300)
            let rowY = firstContentRowY(list)
            let expected = 16 + 72 * gapSpring.step(at: t)
            #expect(abs((rowY ?? -1) - expected) < 1e-9, "t=\(t)")
        }
    }

    func firstContentRowY(_ list: DisplayList) -> Double? {
        for case .shape(let s, let p, _) in list.commands where p.fill == Theme.light.row { return s.rect.y }
        return nil
    }

    @Test func cancelledDragComesHomeExactly() {
        var hand = Hand()
        let p = hand.grab
        hand.send(.pointerDown(p, time: 2, shift: false))
        hand.send(.pointerMoved(Point2(p.x + 40, p.y), time: 2.05))
        hand.send(.pointerMoved(Point2(p.x + 90, p.y), time: 2.1))
        hand.send(.key(.escape, time: 2.12, shift: false))
        hand.send(.pointerUp(Point2(p.x + 90, p.y), time: 2.2))
        #expect(hand.named("dragCancelled").count == 1)
        #expect(hand.named("dragEnded").isEmpty && hand.named("dismissed").isEmpty)
        hand.events += hand.alert.update(to: 4)
        #expect(abs(hand.alert.offset.value(at: 4)) < 1e-6)
        #expect(abs(hand.alert.panelFrame(at: 4).x - PushAlert.pagePadding) < 1e-6)
        let untouched = Hand()
        for t in [2.1, 2.15, 2.3] {
            #expect(hand.alert.gap.value(at: t) == untouched.alert.gap.value(at: t), "the gap never moves")
        }
    }

    @Test(arguments: ["focus", "capture"])
    func losingFocusOrCaptureCancels(what: String) {
        var hand = Hand()
        let p = hand.grab
        hand.send(.pointerDown(p, time: 2, shift: false))
        hand.send(.pointerMoved(Point2(p.x + 60, p.y), time: 2.05))
        hand.send(what == "focus" ? .focusLost(time: 2.1) : .captureLost(time: 2.1))
        #expect(hand.named("dragCancelled").count == 1)
        hand.send(.pointerUp(Point2(p.x + 200, p.y), time: 2.2))
        #expect(hand.named("dismissed").isEmpty)
    }

    @Test func armCueFiresOncePerCrossingNotEveryFrame() {
        // A pointer resting on the commit line, jittering ±2 pt, arms once; only falling
        // below 0.85 of the line disarms.
        var hand = Hand()
        let p = hand.grab
        let line = 0.34 * PushAlert.panelWidth
        hand.send(.pointerDown(p, time: 2, shift: false))
        hand.send(.pointerMoved(Point2(p.x + 10, p.y), time: 2.01))  // begins the drag
        // The offset counts from the press, so the line is `line` from where it was pressed.
        var t = 2.02
        for i in 0..<60 {
            let jitter = i % 2 == 0 ? 2.0 : -2.0
            hand.send(.pointerMoved(Point2(p.x + line + jitter, p.y), time: t))
            t += 1.0 / 60
        }
        #expect(hand.named("armed").count == 1)
        #expect(hand.named("disarmed").isEmpty)
        hand.send(.pointerMoved(Point2(p.x + 0.86 * line, p.y), time: t))
        #expect(hand.named("disarmed").isEmpty)
        hand.send(.pointerMoved(Point2(p.x + 0.84 * line, p.y), time: t + 0.02))
        #expect(hand.named("disarmed").count == 1)
    }
}
