import Canvas
import Foundation
import Motion
import Testing
@testable import Scenes

/// Drives a Spring Lab through pointer events like a hand would.
struct LabHand {
    var lab: SpringLab
    var events: [SceneEvent] = []

    init(_ settings: SpringLabSettings = SpringLabSettings(), reduceMotion: Bool = false) {
        lab = SpringLab.make(settings, measurer: FixedMeasurer())
        lab.reduceMotion = reduceMotion
    }

    mutating func send(_ e: InputEvent) { events += lab.handle(e) }

    /// Card A's centre on its lane at rest on the left stop: (100, 76) — the stop is the
    /// margin (24), the overshoot room (28) and half the card (48) in; the lane is 36…116.
    static let grab = Point2(100, 76)

    /// Presses at `from`, moves right `steps` times by `speed` × 8 ms (exact times), and
    /// lets go `hold` s after the last move. Returns the release time.
    mutating func drag(from p: Point2 = grab, at t0: Double, steps: Int, speed: Double, hold: Double = 0.004) -> Double {
        send(.pointerDown(p, time: t0, shift: false))
        for i in 1...steps {
            send(.pointerMoved(Point2(p.x + speed * 0.008 * Double(i), p.y), time: t0 + 0.008 * Double(i)))
        }
        let up = t0 + 0.008 * Double(steps) + hold
        send(.pointerUp(Point2(p.x + speed * 0.008 * Double(steps), p.y), time: up))
        return up
    }

    /// A click (down and up at once) at `p`.
    mutating func click(_ p: Point2, at t: Double) {
        send(.pointerDown(p, time: t, shift: false))
        send(.pointerUp(p, time: t))
    }

    /// Frames at 60 fps from `start` through `end`, as the window would run them.
    mutating func run(from start: Double, to end: Double) {
        var t = start
        while t <= end + 1e-9 {
            events += lab.update(to: t)
            t += 1.0 / 60
        }
    }

    func named(_ name: EventName) -> [SceneEvent] { events.filter { $0.name == name } }
}

/// The closed-form motion of docs/behaviour.md §1.2, written out here (not called from Motion), for
/// an underdamped spring of response R and damping ratio ζ (unit mass): the displacement
/// y = x − target and its velocity at t after a start at y0 with v0.
func underdamped(response r: Double, zeta: Double, y0: Double, v0: Double, t: Double) -> (y: Double, v: Double) {
    let w0 = 2 * Double.pi / r, a = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
    let b = (v0 + a * y0) / wd
    let e = exp(-a * t), c = cos(wd * t), s = sin(wd * t)
    let y = e * (y0 * c + b * s)
    let v = -a * y + e * (-y0 * wd * s + b * wd * c)
    return (y, v)
}

/// docs/behaviour.md §12.1: the Spring Lab's card, its throws and stops, A/B, the curves' ghost and
/// Reduce Motion — expected values from docs/behaviour.md §1 and by hand.
@Suite struct SpringLabTests {
    /// The stops' centres: 24 + 28 + 48 from each end of the 640 pt page; the midpoint 320.
    let left = 100.0, right = 540.0
    /// Spring A's default (0.5 s, ζ 0.825) settles at 6 / (ζω0) = 6 × 0.5 / (2π × 0.825).
    let settleA = 0.578_745
    /// Spring B's default (0.5 s, ζ 0.7): 6 × 0.5 / (2π × 0.7).
    let settleB = 0.682_092

    @Test func aThrowLandsOnTheStopItsProjectionIsNearerToCarryingItsVelocity() throws {
        var h = LabHand()
        // 1500 pt/s in 12 pt steps: the first (12 ≥ 8 pt) claims the drag, and the card
        // follows the pointer from the press: 100 + 12 × 16 = 292 at release, in the left half.
        let up = h.drag(at: 1, steps: 16, speed: 1500)
        let thrown = try #require(h.named(.thrown).first)
        let x = 292.0, v = 1500.0
        #expect(abs((thrown["velocity"]?.number ?? 0) - v) < 1e-6)
        #expect(thrown["from"]?.number == x)
        // Cards coast with r = 0.99 (docs/behaviour.md §1.7): 292 + (1500 / 1000) × 0.99 / 0.01 = 440.5,
        // past the midpoint: the right stop.
        #expect(abs((thrown["projected"]?.number ?? 0) - 440.5) < 1e-6)
        #expect(thrown["to"] == .string("right") && thrown["target"]?.number == right)
        // u = v / (target − current) = 1500 / 248, signed (docs/behaviour.md §1.3).
        #expect(abs((thrown["normalized"]?.number ?? 0) - 1500.0 / 248) < 1e-9)
        // Continuous at release: where it was let go, at the pointer's speed.
        #expect(h.lab.value(.a, at: up) == x)
        #expect(abs(h.lab.velocity(.a, at: up) - v) < 1e-6)
        // …then exactly docs/behaviour.md §1.2's motion from (−248, 1500).
        for dt in [0.05, 0.1, 0.3] {
            let expected = underdamped(response: 0.5, zeta: 0.825, y0: x - right, v0: v, t: dt)
            #expect(abs(h.lab.value(.a, at: up + dt) - (right + expected.y)) < 1e-6)
            #expect(abs(h.lab.velocity(.a, at: up + dt) - expected.v) < 1e-6)
        }
        #expect(abs(h.lab.value(.a, at: up + 5) - right) < 1e-6)
    }

