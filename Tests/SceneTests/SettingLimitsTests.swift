import Canvas
import Foundation
@testable import Scenes
import Synchronization
import Testing

/// One number a file may set, with the range docs/behaviour.md §6 / §13 gives its slider — written out
/// here from docs/behaviour.md, not read from the code's table.
struct LimitCase<Settings>: Sendable, CustomTestStringConvertible {
    var key: String
    var path: WritableKeyPath<Settings, Double> & Sendable
    var low: Double
    var high: Double
    var testDescription: String { key }

    init(_ key: String, _ path: WritableKeyPath<Settings, Double> & Sendable, _ low: Double, _ high: Double) {
        self.key = key
        self.path = path
        self.low = low
        self.high = high
    }
}

/// Every number of every scene's settings is range-checked by its key before use
/// (issue 11, docs/behaviour.md §13): springs by §6's slider ranges, ratios, spacings, titles.
@Suite struct SettingLimitsTests {
    static let pushAlert: [LimitCase<PushAlertSettings>] = [
        LimitCase("gap.response", \.gap.response, 0.05, 2), LimitCase("gap.damping", \.gap.damping, 0.05, 2),
        LimitCase("alert.response", \.alert.response, 0.05, 2), LimitCase("alert.damping", \.alert.damping, 0.05, 2),
        LimitCase("leaveRatio", \.leaveRatio, 0.25, 2), LimitCase("leaveDamping", \.leaveDamping, 0.05, 2),
        LimitCase("closeRatio", \.closeRatio, 0.25, 2), LimitCase("closeDamping", \.closeDamping, 0.05, 2),
        LimitCase("throwSpring.response", \.throwSpring.response, 0.05, 2),
        LimitCase("throwSpring.damping", \.throwSpring.damping, 0.05, 2),
        LimitCase("returnSpring.response", \.returnSpring.response, 0.05, 2),
        LimitCase("returnSpring.damping", \.returnSpring.damping, 0.05, 2),
        LimitCase("commitFraction", \.commitFraction, 0.1, 0.9),
        LimitCase("projectionFraction", \.projectionFraction, 0.1, 2),
        LimitCase("dismissVelocity", \.dismissVelocity, 100, 3000),
        LimitCase("spacingBelow", \.spacingBelow, 0, 40), LimitCase("cornerRadius", \.cornerRadius, 0, 30),
    ]

    static let pile: [LimitCase<LiquidPileSettings>] = [
        LimitCase("reveal.response", \.reveal.response, 0.05, 2), LimitCase("reveal.damping", \.reveal.damping, 0.05, 2),
        LimitCase("dismiss.response", \.dismiss.response, 0.05, 2), LimitCase("dismiss.damping", \.dismiss.damping, 0.05, 2),
        LimitCase("settle.response", \.settle.response, 0.05, 2), LimitCase("settle.damping", \.settle.damping, 0.05, 2),
        LimitCase("split.response", \.split.response, 0.05, 2), LimitCase("split.damping", \.split.damping, 0.05, 2),
        LimitCase("home.response", \.home.response, 0.05, 2), LimitCase("home.damping", \.home.damping, 0.05, 2),
        LimitCase("morph.response", \.morph.response, 0.05, 2), LimitCase("morph.damping", \.morph.damping, 0.05, 2),
        LimitCase("press.response", \.press.response, 0.05, 2), LimitCase("press.damping", \.press.damping, 0.05, 2),
        LimitCase("merge", \.merge, 2, 24),
    ]

    static let presence: [LimitCase<PresenceSettings>] = [
        LimitCase("animation.response", \.animation.response, 0.05, 2),
        LimitCase("animation.damping", \.animation.damping, 0.05, 2),
        LimitCase("spacing", \.spacing, 0, 32), LimitCase("cardSpacing", \.cardSpacing, 0, 48),
    ]

    /// Just outside each end, far outside, and not a number at all.
    static func outside(_ c: LimitCase<some Any>) -> [Double] {
        [c.low - 1e-6, c.high + 1e-6, -1e9, 1e15, 1.7e308, .nan, .infinity, -.infinity]
    }

