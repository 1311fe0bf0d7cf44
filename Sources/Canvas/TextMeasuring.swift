/// Measures text for layout. The renderer's font library implements it with SDL_ttf;
/// scene tests use a simple fixed-advance measurer.
public protocol TextMeasuring: Sendable {
    /// Advance width of `text` on one line, in points, kerning included.
    func width(of text: String, style: TextStyle) -> Double
    /// Line height (ascent + descent), points.
    func lineHeight(of style: TextStyle) -> Double
    /// Ascent above the baseline, points.
    func ascent(of style: TextStyle) -> Double
    /// Pen position before each character of `text` and the total at the end, points.
    func advances(of text: String, style: TextStyle) -> [Double]
}

extension TextMeasuring {
    /// Pen position before each character of `text` and the total at the end, points —
    /// for drawing a word letter by letter. Implementations with kerning override it.
    public func advances(of text: String, style: TextStyle) -> [Double] {
        var out: [Double] = [0]
        var prefix = ""
        for ch in text { prefix.append(ch); out.append(width(of: prefix, style: style)) }
        return out
    }
}

/// Word wrapping that never truncates and never inserts an ellipsis.
public enum TextLayout {
    /// Splits `text` into lines no wider than `width`. Breaks between words; a single
    /// word wider than the whole width breaks inside itself (the only mid-word break).
    public static func wrap(_ text: String, width: Double, style: TextStyle, measurer: some TextMeasuring) -> [String] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        guard !words.isEmpty else { return [] }
        var lines: [String] = []
        var current = ""
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if measurer.width(of: candidate, style: style) <= width + 1e-9 {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current); current = "" }
            if measurer.width(of: word, style: style) <= width + 1e-9 {
                current = word
            } else {
                var pieces = breakWord(word, width: width, style: style, measurer: measurer)
                current = pieces.removeLast()
                lines.append(contentsOf: pieces)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Width of the widest single word.
    public static func longestWordWidth(_ text: String, style: TextStyle, measurer: some TextMeasuring) -> Double {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" })
            .map { measurer.width(of: String($0), style: style) }.max() ?? 0
    }

    private static func breakWord(_ word: String, width: Double, style: TextStyle,
                                  measurer: some TextMeasuring) -> [String] {
        var pieces: [String] = []
        var current = ""
        for ch in word {
            let candidate = current + String(ch)
            if !current.isEmpty && measurer.width(of: candidate, style: style) > width + 1e-9 {
                pieces.append(current)
                current = String(ch)
            } else {
                current = candidate
            }
        }
        pieces.append(current)
        return pieces
    }
}
