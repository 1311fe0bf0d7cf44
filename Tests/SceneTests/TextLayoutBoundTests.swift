import Canvas
import Foundation
@testable import Scenes
import Synchronization
import Testing

/// A measurer that counts its calls and what they measured: 0.5 em a character like the
/// fixed measurer, except zero-width spaces and combining marks, which take no room (the
/// text that would fit on one line forever).
final class CountingMeasurer: TextMeasuring {
    struct Tally { var calls = 0; var scalars = 0; var longest = 0 }
    let tally = Mutex(Tally())

    func width(of text: String, style: TextStyle) -> Double {
        let n = text.unicodeScalars.count
        tally.withLock { $0.calls += 1; $0.scalars += n; $0.longest = max($0.longest, n) }
        let visible = text.unicodeScalars.filter { $0 != "\u{200B}" && !(0x300...0x36F).contains($0.value) }.count
        return Double(visible) * style.size * 0.5
    }
    func lineHeight(of style: TextStyle) -> Double { style.size * 1.2 }
    func ascent(of style: TextStyle) -> Double { style.size }
    var calls: Int { tally.withLock { $0.calls } }
    var longest: Int { tally.withLock { $0.longest } }
    var scalars: Int { tally.withLock { $0.scalars } }
}

/// Laying out a title is linear in its length (issue 11): a 10,000-character title used
/// to stall for over 30 s, measuring every prefix of its longest word.
@Suite struct TextLayoutBoundTests {
    /// Titles of about 10,000 scalars, by name (the names keep the test log short).
    static let tenThousand: [String: String] = [
        "one word": String(repeating: "x", count: 10_000),
        "short words": String(repeating: "word ", count: 2_000),
        "zero-width": String(repeating: "\u{200B}", count: 10_000),
        "long words": String(repeating: String(repeating: "y", count: 300) + " ", count: 33),
        "one cluster": "e" + String(repeating: "\u{301}", count: 9_999),
    ]

    @Test(arguments: tenThousand.keys.sorted()) func aHugeTitleIsLaidOutWithALinearNumberOfMeasures(name: String) {
        let title = Self.tenThousand[name] ?? ""
        #expect(title.unicodeScalars.count >= 9_900)
        let m = CountingMeasurer()
        let layout = PushAlertLayout(title: title, width: PushAlert.panelWidth, measurer: m)
        let length = title.unicodeScalars.count
        #expect(m.calls <= 4 * length, "\(name): \(m.calls) measures for \(length) scalars")
        #expect(m.longest <= TextLayout.measureLimit, "\(name): measured \(m.longest) scalars at once")
        // Nothing is lost: the lines hold every non-space scalar of the title.
        let kept = layout.titleLines.joined().unicodeScalars.filter { $0 != " " }.count
        #expect(kept == title.unicodeScalars.filter { $0 != " " }.count, "\(name)")
    }

    /// The plain algorithm this replaced, measuring whatever it is handed: the reference
    /// that wrapping must match for every ordinary title.
    static func plainWrap(_ text: String, width: Double, style: TextStyle, measurer: some TextMeasuring) -> [String] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        var lines: [String] = []
        var current = ""
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if measurer.width(of: candidate, style: style) <= width + 1e-9 { current = candidate; continue }
            if !current.isEmpty { lines.append(current); current = "" }
            if measurer.width(of: word, style: style) <= width + 1e-9 { current = word; continue }
            for ch in word {
                let next = current + String(ch)
                if !current.isEmpty && measurer.width(of: next, style: style) > width + 1e-9 {
                    lines.append(current)
                    current = String(ch)
                } else {
                    current = next
                }
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static let ordinary = [
        "Your session expires in 5 minutes", "Low disk space", "Internationalization-configuration failed",
        "A title long enough to need three lines at the narrowest of the widths tried here, with a longish word",
        "Supercalifragilisticexpialidocious-and-then-some-more-characters-to-break twice", "ok", "",
        String(repeating: "ab ", count: 66) + "ab",
    ]

    @Test(arguments: ordinary) func ordinaryTitlesWrapExactlyAsBefore(title: String) {
        let m = FixedAdvanceMeasurer()
        let style = PushAlertLayout.titleStyle
        for width in [60.0, 150, 236, 300, 1_000] {
            #expect(TextLayout.wrap(title, width: width, style: style, measurer: m)
                == Self.plainWrap(title, width: width, style: style, measurer: m), "\(title) at \(width)")
        }
        let longest = title.split(separator: " ").map { m.width(of: String($0), style: style) }.max() ?? 0
        #expect(TextLayout.longestWordWidth(title, style: style, measurer: m) == longest)
    }
}
