import Capture
import Canvas
import Foundation
@testable import Playground
import Scenes
import Testing

/// Replay files and takes (issue 7): the format round-trips, bad lines are named, and a
/// take replayed through its file reproduces every frame's state hash.
@Suite struct ReplayTests {
    let m = FixedAdvanceMeasurer()

    func scriptedApp(_ scene: PushAlertApp.SceneKind) -> PushAlertApp {
        var app = PushAlertApp(settings: PushAlertSettings(), measurer: m, theme: .light, windowSize: Size(760, 352), wall: 0)
        app.scene = scene
        return app
    }

    @Test(arguments: [(PushAlertApp.SceneKind.pushAlert, "swipe-left"), (.pushAlert, "return"), (.liquid, "clear-all"),
                      (.presence, "show"), (.neck, "stretch")])
    func aTakeReplaysToTheSameHashes(scene: PushAlertApp.SceneKind, script: String) throws {
        let app = scriptedApp(scene)
        let s = try #require(CaptureScripts.script(script, scene: scene))
        let lines = CaptureScripts.lines(for: s, app: app)
        // Render pass: frames at i / 60, lines applied as their times come.
        var session = CaptureSession(app: app, lines: lines)
        var recorded: [ReplayFile.Line] = []
        var cursor = 0
        for i in 0..<Int(s.duration * 60) {
            let t = Double(i) / 60
            let hash = session.frame(atWall: t).hash
            while cursor < lines.count, lines[cursor].wall <= t {
                if case .end = lines[cursor] {} else { recorded.append(lines[cursor]) }
                cursor += 1
            }
            recorded.append(.frame(wall: t, hash: hash))
        }
        let file = ReplayFile(settings: SessionSettings(app: app, scale: 1).json, lines: recorded)
        let parsed = try ReplayFile.parse(file.text, name: "take")
        #expect(parsed.lines == file.lines)
        let settings = try SessionSettings.decode(parsed.settings, name: "take")
        let check = CaptureSession.verify(parsed, app: try settings.makeApp(measurer: m))
        #expect(check.total == Int(s.duration * 60))
        #expect(check.matched == check.total, "first mismatch at \(check.firstMismatch ?? -1)")
    }
}
