import Canvas
import Motion
import Testing
@testable import Scenes

/// docs/behaviour.md §3.4 commit rules, each reason and just below it, through real drags.
@Suite struct PushAlertCommitTests {
    let width = 420.0 - 32  // panel width: the column less its padding

    @Test func decisionTable() {
        let alert = PushAlert(measurer: FixedMeasurer())
        let line = 0.34 * width  // 131.92
        // distance: |translation| ≥ 0.34 W
        #expect(alert.decide(translation: line + 0.01, velocity: 0) == .distance)
        #expect(alert.decide(translation: -(line + 0.01), velocity: 0) == .distance)
        #expect(alert.decide(translation: line - 0.01, velocity: 0) == nil)
        // projection: |x + v × 0.2| ≥ 0.5 W = 194, with |v| < 640
        #expect(alert.decide(translation: 100, velocity: 471) == .projection)   // 194.2
        #expect(alert.decide(translation: 100, velocity: 469) == nil)           // 193.8
        #expect(alert.decide(translation: -100, velocity: -471) == .projection)
        // velocity: |v| ≥ 640 pt/s even when the projection falls short
        #expect(alert.decide(translation: 0, velocity: 640) == .velocity)
        #expect(alert.decide(translation: 0, velocity: -640) == .velocity)
        #expect(alert.decide(translation: 0, velocity: 639) == nil)
        // A throw against the offset projects back inside: return.
        #expect(alert.decide(translation: 60, velocity: -300) == nil)
    }

    @Test(arguments: [
        // (distance, speed, expected reason or nil)
        (200.0, 300.0, "distance"), (120.0, 300.0, nil),
        (100.0, 600.0, "projection"), (40.0, 450.0, nil),
        (24.0, 700.0, "velocity"), (-24.0, -700.0, "velocity"),
    ] as [(Double, Double, String?)])
    func dragsDecideAsTheTraceSays(distance: Double, speed: Double, reason: String?) {
        var hand = Hand()
        _ = hand.drag(from: 2, distance: distance, speed: speed)
        guard let ended = hand.named("dragEnded").first else { Issue.record("no dragEnded"); return }
        #expect(ended["reason"] == (reason.map { TraceValue.string($0) } ?? .null), "\(ended.jsonLine)")
        #expect(ended["decision"] == .string(reason == nil ? "return" : "commit"))
        #expect(hand.named(reason == nil ? "returned" : "dismissed").count == 1)
        // The trace carries the numbers the decision was made from.
        let translation = ended["translation"]?.number ?? .nan
        let v = (ended["velocity"].flatMap { if case .array(let a) = $0 { return a.first?.number } else { return nil } }) ?? .nan
        #expect(abs(v - speed) < 1e-6)
        #expect(abs((ended["projected"]?.number ?? .nan) - (translation + v * 0.2)) < 1e-9)
    }

    @Test func stoppedPointerReleasesWithoutVelocity() {
        // A slow drag that rests 60 ms before release: velocity 0, so it returns.
        var hand = Hand()
        _ = hand.drag(from: 2, distance: 80, speed: 400, hold: 0.06)
        let ended = hand.named("dragEnded").first
        #expect(ended?["velocity"] == .numbers([0, 0]))
        #expect(ended?["decision"] == .string("return"))
    }

    @Test func committedThrowFliesToTheOffsetsSide() {
        var hand = Hand()
        let up = hand.drag(from: 2, distance: 150, speed: 500)
        #expect(hand.alert.offset.target == 1.25 * width)
        // The height waits for the close delay before collapsing.
        let delay = hand.alert.closeDelay
        #expect(hand.alert.openness.value(at: up + delay - 0.001) == 1 || abs(hand.alert.openness.value(at: up + delay - 0.001) - 1) < 1e-9)
        #expect(hand.alert.openness.value(at: up + delay + 0.05) < 0.99)
        hand.events += hand.alert.update(to: up + 3)
        #expect(hand.alert.phase == .hidden)
        #expect(hand.named("settled").last?["state"] == .string("hidden"))
    }

