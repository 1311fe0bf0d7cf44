import Canvas
import Motion

/// What drives PushAlert without a hand: its bench driver, the scripts takes and
/// `render --script` play, and the frames and fields tests and scripts find it by.
extension PushAlert: ScriptedScene {
    public static let scripts: [SceneScript] = [
        SceneScript("present", duration: 1.5),
        SceneScript("loop", duration: 0.2 + Double(loopFrames) / loopFPS, [(0.2, .click("loop"))]),
        SceneScript("dismiss-tap", duration: 2.4, [(1.2, .click("close"))]),
        SceneScript("swipe-left", duration: 2.4, [(1.2, .drag("panel", dx: -220, dy: 0, seconds: 0.16, steps: 10, hold: 0.004))]),
        SceneScript("swipe-right", duration: 2.4, [(1.2, .drag("panel", dx: 220, dy: 0, seconds: 0.16, steps: 10, hold: 0.004))]),
        // Short and fast: the release speed commits, not the distance.
        SceneScript("flick", duration: 2.4, [(1.2, .drag("panel", dx: -60, dy: 0, seconds: 0.05, steps: 5, hold: 0.004))]),
        // Slow, and still before release: it comes home.
        SceneScript("return", duration: 2.6, [(1.2, .drag("panel", dx: -70, dy: 0, seconds: 0.6, steps: 30, hold: 0.12))]),
    ]

    /// The panel's natural height N (tests size their expectations by it).
    public func layoutFields() -> [(String, TraceValue)] { [("naturalHeight", .number(naturalHeight))] }

    /// The panel, its × and the pill where they rest once shown.
    public func controlFrames() -> [(ControlID, Rect)] {
        // Presented afresh at 0, whatever this one is doing: an alert already shown keeps
        // springs started at its own present time, and read at 0 (before they started) its
        // panel had height 0 — the `layout` after an inspector scroll said so (issue 36).
        var resting = self
        resting.settings.reduceMotion = true
        resting.phase = .hidden
        _ = resting.present(at: 0)
        return [("panel", resting.panelFrame(at: 0)), ("close", resting.closeFrame(at: 0)), ("pill", resting.pillFrame(at: 0))]
    }

    /// Presents at the start of every loop and closes halfway through it, so the springs
    /// always move: the arrival (gap and panel), then the tap's exit and the gap closing.
    /// (It used to close and present at the same instant, which left a shown alert where it
    /// was: after the first loop the bench drew the alert at rest.)
    public mutating func benchFrame(at t: Double) {
        guard let n = Self.benchPeriod(at: t, every: Self.drive.duration / 2) else { return }
        _ = n % 2 == 0 ? present(at: t) : closeTapped(at: t)
    }
}