    @Test func aSlowDragLetGoStillGoesBackToItsNearerStop() throws {
        var h = LabHand()
        // 240 pt/s in 1.92 pt steps, claimed at the fifth: the card is at 100 + 1.92 × 15 ≈ 129.
        _ = h.drag(at: 1, steps: 15, speed: 240, hold: 0.1)   // still for 100 ms: no velocity
        let thrown = try #require(h.named(.thrown).first)
        #expect(thrown["velocity"]?.number == 0 && thrown["to"] == .string("left"))
    }

    @Test func theDragFollowsThePointerOneToOneOnceItIsPast8Points() {
        var h = LabHand()
        h.send(.pointerDown(LabHand.grab, time: 1, shift: false))
        h.send(.pointerMoved(Point2(left + 5, 76), time: 1.01))      // 5 pt: not yet a drag
        #expect(h.lab.value(.a, at: 1.01) == left && !h.lab.isDragging)
        h.send(.pointerMoved(Point2(left + 10, 76), time: 1.02))     // 10 pt: claimed here
        #expect(h.lab.isDragging && h.named(.dragBegan).count == 1)
        h.send(.pointerMoved(Point2(left + 110, 76), time: 1.05))
        #expect(h.lab.value(.a, at: 1.05) == left + 110, "counted from the press, not from the claim")
        // Escape cancels: back to the stop it started nearer to, and no throw.
        h.send(.key(.escape, time: 1.06, shift: false))
        #expect(h.named(.dragCancelled).first?["to"] == .string("left") && h.named(.thrown).isEmpty)
        #expect(abs(h.lab.value(.a, at: 3) - left) < 1e-6)
    }

    @Test func aStepFromRestIsTheSpecsReferenceMotion() {
        // docs/behaviour.md §1.2: k 100, ζ 1, 0 → 500: floor(x) at 0.25 / 0.5 / 0.75 s is 356 / 479 / 497.
        // Response 2π / 10 makes k = 100; the travel is 440 pt, so x is scaled to 500.
        var settings = SpringLabSettings()
        settings.a = SpringSetting(2 * Double.pi / 10, 1)
        var h = LabHand(settings)
        h.click(Point2(right, 76), at: 1)   // the right stop's dock
        #expect(h.named(.sent).first?["to"] == .string("right"))
        for (dt, floored) in [(0.25, 356.0), (0.5, 479), (0.75, 497)] {
            #expect(floor((h.lab.value(.a, at: 1 + dt) - left) / 440 * 500) == floored)
        }
        // Clicking the lane away from the card, nearer the left: it goes back.
        h.click(Point2(200, 60), at: 3)
        #expect(h.named(.sent).last?["to"] == .string("left"))
    }

    @Test func settledFiresOnceAtTheSettleTime() throws {
        var h = LabHand()
        h.run(from: 0, to: 0.5)
        h.click(Point2(right, 76), at: 1)
        h.run(from: 1, to: 4)
        let settled = h.named(.settled)
        #expect(settled.count == 1)
        let s = try #require(settled.first)
        #expect(s["card"] == .string("a") && s["stop"] == .string("right"))
        #expect(abs(s.time - (1 + settleA)) < 1e-6 && abs((s["settle"]?.number ?? 0) - settleA) < 1e-6)
        #expect(abs((s["at"]?.number ?? 0) - (1 + settleA)) < 1e-6)
    }

    @Test func aReThrowMidMotionNeverReportsTheMotionItReplaced() throws {
        var h = LabHand()
        h.click(Point2(right, 76), at: 1)
        h.run(from: 1, to: 1.2)
        // Caught 0.2 s into its way right (well before its 0.58 s settle) and thrown back.
        let x = h.lab.value(.a, at: 1.2)
        let grab = Point2(x, 76)
        let up = h.drag(from: grab, at: 1.2, steps: 10, speed: -1500)
        h.run(from: up, to: 4)
        let settled = h.named(.settled)
        #expect(settled.count == 1, "\(settled)")
        #expect(settled.first?["stop"] == .string("left"))
        #expect(abs((settled.first?.time ?? 0) - (up + settleA)) < 1e-6)
    }

