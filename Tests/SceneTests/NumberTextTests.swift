import Foundation
import Testing
@testable import Scenes

/// docs/behaviour.md §15.7: numbers in files and the trace are the shortest decimal that reads back to
/// the same value at the precision shown (settings, 3 decimals), derived values at 10
/// significant digits, and no readout shows a negative zero. Expected strings are written
/// from that rule by hand.
struct NumberTextTests {
    @Test(arguments: [
        (0.8999999999999999, "0.9"),     // the damping
        (1 - 0.07, "0.93"),              // bounce 0.07 stored as ζ = 1 − b: 0.9299999999999999
        (0.35, "0.35"),
        (0.32, "0.32"),
        (1e-9, "0"),                     // below the 3 decimals shown
        (-0.0, "0"),
        (-0.0004, "0"),                  // shows 0.000: no sign for nothing
        (60, "60"),                      // plain, never 6e1
        (640, "640"),
        (1.1111111111111112, "1.111"),   // ζ = 1 / (1 − 0.1)
        (0.16792519083627140, "0.168"),  // 2π/√1400
        (-0.5, "-0.5"),
        (1.125, "1.125"),
        (2, "2"),
    ] as [(Double, String)])
    func aSettingIsTheShortestDecimalAtThreePlaces(value: Double, text: String) {
        #expect(NumberText.setting(value) == text)
    }

    @Test func aSettingReadsBackToTheSameShownValue() {
        for k in 0...2000 {
            let v = Double(k) / 1000 + 1e-13 * Double(k % 7)  // noise below the shown precision
            let text = NumberText.setting(v) ?? ""
            #expect(Double(text).map { ($0 * 1000).rounded() } == (v * 1000).rounded(), "\(v) → \(text)")
        }
    }

    @Test(arguments: [
        (1e-9, "1e-9"),
        (1.0 / 3, "0.3333333333"),
        (0.8999999999999999, "0.9"),
        (157.91367041742973, "157.9136704"),  // k for a 0.5 s response
        (-0.0, "0"),
        (2, "2"),
        (1.5e-7, "1.5e-7"),
        (-2.5e20, "-2.5e20"),
        (0.021749408, "0.021749408"),
    ] as [(Double, String)])
    func aDerivedValueHasTenSignificantDigits(value: Double, text: String) {
        #expect(NumberText.derived(value) == text)
    }

    @Test func nonFiniteNumbersHaveNoSpelling() {
        #expect(NumberText.setting(.nan) == nil && NumberText.derived(.infinity) == nil)
        #expect(TraceValue.number(.nan).json == "null")
    }

    @Test func theTraceWritesTenDigitsAndNoNegativeZero() {
        #expect(TraceValue.number(0.8999999999999999).json == "0.9")
        #expect(TraceValue.number(-0.0).json == "0")
        #expect(TraceValue.numbers([0.1 + 0.2, 12]).json == "[0.3, 12]")
    }

    @Test(arguments: [
        ("%.2f", -0.001, "0.00"),
        ("%.3f", -0.0004, "0.000"),
        ("%+.2f", -0.001, "0.00"),
        ("%.2f", -0.5, "-0.50"),
        ("%.1f", -0.04, "0.0"),
        ("%.0f ms", -0.3, "0 ms"),
        ("%.1e", 1e-5, "1.0e-05"),       // an exponent's minus is not a sign
    ] as [(String, Double, String)])
    func noReadoutShowsANegativeZero(format: String, value: Double, text: String) {
        #expect(NumberText.format(format, value) == text)
    }

    @Test func aReadoutOfSeveralNumbersLosesOnlyTheZerosSign() {
        #expect(NumberText.format("v %.0f, %.0f pt/s", -0.3, -12.0) == "v 0, -12 pt/s")
        #expect(NumberText.format("offset %.1f  projected %.1f", -0.01, -3.25) == "offset 0.0  projected -3.2")
    }
}
