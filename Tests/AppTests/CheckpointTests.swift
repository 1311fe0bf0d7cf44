import Canvas
import Capture
import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// A flight recorder checkpoint is the whole window: written mid-take and read back, the
/// workbench is the same value (every stored property, recursively) and every frame after
/// it is the frame the uninterrupted take draws, hash for hash.
@Suite struct CheckpointTests {
    typealias Take = SameTimeSameFrameTests.Take

    /// Everything `app` holds, as text (Swift's `dump`, which walks every stored property
    /// of every value, existentials included), with what a checkpoint leaves out cleared.
    static func everything(_ app: Workbench) -> String {
        var app = app
        app.chromeFrames = nil
        app.captureBadge = nil
        app.capturedFile = nil
        app.frameMs = 0
        app.fps = 0
        var out = ""
        dump(app, to: &out)
        return out
    }

    @Test(arguments: SameTimeSameFrameTests.takes)
    func aCheckpointMidTakeIsTheSameWindowAndDrawsTheSameFrames(take: Take) throws {
        let (start, lines, duration) = try SameTimeSameFrameTests.start(take)
        let times = SameTimeSameFrameTests.grid(60, until: duration)
        // The uninterrupted take's hashes.
        var whole = CaptureSession(app: start, lines: lines)
        let reference = times.map { whole.frame(atWall: $0).hash }
        // Checkpoints at a quarter, half and three quarters of the take: mid-gesture and
        // mid-motion in every script.
        for fraction in [0.25, 0.5, 0.75] {
            let cut = Int(Double(times.count) * fraction)
            var session = CaptureSession(app: start, lines: lines)
            for t in times[...cut] { _ = session.frame(atWall: t) }
            let data = try session.app.checkpointData()
            let back = try Workbench.decodeCheckpoint(data, measurer: FixedAdvanceMeasurer())
            // As lines in any order: a dictionary lists its entries in an order of its own.
            let a = Self.everything(session.app).split(separator: "\n").map(String.init).sorted()
            let b = Self.everything(back).split(separator: "\n").map(String.init).sorted()
            let changed = b.difference(from: a)
            #expect(changed.isEmpty, "\(take.testDescription) at \(fraction): \(Array(changed.prefix(4)))")
            var resumed = CaptureSession(app: back, lines: Array(lines[session.cursor...]))
            let after = times[(cut + 1)...].map { resumed.frame(atWall: $0).hash }
            let differ = zip(after, reference[(cut + 1)...]).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset }
            #expect(differ.isEmpty, "\(take.testDescription) resumed at \(fraction): \(differ.count) frames differ, first \(differ.first.map { times[cut + 1 + $0] } ?? 0) s")
        }
    }

    /// The hand-written part of the checkpoint (the workbench's own fields) names every
    /// stored property: a field added later is either checkpointed or said not to be.
    @Test func everyFieldOfTheWorkbenchIsCheckpointedOrSaidNotToBe() {
        let app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Workbench.defaultSize)
        let stored = Set(Mirror(reflecting: app).children.compactMap(\.label))
        #expect(stored == Workbench.checkpointedFields.union(Workbench.uncheckpointedFields))
        #expect(Workbench.checkpointedFields.isDisjoint(with: Workbench.uncheckpointedFields))
    }

    /// A checkpoint read into a window with other scenes, without a measurer, or broken,
    /// is refused with a reason, never half-read.
    @Test func aCheckpointThatDoesNotFitIsRefused() throws {
        let app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .dark, windowSize: Workbench.defaultSize)
        let data = try app.checkpointData()
        #expect(throws: DecodingError.self) {
            _ = try Workbench.decodeCheckpoint(data, measurer: FixedAdvanceMeasurer(), catalog: Array(SceneRegistry.scenes.dropLast()))
        }
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(Workbench.self, from: data) }
        #expect(throws: (any Error).self) { _ = try Workbench.decodeCheckpoint(data.dropLast(20), measurer: FixedAdvanceMeasurer()) }
        let back = try Workbench.decodeCheckpoint(data, measurer: FixedAdvanceMeasurer())
        #expect(back.theme == .dark && back.sceneName == app.sceneName)
    }
}
