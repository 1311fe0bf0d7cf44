import Canvas
import Motion

/// What drives PresenceScene without a hand: its bench driver, the scripts takes and
/// `render --script` play, and the frames and fields tests and scripts find it by.
extension PresenceScene: ScriptedScene {
    public static let scripts: [SceneScript] = [
        SceneScript("hide", duration: 1.6, [(0.3, .key(.t))]),
        SceneScript("show", duration: 2.6, [(0.2, .key(.t)), (1.4, .key(.t))]),
        SceneScript("next", duration: 1.6, [(0.3, .key(.n))]),
    ]

    public func controlFrames() -> [(ControlID, Rect)] { controlFrames(at: Self.restingTime) }

    /// Hide, show, next value, show again every 0.6 s: rows collapse, grow, crossfade and roll.
    public mutating func benchFrame(at t: Double) {
        guard let n = Self.benchPeriod(at: t, every: 0.6) else { return }
        _ = n % 4 == 2 ? nextTapped(at: t) : toggleTapped(at: t)
    }
}
