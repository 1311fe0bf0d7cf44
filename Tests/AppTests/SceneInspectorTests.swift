import Canvas
import Foundation
import Motion
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// Scene switching and the neck sandbox's inspector (issue 5, partial).
@Suite struct SceneSwitchTests {
    var app = PushAlertApp(settings: PushAlertSettings(), measurer: FixedMeasurer(), theme: .light,
                           windowSize: Size(1280, 800), wall: 10)

    @Test mutating func keyFourOpensTheNeckSandboxAndOneComesBack() {
        let e = app.handle(.key(.digit4, time: 11, shift: false)).events
        #expect(app.kind == .neck && e.first?["scene"] == .string("neck"))
        let ids = Set(app.layoutEvent(atWall: 11).fields.map(\.0))
        #expect(ids.isSuperset(of: ["neck.merge", "neck.smoothing", "neck.kernel.quadratic", "neck.kernel.cubic", "neck.field"]))
        _ = app.handle(.key(.digit1, time: 12, shift: false))
        #expect(app.kind == .pushAlert)
    }

    @Test mutating func theMergeSliderRetunesTheSandbox() {
        _ = app.handle(.key(.digit4, time: 11, shift: false))
        let f = app.controlFrames().first { $0.0 == "neck.merge" }?.1 ?? .zero
        let number = Point2(f.maxX - 31, f.midY)
        _ = app.handle(.pointerDown(number, time: 12, shift: false))
        _ = app.handle(.key(.backspace, time: 12.1, shift: false))
        for _ in 0..<6 { _ = app.handle(.key(.backspace, time: 12.1, shift: false)) }
        _ = app.handle(.text("40", time: 12.2))
        let events = app.handle(.key(.enter, time: 12.3, shift: false)).events
        #expect(app.neck.merge == 40)
        #expect(events.first?["name"] == .string("neck.merge"))
        // k follows merge / 4 = 10, so the pair now snaps apart at 2k = 20 pt.
        #expect(abs(app.neck.snapGap - 20) < 1e-3)
    }

    @Test mutating func draggingOnTheStageMovesAPiece() {
        _ = app.handle(.key(.digit4, time: 11, shift: false))
        let o = app.pageOrigin
        let c = app.neck.pieces[2].center
        _ = app.handle(.pointerDown(Point2(c.x + o.x, c.y + o.y), time: 12, shift: false))
        _ = app.handle(.pointerMoved(Point2(c.x + o.x - 40, c.y + o.y + 10), time: 12.1))
        _ = app.handle(.pointerUp(Point2(c.x + o.x - 40, c.y + o.y + 10), time: 12.2))
        #expect(app.neck.pieces[2].center == Point2(c.x - 40, c.y + 10))
    }
}

/// The pile's inspector: its springs are tunable and a change drives the next motion.
@Suite struct LiquidInspectorTests {
    var app = PushAlertApp(settings: PushAlertSettings(), measurer: FixedMeasurer(), theme: .light,
                           windowSize: Size(1280, 800), wall: 10)

    @Test mutating func revealResponseDrivesTheNextSpread() {
        _ = app.handle(.key(.digit3, time: 11, shift: false))
        let ids = Set(app.layoutEvent(atWall: 11).fields.map(\.0))
        for g in ["reveal", "dismiss", "settle", "split", "home", "morph", "press"] {
            #expect(ids.isSuperset(of: ["\(g).response", "\(g).damping", "\(g).reset"]), "\(g)")
        }
        let f = app.controlFrames().first { $0.0 == "reveal.response" }?.1 ?? .zero
        _ = app.handle(.pointerDown(Point2(f.maxX - 31, f.midY), time: 12, shift: false))
        for _ in 0..<8 { _ = app.handle(.key(.backspace, time: 12.1, shift: false)) }
        _ = app.handle(.text("1.2", time: 12.2))
        let events = app.handle(.key(.enter, time: 12.3, shift: false)).events
        #expect(events.first?["name"] == .string("reveal.response"))
        #expect(app.pile.settings.reveal.response == 1.2)
        var pile = app.pile
        _ = pile.spread(at: 0)
        // Card 1 travels from its peek (y 26) to the list (16 + 44 + the header gap 5 +
        // height of card 0 + 12, docs/behaviour.md §5.3.1) on the (1.2, 0.8) spring.
        let target = 16 + 44 + 5 + pile.cards[0].height + 12
        let expected = 26 + (target - 26) * Spring(response: 1.2, dampingRatio: 0.8).step(at: 0.3)
        #expect(abs(pile.cards[1].frame.value(at: 0.3).top - expected) < 1e-9)
    }
}

/// The presence scene in the window (issue 6): key 2 opens it, its page buttons and keys
/// drive it through the stage, and its spring slider retunes the next motion.
@Suite struct PresenceAppTests {
    var app = PushAlertApp(settings: PushAlertSettings(), measurer: FixedMeasurer(), theme: .light,
                           windowSize: Size(1280, 800), wall: 10)

    @Test mutating func keyTwoOpensItAndTheLayoutListsItsControls() {
        let e = app.handle(.key(.digit2, time: 11, shift: false)).events
        #expect(app.kind == .presence && e.first?["scene"] == .string("presence"))
        let ids = Set(app.layoutEvent(atWall: 11).fields.map(\.0))
        #expect(ids.isSuperset(of: ["presence.toggle", "presence.next", "presence.response", "presence.damping", "presence.spacing",
                                    "synced.text.footer", "synced.number.value"]))
    }

    @Test mutating func clickingShowHideOnTheStageHidesTheRows() {
        _ = app.handle(.key(.digit2, time: 11, shift: false))
        let f = app.controlFrames().first { $0.0 == "presence.toggle" }?.1 ?? .zero
        #expect(f.minX > 0 && f.minY > 0)
        _ = app.handle(.pointerDown(f.center, time: 12, shift: false))
        let events = app.handle(.pointerUp(f.center, time: 12.05)).events
        #expect(events.contains { $0.name == "toggled" && $0["showing"] == .bool(false) })
        let later = app.update(toWall: 14)
        #expect(later.filter { $0.name == "hidden" }.count == 2, "the detail and the nested detail; the number stays")
        _ = app.handle(.key(.n, time: 15, shift: false))
        #expect(app.presence.index == 1)
    }

    @Test mutating func theResponseSliderRetunesTheNextMotion() {
        _ = app.handle(.key(.digit2, time: 11, shift: false))
        let f = app.controlFrames().first { $0.0 == "presence.response" }?.1 ?? .zero
        _ = app.handle(.pointerDown(Point2(f.maxX - 31, f.midY), time: 12, shift: false))
        for _ in 0..<8 { _ = app.handle(.key(.backspace, time: 12.1, shift: false)) }
        _ = app.handle(.text("1", time: 12.2))
        _ = app.handle(.key(.enter, time: 12.3, shift: false))
        #expect(app.presence.settings.animation.response == 1)
        var scene = app.presence
        _ = scene.toggleTapped(at: 0)
        // Critical at response 1: ω = 2π, presence (1 + ωt)e^(−ωt) = 0.642260 at 0.2 s.
        #expect(abs(scene.text.presence(at: 0.2) - 0.642260) < 1e-5)
    }
}
