import Canvas
import Motion
@testable import Scenes
import Testing

/// Same time, same frame, scene by scene (docs/behaviour.md §15.5): the scheduled events the scripts
/// never reach — an armed Clear all folding back after 3 s, two thrown cards leaving the
/// list within one frame, a pile emptied under Reduce Motion refilling, cards the app
/// removes one after another, an arrival during Clear all, an alert presented just after
/// its dismissal settled, rows shown again mid-drop. Each scenario is played with frames
/// every 1/30 s, 1/60 s, 1/144 s, at seeded random steps, and as one jump to each time;
/// the pages drawn at every multiple of 1/30 s must be equal (the 1/30 s run is the
/// reference only for the comparison, not for what is right).
@Suite struct StepIndependenceTests {
    /// Something done to a scene at a time: an input, handed over as the window hands it
    /// (with no frame before it), or an action the workbench performs — a page button —
    /// after bringing the scene up to that time, as the workbench does.
    enum Act<S: Scene> {
        case input(InputEvent)
        case action((inout S, Double) -> [SceneEvent])
    }

    struct Scenario<S: Scene> {
        var start: S
        var acts: [(at: Double, act: Act<S>)]
        var until: Double

        /// The pages at `checkpoints`, with frames at `steps` and at every checkpoint.
        func pages(steps: [Double], checkpoints: [Double]) -> [DisplayList] {
            var scene = start
            var next = 0
            var out: [DisplayList] = []
            let wanted = Set(checkpoints)
            for t in Set(steps).union(wanted).sorted() {
                while next < acts.count, acts[next].at <= t {
                    switch acts[next].act {
                    case .input(let e): _ = scene.handle(e)
                    case .action(let body):
                        _ = scene.update(to: acts[next].at)
                        _ = body(&scene, acts[next].at)
                    }
                    next += 1
                }
                _ = scene.update(to: t)
                if wanted.contains(t) { out.append(scene.draw(at: t, theme: .light, pageHeight: 640)) }
            }
            return out
        }

        /// The times (k/30) at which any step sequence draws another page than 1/30 s steps.
        func differences() -> [String: [String]] {
            let checkpoints = grid(30, until: until)
            let reference = pages(steps: [], checkpoints: checkpoints)
            var sequences: [(String, [DisplayList])] = [
                ("1/60", pages(steps: grid(60, until: until), checkpoints: checkpoints)),
                ("1/144", pages(steps: grid(144, until: until), checkpoints: checkpoints)),
                ("random", pages(steps: randomSteps(until: until), checkpoints: checkpoints)),
            ]
            sequences.append(("jump", checkpoints.map { pages(steps: [], checkpoints: [$0])[0] }))
            var out: [String: [String]] = [:]
            for (name, got) in sequences {
                let differ = checkpoints.indices.filter { got[$0] != reference[$0] }.map { "\($0)/30" }
                if !differ.isEmpty { out[name] = differ }
            }
            return out
        }
    }

    static func drag(_ p: Point2, dx: Double, at t: Double) -> [(at: Double, act: Act<LiquidPile>)] {
        var out: [(at: Double, act: Act<LiquidPile>)] = [(t, .input(.pointerDown(p, time: t, shift: false)))]
        for k in 1...4 { out.append((t + 0.01 * Double(k), .input(.pointerMoved(Point2(p.x + dx * Double(k) / 4, p.y), time: t + 0.01 * Double(k))))) }
        out.append((t + 0.044, .input(.pointerUp(Point2(p.x + dx, p.y), time: t + 0.044))))
        return out
    }

    static func click(_ p: Point2, at t: Double) -> [(at: Double, act: Act<LiquidPile>)] {
        [(t, .input(.pointerDown(p, time: t, shift: false))), (t + 0.02, .input(.pointerUp(p, time: t + 0.02)))]
    }

    /// A pile spread at 0 by its page button, and where its cards and bubbles rest then.
    static func spreadPile(reduceMotion: Bool = false) -> (LiquidPile, [ControlID: Point2]) {
        var pile = LiquidPile(measurer: FixedAdvanceMeasurer())
        pile.reduceMotion = reduceMotion
        var settled = pile
        _ = settled.spread(at: 0)
        _ = settled.update(to: 2)
        let at = Dictionary(settled.restingFrames().map { ($0.0, $0.1.center) }, uniquingKeysWith: { a, _ in a })
        return (pile, at)
    }

