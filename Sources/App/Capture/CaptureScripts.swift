import Canvas
import Capture
import Foundation
import Inspector
import Scenes
import Workbench

/// Scripted interactions by name (docs/behaviour.md §7): what a hand does, as the input lines of a take,
/// aimed at where the controls are at that moment (a spread pile's bubbles, the ×).
enum CaptureScripts {
    /// The take's lines: the scene's entrance (as the window does it) and the script's
    /// actions, each aimed by running the app up to its time.
    static func lines(for script: SceneScript, app start: Workbench) -> [ReplayFile.Line] {
        var lines: [ReplayFile.Line] = []
        if let d = start.sceneType.entranceDelay { lines.append(.present(wall: d, at: d)) }
        for (at, action) in script.actions {
            // Bring a copy up to the action's time with everything so far, then aim.
            var session = CaptureSession(app: start, lines: lines)
            session.advance(through: at)
            _ = session.app.update(toWall: at)
            lines += events(action, at: at, app: session.app).map { ReplayFile.Line.input($0) }
        }
        lines.append(.end(wall: script.duration))
        return lines.sorted { $0.wall < $1.wall }
    }

    /// Where `id` is now: a moving part the scene aims itself, else a resting page frame
    /// or a window control (the layout's frames).
    private static func target(_ id: ControlID, app: Workbench) -> Point2? {
        if let p = app.scene.scripted?.target(id, at: app.sceneTime(atWall: 0)) { return app.placement.window(p) }
        return app.controlFrames().first { $0.0 == id }.map { $0.1.center }
    }

    private static func events(_ action: SceneScript.Action, at t: Double, app: Workbench) -> [InputEvent] {
        switch action {
        case .key(let k): return [.key(k, time: t, shift: false)]
        case .click(let id):
            guard let p = target(id, app: app) else { return [] }
            return [.pointerDown(p, time: t, shift: false), .pointerUp(p, time: t + 0.05)]
        case .drag(let id, let dx, let dy, let seconds, let steps, let hold):
            guard let p = target(id, app: app) else { return [] }
            // The script's distances are page points: on a page drawn smaller, the hand moves less.
            let dx = dx * app.placement.scale, dy = dy * app.placement.scale
            var out: [InputEvent] = [.pointerDown(p, time: t, shift: false)]
            for k in 1...max(steps, 1) {
                let f = Double(k) / Double(max(steps, 1))
                out.append(.pointerMoved(Point2(p.x + dx * f, p.y + dy * f), time: t + seconds * f))
            }
            out.append(.pointerUp(Point2(p.x + dx, p.y + dy), time: t + seconds + hold))
            return out
        }
    }
}