    @Test func verticalDragIsNotClaimed() {
        var hand = Hand()
        let p = hand.grab
        hand.send(.pointerDown(p, time: 2, shift: false))
        hand.send(.pointerMoved(Point2(p.x + 3, p.y + 12), time: 2.02))
        hand.send(.pointerMoved(Point2(p.x + 80, p.y + 14), time: 2.05))
        hand.send(.pointerUp(Point2(p.x + 80, p.y + 14), time: 2.06))
        #expect(hand.named("dragBegan").isEmpty && hand.named("dismissed").isEmpty)
        #expect(hand.alert.offset.value(at: 2.06) == 0)
    }

    @Test func tapOnCloseDismissesButADragStartingThereDoesNot() {
        var hand = Hand()
        let close = hand.alert.closeFrame(at: 2).center
        hand.send(.pointerDown(close, time: 2, shift: false))
        hand.send(.pointerUp(close, time: 2.08))
        #expect(hand.named("dismissed").first?["how"] == .string("tap"))

        var other = Hand()
        other.send(.pointerDown(close, time: 2, shift: false))
        other.send(.pointerMoved(Point2(close.x - 40, close.y), time: 2.03))
        other.send(.pointerUp(Point2(close.x - 40, close.y), time: 2.5))
        #expect(other.named("dismissed").isEmpty)
    }

    @Test func presentingMidExitKeepsMomentum() {
        var hand = Hand()
        hand.events += hand.alert.closeTapped(at: 2)
        let t = 2.1
        let v = hand.alert.openness.velocity(at: t)
        #expect(v < 0)
        hand.events += hand.alert.present(at: t)
        #expect(abs(hand.alert.openness.velocity(at: t) - v) < 1e-9)
        #expect(hand.alert.gapCloseStart == nil)
        hand.events += hand.alert.update(to: 5)
        #expect(abs(hand.alert.gap.value(at: 5) - 1) < 1e-6 && hand.alert.phase == .shown)
    }

    @Test func reduceMotionAppliesWithoutMotion() {
        var settings = PushAlertSettings()
        settings.reduceMotion = true
        var alert = PushAlert(settings: settings, measurer: FixedMeasurer())
        _ = alert.present(at: 1)
        #expect(alert.openness.value(at: 1) == 1 && alert.gap.value(at: 1) == 1)
        _ = alert.closeTapped(at: 2)
        #expect(alert.openness.value(at: 2) == 0 && alert.gap.value(at: 2) == 0)
    }

    @Test func alertIgnoresPointerWhileHidden() {
        var alert = PushAlert(measurer: FixedMeasurer())
        let events = alert.handle(.pointerDown(Point2(60, 30), time: 0, shift: false))
            + alert.handle(.pointerMoved(Point2(160, 30), time: 0.05))
        #expect(events.isEmpty && !alert.isDragging)
    }
}

/// docs/behaviour.md §3.1 layout with a measurer whose widths are known by hand (7.5 pt per
/// character at 15 pt, 6.5 at 13 pt).
@Suite struct PushAlertLayoutTests {
    let m = FixedMeasurer()

    @Test func shortTitleSharesTheRowWithThePill() {
        let l = PushAlertLayout(title: "Low disk", width: 388, measurer: m)
        // pill = 6 × 6.5 + 22 = 61; column = 360 − 20 − 61 − 20 − 36 = 223
        #expect(!l.pillDropped)
        #expect(abs(l.pill.width - 61) < 1e-9)
        #expect(abs(l.title.width - 223) < 1e-9)
        // N = 30 (the pill) + 2 × 15
        #expect(abs(l.naturalHeight - 60) < 1e-9)
        #expect(l.title.maxX + 12 <= l.pill.minX + 1e-9)
    }

    @Test func longWordDropsThePillAndGrowsTheRow() {
        // "Unsubscribe-confirmation-required" is 33 × 7.5 = 247.5 pt: wider than the inline
        // column (223) but within the dropped one (360 − 20 − 20 − 24 = 296).
        let title = "Unsubscribe-confirmation-required for updates"
        let l = PushAlertLayout(title: title, width: 388, measurer: m)
        #expect(l.pillDropped)
        #expect(abs(l.pill.minX - l.title.minX) < 1e-9)
        #expect(abs(l.pill.minY - (l.title.maxY + 10)) < 1e-9)
        #expect(l.naturalHeight > 60)
        #expect(l.titleLines.joined(separator: " ") == title, "never truncated")
        #expect(l.title.intersection(l.pill).isEmpty)
    }

