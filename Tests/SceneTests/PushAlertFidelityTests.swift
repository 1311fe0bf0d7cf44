import Canvas
import Motion
import Testing
@testable import Scenes

/// Issue 39, the Push Alert's items: showing again during an exit, the default copy and the
/// glyph's place when the pill drops, and a swipe's translation counted from the press.
@Suite struct PushAlertFidelityTests {
    /// The panel's fill opacity as drawn at `t` (nil when no panel is drawn).
    static func drawnPanelOpacity(_ alert: PushAlert, at t: Double) -> Double? {
        let surface = Theme.light.alertSurface
        return alert.draw(at: t, theme: .light, pageHeight: 300).commands.lazy.compactMap { c -> Double? in
            if case .shape(_, let paint, let o) = c, paint.fill == surface { return o } else { return nil }
        }.first
    }

    // MARK: Showing again during an exit

    /// Shown again mid-throw: the panel is home (offset 0, not moving) and fully opaque at
    /// that very instant; the height keeps springing from where the exit had it.
    @Test func showingAgainMidThrowSnapsHomeAndOpaque() {
        var hand = Hand()
        let up = hand.drag(from: 2, distance: 150, speed: 900)
        let t = up + 0.1
        #expect(hand.alert.phase == .leaving(.throw))
        #expect(abs(hand.alert.offset.value(at: t)) > 100, "well on its way off")
        hand.send(.key(.enter, time: t, shift: false))
        #expect(hand.named("presented").count == 2)
        #expect(hand.alert.offset.value(at: t) == 0)
        #expect(hand.alert.offset.velocity(at: t) == 0)
        #expect(hand.alert.panelFrame(at: t).minX == PushAlert.pagePadding)
        // Opacity 1 at once and from then on: no fade by presence, no swipe fade.
        for s in stride(from: t, through: t + 1.5, by: 0.01) {
            #expect(hand.alert.offset.value(at: s) == 0)
            #expect(PushAlert.panelOpacity(hand.alert.pose(at: s)) == 1)
            if let drawn = Self.drawnPanelOpacity(hand.alert, at: s) { #expect(drawn == 1) }
        }
        hand.events += hand.alert.update(to: t + 3)
        #expect(abs(hand.alert.openness.value(at: t + 3) - 1) < 1e-6 && hand.alert.phase == .shown)
    }

    /// Shown again while the × exit is fading the panel: opacity 1 at once, where it used to
    /// keep fading by presence(a) on the way back. The height is not snapped.
    @Test func showingAgainMidTapExitIsOpaqueAtOnce() throws {
        var hand = Hand()
        hand.events += hand.alert.closeTapped(at: 2)
        let t = 2.1
        let a = hand.alert.openness.value(at: t)
        // presence(a) = clamp(a / 0.45, 0, 1), written out: well below 1 here, with the
        // panel still there to see.
        #expect(a > 0.05 && min(max(a / 0.45, 0), 1) < 0.9)
        let v = hand.alert.openness.velocity(at: t)
        hand.events += hand.alert.present(at: t)
        #expect(hand.alert.openness.value(at: t) == a, "the height continues")
        #expect(abs(hand.alert.openness.velocity(at: t) - v) < 1e-9, "with its momentum")
        #expect(PushAlert.panelOpacity(hand.alert.pose(at: t)) == 1)
        #expect(try #require(Self.drawnPanelOpacity(hand.alert, at: t)) == 1)
        #expect(try #require(Self.drawnPanelOpacity(hand.alert, at: t + 0.05)) == 1)
    }

    /// Reduce Motion shows again the same way: everything in place at once.
    @Test func showingAgainMidThrowWithReduceMotionIsHomeAtOnce() {
        var settings = PushAlertSettings()
        settings.reduceMotion = true
        var alert = PushAlert(settings: settings, measurer: FixedMeasurer())
        _ = alert.present(at: 0)
        _ = alert.closeTapped(at: 1)
        _ = alert.present(at: 1.01)
        #expect(alert.offset.value(at: 1.01) == 0 && alert.openness.value(at: 1.01) == 1)
        #expect(PushAlert.panelOpacity(alert.pose(at: 1.01)) == 1)
    }

    // MARK: The default copy and the glyph's place

    @Test func theDefaultCopyIsTheDesigns() {
        #expect(PushAlertSettings().title == "Card expires this month")
        let alert = PushAlert(measurer: FixedMeasurer())
        #expect(alert.layout.titleLines == ["Card expires this month"])
    }

    /// The default copy is one line beside the pill: 23 × 7.5 = 172.5 pt in the 223 pt
    /// column (360 − 20 − 61 − 20 − 36), so N = 30 (the pill) + 2 × 15.
    @Test func theDefaultCopySharesTheRowWithThePill() {
        let l = PushAlertLayout(title: PushAlertSettings().title, width: 388, measurer: FixedMeasurer())
        #expect(!l.pillDropped)
        #expect(abs(l.naturalHeight - 60) < 1e-9)
        #expect(abs(l.glyph.midY - 30) < 1e-9 && abs(l.close.midY - 30) < 1e-9)
    }

    /// The glyph fades with the row as one piece: its strokes overlap, so each is the accent
    /// mixed onto the surface at the row's opacity — at a = 0.8, reveal = 0.18 / 0.35 — and
    /// opaque, never a translucent accent that would darken where two strokes cross.
    @Test(arguments: [Theme.light, .dark])
    func theGlyphFadesAsOnePiece(theme: Theme) {
        let alert = PushAlert(measurer: FixedMeasurer())
        let list = alert.draw(PushAlertPose(gap: 1, openness: 0.8), theme: theme, pageHeight: 300)
        let o = 0.18 / 0.35
        let accent = Color(hex: 0xFF9F0A), surface = theme == .light ? Color(hex: 0xFFF4E5) : Color(hex: 0x2E2312)
        let glyph = list.commands.compactMap { c -> Color? in
            if case .line(let a, _, _, let color) = c, a.x < PushAlert.pageWidth / 2 { return color } else { return nil }
        }
        #expect(glyph.count >= 4, "edges and inside")
        for color in glyph {
            #expect(color.a == 1)
            #expect(abs(color.r - (accent.r * o + surface.r * (1 - o))) < 1e-9)
            #expect(abs(color.g - (accent.g * o + surface.g * (1 - o))) < 1e-9)
            #expect(abs(color.b - (accent.b * o + surface.b * (1 - o))) < 1e-9)
        }
    }

    /// The pill dropped under a wrapped title: the glyph and the × centre on the whole
    /// block — the title's lines, the drop and the pill — as a row centres its items, and
    /// not on the first line. With 7.5 pt per character the first title takes two 18 pt
    /// lines in the 296 pt dropped column (the second, three), so the block is
    /// 36 + 10 + 30 = 76 pt from y = 15, its centre at 53, and N = 76 + 30 = 106.
    @Test(arguments: ["Unsubscribe-confirmation-required for updates",
                      "Unsubscribe-confirmation-required before the end of this month or your card stops"])
    func droppedPillCentresTheGlyphAndCloseOnTheBlock(title: String) {
        let l = PushAlertLayout(title: title, width: 388, measurer: FixedMeasurer())
        #expect(l.pillDropped)
        let lines = Double(l.titleLines.count)
        #expect(lines >= 2)
        let blockTop = 15.0, blockBottom = 15 + lines * 18 + 10 + 30
        #expect(abs(l.title.minY - blockTop) < 1e-9)
        #expect(abs(l.pill.maxY - blockBottom) < 1e-9)
        #expect(abs(l.naturalHeight - (blockBottom + 15)) < 1e-9)
        let centre = (blockTop + blockBottom) / 2
        #expect(abs(l.glyph.midY - centre) < 1e-9, "glyph at \(l.glyph.midY), block centre \(centre)")
        #expect(abs(l.close.midY - centre) < 1e-9, "× at \(l.close.midY), block centre \(centre)")
        #expect(l.glyph.height == 20 && l.close.height == 20)
        if lines == 2 { #expect(abs(centre - 53) < 1e-9) }
    }

    /// The × you see is the × you hit: its hit area follows it to the block's centre.
    @Test func droppedPillMovesTheCloseHitAreaWithTheCross() {
        var settings = PushAlertSettings()
        settings.title = "Unsubscribe-confirmation-required for updates"
        var alert = PushAlert(settings: settings, measurer: FixedMeasurer())
        _ = alert.present(at: 0)
        _ = alert.update(to: 3)
        // Panel at the page padding, 106 pt high (see above): its centre at 16 + 53.
        let cross = Point2(16 + 388 - 14 - 10, 16 + 53)
        #expect(alert.closeHitArea(at: 3).contains(cross))
        let events = alert.handle(.pointerDown(cross, time: 3, shift: false))
            + alert.handle(.pointerUp(cross, time: 3.05))
        #expect(events.contains { $0.name == .dismissed })
    }

    // MARK: The swipe counts from the press

    /// The recognizer alone: claimed past the 8 pt slop, the translation is the whole
    /// distance from the press, not the distance from where the slop was crossed.
    @Test func swipeTranslationCountsFromThePress() {
        var swipe = SwipeGesture()
        swipe.press(at: Point2(100, 50), time: 0, currentOffset: 0)
        let inside = swipe.move(to: Point2(105, 50), time: 0.01)
        #expect(!inside, "inside the slop")
        #expect(swipe.offset(for: Point2(105, 50)) == nil)
        let claimed = swipe.move(to: Point2(110, 51), time: 0.02)
        #expect(claimed, "claimed past 8 pt")
        #expect(swipe.offset(for: Point2(110, 51)) == 10)
        _ = swipe.move(to: Point2(160, 52), time: 0.03)
        #expect(swipe.offset(for: Point2(160, 52)) == 60)
        #expect(swipe.offset(for: Point2(90, 52)) == -10)
    }

    /// Grabbed mid-flight, the translation adds to where the surface was at the press.
    @Test func swipeTranslationFromThePressAddsToTheHeldOffset() {
        var swipe = SwipeGesture()
        swipe.press(at: Point2(200, 50), time: 0, currentOffset: -40)
        _ = swipe.move(to: Point2(188, 50), time: 0.02)
        #expect(swipe.offset(for: Point2(188, 50)) == -52)
    }

    /// The alert under a hand: the panel point pressed stays under the pointer, so a drag
    /// of 133 pt from the press, held still before the release, passes the commit line of
    /// 0.34 × 388 = 131.92 pt and throws by distance (it used to come home, 8 pt short).
    @Test func aDragPastTheLineFromThePressCommitsByDistance() throws {
        var hand = Hand()
        let p = hand.grab
        hand.send(.pointerDown(p, time: 2, shift: false))
        var t = 2.0
        for dx in 1...133 {
            t = 2 + Double(dx) * 0.008
            hand.send(.pointerMoved(Point2(p.x - Double(dx), p.y), time: t))
            if dx >= 8 {
                #expect(hand.alert.panelFrame(at: t).minX == PushAlert.pagePadding - Double(dx), "at \(dx) pt")
            }
        }
        hand.send(.pointerUp(Point2(p.x - 133, p.y), time: t + 0.12))
        let ended = try #require(hand.named("dragEnded").first)
        #expect(ended["translation"] == .number(-133))
        #expect(ended["decision"] == .string("commit") && ended["reason"] == .string("distance"))
        #expect(hand.named("armed").count == 1)
        #expect(hand.named("armed").first?["offset"] == .number(-132), "armed where the press distance crossed the line")
    }

    /// A grab mid-return holds the panel, then follows from the press: at the claim (9 pt
    /// from the press) the panel is 9 pt from where it was held.
    @Test func grabMidReturnFollowsFromThePress() {
        var hand = Hand()
        let up = hand.drag(from: 2, distance: 100, speed: 300)  // returns home
        let t = up + 0.08
        let held = hand.alert.offset.value(at: t)
        let p = Point2(hand.grab.x + held, hand.grab.y)
        hand.send(.pointerDown(p, time: t, shift: false))
        hand.send(.pointerMoved(Point2(p.x + 9, p.y), time: t + 0.02))
        #expect(abs(hand.alert.offset.value(at: t + 0.02) - (held + 9)) < 1e-9)
    }
}
