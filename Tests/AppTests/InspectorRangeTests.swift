import Canvas
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// Every inspector slider spans exactly the range a preset is checked against (docs/behaviour.md §6,
/// §13), found by clicking each end of its track like a hand would.
@Suite struct InspectorRangeTests {
    /// A window tall enough that every slider of every inspector is on screen.
    func app(_ scene: PushAlertApp.SceneKind) -> PushAlertApp {
        var app = PushAlertApp(settings: PushAlertSettings(), measurer: FixedAdvanceMeasurer(), theme: .light,
                               windowSize: Size(1280, 2400), wall: 100)
        app.show(scene)
        return app
    }

    /// Clicks the far right of the slider's track, then the far left (a second apart: no
    /// double-click), and reads the value after each.
    func ends(of id: ControlID, in app: inout PushAlertApp, read: (PushAlertApp) -> Double) -> (low: Double, high: Double)? {
        guard let frame = app.controlFrames().first(where: { $0.0 == id })?.1 else { return nil }
        let track = Rect(x: frame.minX + 92, y: frame.minY, width: frame.width - 92 - 62 - 8, height: frame.height)
        let right = Point2(track.maxX - 1e-6, track.midY), left = Point2(track.minX, track.midY)
        _ = app.handle(.pointerDown(right, time: 101, shift: false))
        _ = app.handle(.pointerUp(right, time: 101.05))
        let high = read(app)
        _ = app.handle(.pointerDown(left, time: 102, shift: false))
        _ = app.handle(.pointerUp(left, time: 102.05))
        return (read(app), high)
    }

    func expectEnds(_ scene: PushAlertApp.SceneKind, _ rows: [(ControlID, Double, Double, (PushAlertApp) -> Double)]) {
        for (id, low, high, read) in rows {
            var a = app(scene)
            guard let found = ends(of: id, in: &a, read: read) else { Issue.record("no slider \(id)"); continue }
            let tolerance = (high - low) * 1e-6
            #expect(abs(found.low - low) <= tolerance, "\(id) low: \(found.low), want \(low)")
            #expect(abs(found.high - high) <= tolerance, "\(id) high: \(found.high), want \(high)")
        }
    }

    @Test func pushAlertSliders() {
        expectEnds(.pushAlert, [
            ("gap.response", 0.05, 2, { $0.alert.settings.gap.response }), ("gap.damping", 0.05, 2, { $0.alert.settings.gap.damping }),
            ("alert.response", 0.05, 2, { $0.alert.settings.alert.response }),
            ("alert.damping", 0.05, 2, { $0.alert.settings.alert.damping }),
            ("leave.ratio", 0.25, 2, { $0.alert.settings.leaveRatio }), ("leave.damping", 0.05, 2, { $0.alert.settings.leaveDamping }),
            ("close.ratio", 0.25, 2, { $0.alert.settings.closeRatio }), ("close.damping", 0.05, 2, { $0.alert.settings.closeDamping }),
            ("throw.response", 0.05, 2, { $0.alert.settings.throwSpring.response }),
            ("throw.damping", 0.05, 2, { $0.alert.settings.throwSpring.damping }),
            ("return.response", 0.05, 2, { $0.alert.settings.returnSpring.response }),
            ("return.damping", 0.05, 2, { $0.alert.settings.returnSpring.damping }),
            ("commit.fraction", 0.1, 0.9, { $0.alert.settings.commitFraction }),
            ("dismiss.velocity", 100, 3000, { $0.alert.settings.dismissVelocity }),
            ("spacing.below", 0, 40, { $0.alert.settings.spacingBelow }), ("corner.radius", 0, 30, { $0.alert.settings.cornerRadius }),
        ])
    }

    @Test func liquidSliders() {
        var rows: [(ControlID, Double, Double, (PushAlertApp) -> Double)] = []
        let springs: [(String, KeyPath<LiquidPileSettings, SpringSetting>)] = [
            ("reveal", \.reveal), ("dismiss", \.dismiss), ("settle", \.settle), ("split", \.split), ("home", \.home),
            ("morph", \.morph), ("press", \.press),
        ]
        for (id, path) in springs {
            rows.append(("\(id).response", 0.05, 2, { $0.pile.settings[keyPath: path].response }))
            rows.append(("\(id).damping", 0.05, 2, { $0.pile.settings[keyPath: path].damping }))
        }
        rows.append(("pile.merge", 2, 24, { $0.pile.settings.merge }))
        expectEnds(.liquid, rows)
    }

    @Test func presenceAndNeckSliders() {
        expectEnds(.presence, [
            ("presence.response", 0.05, 2, { $0.presence.settings.animation.response }),
            ("presence.damping", 0.05, 2, { $0.presence.settings.animation.damping }),
            ("presence.spacing", 0, 32, { $0.presence.settings.spacing }),
            ("presence.cardSpacing", 0, 48, { $0.presence.settings.cardSpacing }),
        ])
        expectEnds(.neck, [
            ("neck.merge", 4, 60, { $0.neck.merge }), ("neck.smoothing", 0.5, 20, { $0.neck.smoothing ?? $0.neck.merge / 4 }),
        ])
    }

    /// The title field takes at most 200 characters, however much is pasted into it.
    @Test func theTitleFieldStopsAt200Characters() throws {
        var a = app(.pushAlert)
        let frame = try #require(a.controlFrames().first { $0.0 == "title.text" }?.1)
        let box = Point2(frame.minX + 92 + 20, frame.midY)
        _ = a.handle(.pointerDown(box, time: 101, shift: false))
        _ = a.handle(.pointerUp(box, time: 101.05))
        _ = a.handle(.text(String(repeating: "z", count: 10_000), time: 101.1))
        _ = a.handle(.key(.enter, time: 101.2, shift: false))
        #expect(a.alert.settings.title.count == 200)
        #expect(a.alert.settings.title.hasPrefix(PushAlertSettings().title))
        #expect(a.alert.settings.problem() == nil)
    }
}
