import Canvas
import Motion

extension PushAlertSettings: SceneSettings {}

/// The Push Alert as a workbench scene (docs/behaviour.md §3, §10): its drive is the presentation
/// loop, its scripts the gestures a designer tries first.
extension PushAlert: Scene {
    public static let name = "push-alert"
    public static let title = "Push Alert"
    public static let defaultRenderSize = Size(420, 300)
    /// Show alert presents it live; scrub and loop pose the presentation drive, whose
    /// tinted spans are the arrival and the departure.
    public static let drive = SceneDrive(label: "Show alert", duration: Double(loopFrames) / loopFPS,
                                         spans: [0.08...0.32, 0.58...0.84])

    /// The alert arrives a beat after the window opens, so its entrance is seen.
    public static let entranceDelay: Double? = 0.25

    public mutating func enter(at t: Double) -> [SceneEvent] { present(at: t) }

    public static func make(_ settings: PushAlertSettings, measurer: any TextMeasuring) -> PushAlert {
        PushAlert(settings: settings, measurer: measurer)
    }

    public var reduceMotion: Bool {
        get { settings.reduceMotion }
        set { settings.reduceMotion = newValue }
    }

    public mutating func cancelInteraction(at t: Double) -> [SceneEvent] { cancelDrag(at: t) }

    public var hasGesture: Bool { isDragging }

    public mutating func playDrive(at t: Double) -> DrivePlay { .live(present(at: t)) }

    public func drawDrive(progress p: Double, theme: Theme, pageHeight: Double) -> DisplayList {
        draw(drivePose(progress: p), theme: theme, pageHeight: pageHeight)
    }

    /// The panel where it rests when shown (its natural height).
    var restingPanel: Rect {
        Rect(x: Self.pagePadding, y: Self.pagePadding, width: Self.panelWidth, height: naturalHeight)
    }

    /// The commit lines (where the panel's leading edge is when it arms, either way), the
    /// armed state, and where the drag would coast to.
    public func hud(at t: Double, pointerVelocity v: Point2) -> SceneHUD {
        let rest = restingPanel
        let line = settings.commitFraction * Self.panelWidth
        let lines = [rest.minX - line, rest.maxX + line].map {
            Rect(x: $0 - 0.5, y: rest.minY - 6, width: 1, height: rest.height + 12)
        }
        let offset = self.offset.value(at: t)
        let projected = Projection.control(position: offset, velocity: v.x)
        return SceneHUD(commitLines: lines, armed: armed,
                        projected: isDragging ? Rect(x: rest.minX + projected - 1, y: rest.minY, width: 2, height: rest.height) : nil,
                        lines: [NumberText.format("offset %.1f  projected %.1f", offset, projected)])
    }

    /// The arm cue: a ring that pulses once around the panel for 0.3 s after it arms,
    /// fading as it grows — and with the panel it surrounds: never more opaque than the
    /// panel, which is already faded by the swipe when it arms (0.34 of the width out, 57 %)
    /// and dissolving when a throw carries it off. Drawn at its own opacity alone, the
    /// ring outlived the panel: an empty orange outline flew off with the throw.
    public func overlay(at t: Double) -> [DrawCommand] {
        // Both follow the panel and fade with it: the arm's ring around the panel, the ×
        // tap's selection tick around the ×.
        let opacity = Self.panelOpacity(pose(at: t))
        return (armCue?.ring(at: t, around: panelFrame(at: t), opacity: opacity) ?? [])
            + (closeCue?.ring(at: t, around: closeFrame(at: t), opacity: opacity) ?? [])
    }

}

/// The trace events this scene raises.
extension EventName {
    public static let armed: EventName = "armed"
    public static let disarmed: EventName = "disarmed"
    public static let dismissed: EventName = "dismissed"
    public static let presented: EventName = "presented"
    public static let returned: EventName = "returned"
}