    static var spread: (at: Double, act: Act<LiquidPile>) { (0, .action { $0.spread(at: $1) }) }

    @Test func anArmedClearAllFoldsBackAtItsTimeout() throws {
        let (pile, at) = Self.spreadPile()
        let x = try #require(at["bubble.clear"])
        let s = Scenario(start: pile, acts: [Self.spread] + Self.click(x, at: 1.0), until: 4.8)
        #expect(s.differences().isEmpty, "\(s.differences())")
    }

    @Test func twoThrownCardsLeaveTheListEachAtItsOwnTime() throws {
        let (pile, at) = Self.spreadPile()
        let a = try #require(at["card.\(pile.cards[1].notice.id)"]), b = try #require(at["card.\(pile.cards[2].notice.id)"])
        let s = Scenario(start: pile, acts: [Self.spread] + Self.drag(a, dx: -200, at: 1.0) + Self.drag(b, dx: 200, at: 1.05),
                         until: 2.4)
        #expect(s.differences().isEmpty, "\(s.differences())")
    }

    @Test func aPileClearedUnderReduceMotionRefillsASecondLater() throws {
        let (pile, at) = Self.spreadPile(reduceMotion: true)
        let x = try #require(at["bubble.clear"])
        let s = Scenario(start: pile, acts: [Self.spread] + Self.click(x, at: 1.0) + Self.click(x, at: 1.5), until: 3.4)
        #expect(s.differences().isEmpty, "\(s.differences())")
    }

    @Test func cardsRemovedByTheAppOneAfterAnotherThenTheRefill() {
        var pile = LiquidPile(notices: Array(Notice.samples.prefix(3)), measurer: FixedAdvanceMeasurer())
        _ = pile.spread(at: 0)
        let remove: Act<LiquidPile> = .action { $0.removeNewestByApp(at: $1) }
        let s = Scenario(start: pile, acts: [(1.0, remove), (1.1, remove), (1.13, remove)], until: 3.6)
        #expect(s.differences().isEmpty, "\(s.differences())")
    }

    @Test func aNoticeArrivingDuringClearAllStaysInACollapsedPile() throws {
        let (pile, at) = Self.spreadPile()
        let x = try #require(at["bubble.clear"])
        let s = Scenario(start: pile, acts: [Self.spread] + Self.click(x, at: 1.0) + Self.click(x, at: 1.3)
                            + [(1.5, .action { $0.addSampleNotice(at: $1) })], until: 3.6)
        #expect(s.differences().isEmpty, "\(s.differences())")
    }

    @Test func anAlertPresentedJustAfterItsDismissalSettled() {
        var alert = PushAlert(measurer: FixedAdvanceMeasurer())
        _ = alert.present(at: 0)
        let s = Scenario<PushAlert>(start: alert, acts: [(1.0, .action { $0.closeTapped(at: $1) }),
                                                       (2.0, .input(.key(.enter, time: 2.0, shift: false)))], until: 3.4)
        #expect(s.differences().isEmpty, "\(s.differences())")
    }

    @Test func rowsShownAgainMidDropAndAfterIt() {
        let presence = PresenceScene(measurer: FixedAdvanceMeasurer(), settings: PresenceSettings())
        let t: (Double) -> (at: Double, act: Act<PresenceScene>) = { ($0, .input(.key(.t, time: $0, shift: false))) }
        let s = Scenario(start: presence, acts: [t(0.2), t(0.35), t(0.6), t(1.5)], until: 2.6)
        #expect(s.differences().isEmpty, "\(s.differences())")
    }
}

/// k / fps for every k up to `end`.
func grid(_ fps: Double, until end: Double) -> [Double] {
    (0...Int((end * fps).rounded(.down))).map { Double($0) / fps }
}

/// Steps of 1 to 60 ms from a SplitMix64 generator with a fixed seed.
func randomSteps(until end: Double, seed: UInt64 = 0x5EED) -> [Double] {
    var state = seed
    var t = 0.0, out: [Double] = []
    while t < end {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        t += 0.001 + 0.059 * Double(z >> 11) / Double(1 << 53)
        out.append(t)
    }
    return out
}
