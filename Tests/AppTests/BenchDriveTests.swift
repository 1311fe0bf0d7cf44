import Canvas
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// `springlab bench` measures every scene animating (docs/behaviour.md §9): each scene's bench drive must
/// keep it moving, loop after loop, or its figures are those of a scene at rest.
@Suite struct BenchDriveTests {
    /// The drive's periods: one start a period, at the frame nearest the multiple, with the
    /// periods numbered 0, 1, 2, … — over 100 periods of frames at 60 Hz, for each period a
    /// drive uses (the alert's half loop is 32 frames at 15 fps / 2 = 16/15 s).
    @Test(arguments: [16.0 / 15, 32.0 / 15, 0.6, 0.8, 1.2])
    func onePeriodStartsEveryPeriod(period: Double) {
        let frames = Int((period * 60).rounded())
        var starts: [(frame: Int, n: Int)] = []
        for i in 0..<(frames * 100) {
            if let n = PushAlert.benchPeriod(at: Double(i) / 60, every: period) { starts.append((i, n)) }
        }
        #expect(starts.count == 100)
        #expect(starts.map(\.n) == Array(0..<100))
        #expect(starts.map(\.frame) == (0..<100).map { $0 * frames })
    }

    /// 600 frames after the warm-up, stepped as `bench` steps them (`Workbench.benchFrame`):
    /// the display list changes in at least 80 % of them, in every scene. (Before the fix the
    /// alert's drive moved in 66 of 600: it closed and presented at the same instant, so the
    /// alert stayed put.)
    @Test(arguments: SceneRegistry.names)
    func theBenchDriveKeepsTheSceneMoving(scene: String) {
        var app = Workbench(measurer: FixedAdvanceMeasurer(), theme: .light, windowSize: Size(1280, 800))
        _ = app.switchScene(named: scene, at: 0)
        let warmup = Int(app.benchCycle * 60)
        var last: DisplayList?
        var changed = 0
        for i in 0..<(warmup + 600) {
            let list = app.benchFrame(atWall: Double(i) / 60)
            if i >= warmup, let last, last != list { changed += 1 }
            last = list
        }
        #expect(changed >= 480, "\(scene): \(changed) of 600 frames changed")
    }
}
