import Canvas
import Motion
@testable import Scenes
import Testing

/// docs/behaviour.md §4.1: the collapsible stack's spacing, bridges, size and alignment — values worked
/// out by hand from the formula (spacing = base × min(pᵢ, pᵢ₊₁); a run of p < 1 between two
/// visible siblings adds base × (1 − max p), half after the sibling before, half after the
/// run's last child).
@Suite struct CollapsibleStackTests {
    typealias C = CollapsibleStack.Child

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var base: Double
        var children: [C]
        var ys: [Double]
        var height: Double
        var description: String { name }
    }

    static let cases: [Case] = [
        // 20 + (4 + 0) + (0 + 4) + 10: the collapsed row's two halves of the bridge leave
        // the siblings exactly 8 apart.
        Case(name: "collapsed middle row", base: 8,
             children: [.fixed(Size(100, 20)), .collapsing(Size(100, 0), presence: 0), .fixed(Size(100, 10))],
             ys: [0, 24, 28], height: 38),
        // Half present, 6 tall: gaps 8 × 0.5 = 4 each, bridge 8 × 0.5 = 4 → 6 and 6.
        Case(name: "half present", base: 8,
             children: [.fixed(Size(100, 20)), .collapsing(Size(100, 6), presence: 0.5), .fixed(Size(100, 10))],
             ys: [0, 26, 38], height: 48),
        // A run of two (p 0.25, 0.75) in base 10: gaps 2.5, 2.5, 7.5; bridge 10 × 0.25 = 2.5
        // → after A 3.75, after C 8.75.
        Case(name: "run of two", base: 10,
             children: [.fixed(Size(50, 20)), .collapsing(Size(50, 10), presence: 0.25), .collapsing(Size(50, 10), presence: 0.75),
                        .fixed(Size(50, 20))],
             ys: [0, 23.75, 36.25, 55], height: 75),
        // A run at the end has no sibling after it: no bridge, no residual space.
        Case(name: "trailing run", base: 8, children: [.fixed(Size(100, 20)), .collapsing(Size(100, 0), presence: 0)],
             ys: [0, 20], height: 20),
        Case(name: "leading run", base: 8, children: [.collapsing(Size(100, 0), presence: 0), .fixed(Size(100, 20))],
             ys: [0, 0], height: 20),
        // Fully present: plain spacing.
        Case(name: "all present", base: 8, children: [.fixed(Size(10, 20)), .collapsing(Size(10, 6), presence: 1), .fixed(Size(10, 10))],
             ys: [0, 28, 42], height: 52),
        // Opted in without a presence: 0.3 pt tall counts 0, 0.6 pt counts 1.
        Case(name: "no presence, 0.3 pt", base: 8,
             children: [.fixed(Size(10, 20)), .collapsing(Size(10, 0.3), presence: nil), .fixed(Size(10, 10))],
             ys: [0, 24, 28.3], height: 38.3),
        Case(name: "no presence, 0.6 pt", base: 8,
             children: [.fixed(Size(10, 20)), .collapsing(Size(10, 0.6), presence: nil), .fixed(Size(10, 10))],
             ys: [0, 28, 36.6], height: 46.6),
        // NaN presence counts 0, above 1 counts 1; NaN and negative heights count 0.
        Case(name: "NaN presence, negative height", base: 8,
             children: [.fixed(Size(10, 20)), .collapsing(Size(10, -5), presence: .nan), .fixed(Size(10, .nan))],
             ys: [0, 24, 28], height: 28),
        Case(name: "presence above 1", base: 8,
             children: [.fixed(Size(10, 20)), .collapsing(Size(10, 6), presence: 3), .fixed(Size(10, 10))],
             ys: [0, 28, 42], height: 52),
        Case(name: "empty", base: 8, children: [], ys: [], height: 0),
    ]

    @Test(arguments: cases)
    func spacingAndBridges(_ c: Case) {
        let s = CollapsibleStack.layout(c.children, spacing: c.base, alignment: .leading)
        #expect(s.frames.count == c.ys.count)
        for (f, y) in zip(s.frames, c.ys) { #expect(abs(f.minY - y) < 1e-9, "\(c.name): y \(f.minY), expected \(y)") }
        #expect(abs(s.size.height - c.height) < 1e-9, "\(c.name): height \(s.size.height), expected \(c.height)")
        // One snapshot: the last frame ends where the measured height does.
        if let last = s.frames.last { #expect(abs(last.maxY - s.size.height) < 1e-9) }
    }

    @Test func widthIsTheWidestPresentChildAndAlignmentPlacesWithinIt() {
        let children: [C] = [.fixed(Size(100, 10)), .fixed(Size(50, 10)), .collapsing(Size(300, 10), presence: 0)]
        let leading = CollapsibleStack.layout(children, spacing: 4, alignment: .leading)
        #expect(leading.size.width == 100, "a collapsed child's width does not count")
        #expect(leading.frames[1].minX == 0)
        #expect(CollapsibleStack.layout(children, spacing: 4, alignment: .center).frames[1].minX == 25)
        #expect(CollapsibleStack.layout(children, spacing: 4, alignment: .trailing).frames[1].minX == 50)
        let infinite = CollapsibleStack.layout([.fixed(Size(.infinity, 10))], spacing: 4, alignment: .leading)
        #expect(infinite.size.width == 0)
    }
}

/// docs/behaviour.md §4.2: the presence element. Default curve (duration 0.5, bounce 0): critical,
/// ω = 4π; its collapse leaves (1 + ωt)e^(−ωt) — 0.642260 at 0.1 s. It lands when the
/// presence is within 0.001 and the height within 0.01 pt: for a 40 pt row the height is
/// last, (1 + x)e^(−x) = 0.01 / 40 at 0.856145 s (scipy brentq).
@Suite struct PresenceElementTests {
    let curve = PresenceSettings().curve

    @Test func theFirstValueIsSimplyThere() {
        var e = PresenceElement<String>()
        #expect(e.set("hello", naturalHeight: 40, curve: curve, at: 3).isEmpty)
        #expect(e.height(at: 3) == 40 && e.presence(at: 3) == 1)
        #expect(!e.isAnimating(at: 3), "no expand on first sight")
    }

    @Test func theValueOutlivesTheCollapseAndIsDroppedWhenItCompletes() {
        var e = PresenceElement<String>()
        _ = e.set("hello", naturalHeight: 40, curve: curve, at: 0)
        _ = e.set(nil, naturalHeight: 0, curve: curve, at: 1)
        #expect(e.update(to: 1.3).isEmpty)
        #expect(e.shown == "hello", "still drawn while collapsing")
        #expect(abs(e.presence(at: 1.1) - 0.642260) < 1e-5)
        #expect(abs(e.height(at: 1.1) - 40 * 0.642260) < 1e-3)
        #expect(e.update(to: 1.856).isEmpty, "not before the collapse completes (0.8561 s)")
        #expect(e.update(to: 1.8562) == [.hidden, .settled])
        #expect(e.shown == nil)
    }

    @Test func aReturningValueCancelsTheDrop() {
        var e = PresenceElement<String>()
        _ = e.set("hello", naturalHeight: 40, curve: curve, at: 0)
        _ = e.set(nil, naturalHeight: 0, curve: curve, at: 1)
        let back = e.set("hello", naturalHeight: 40, curve: curve, at: 1.2)
        #expect(back == [.shown], "the same value returning: no crossfade")
        let later = e.update(to: 5)
        #expect(!later.contains(.hidden), "the drop was cancelled")
        #expect(e.shown == "hello" && e.height(at: 5) == 40)
        // Returning with another value crossfades from the one that was leaving.
        _ = e.set(nil, naturalHeight: 0, curve: curve, at: 6)
        #expect(e.set("bye", naturalHeight: 20, curve: curve, at: 6.1) == [.shown, .valueChanged])
        #expect(e.previous == "hello" && e.shown == "bye")
    }

    @Test func aValueAppearingLaterExpands() {
        var e = PresenceElement<String>()
        _ = e.set(nil, naturalHeight: 0, curve: curve, at: 0)
        #expect(e.set("hi", naturalHeight: 30, curve: curve, at: 1) == [.shown])
        #expect(e.height(at: 1) == 0)
        #expect(abs(e.presence(at: 1.1) - (1 - 0.642260)) < 1e-5)
    }

    @Test func aNewHeightRetargetsOnlyPastHalfAPointFromTheLastTarget() {
        var e = PresenceElement<String>()
        _ = e.set(nil, naturalHeight: 0, curve: curve, at: 0)
        _ = e.set("grow", naturalHeight: 80, curve: curve, at: 0)
        // Mid-flight the height is ~23 pt, far from 80.3 — but the target is what counts.
        _ = e.set("grow", naturalHeight: 80.3, curve: curve, at: 0.1)
        #expect(e.targetHeight == 80)
        #expect(abs(e.height(at: 0.2) - 80 * (1 - 0.2845843)) < 1e-3, "the motion was not restarted")
        _ = e.set("grow", naturalHeight: 80.6, curve: curve, at: 0.2)
        #expect(e.targetHeight == 80.6)
        // A retarget keeps position and velocity: no jump at the instant.
        #expect(abs(e.height(at: 0.2) - 80 * (1 - 0.2845843)) < 1e-3)
    }

    @Test func heightAndPresenceMoveInLockstepEveryFrame() {
        var e = PresenceElement<String>()
        _ = e.set(nil, naturalHeight: 0, curve: curve, at: 0)
        _ = e.set("x", naturalHeight: 64, curve: curve, at: 0)
        _ = e.set(nil, naturalHeight: 0, curve: curve, at: 0.25)  // interrupted mid-show
        for i in 0...60 {
            let t = Double(i) / 60
            // One spring from (0, 0) toward (64, 1), then both back toward (0, 0): height is
            // always 64 × presence.
            #expect(abs(e.height(at: t) - 64 * e.presence(at: t)) < 1e-9, "t = \(t)")
        }
    }
}

/// docs/behaviour.md §4.3: the scene — the footer glides to exactly one base spacing below the title,
/// where the naive column jumps; content is cut, never squashed; the nested stack keeps
/// no residual space.
@Suite struct PresenceSceneTests {
    let m = FixedMeasurer()

    @Test func hidingGlidesTheFooterToExactlyTheBaseSpacing() {
        var scene = PresenceScene(measurer: m)
        // Fixed measurer: title 15 pt → 18 tall, detail 13 pt → 15.6, spacing 8.
        let start = scene.layout(synced: true, at: 0)
        let footer: Double = start[.textFooter]!.minY, title: Double = start[.textTitle]!.maxY
        #expect(abs(footer - (title + 8 + 15.6 + 8)) < 1e-9)
        var events = scene.toggleTapped(at: 0)
        var last = start[.textFooter]!.minY
        var biggestStep = 0.0
        for i in 1...60 {
            let t = Double(i) / 60
            events += scene.update(to: t)
            let f = scene.layout(synced: true, at: t)
            let y = f[.textFooter]!.minY
            #expect(y <= last + 1e-9, "the footer only rises (critical spring)")
            biggestStep = max(biggestStep, last - y)
            last = y
        }
        // 31.6 pt closed over 0.64 s: no frame moves it more than a fifth of that.
        #expect(biggestStep < 6.5, "largest frame step \(biggestStep)")
        let end = scene.layout(synced: true, at: 1)
        #expect(end[.textFooter]!.minY - end[.textTitle]!.maxY == 8, "exactly the base spacing")
        #expect(scene.text.height(at: 1) == 0 && scene.text.presence(at: 1) == 0)
        #expect(events.contains { $0.name == "hidden" && $0["id"] == .string("text.detail") })
        // The naive column is already there at t = 0: one jump of 31.6 pt.
        let naive = scene.layout(synced: false, at: 0)
        #expect(naive[.textFooter]!.minY - naive[.textTitle]!.maxY == 8)
        #expect(naive[.textDetail] == nil)
    }

    @Test func theDropChangesNoFrame() {
        var scene = PresenceScene(measurer: m)
        _ = scene.toggleTapped(at: 0)
        // The last row to land is the 36 pt number: (1 + x)e^(−x) = 0.01 / 36 at 0.846977 s.
        let landing = 0.8470
        let before = scene.layout(synced: true, at: landing)
        let dropped = scene.update(to: landing)
        #expect(dropped.contains { $0.name == "hidden" })
        let after = scene.layout(synced: true, at: landing)
        for (id, r) in before {
            guard let a = after[id] else { continue }
            #expect(abs(a.minY - r.minY) < 0.05, "\(id) moved \(a.minY - r.minY) at the drop")
        }
    }

    @Test func contentIsCutNotSquashed() {
        var scene = PresenceScene(measurer: m)
        _ = scene.nextTapped(at: 0)        // the long, three-line text
        _ = scene.update(to: 2)
        _ = scene.toggleTapped(at: 2)
        let t = 2.1
        let list = scene.draw(at: t, theme: .light)
        let visible = scene.text.height(at: t)
        // The long text's lines (3 — the limit — at 6.5 pt a character in 308 pt), at natural
        // spacing under a clip as tall as what is visible.
        let lines = scene.lines(PresenceScene.texts[1], width: 308)
        #expect(lines.count == 3)
        #expect(visible > 10 && visible < Double(lines.count) * 15.6 - 10)
        let ys = list.commands.compactMap { c -> Double? in
            if case .text(let run, _) = c, lines.contains(run.text) { return run.origin.y } else { return nil }
        }
        #expect(ys.count == lines.count, "every line drawn in the synced column; the naive one dropped it at once")
        let synced = ys
        for (a, b) in zip(synced, synced.dropFirst()) { #expect(abs(b - a - 15.6) < 1e-9, "line spacing stays 15.6") }
        let clips = list.commands.compactMap { c -> Rect? in if case .pushClip(let s) = c { return s.rect } else { return nil } }
        #expect(clips.contains { abs($0.height - visible) < 1e-9 && abs($0.minY - synced[0]) < 1e-9 })
    }

    @Test func theNestedStackKeepsNoResidualSpace() {
        var scene = PresenceScene(measurer: m)
        _ = scene.toggleTapped(at: 0)
        _ = scene.update(to: 1)
        let f = scene.layout(synced: true, at: 1)
        #expect(f[.nestedRow]!.height == 15.6, "the row is its label alone")
        #expect(f[.nestedFooter]!.minY - f[.nestedRow]!.maxY == 8)
    }

    @Test func valuesCycleAndNumbersAreGrouped() {
        var scene = PresenceScene(measurer: m)
        var seen: [String] = []
        for i in 0..<5 {
            seen.append(PresenceScene.formatted(scene.numberValue ?? -1))
            let events = scene.nextTapped(at: Double(i))
            #expect(events.contains { $0.name == "valueChanged" && $0["id"] == .string("number.value") })
        }
        #expect(seen == ["98", "104", "1,248", "99,300", "42"])
        #expect(scene.numberValue == 98)
    }

    /// Next value while the details are hidden brings them back with the next sample, as
    /// the design's button sets the detail visible; the trace records the show.
    @Test func nextValueRevealsHiddenDetails() {
        var scene = PresenceScene(measurer: m)
        _ = scene.toggleTapped(at: 0)
        _ = scene.update(to: 2)
        #expect(!scene.showing && scene.text.shown == nil && scene.nested.shown == nil)
        let events = scene.nextTapped(at: 2)
        #expect(scene.showing && scene.index == 1)
        #expect(events.map(\.name.rawValue).prefix(2) == ["next", "toggled"])
        #expect(events.contains { $0.name == "toggled" && $0["showing"] == .bool(true) })
        #expect(events.contains { $0.name == "shown" && $0["id"] == .string("text.detail") })
        _ = scene.update(to: 5)
        #expect(scene.text.shown == PresenceScene.texts[1] && scene.nested.shown == PresenceScene.nestedTexts[1])
        #expect(scene.text.presence(at: 5) == 1 && scene.text.height(at: 5) == scene.text.targetHeight)
        // Shown already, Next value only moves on: no second toggled.
        #expect(!scene.nextTapped(at: 6).contains { $0.name == "toggled" })
    }

    /// The number row is a preview of its own: Hide takes the two details away and leaves
    /// the number card exactly as it was, in both columns.
    @Test func theNumberIsIndependentOfShowHide() {
        var scene = PresenceScene(measurer: m)
        let before = (synced: scene.layout(synced: true, at: 0), naive: scene.layout(synced: false, at: 0))
        let events = scene.toggleTapped(at: 0)
        #expect(!events.contains { $0["id"] == .string("number.value") })
        for t in [0.1, 0.3, 2.0] {
            _ = scene.update(to: t)
            let synced = scene.layout(synced: true, at: t)
            #expect(synced[.numberValue] != nil && synced[.numberValue]!.height == before.synced[.numberValue]!.height)
            #expect(synced[.numberCard]!.height == before.synced[.numberCard]!.height)
            #expect(scene.number.presence(at: t) == 1 && scene.number.shown == 98)
        }
        #expect(scene.layout(synced: false, at: 2)[.numberValue]?.height == before.naive[.numberValue]?.height)
        #expect(scene.layout(synced: false, at: 2)[.textDetail] == nil, "the naive detail is gone at once")
    }

    @Test func buttonsAndKeysDriveIt() {
        var scene = PresenceScene(measurer: m)
        let c = PresenceScene.toggleFrame.center
        _ = scene.handle(.pointerDown(c, time: 0, shift: false))
        #expect(scene.handle(.pointerUp(c, time: 0.05)).isEmpty == false)
        #expect(!scene.showing)
        _ = scene.handle(.key(.t, time: 1, shift: false))
        #expect(scene.showing)
        _ = scene.handle(.key(.n, time: 2, shift: false))
        #expect(scene.index == 1)
        // A press that slides off the button does nothing.
        _ = scene.handle(.pointerDown(c, time: 3, shift: false))
        #expect(scene.handle(.pointerUp(Point2(c.x, c.y + 200), time: 3.1)).isEmpty)
        #expect(scene.showing)
    }
}

/// docs/behaviour.md §9: any sequence of interruptions ends settled in a valid state, no NaN anywhere.
@Suite struct PresenceInterruptionTests {
    @Test(arguments: 0..<24)
    func randomTogglesAndNextsEndSettledAndExact(seed: Int) {
        var rng = SplitMix(seed: UInt64(seed))
        var scene = PresenceScene(measurer: FixedMeasurer())
        var t = 0.0
        for _ in 0..<12 {
            t += Double(rng.next() % 400) / 1000        // 0–0.4 s apart: mid-motion, mid-crossfade
            _ = rng.next() % 3 == 0 ? scene.nextTapped(at: t) : scene.toggleTapped(at: t)
            _ = scene.update(to: t + Double(rng.next() % 50) / 1000)
            for id: PresenceRowID in [.textFooter, .numberFooter, .nestedFooter] {
                let f = scene.layout(synced: true, at: t + 0.03)[id]!
                #expect(f.minY.isFinite && f.height.isFinite)
            }
        }
        let end = t + 3
        _ = scene.update(to: end)
        #expect(!scene.isAnimating(at: end))
        let f = scene.layout(synced: true, at: end)
        if scene.showing {
            #expect(scene.text.shown == scene.textValue && scene.text.height(at: end) == scene.text.targetHeight)
            #expect(scene.text.presence(at: end) == 1 && scene.number.shown == scene.numberValue)
        } else {
            #expect(scene.text.shown == nil && scene.nested.shown == nil)
            #expect(scene.number.shown == scene.numberValue && scene.number.presence(at: end) == 1, "the number stays")
            #expect(f[.textFooter]!.minY - f[.textTitle]!.maxY == 8, "exactly one base spacing")
            #expect(f[.nestedRow]!.height == 15.6, "no residual space")
        }
        // And it matches the naive column's resting layout exactly.
        let naive = scene.layout(synced: false, at: end)
        for id: PresenceRowID in [.textFooter, .numberFooter, .nestedFooter] {
            #expect(abs((f[id]!.minY) - (naive[id]!.minY)) < 1e-9, "\(id) rests where the naive column puts it")
        }
    }
}

/// A small deterministic generator (SplitMix64) for interleaving tests, so a failing
/// sequence can be replayed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    init(state: UInt64) { self.state = state }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
