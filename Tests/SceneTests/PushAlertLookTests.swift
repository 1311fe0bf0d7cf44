import Canvas
import Motion
import Testing
@testable import Scenes

/// Issue 15, "Elsewhere: Push Alert": the arm ring fades with the panel it surrounds (an
/// empty orange outline used to fly off with a throw), and the × is two crisp strokes
/// rather than Inter's "×" at 10 pt, a 5 px grey blob at 1×.
@Suite struct PushAlertLookTests {
    /// The panel's fill opacity and the ring's stroke opacity in one frame, or nil when
    /// that one is not drawn.
    static func opacities(_ alert: PushAlert, at t: Double) -> (panel: Double?, ring: Double?) {
        let surface = Theme.light.alertSurface
        let panel = alert.draw(at: t, theme: .light, pageHeight: 300).commands.lazy.compactMap { c -> Double? in
            if case .shape(_, let paint, let o) = c, paint.fill == surface { return o } else { return nil }
        }.first
        let ring = alert.overlay(at: t).lazy.compactMap { c -> Double? in
            if case .shape(_, let paint, let o) = c, paint.strokeWidth > 0, paint.fill == .clear { return o } else { return nil }
        }.first
        return (panel, ring)
    }

    /// A throw either way and a slow drag past the line, sampled as they happen (the
    /// alert is live state: it answers for the present, not the past): in every frame of
    /// the ring's 0.3 s, the ring is never more opaque than the panel, and once the panel
    /// has faded out (|offset| ≥ 0.6 × 388 pt) there is no ring.
    @Test(arguments: [(-220.0, 1375.0), (220.0, 1375.0), (-150.0, 250.0)])
    func theArmRingNeverOutlivesThePanel(distance: Double, speed: Double) throws {
        var alert = PushAlert(measurer: FixedMeasurer())
        _ = alert.present(at: 0)
        _ = alert.update(to: 2)
        var events: [SceneEvent] = []
        var samples: [(t: Double, panel: Double?, ring: Double?, offset: Double)] = []
        func sample(_ t: Double) {
            let o = Self.opacities(alert, at: t)
            samples.append((t, o.panel, o.ring, abs(alert.panelFrame(at: t).minX - 16)))
        }
        let grab = Point2(60, 16 + alert.naturalHeight / 2)
        events += alert.handle(.pointerDown(grab, time: 2, shift: false))
        let steps = Int((abs(distance) / speed / 0.008).rounded())
        var t = 2.0, x = grab.x
        for i in 1...steps {
            t = 2 + Double(i) * 0.008
            x = grab.x + distance * Double(i) / Double(steps)
            events += alert.handle(.pointerMoved(Point2(x, grab.y), time: t))
            sample(t)
        }
        // The slow drag rests 0.12 s before letting go: no speed, committed by its distance.
        let up = t + (abs(speed) < 500 ? 0.12 : 0.004)
        events += alert.handle(.pointerUp(Point2(x, grab.y), time: up))
        for i in 0...400 { sample(up + Double(i) * 0.001) }

        let armed = try #require(events.first { $0.name == .armed })
        let armedOffset = try #require(armed["offset"]?.number)
        // docs/behaviour.md §3.3: swiped, the panel's opacity is 1 − |offset| / (0.6 × 388); at the
        // 0.34 × 388 = 131.92 pt line that is at most 1 − 131.92 / 232.8 = 0.4333. The ring
        // starts at its own full strength times that.
        let atArming = try #require(samples.first { $0.t == armed.time })
        let ring = try #require(atArming.ring)
        #expect(abs(ring - (1 - abs(armedOffset) / 232.8)) < 1e-9)
        #expect(ring <= 1 - 131.92 / 232.8 + 1e-9)
        var gone = 0, shown = 0
        for s in samples where s.t >= armed.time && s.t < armed.time + 0.3 {
            if s.offset >= 232.8 {
                #expect(s.ring == nil, "t=\(s.t): a ring around a panel that has faded out")
                gone += 1
            } else if let r = s.ring {
                #expect(r <= (s.panel ?? 0) + 1e-12, "t=\(s.t): ring \(r), panel \(s.panel ?? 0)")
                shown += 1
            }
        }
        // The throws leave within the ring's 0.3 s: the frames that used to show an empty
        // outline flying off.
        #expect(shown > 5)
        #expect(abs(speed) < 500 || gone > 100)
    }

    @Test(arguments: [Theme.light, .dark])
    func theCloseControlIsTwoCrispStrokes(theme: Theme) throws {
        var alert = PushAlert(measurer: FixedMeasurer())
        _ = alert.present(at: 0)
        let list = alert.draw(at: 2, theme: theme, pageHeight: 300)
        #expect(!list.commands.contains { c in if case .text(let run, _) = c { return run.text == "×" } else { return false } })
        let target = alert.closeFrame(at: 2)
        // The strokes inside the ×'s target (the warning triangle is drawn with strokes too,
        // at the other end of the row).
        let strokes = list.commands.compactMap { c -> (Point2, Point2, Double, Color)? in
            if case .line(let a, let b, let w, let color) = c, target.contains(a), target.contains(b) { return (a, b, w, color) }
            return nil
        }
        #expect(strokes.count == 2)
        // docs/behaviour.md §3.1: ink at 45 % on the panel's surface — light #322614 on #FFF4E5, dark
        // #FFEBD0 on #2E2312 — mixed to one opaque colour so the crossing is not darker.
        let (ink, surface): (UInt32, UInt32) = theme == .light ? (0x322614, 0xFFF4E5) : (0xFFEBD0, 0x2E2312)
        func channel(_ hex: UInt32, _ shift: UInt32) -> Double { Double((hex >> shift) & 0xFF) / 255 }
        for (a, b, width, color) in strokes {
            // 8 pt across both ways, 1.5 pt thick, crossing at the target's centre — snapped
            // to the middle of a 1× pixel, so each stroke is one clean diagonal of pixels.
            #expect(abs(abs(b.x - a.x) - 8) < 1e-12 && abs(abs(b.y - a.y) - 8) < 1e-12 && width == 1.5)
            let mid = Point2((a.x + b.x) / 2, (a.y + b.y) / 2)
            #expect(abs(mid.x - target.midX) <= 0.5 && abs(mid.y - target.midY) <= 0.5)
            #expect(mid.x - mid.x.rounded(.down) == 0.5 && mid.y - mid.y.rounded(.down) == 0.5)
            for (value, shift) in [(color.r, UInt32(16)), (color.g, 8), (color.b, 0)] {
                #expect(abs(value - (0.45 * channel(ink, shift) + 0.55 * channel(surface, shift))) < 1e-9)
            }
            #expect(color.a == 1)
        }
        // Within the 20 × 20 target.
        #expect(target.width >= 20 && target.height >= 20)
    }

    @Test func theCloseStrokesFadeWithTheRow() throws {
        // docs/behaviour.md §3.3: the row's opacity is reveal(a); at a = 0.8 that is (0.8 − 0.62) / 0.35.
        var alert = PushAlert(measurer: FixedMeasurer())
        _ = alert.present(at: 0)
        let list = alert.draw(PushAlertPose(gap: 1, openness: 0.8), theme: .light, pageHeight: 300)
        // The ×'s strokes: those in the right half of the row (the glyph's are at its left).
        let alphas = list.commands.compactMap { c -> Double? in
            if case .line(let a, _, _, let color) = c, a.x > PushAlert.pageWidth / 2 { return color.a } else { return nil }
        }
        #expect(alphas.count == 2 && alphas.allSatisfy { abs($0 - 0.18 / 0.35) < 1e-9 })
    }
}
