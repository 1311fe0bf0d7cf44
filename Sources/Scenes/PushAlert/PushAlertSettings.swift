import Motion

/// A spring as a designer tunes it: response (s) and damping ratio.
public struct SpringSetting: Hashable, Sendable, Codable {
    public var response: Double
    public var damping: Double
    public init(_ response: Double, _ damping: Double) { self.response = response; self.damping = damping }
    public var spring: Spring { Spring(response: response, dampingRatio: damping) }
    public var curve: MotionCurve { .spring(spring) }
}

/// Every tunable of the Push Alert (docs/behaviour.md §3), with the documented defaults.
public struct PushAlertSettings: Hashable, Sendable, Codable {
    /// The slot's height. Stiffer than the alert so the room is ready before it is needed.
    public var gap = SpringSetting(0.32, 0.85)
    /// The panel's height.
    public var alert = SpringSetting(0.42, 0.78)
    /// Leaving is a ratio of the entry springs, so the lead survives slider changes:
    /// leave = (alert response × 0.714, 0.78) — the alert goes first.
    public var leaveRatio = 0.714
    public var leaveDamping = 0.78
    /// close = (gap response × 1.125, 0.82) — the gap follows.
    public var closeRatio = 1.125
    public var closeDamping = 0.82
    /// A committed swipe flies off on this spring.
    public var throwSpring = SpringSetting(0.50, 0.85)
    /// An uncommitted or cancelled swipe comes home on this one.
    public var returnSpring = SpringSetting(0.34, 0.85)
    /// Commit when |translation| ≥ this × width (also the armed line).
    public var commitFraction = 0.34
    /// …or when the projected stop passes this × width…
    public var projectionFraction = 0.5
    /// …or when the release is at least this fast, pt/s.
    public var dismissVelocity = 640.0
    /// Spacing below the alert: part of the reserved height, so it opens and closes on
    /// the gap spring (a margin appearing after the gap settles reads as a second jump).
    public var spacingBelow = 12.0
    public var cornerRadius = 14.0
    public var title = "Card expires this month"
    public var reduceMotion = false

    public init() {}

    public var leave: SpringSetting { SpringSetting(alert.response * leaveRatio, leaveDamping) }
    public var close: SpringSetting { SpringSetting(gap.response * closeRatio, closeDamping) }
}

extension PushAlertSettings: BoundedSettings {
    /// Every number of the Push Alert with its range: docs/behaviour.md §6's slider ranges, which the
    /// inspector's sliders take from here.
    public static let limits: [SettingLimit<PushAlertSettings>] =
        SettingLimit.spring("gap", response: \.gap.response, damping: \.gap.damping)
        + SettingLimit.spring("alert", response: \.alert.response, damping: \.alert.damping)
        + [
            // Leave and close are ratios of the entry springs; their dampings are springs'.
            SettingLimit("leaveRatio", \.leaveRatio, 0.25...2),
            SettingLimit("leaveDamping", \.leaveDamping, SpringSetting.dampingRange),
            SettingLimit("closeRatio", \.closeRatio, 0.25...2),
            SettingLimit("closeDamping", \.closeDamping, SpringSetting.dampingRange),
        ]
        + SettingLimit.spring("throwSpring", response: \.throwSpring.response, damping: \.throwSpring.damping)
        + SettingLimit.spring("returnSpring", response: \.returnSpring.response, damping: \.returnSpring.damping)
        + [
            .commitFraction,
            // No slider: 0.1 is the smallest sensible commit line (a twitch would throw
            // the alert away); past 2 widths the projection could never decide anything,
            // since the velocity rule already catches every throw that coasts that far.
            SettingLimit("projectionFraction", \.projectionFraction, 0.1...2),
            .dismissVelocity, .spacingBelow, .cornerRadius,
        ]

    /// The longest title accepted, in characters (docs/behaviour.md §13).
    public static let maxTitleCharacters = 200
    /// …and in Unicode scalars: four per character, room for any real text (accents, flags,
    /// most emoji) while one "character" of ten thousand combining marks is refused.
    public static let maxTitleScalars = 4 * maxTitleCharacters

    /// The first number out of range, else a title that is too long.
    public func problem() -> SettingProblem? {
        if let problem = numberProblem() { return problem }
        let characters = title.count
        if characters > Self.maxTitleCharacters {
            return SettingProblem(key: "title", kind: .tooLong(length: characters, limit: Self.maxTitleCharacters, unit: "characters"))
        }
        let scalars = title.unicodeScalars.count
        if scalars > Self.maxTitleScalars {
            return SettingProblem(key: "title", kind: .tooLong(length: scalars, limit: Self.maxTitleScalars, unit: "Unicode scalars"))
        }
        return nil
    }
}

/// The Push Alert's numbers that have a slider of their own: the limits table and the
/// inspector's rows both name them here.
extension SettingLimit where Settings == PushAlertSettings {
    public static var commitFraction: Self { Self("commitFraction", \.commitFraction, 0.1...0.9) }
    public static var dismissVelocity: Self { Self("dismissVelocity", \.dismissVelocity, 100...3000, unit: " pt/s") }
    public static var spacingBelow: Self { Self("spacingBelow", \.spacingBelow, 0...40, unit: " pt") }
    public static var cornerRadius: Self { Self("cornerRadius", \.cornerRadius, 0...30, unit: " pt") }
}
