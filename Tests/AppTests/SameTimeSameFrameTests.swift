import Canvas
import Capture
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// Same time, same frame (docs/behaviour.md §15.5): a scene's state at time t depends only on its
/// inputs up to t, never on how often it was stepped. Every registered scene's every
/// script is played through the workbench as `record` and `render` play it (a
/// `CaptureSession` over the script's take) with five step sequences — 1/30 s, 1/60 s,
/// 1/144 s, one jump straight to t, and seeded random steps — and the replay's state hash
/// (`StateDigest` of the page) is compared at every multiple of 1/30 s with no tolerance.
///
/// The reference is the comparison itself: the 1/30 s sequence's hashes are not assumed
/// right, only equal to every other sequence's. A scheduled event taken "at the next step"
/// (a refill, a card leaving the list, a fold-back) lands at a different time under each
/// sequence, and its hash differs from the first checkpoint after it.
@Suite struct SameTimeSameFrameTests {
    struct Take: Sendable, CustomTestStringConvertible {
        let scene: String
        let script: String
        var testDescription: String { "\(scene) \(script)" }
    }

    static let takes: [Take] = SceneRegistry.scenes.flatMap { s in (s.scripted?.scripts ?? []).map { Take(scene: s.name, script: $0.name) } }

    /// A fresh app with the scene at its default render size, the script's take lines and
    /// its duration — what `springlab record --script` and `render --script` start from.
    static func start(_ take: Take) throws -> (app: Workbench, lines: [ReplayFile.Line], duration: Double) {
        let type = try #require(SceneRegistry.scene(named: take.scene))
        let found = type.scripted?.script(take.script)
        let script = try #require(found)
        var app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: RecordCommand.window(around: type.defaultRenderSize))
        _ = app.switchScene(named: take.scene, at: 0)
        return (app, CaptureScripts.lines(for: script, app: app), script.duration)
    }

    /// The state hash at each checkpoint, stepping the take at `steps` and at every
    /// checkpoint (a sequence must draw a frame at a time to be compared there).
    static func hashes(_ app: Workbench, _ lines: [ReplayFile.Line], steps: [Double], checkpoints: [Double]) -> [String] {
        let wanted = Set(checkpoints)
        var session = CaptureSession(app: app, lines: lines)
        var out: [String] = []
        for t in Set(steps).union(wanted).sorted() {
            let frame = session.frame(atWall: t, hashed: wanted.contains(t))
            if wanted.contains(t) { out.append(frame.hash) }
        }
        return out
    }

    /// A deterministic step sequence: steps of 1 to 60 ms from a SplitMix64 generator.
    static func randomSteps(until end: Double, seed: UInt64) -> [Double] {
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

    static func grid(_ fps: Double, until end: Double) -> [Double] {
        (0...Int((end * fps).rounded(.down))).map { Double($0) / fps }
    }

    /// Where the step sequences disagree with 1/30 s steps: one line per sequence, naming
    /// the first times (k/30) whose hashes differ; empty when every hash agrees.
    static func differences(_ app: Workbench, _ lines: [ReplayFile.Line], duration: Double, seed: UInt64) -> [String] {
        // Checkpoints exactly as `record --fps 30` times its frames: k / 30.
        let checkpoints = grid(30, until: duration)
        let reference = hashes(app, lines, steps: [], checkpoints: checkpoints)
        let sequences: [(String, [Double])] = [
            ("1/60 s steps", grid(60, until: duration)),
            ("1/144 s steps", grid(144, until: duration)),
            ("random steps", randomSteps(until: duration, seed: seed)),
        ]
        var got = sequences.map { ($0.0, hashes(app, lines, steps: $0.1, checkpoints: checkpoints)) }
        // One jump straight to each checkpoint from a fresh take: inputs applied in order
        // with no frame between them (what `render --time` does).
        got.append(("a single jump", checkpoints.map { hashes(app, lines, steps: [], checkpoints: [$0])[0] }))
        return got.compactMap { name, hashes in
            let differ = checkpoints.indices.filter { hashes[$0] != reference[$0] }
            guard let first = differ.first else { return nil }
            return "\(name) differ from 1/30 s steps at \(differ.count) of \(checkpoints.count) times, first at "
                + "\(first)/30 s: \(differ.prefix(12).map { "\($0)/30" })"
        }
    }

    @Test(arguments: takes)
    func everyStepSequenceShowsTheSameFrameAtTheSameTime(take: Take) throws {
        let (app, lines, duration) = try Self.start(take)
        let differ = Self.differences(app, lines, duration: duration, seed: 0x5EED_0000 + UInt64(take.testDescription.utf8.count))
        #expect(differ.isEmpty, "\(take.testDescription): \(differ.joined(separator: "; "))")
    }

    /// A setting changed by a click while a card moves — Spring Lab's A/B switch, 0.12 s
    /// into card A's step — takes effect at the click: card B starts where A is then, not
    /// where A was at the last frame drawn (`Workbench.updateScenes` before the inspector
    /// acts). No registered script does this, so the take is written here.
    @Test func aSettingChangedMidMotionTakesEffectAtItsClick() throws {
        let script = SceneScript("ab-mid-step", duration: 1.4, [(0.3, .click("stop.right")), (0.42, .click(SpringLab.abToggleID))])
        var app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: RecordCommand.window(around: SpringLab.defaultRenderSize))
        _ = app.switchScene(named: SpringLab.name, at: 0)
        let lines = CaptureScripts.lines(for: script, app: app)
        // Both clicks reached their controls: the step was sent and A/B turned on.
        var end = CaptureSession(app: app, lines: lines)
        _ = end.frame(atWall: script.duration)
        #expect(end.app.scene(SpringLab.self)?.settings.ab == true)
        #expect(end.app.scene(SpringLab.self)?.targetStop(.a) == .right)
        let differ = Self.differences(app, lines, duration: script.duration, seed: 0x5EED)
        #expect(differ.isEmpty, "\(differ.joined(separator: "; "))")
    }
}