    @Test func aSendMidFlightKeepsTheCardsSpeed() {
        var h = LabHand()
        h.click(Point2(right, 76), at: 1)
        let before = (h.lab.value(.a, at: 1.15), h.lab.velocity(.a, at: 1.15))
        h.click(Point2(left, 76), at: 1.15)   // the left dock, which the card has left
        #expect(h.named(.sent).count == 2)
        #expect(h.lab.value(.a, at: 1.15) == before.0 && abs(h.lab.velocity(.a, at: 1.15) - before.1) < 1e-9)
        #expect(before.1 > 500, "it was moving right fast")
    }

    @Test func abMovesBothCardsFromTheSameInput() throws {
        var settings = SpringLabSettings()
        settings.ab = true
        var h = LabHand(settings)
        let up = h.drag(at: 1, steps: 16, speed: 1500)
        #expect(h.named(.thrown).first?["cards"]?.number == 2)
        // The same release position and velocity…
        #expect(h.lab.value(.a, at: up) == 292 && h.lab.value(.b, at: up) == 292)
        #expect(abs(h.lab.velocity(.b, at: up) - 1500) < 1e-6)
        // …each on its own spring from there.
        let a = underdamped(response: 0.5, zeta: 0.825, y0: 292 - right, v0: 1500, t: 0.1)
        let b = underdamped(response: 0.5, zeta: 0.7, y0: 292 - right, v0: 1500, t: 0.1)
        #expect(abs(h.lab.value(.a, at: up + 0.1) - (right + a.y)) < 1e-6)
        #expect(abs(h.lab.value(.b, at: up + 0.1) - (right + b.y)) < 1e-6)
        h.run(from: up, to: up + 2)
        let settled = h.named(.settled)
        #expect(settled.map { $0["card"] } == [.string("a"), .string("b")])
        #expect(abs(settled[0].time - (up + settleA)) < 1e-6 && abs(settled[1].time - (up + settleB)) < 1e-6)
    }

    @Test func withABOffTheSecondCardStaysOutOfIt() {
        var h = LabHand()
        _ = h.drag(at: 1, steps: 16, speed: 1500)
        h.run(from: 1, to: 3)
        #expect(h.lab.value(.b, at: 3) == left)
        #expect(h.named(.settled).map { $0["card"] } == [.string("a")])
        // Turned on later, B joins A where it rests, ready for the next input.
        h.lab.settings.ab = true
        #expect(h.lab.value(.b, at: 3) == h.lab.value(.a, at: 3))
    }

    @Test func theCurvesShowTheStepOfEachSpringBeforeAnyInput() {
        var settings = SpringLabSettings()
        settings.ab = true
        let lab = SpringLab.make(settings, measurer: FixedMeasurer())
        // A step from rest overshoots e^(−πζ / √(1 − ζ²)): 1.0 % at ζ 0.825, 4.6 % at 0.7.
        #expect(abs(lab.curve(.a).overshoot - exp(-Double.pi * 0.825 / (1 - 0.825 * 0.825).squareRoot())) < 1e-9)
        #expect(abs(lab.curve(.b).overshoot - 0.045_988) < 1e-6)
        #expect(lab.curve(.a).settle == Spring(response: 0.5, dampingRatio: 0.825).settleDuration)
        #expect(lab.playhead(at: 1) == nil)
    }

    @Test func thePlayheadRunsWithTheLiveMotionAndStopsWhereItSettles() {
        var h = LabHand()
        h.click(Point2(right, 76), at: 1)
        #expect(abs((h.lab.playhead(at: 1.2) ?? 0) - 0.2) < 1e-9)
        #expect(abs((h.lab.playhead(at: 9) ?? 0) - settleA) < 1e-6)
    }

    @Test func theGhostIsTheSpringBeforeARunOfChanges() {
        var h = LabHand()
        #expect(h.lab.ghost == nil, "a fresh lab has no ghost")
        _ = h.lab.update(to: 1)
        h.lab.settings.a.response = 0.6
        #expect(h.lab.ghost?.a.response == 0.5)
        // A slider drag: changes 1/60 s apart are one run, whose ghost stays the first.
        for (i, r) in [0.62, 0.64, 0.7].enumerated() {
            _ = h.lab.update(to: 1 + Double(i + 1) / 60)
            h.lab.settings.a.response = r
        }
        #expect(h.lab.ghost?.a.response == 0.5)
        #expect(h.lab.ghostCurve(.a)?.spring == Spring(response: 0.5, dampingRatio: 0.825))
        #expect(h.lab.ghostCurve(.b) == nil, "B did not change")
        // Half a second later a new change starts a new run: the ghost is 0.7.
        _ = h.lab.update(to: 1.6)
        h.lab.settings.a.damping = 0.5
        #expect(h.lab.ghost?.a == SpringSetting(0.7, 0.825))
        // Drawn faintly (30 %) in A's colour, on the position and the velocity plot: two
        // polylines of the same number of segments as the live curve's.
        let commands = h.lab.draw(at: 2, theme: .light).commands
        func lines(width: Double, color: Color) -> Int {
            commands.filter { if case .line(_, _, width, color) = $0 { return true } else { return false } }.count
        }
        #expect(lines(width: 1.25, color: SpringLab.colorA.opacity(0.3)) == 2 * 64)
        #expect(lines(width: 2, color: SpringLab.colorA) == 2 * 64)
        // A/B alone is no spring change: no new ghost.
        _ = h.lab.update(to: 3)
        h.lab.settings.ab = true
        #expect(h.lab.ghost?.a == SpringSetting(0.7, 0.825))
    }

