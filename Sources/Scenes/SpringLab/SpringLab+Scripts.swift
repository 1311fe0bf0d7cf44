import Canvas
import Motion

/// What drives SpringLab without a hand: its bench driver, the scripts takes and
/// `render --script` play, and the frames and fields tests and scripts find it by.
extension SpringLab: ScriptedScene {
    public static let scripts: [SceneScript] = [
        SceneScript("throw", duration: 1.6, [(0.3, throwGesture)]),
        SceneScript("step", duration: 1.4, [(0.3, .click("stop.right"))]),
        // A/B on (the inspector's switch, a recorded setting), then the same throw: both
        // cards leave together from the same release.
        SceneScript("ab", duration: 2.0, [(0.2, .click(abToggleID)), (0.5, throwGesture)]),
    ]

    /// Each card where it rests (or will), the stops (the docks of track A) and both tracks.
    public func controlFrames() -> [(ControlID, Rect)] {
        [("card.a", Self.dockFrame(.a, targetStop(.a))), ("card.b", Self.dockFrame(.b, targetStop(.b))),
         ("stop.left", Self.dockFrame(.a, .left)), ("stop.right", Self.dockFrame(.a, .right)),
         ("track.a", Self.laneFrame(.a)), ("track.b", Self.laneFrame(.b))]
    }

    /// The cards move: scripts aim at where they are now.
    public func target(_ id: ControlID, at t: Double) -> Point2? {
        switch id {
        case "card.a": return cardFrame(.a, at: t).center
        case "card.b": return cardFrame(.b, at: t).center
        default: return nil
        }
    }

    /// Both cards (A/B on) sent to the other stop every 0.8 s: they never rest, and the
    /// curves, marks and playhead redraw every frame.
    public mutating func benchFrame(at t: Double) {
        if !settings.ab { settings.ab = true }
        guard Self.benchPeriod(at: t, every: 0.8) != nil else { return }
        _ = send(to: targetStop(.a).other, at: t)
    }

    public static var benchCycle: Double { 1.6 }
}
