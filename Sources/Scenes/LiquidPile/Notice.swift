import Canvas
import Foundation

/// One notice in the liquid pile (docs/behaviour.md §5.3): a tinted tile with a glyph, a one-line
/// title, an optional two-line message and when it arrived.
public struct Notice: Sendable, Equatable, Identifiable, Codable {
    public enum Tint: String, Sendable, CaseIterable, Codable {
        case sky, butter, sage, lilac, sand

        /// docs/behaviour.md §5.2 tile tints.
        public var color: Color {
            switch self {
            case .sky: Color(hex: 0x9CC2FF)
            case .butter: Color(hex: 0xFFD976)
            case .sage: Color(hex: 0xA9DCB7)
            case .lilac: Color(hex: 0xCDB8FF)
            case .sand: Color(hex: 0xE9D5B3)
            }
        }
    }

    /// Simple glyphs drawn from shapes on the tile.
    public enum Glyph: String, Sendable, CaseIterable, Codable { case bell, message, calendar, download, star }

    public var id: Int
    public var tint: Tint
    public var glyph: Glyph
    public var title: String
    public var message: String?
    /// Seconds before "now" that the notice arrived.
    public var age: Double

    public init(id: Int, tint: Tint, glyph: Glyph, title: String, message: String? = nil, age: Double = 0) {
        self.id = id; self.tint = tint; self.glyph = glyph; self.title = title; self.message = message; self.age = age
    }

    /// "now" under a minute, then "4m", "2h", "3d", and a short date ("12 Mar") after a
    /// week, counted back from `reference` (a fixed date in tests and captures).
    public static func relativeTime(age: Double, reference: Date) -> String {
        let a = max(age.isFinite ? age : 0, 0)
        if a < 60 { return "now" }
        if a < 3600 { return "\(Int(a / 60))m" }
        if a < 86_400 { return "\(Int(a / 3600))h" }
        if a < 7 * 86_400 { return "\(Int(a / 86_400))d" }
        let c = civilDate(unixSeconds: reference.timeIntervalSince1970 - a)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(c.day) \(months[c.month - 1])"
    }

    /// The UTC day and month (1-based) of a Unix time, in the proleptic Gregorian calendar,
    /// by integer arithmetic: no calendar object, whose first use maps ICU's calendar and
    /// zone data (1.7 MB resident in the liquid scene for one date label, docs/behaviour.md §9).
    /// Years are counted from 1 March, so February's leap day ends a year; a 400-year era
    /// has 146,097 days.
    static func civilDate(unixSeconds: Double) -> (year: Int, month: Int, day: Int) {
        let seconds = unixSeconds.isFinite ? max(min(unixSeconds, 1e15), -1e15) : 0
        // Days since 0000-03-01 (1970-01-01 is day 719,468 of that count).
        let days = Int((seconds / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097                                                 // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)      // 0...365, from 1 March
        let monthFromMarch = (5 * dayOfYear + 2) / 153                                      // 0...11
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Sample notices that exercise one- and two-line messages and every age bracket.
    public static let samples: [Notice] = [
        Notice(id: 1, tint: .sky, glyph: .message, title: "Maya Chen", message: "Can you look at the spring on the alert before the review? The lead feels short.", age: 20),
        Notice(id: 2, tint: .butter, glyph: .bell, title: "Build finished", message: "springlab 0.1.0 passed 161 tests.", age: 4 * 60),
        Notice(id: 3, tint: .sage, glyph: .calendar, title: "Design crit at 3 pm", age: 2 * 3600),
        Notice(id: 4, tint: .lilac, glyph: .download, title: "Capture ready", message: "push-alert-throw.mp4 · 2.1 MB", age: 3 * 86_400),
        Notice(id: 5, tint: .sand, glyph: .star, title: "Inter 4.0 is available", message: "New optical sizes for display text.", age: 12 * 86_400),
    ]
}
