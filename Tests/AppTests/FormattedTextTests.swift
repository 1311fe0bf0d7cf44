import Foundation
import Motion
import Scenes
@testable import App
@testable import Inspector
@testable import Workbench
import Testing

/// The inspector's number texts, remembered by what they are made from (`FormattedText`):
/// the same text a fresh `String(format:)` gives, made once per format and number, with
/// numbers told apart by their bits, and never more remembered than the capacity.
@Suite(.serialized) struct FormattedTextTests {
    @Test func aTextIsMadeOncePerFormatAndNumberAndIsWhatFormattingGives() {
        let tag = "test \(UUID().uuidString)"
        var made = 0
        func ask(_ v: Double) -> String {
            FormattedText.text(.init(tag, [v])) { made += 1; return String(format: "%.1f", v) }
        }
        #expect(ask(0.25) == "0.2" && ask(0.25) == "0.2" && made == 1)
        // −0 and +0 are equal numbers with different texts: both are made.
        #expect(ask(-0.0) == "-0.0" && ask(0.0) == "0.0" && made == 3)
        #expect(ask(.nan) == "nan" && ask(.nan) == "nan" && made == 4)
        for v in [0.05, 1.25, -3.75, 1e300, 12_345.678, 0.1 + 0.2] {
            #expect(FormattedText.format("%.2f", v) == String(format: "%.2f", v))
            #expect(FormattedText.format("%.2f", v) == String(format: "%.2f", v))
        }
        // A slider's number and a spring group's derived line, through them.
        let spec = SliderSpec(range: 0...10, defaultValue: 1, step: 0.1, fine: 0.01, decimals: 3)
        #expect(spec.format(2.0 / 3) == "0.667" && spec.format(2.0 / 3) == "0.667")
        let s = Spring(response: 0.4, dampingRatio: 0.8)
        let line = SpringFields<PushAlertSettings>.derived(s, form: .response, ratio: false)
        #expect(line == String(format: "k %.1f   c %.2f   settle %.0f ms", s.stiffness, s.damping, s.settleDuration * 1000))
        #expect(SpringFields<PushAlertSettings>.derived(s, form: .response, ratio: false) == line)
    }

    @Test func noMoreThanTheCapacityIsRemembered() {
        let tag = "capacity \(UUID().uuidString)"
        for i in 0...(FormattedText.capacity + 10) {
            _ = FormattedText.text(.init(tag, [Double(i)])) { "\(i)" }
            #expect(FormattedText.count <= FormattedText.capacity)
        }
        #expect(FormattedText.text(.init(tag, [3])) { "made again" } == "made again")
    }
}
