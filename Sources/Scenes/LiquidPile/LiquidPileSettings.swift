import Canvas
import Motion

/// Every spring and setting of the liquid pile (docs/behaviour.md §5.3), as response and damping ratio,
/// with the documented defaults (duration/bounce converted: ζ = 1 − bounce).
public struct LiquidPileSettings: Hashable, Sendable, Codable {
    /// Spreading into the list, arrivals: the reveal motion (0.50, bounce 0.20).
    public var reveal = SpringSetting(0.50, 0.80)
    /// Gathering, Clear all's exit, app removals: the dismiss motion (0.30, bounce 0.08).
    public var dismiss = SpringSetting(0.30, 0.92)
    /// A card settling home after a swipe that did not commit: elastic (0.42, bounce 0.38).
    public var settle = SpringSetting(0.42, 0.62)
    /// Bubbles budding out of the top card (0.62, bounce 0.22).
    public var split = SpringSetting(0.62, 0.78)
    /// Bubbles going home (0.50, bounce 0).
    public var home = SpringSetting(0.50, 1.0)
    /// × stretching into Clear all (0.40, bounce 0.20).
    public var morph = SpringSetting(0.40, 0.80)
    /// A press arriving under the pointer: tight (0.14, bounce 0).
    public var press = SpringSetting(0.14, 1.0)
    /// The pile merges at 8 pt, below the 12 pt list gap.
    public var merge = 8.0
    public var kernel = LiquidKernel.quadratic

    public init() {}
}

extension LiquidPileSettings: BoundedSettings {
    /// Every number of the pile with its range: docs/behaviour.md §6's spring ranges, and the merge
    /// distance's slider, 2–24 pt around the 8 pt the pile merges at by default.
    public static let limits: [SettingLimit<LiquidPileSettings>] =
        SettingLimit.spring("reveal", response: \.reveal.response, damping: \.reveal.damping)
        + SettingLimit.spring("dismiss", response: \.dismiss.response, damping: \.dismiss.damping)
        + SettingLimit.spring("settle", response: \.settle.response, damping: \.settle.damping)
        + SettingLimit.spring("split", response: \.split.response, damping: \.split.damping)
        + SettingLimit.spring("home", response: \.home.response, damping: \.home.damping)
        + SettingLimit.spring("morph", response: \.morph.response, damping: \.morph.damping)
        + SettingLimit.spring("press", response: \.press.response, damping: \.press.damping)
        + [.merge]
}

extension SettingLimit where Settings == LiquidPileSettings {
    /// The merge distance: its slider and what a file may hold.
    public static var merge: Self { Self("merge", \.merge, 2...24, unit: " pt") }
}
