import Motion

/// Spring Lab's settings (docs/behaviour.md §12.1): spring A, spring B and whether B is compared.
///
/// A is SwiftUI's `spring(response:dampingFraction:)` at its defaults, 0.5 s and 0.825
/// (Apple's documentation; `SpringLibrary`'s "swiftui.spring") — the spring most iOS
/// motion starts from. B is SwiftUI's `.bouncy` (duration 0.5, bounce 0.3: ζ 0.7): the
/// same response, so A/B isolates damping — B overshoots 4.6 % of the travel (20 pt on
/// the lab's 440 pt track) where A overshoots 1.0 %.
public struct SpringLabSettings: Hashable, Sendable, Codable {
    public var a = SpringSetting(0.5, 0.825)
    public var b = SpringSetting(0.5, 0.7)
    /// A/B: a second card on spring B moves from the same input.
    public var ab = false

    public init() {}

    public init(a: SpringSetting, b: SpringSetting, ab: Bool = false) {
        self.a = a
        self.b = b
        self.ab = ab
    }
}

extension SpringLabSettings: BoundedSettings {
    /// Both springs in docs/behaviour.md §6's slider ranges, which the inspector's groups span.
    public static let limits: [SettingLimit<SpringLabSettings>] =
        SettingLimit.spring("a", response: \.a.response, damping: \.a.damping)
        + SettingLimit.spring("b", response: \.b.response, damping: \.b.damping)
}
