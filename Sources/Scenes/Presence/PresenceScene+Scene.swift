import Canvas
import Motion

extension PresenceSettings: SceneSettings {}

/// The presence page as a workbench scene (docs/behaviour.md §4.3, §10): its drive hides the optional
/// rows and shows them again.
extension PresenceScene: Scene {
    public static let name = "presence"
    public static let title = "Presence"
    public static let defaultRenderSize = Size(780, 600)
    /// Hide at 0, show at half way: each collapse and growth takes about 0.86 s on the
    /// default spring, so the tinted spans are the motions.
    public static let drive = SceneDrive(label: "Show/Hide", duration: 2.4, spans: [0.0...0.36, 0.5...0.86])
    public static let layoutChangingEvents: Set<EventName> = [.toggled, .next]

    public static func make(_ settings: PresenceSettings, measurer: any TextMeasuring) -> PresenceScene {
        PresenceScene(measurer: measurer, settings: settings)
    }

    public var reduceMotion: Bool {
        get { settings.reduceMotion }
        set { settings.reduceMotion = newValue }
    }

    public func draw(at t: Double, theme: Theme, pageHeight: Double) -> DisplayList { draw(at: t, theme: theme) }

    public mutating func playDrive(at t: Double) -> DrivePlay { .live(toggleTapped(at: t)) }

    public func drawDrive(progress p: Double, theme: Theme, pageHeight: Double) -> DisplayList {
        let pose = Self.drivePose(progress: p, settings: settings, measurer: measurer)
        return pose.scene.draw(at: pose.time, theme: theme)
    }

    /// A fresh page with these settings, `p` of the way through the drive.
    static func drivePose(progress p: Double, settings: PresenceSettings, measurer: any TextMeasuring) -> (scene: PresenceScene, time: Double) {
        var scene = PresenceScene(measurer: measurer, settings: settings)
        let t = min(max(p, 0), 1) * drive.duration, half = drive.duration / 2
        _ = scene.toggleTapped(at: 0)
        if t >= half {
            _ = scene.update(to: half)
            _ = scene.toggleTapped(at: half)
        }
        _ = scene.update(to: t)
        return (scene, t)
    }

    public func hud(at t: Double, pointerVelocity: Point2) -> SceneHUD {
        SceneHUD(lines: [showing ? "details shown" : "details hidden", "value \(index % Self.numbers.count + 1) of \(Self.numbers.count)"])
    }

}

/// The trace events this scene raises.
extension EventName {
    public static let next: EventName = "next"
    public static let toggled: EventName = "toggled"
}