    @Test func reduceMotionSettlesTheCardsOnTheReducedSpringAndKeepsTheTunedCurves() throws {
        var h = LabHand(reduceMotion: true)
        let up = h.drag(at: 1, steps: 5, speed: 6000)   // 48 pt steps: released at 292
        h.run(from: up, to: up + 1)
        // docs/behaviour.md §1.6: settles become (0.25, 0), critically damped: settled when
        // (1 + ω0 t) e^(−ω0 t) = 0.003 (§1.4), ω0 = 2π / 0.25 — solved here by bisection.
        var lo = 0.0, hi = 20.0
        for _ in 0..<100 {
            let u = (lo + hi) / 2
            if (1 + u) * exp(-u) > 0.003 { lo = u } else { hi = u }
        }
        let settle = hi / (2 * Double.pi / 0.25)
        let settled = try #require(h.named(.settled).first)
        #expect(abs(settled.time - (up + settle)) < 1e-6)
        // It never passes the stop, however fast the throw (the velocity is capped ×1).
        for k in 0...120 { #expect(h.lab.value(.a, at: up + Double(k) / 240) <= right + 1e-9) }
        // The curves still show the tuned spring with the throw's full velocity, the
        // playhead is off (the cards are not doing what the curves show), and a line says so.
        #expect(h.lab.curve(.a).spring == Spring(response: 0.5, dampingRatio: 0.825))
        #expect(abs(h.lab.curve(.a).velocity - 6000) < 1e-6 && h.lab.playhead(at: up + 0.1) == nil)
        let texts = h.lab.draw(at: up + 0.1, theme: .dark).textRuns.map(\.run.text)
        #expect(texts.contains("Reduce Motion: cards settle on (0.25 s, no bounce)"))
    }

    @Test(arguments: [
        (#"{"a": {"response": 3, "damping": 0.8}, "b": {"response": 0.5, "damping": 0.7}, "ab": false}"#, "a.response"),
        (#"{"a": {"response": 0.5, "damping": 0.8}, "b": {"response": 0.5, "damping": 0.01}, "ab": true}"#, "b.damping"),
        (#"{"a": {"response": 0.04, "damping": 9}, "b": {"response": 0.5, "damping": 0.7}, "ab": true}"#, "a.response"),
    ])
    func aPresetOutOfRangeIsRefusedByItsKey(json: String, key: String) throws {
        let settings = try JSONDecoder().decode(SpringLabSettings.self, from: Data(json.utf8))
        let problem = try #require(settings.problem())
        #expect(problem.key == key)
        if case .outOfRange(_, let range, _) = problem.kind { #expect(range == 0.05...2) } else { Issue.record("\(problem)") }
        #expect(problem.under("springLab").description.hasPrefix("'springLab.\(key)' must be in [0.05, 2]"))
    }

    @Test func theDefaultsAreInRangeAndTheTableNamesBothSprings() {
        #expect(SpringLabSettings().problem() == nil)
        #expect(SpringLabSettings.limits.map(\.key) == ["a.response", "a.damping", "b.response", "b.damping"])
        var nan = SpringLabSettings()
        nan.b.response = .nan
        #expect(nan.problem()?.key == "b.response")
    }

    @Test func theHUDArmsOverTheOtherHalfAndShowsTheHandOff() {
        var h = LabHand()
        h.send(.pointerDown(LabHand.grab, time: 1, shift: false))
        for i in 1...25 { h.send(.pointerMoved(Point2(100 + 12 * Double(i), 76), time: 1 + 0.008 * Double(i))) }
        // 100 + 12 × 25 = 400: over the right half (past 320).
        let hud = h.lab.hud(at: 1.2, pointerVelocity: .zero)
        #expect(hud.armed && hud.commitLines.first?.midX == 320)
        #expect(hud.projected != nil)
        _ = h.lab.handle(.pointerUp(Point2(400, 76), time: 1.204))
        let after = h.lab.hud(at: 1.3, pointerVelocity: .zero)
        #expect(!after.armed && after.lines.contains { $0.hasPrefix("hand-off u +") })
    }
}