    func check<S: BoundedSettings>(_ c: LimitCase<S>, defaults: S) {
        var ends = defaults
        ends[keyPath: c.path] = c.low
        #expect(ends.problem() == nil, "\(c.key) = \(c.low) is inside the range")
        ends[keyPath: c.path] = c.high
        #expect(ends.problem() == nil, "\(c.key) = \(c.high) is inside the range")
        for value in Self.outside(c) {
            var s = defaults
            s[keyPath: c.path] = value
            let problem = s.problem()
            #expect(problem?.key == c.key, "\(c.key) = \(value): \(String(describing: problem))")
            let range = "[\(SettingProblem.format(c.low)), \(SettingProblem.format(c.high))]"
            #expect(problem?.description.hasPrefix("'\(c.key)' must be in \(range)") == true, "\(String(describing: problem))")
        }
    }

    @Test(arguments: pushAlert) func pushAlertNumbersAreRangeChecked(c: LimitCase<PushAlertSettings>) {
        check(c, defaults: PushAlertSettings())
    }

    @Test(arguments: pile) func pileNumbersAreRangeChecked(c: LimitCase<LiquidPileSettings>) {
        check(c, defaults: LiquidPileSettings())
    }

    @Test(arguments: presence) func presenceNumbersAreRangeChecked(c: LimitCase<PresenceSettings>) {
        check(c, defaults: PresenceSettings())
    }

    /// Nothing is left out of the tables, and the defaults are all inside.
    @Test func everyNumberHasALimitAndTheDefaultsPass() {
        #expect(Set(PushAlertSettings.limits.map(\.key)) == Set(Self.pushAlert.map(\.key)))
        #expect(Set(LiquidPileSettings.limits.map(\.key)) == Set(Self.pile.map(\.key)))
        #expect(Set(PresenceSettings.limits.map(\.key)) == Set(Self.presence.map(\.key)))
        #expect(PushAlertSettings().problem() == nil && LiquidPileSettings().problem() == nil && PresenceSettings().problem() == nil)
    }

    @Test func theIssuesValuesAreRefusedByKey() {
        var s = PushAlertSettings()
        s.leaveRatio = 1e15
        #expect(s.problem()?.under("pushAlert").description == "'pushAlert.leaveRatio' must be in [0.25, 2], got 1e+15")
        s = PushAlertSettings()
        s.alert.response = 1e9
        #expect(s.problem()?.under("pushAlert").description == "'pushAlert.alert.response' must be in [0.05, 2] s, got 1e+09")
        var pile = LiquidPileSettings()
        pile.morph.response = 1.7e308
        #expect(pile.problem()?.under("pile").description == "'pile.morph.response' must be in [0.05, 2] s, got 1.7e+308")
    }

    @Test func titlesUpTo200CharactersAreAccepted() {
        var s = PushAlertSettings()
        s.title = String(repeating: "a", count: 200)
        #expect(s.problem() == nil)
        s.title = String(repeating: "e\u{301}", count: 200)  // decomposed é: 400 scalars, still 200 characters
        #expect(s.problem() == nil)
        s.title = String(repeating: "a", count: 201)
        #expect(s.problem()?.under("pushAlert").description == "'pushAlert.title' is 201 characters; at most 200")
        s.title = String(repeating: "x", count: 10_000)
        #expect(s.problem()?.under("pushAlert").description == "'pushAlert.title' is 10000 characters; at most 200")
        // One "character" of 900 scalars (a letter under 899 combining marks) is refused too.
        s.title = "e" + String(repeating: "\u{301}", count: 899)
        #expect(s.title.count == 1)
        #expect(s.problem()?.description == "'title' is 900 Unicode scalars; at most 800")
    }

    /// Numbers in messages stay short whatever they are.
    @Test func echoedNumbersAreShort() {
        for v in [1.7976931348623157e308, -1e-300, .nan, 123_456_789.123] {
            #expect(SettingProblem.format(v).count <= 13, "\(SettingProblem.format(v))")
        }
    }
}
