import Canvas
import Foundation
import Render
import Testing

/// Text measuring is linear in the text (docs/behaviour.md §13: a 10,000-character title hung for
/// over 30 s when every prefix was measured whole).
@Suite(.serialized) struct FontMeasureTests {
    @Test func longTextIsMeasuredInLinearTimeAndAdvancesOnlyForward() throws {
        let fonts = try FontLibrary(directory: FontLibrary.defaultDirectory())
        let style = TextStyle(.regular, size: 15)
        let short = String(repeating: "Wave ", count: 20)
        let long = String(repeating: "Wave ", count: 2000)
        let start = Date()
        let adv = fonts.advances(of: long, style: style)
        let seconds = Date().timeIntervalSince(start)
        #expect(adv.count == long.unicodeScalars.count + 1)
        #expect(zip(adv, adv.dropFirst()).allSatisfy { $0 <= $1 })
        // 10,000 scalars at 128 per chunk: well under a second even in a debug build
        // (the whole-prefix version took over 30 s). A bound, not a benchmark.
        #expect(seconds < 5, "\(seconds) s")
        // Up to a chunk the advances are the exact prefix widths, as before.
        let exact = fonts.advances(of: short, style: style)
        #expect(exact.last == fonts.width(of: short, style: style))
        #expect(Array(adv.prefix(101)) == exact)
        // Over many chunks the width is the sum of the words' widths (no kerning across a space).
        let word = fonts.width(of: "Wave ", style: style)
        #expect(abs((adv.last ?? 0) - 2000 * word) < 2000 * word * 0.01)
    }
}
