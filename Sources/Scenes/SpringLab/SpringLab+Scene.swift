import Canvas
import Motion

extension SpringLabSettings: SceneSettings {}

/// The Spring Lab as a workbench scene (docs/behaviour.md §10, §12.1): Play sends the cards to the
/// other stop live; scrub, loop and filmstrip pose a step from the left stop to the right.
extension SpringLab: Scene {
    public static let name = "spring"
    public static let title = "Spring Lab"
    public static let defaultRenderSize = Size(640, 600)
    /// 1.2 s holds the default springs' step (A settles at 0.58 s, B at 0.68 s) and a
    /// rest at the stop, so a loop reads as "move, land, hold"; the tinted span is the move.
    /// Slower springs stretch the pose to cover their settle (`poseSpan`).
    public static let drive = SceneDrive(label: "Play", duration: 1.2, spans: [0.0...0.6])
    /// A throw, a send or a cancel moves where the cards will rest.
    public static let layoutChangingEvents: Set<EventName> = [.thrown, .sent, .dragCancelled]

    /// A throw: 300 pt in 0.12 s (2500 pt/s), let go while moving — past the midpoint,
    /// and coasting far past it, so it lands on the right stop with the velocity it had.
    static let throwGesture = SceneScript.Action.drag("card.a", dx: 300, dy: 0, seconds: 0.12, steps: 12, hold: 0.004)

    /// The inspector's A/B switch: its id, the trace's setting name and the script's aim.
    public static let abToggleID: ControlID = "springLab.ab"

    public static func make(_ settings: SpringLabSettings, measurer: any TextMeasuring) -> SpringLab {
        SpringLab(settings: settings, measurer: measurer)
    }

    public var reduceMotion: Bool {
        get { reducedMotion }
        set { reducedMotion = newValue }
    }

    public var hasGesture: Bool { isDragging }

    public func draw(at t: Double, theme: Theme, pageHeight: Double) -> DisplayList { draw(at: t, theme: theme) }

    /// Play sends the cards to the other stop, live (a real motion, its events traced).
    public mutating func playDrive(at t: Double) -> DrivePlay { .live(send(to: targetStop(.a).other, at: t)) }

    /// How many seconds of the step the drive spans: its duration, or — for springs that
    /// settle later — the slower settle and 10 % (a pose must never cut a motion short).
    public var poseSpan: Double {
        max(Self.drive.duration, activeCards.map { motionSpring($0).settleDuration }.max().map { $0 * 1.1 } ?? 0)
    }

    /// A step of the cards from the left stop to the right, from rest, posed `p` of the way
    /// through `poseSpan`: the cards, the curves and the playhead at that instant.
    public func drawDrive(progress p: Double, theme: Theme, pageHeight: Double) -> DisplayList {
        let t = (p.isFinite ? min(max(p, 0), 1) : 0) * poseSpan
        return posedStep(at: t).draw(at: t, theme: theme)
    }

    /// A copy of the lab (settings, ghost, Reduce Motion) with its cards sent from the left
    /// stop to the right at 0, brought up to `t`.
    func posedStep(at t: Double) -> SpringLab {
        var lab = SpringLab(settings: settings, measurer: measurer)
        lab.reducedMotion = reducedMotion
        lab.ghost = ghost
        lab.launch(to: .right, at: 0, velocity: 0, referenceCard: .a)
        _ = lab.update(to: t)
        return lab
    }

    /// The commit line (the midpoint: a projection past it lands on the other stop), the
    /// armed state (the card over the other half), the projected stop while dragging, and
    /// the numbers of the throw: its velocity in pt/s and the normalized hand-off u =
    /// v / (target − current) that SwiftUI and UIKit take instead (docs/behaviour.md §1.3).
    public func hud(at t: Double, pointerVelocity: Point2) -> SceneHUD {
        let lanes = activeCards.map(Self.laneFrame)
        let top = lanes.map(\.minY).min() ?? 0, bottom = lanes.map(\.maxY).max() ?? 0
        let commit = Rect(x: Self.midX - 0.5, y: top - 6, width: 1, height: bottom - top + 12)
        var lines: [String] = []
        var projected: Rect?
        if isDragging, let card = grabbedCard {
            // What a release now would do: the scene's own tracker, on the events' times.
            let v = releaseVelocity(at: t)
            let x = value(card, at: t)
            let p = Projection.decelerating(position: x, velocity: v, rate: Projection.cardRate)
            let stop = Self.nearerStop(to: p)
            projected = Rect(x: p - 1, y: top, width: 2, height: bottom - top)
            lines.append(NumberText.format("x %.1f  projected %.1f → %@", x, p, stop.rawValue))
            lines.append(NumberText.format("release %+.0f pt/s  u %+.2f", v, SpringVelocity.normalize(velocity: v, from: x, to: Self.stopX(stop))))
        } else if let r = lastRelease {
            lines.append(NumberText.format("thrown %+.0f pt/s → %@", r.velocity, r.stop.rawValue))
            lines.append(NumberText.format("hand-off u %+.2f (v / travel)", r.normalized))
        } else {
            lines.append("at rest: \(targetStop(.a).rawValue) stop")
        }
        for card in activeCards {
            let c = curve(card)
            lines.append(NumberText.format("%@ settles %.0f ms  over %.1f %%", card.rawValue.uppercased(), c.settle * 1000, c.overshoot * 100))
        }
        return SceneHUD(commitLines: [commit], armed: isArmed(at: t), projected: projected, lines: lines)
    }

}

/// The trace events this scene raises (and `settled`, `dragBegan`, `dragCancelled`).
extension EventName {
    /// A card was let go: {"velocity": pt/s, "normalized": u, "from", "to": stop, "target",
    /// "projected"}.
    public static let thrown: EventName = "thrown"
    /// A stop was clicked (or Play pressed): {"to": stop, "target", "from", "velocity"}.
    public static let sent: EventName = "sent"
}
