import Canvas
import Foundation
import Motion

/// The neck sandbox's settings (docs/behaviour.md §5.4): the merge distance, the smoothing k (absent:
/// it follows merge / 4) and the kernel.
public struct NeckSettings: SceneSettings, Hashable {
    public var merge = LiquidGroup.defaultMerge
    public var smoothing: Double?
    public var kernel = LiquidKernel.quadratic

    public init() {}

    public init(merge: Double, smoothing: Double?, kernel: LiquidKernel) {
        self.merge = merge
        self.smoothing = smoothing
        self.kernel = kernel
    }

    /// The sandbox's sliders (docs/behaviour.md §5.4): merge 4–60 pt, smoothing k 0.5–20 pt. An absent
    /// k follows merge / 4, which the merge range keeps inside k's range.
    public static let limits: [SettingLimit<NeckSettings>] = [.merge, .smoothing]

    /// The smoothing k in effect: as set, or merge / 4. Setting it back to merge / 4 (a
    /// double-click on its slider) makes it follow the merge again, so a designer can undo
    /// a hand-set k without knowing it had a "follow" mode.
    public var effectiveSmoothing: Double {
        get { smoothing ?? merge / 4 }
        set { smoothing = abs(newValue - merge / 4) < 1e-9 ? nil : newValue }
    }
}

extension SettingLimit where Settings == NeckSettings {
    public static var merge: Self { Self("merge", \.merge, 4...60, unit: " pt") }
    public static var smoothing: Self { Self("smoothing", \.effectiveSmoothing, 0.5...20, unit: " pt") }
}

/// The neck sandbox as a workbench scene (docs/behaviour.md §5.4, §10): its drive stretches the
/// second shape 24 pt away and back, so the neck thins, snaps and forms again.
extension NeckSandbox: Scene {
    public static let name = "neck"
    public static let title = "Neck sandbox"
    public static let defaultRenderSize = Size(560, 360)
    public static let drive = SceneDrive(label: "Stretch", duration: 2, spans: [0.0...1.0])

    public static func make(_ settings: NeckSettings, measurer: any TextMeasuring) -> NeckSandbox {
        var sandbox = NeckSandbox()
        sandbox.settings = settings
        sandbox.measurer = Measurer(measurer)
        return sandbox
    }

    public var settings: NeckSettings {
        get { NeckSettings(merge: merge, smoothing: smoothing, kernel: kernel) }
        set {
            merge = newValue.merge
            smoothing = newValue.smoothing
            kernel = newValue.kernel
        }
    }

    /// The sandbox moves only under the hand; Reduce Motion changes nothing here but is
    /// kept, so the switch reads the same in every scene.
    public var reduceMotion: Bool {
        get { reducedMotion }
        set { reducedMotion = newValue }
    }

    public mutating func update(to t: Double) -> [SceneEvent] { [] }
    public func isAnimating(at t: Double) -> Bool { false }

    public func draw(at t: Double, theme: Theme, pageHeight: Double) -> DisplayList { draw(theme: theme) }

    /// The sandbox has nothing to play live: the workbench plays the stretch's poses.
    public mutating func playDrive(at t: Double) -> DrivePlay { .posed }

    public func drawDrive(progress p: Double, theme: Theme, pageHeight: Double) -> DisplayList {
        var posed = self
        let home = NeckSandbox().pieces[1].center
        if posed.pieces.count > 1 {
            posed.pieces[1].center = Point2(home.x + 12 - 12 * cos(min(max(p, 0), 1) * 2 * .pi), home.y)
        }
        return posed.draw(theme: theme)
    }

    public func hud(at t: Double, pointerVelocity: Point2) -> SceneHUD {
        SceneHUD(lines: [hudLine()])
    }

}

/// The trace events this scene raises.
extension EventName {
    public static let pieceDropped: EventName = "pieceDropped"
    public static let pieceGrabbed: EventName = "pieceGrabbed"
}
