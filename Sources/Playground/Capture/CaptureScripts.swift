import Capture
import Canvas
import Foundation
import Scenes

/// Scripted interactions by name (SPEC §7): what a hand does, as the input lines of a take,
/// aimed at where the controls are at that moment (a spread pile's bubbles, the ×).
enum CaptureScripts {
    enum Action {
        /// A click at the centre of a control or scene frame (an id from the layout).
        case click(String)
        /// A drag from a frame's centre by (dx, dy), in `steps` moves over `seconds`, held
        /// `hold` s before release.
        case drag(String, dx: Double, dy: Double, seconds: Double, steps: Int, hold: Double)
        case key(Key)
    }

    struct Script {
        var duration: Double
        var actions: [(at: Double, Action)]
    }

    static let names: [PushAlertApp.SceneKind: [String]] = [
        .pushAlert: ["present", "loop", "dismiss-tap", "swipe-left", "swipe-right", "flick", "return"],
        .liquid: ["spread", "gather", "swipe-left", "clear-all", "arrival"],
        .presence: ["hide", "show", "next"],
        .neck: ["stretch"],
    ]

    static func script(_ name: String, scene: PushAlertApp.SceneKind) -> Script? {
        guard names[scene]?.contains(name) == true else { return nil }
        switch (scene, name) {
        case (.pushAlert, "present"): return Script(duration: 1.5, actions: [])
        case (.pushAlert, "loop"):
            return Script(duration: 0.2 + Double(PushAlert.loopFrames) / PushAlert.loopFPS, actions: [(0.2, .click("loop"))])
        case (.pushAlert, "dismiss-tap"): return Script(duration: 2.4, actions: [(1.2, .click("close"))])
        case (.pushAlert, "swipe-left"):
            return Script(duration: 2.4, actions: [(1.2, .drag("panel", dx: -220, dy: 0, seconds: 0.16, steps: 10, hold: 0.004))])
        case (.pushAlert, "swipe-right"):
            return Script(duration: 2.4, actions: [(1.2, .drag("panel", dx: 220, dy: 0, seconds: 0.16, steps: 10, hold: 0.004))])
        case (.pushAlert, "flick"):
            // Short and fast: the release speed commits, not the distance.
            return Script(duration: 2.4, actions: [(1.2, .drag("panel", dx: -60, dy: 0, seconds: 0.05, steps: 5, hold: 0.004))])
        case (.pushAlert, "return"):
            // Slow, and still before release: it comes home.
            return Script(duration: 2.6, actions: [(1.2, .drag("panel", dx: -70, dy: 0, seconds: 0.6, steps: 30, hold: 0.12))])
        case (.liquid, "spread"): return Script(duration: 1.8, actions: [(0.3, .click("card.1"))])
        case (.liquid, "gather"): return Script(duration: 2.8, actions: [(0.3, .click("card.1")), (1.6, .key(.escape))])
        case (.liquid, "swipe-left"):
            return Script(duration: 3, actions: [(0.3, .click("card.1")),
                                                 (1.6, .drag("card.2", dx: -168, dy: 0, seconds: 0.112, steps: 7, hold: 0.004))])
        case (.liquid, "clear-all"):
            return Script(duration: 4.2, actions: [(0.3, .click("card.1")), (1.6, .click("bubble.clear")), (2.2, .click("bubble.clear"))])
        case (.liquid, "arrival"): return Script(duration: 1.8, actions: [(0.3, .click("pile.add"))])
        case (.presence, "hide"): return Script(duration: 1.6, actions: [(0.3, .key(.t))])
        case (.presence, "show"): return Script(duration: 2.6, actions: [(0.2, .key(.t)), (1.4, .key(.t))])
        case (.presence, "next"): return Script(duration: 1.6, actions: [(0.3, .key(.n))])
        case (.neck, "stretch"):
            return Script(duration: 2.2, actions: [(0.3, .drag("neck.piece.1", dx: 28, dy: 0, seconds: 0.8, steps: 40, hold: 0.2))])
        default: return nil
        }
    }

    /// The take's lines: the alert's entrance (as the window does it) and the actions,
    /// each aimed by running the app up to its time.
    static func lines(for script: Script, app start: PushAlertApp) -> [ReplayFile.Line] {
        var lines: [ReplayFile.Line] = []
        if start.scene == .pushAlert { lines.append(.present(wall: 0.25, at: 0.25)) }
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

    private static func target(_ id: String, app: PushAlertApp) -> Point2? {
        if id.hasPrefix("neck.piece."), let i = Int(id.dropFirst("neck.piece.".count)), i < app.neck.pieces.count {
            let c = app.neck.pieces[i].center
            return Point2(c.x + app.pageOrigin.x, c.y + app.pageOrigin.y)
        }
        if app.scene == .liquid, id.hasPrefix("card.") || id.hasPrefix("bubble.") {
            let o = app.pageOrigin
            // Where the pile has them now (the layout lists resting frames).
            if let f = app.pile.restingFrames().first(where: { $0.0 == id })?.1 { return Point2(f.midX + o.x, f.midY + o.y) }
        }
        return app.controlFrames().first { $0.0 == id }.map { $0.1.center }
    }

    private static func events(_ action: Action, at t: Double, app: PushAlertApp) -> [InputEvent] {
        switch action {
        case .key(let k): return [.key(k, time: t, shift: false)]
        case .click(let id):
            guard let p = target(id, app: app) else { return [] }
            return [.pointerDown(p, time: t, shift: false), .pointerUp(p, time: t + 0.05)]
        case .drag(let id, let dx, let dy, let seconds, let steps, let hold):
            guard let p = target(id, app: app) else { return [] }
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