    @Test func wrappingKeepsEveryWordAndNoEllipsis() {
        let title = "Your session expires in 5 minutes unless you save your work now"
        let l = PushAlertLayout(title: title, width: 388, measurer: m)
        #expect(l.titleLines.joined(separator: " ") == title)
        #expect(!l.titleLines.joined().contains("…") && !l.titleLines.joined().contains("..."))
        for line in l.titleLines { #expect(m.width(of: line, style: PushAlertLayout.titleStyle) <= l.title.width + 1e-9) }
        #expect(!l.pillDropped && l.titleLines.count == 3)  // 472.5 pt of title in a 223 pt column
        #expect(abs(l.naturalHeight - (3 * 18 + 30)) < 1e-9)
    }

    @Test func singleOverLongWordBreaksInsideItself() {
        let word = String(repeating: "W", count: 60)  // 450 pt: wider than any column
        let l = PushAlertLayout(title: word, width: 388, measurer: m)
        #expect(l.pillDropped)
        #expect(l.titleLines.count == 2)
        #expect(l.titleLines.joined() == word)
        for line in l.titleLines { #expect(m.width(of: line, style: PushAlertLayout.titleStyle) <= l.title.width + 1e-9) }
    }

    @Test func drawnCopyStaysInsideThePanelAtRest() {
        var alert = PushAlert(measurer: m)
        alert.settings.title = "Unsubscribe-confirmation-required for updates"
        _ = alert.present(at: 0)
        let list = alert.draw(at: 3, theme: .light, pageHeight: 400)
        let panel = alert.panelFrame(at: 3)
        for (run, _) in list.textRuns {
            let w = m.width(of: run.text, style: run.style)
            #expect(run.origin.x >= panel.minX && run.origin.x + w <= panel.maxX)
            #expect(run.origin.y >= panel.minY && run.origin.y + m.lineHeight(of: run.style) <= panel.maxY + 1e-9)
        }
    }
}

/// docs/behaviour.md §3.5: the presentation drive.
@Suite struct PushAlertDriveTests {
    let alert = PushAlert(measurer: FixedMeasurer())

    @Test func phases() {
        #expect(alert.drivePose(progress: 0.05) == PushAlertPose(gap: 0, openness: 0))
        #expect(alert.drivePose(progress: 0.45) == PushAlertPose(gap: 1, openness: 1))
        #expect(alert.drivePose(progress: 0.9) == PushAlertPose(gap: 0, openness: 0, leaving: true))
    }

    @Test func arrivalSamplesBothSpringsOnOneTimeAxis() {
        // Arrival spans max(alert settle 0.5142, gap settle 0.3595) = 0.5142 s over p 0.08…0.32.
        let p = 0.08 + 0.24 * (0.1 / 0.5142)  // t = 0.1 s
        let pose = alert.drivePose(progress: p)
        #expect(abs(pose.gap - Spring(response: 0.32, dampingRatio: 0.85).step(at: 0.1)) < 1e-4)
        #expect(abs(pose.openness - Spring(response: 0.42, dampingRatio: 0.78).step(at: 0.1)) < 1e-4)
        #expect(pose.gap > pose.openness)
    }

    @Test func departureHoldsTheGapUntilTheCloseDelay() {
        let delay = alert.closeDelay
        let leave = Spring(response: 0.42 * 0.714, dampingRatio: 0.78)
        let close = Spring(response: 0.32 * 1.125, dampingRatio: 0.82)
        let span = max(leave.settleDuration, delay + close.settleDuration)
        let early = alert.drivePose(progress: 0.58 + 0.26 * (delay * 0.5 / span))
        #expect(early.gap == 1 && early.openness < 1 && early.leaving)
        let late = alert.drivePose(progress: 0.58 + 0.26 * ((delay + 0.1) / span))
        #expect(late.gap < 1)
    }

    @Test func rowIsInvisibleEarlyInTheArrival() {
        // For example, early in the arrival the panel is short and its row hidden.
        var live = alert
        _ = live.present(at: 0)
        let a = live.openness.value(at: 0.08)
        #expect(a < 0.62)
        #expect(live.draw(at: 0.08, theme: .light, pageHeight: 300).textRuns.allSatisfy { $0.opacity == 0 })
        let frame = live.panelFrame(at: 0.08)
        #expect(abs(frame.height - live.naturalHeight * a) < 1e-9)
    }
}
