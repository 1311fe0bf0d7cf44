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
///
/// Linear in the text's length by construction: no string longer than `measureLimit`
/// Unicode scalars is ever measured, and each word or character is measured a fixed
/// number of times. Why it matters: a measurer's cost grows with the string (SDL_ttf
/// sizes a whole string at once, and the font library measures every prefix of it), so
/// measuring a 10,000-character word, or the line that holds it, once per character
/// stalled a title for over 30 s. Below the limit the results are exactly those of the
/// plain algorithm: a title (at most 200 characters) never reaches it.
public enum TextLayout {
    /// The longest string measured in one call, in Unicode scalars: longer than any line
    /// a real text fits on a panel, so only pathological text (thousands of characters
    /// without a space, or zero-width ones) is ever cut at it.
    public static let measureLimit = 256

    /// Splits `text` into lines no wider than `width`. Breaks between words; a single
    /// word wider than the whole width breaks inside itself (the only mid-word break), as
    /// does a run of more than `measureLimit` scalars, however narrow.
    public static func wrap(_ text: String, width: Double, style: TextStyle, measurer: some TextMeasuring) -> [String] {
        func fits(_ s: String) -> Bool { measurer.width(of: s, style: style) <= width + 1e-9 }
        var lines: [String] = []
        var current = ""
        var currentScalars = 0
        for word in words(text) {
            let wordScalars = word.unicodeScalars.count
            let candidateScalars = current.isEmpty ? wordScalars : currentScalars + 1 + wordScalars
            if candidateScalars <= measureLimit {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if fits(candidate) {
                    current = candidate
                    currentScalars = candidateScalars
                    continue
                }
            }
            // The word alone was just measured (and refused) when the line was empty.
            let measuredAlone = current.isEmpty
            if !current.isEmpty { lines.append(current); current = "" }
            if !measuredAlone, wordScalars <= measureLimit, fits(String(word)) {
                current = String(word)
                currentScalars = wordScalars
            } else {
                var pieces = breakWord(word, width: width, style: style, measurer: measurer)
                current = pieces.removeLast()
                currentScalars = current.unicodeScalars.count
                lines.append(contentsOf: pieces)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Width of the widest single word. A word longer than `measureLimit` scalars is
    /// measured in pieces of at most that many and summed (kerning across the seams is
    /// lost: a fraction of a point, on a word hundreds of characters long).
    public static func longestWordWidth(_ text: String, style: TextStyle, measurer: some TextMeasuring) -> Double {
        var widest = 0.0
        for word in words(text) {
            var total = 0.0
            for piece in pieces(of: word) { total += measurer.width(of: piece, style: style) }
            widest = max(widest, total)
        }
        return widest
    }

    /// The words of `text`: runs between spaces and newlines.
    static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    }

    /// `word` cut into consecutive pieces of at most `measureLimit` scalars, at character
    /// boundaries — except a single character longer than that (thousands of combining
    /// marks on one letter), which is cut between its scalars.
    static func pieces(of word: Substring) -> [String] {
        var out: [String] = []
        var current = ""
        var scalars = 0
        func flush() {
            if !current.isEmpty { out.append(current) }
            current = ""
            scalars = 0
        }
        for ch in word {
            let n = ch.unicodeScalars.count
            if scalars + n > measureLimit { flush() }
            if n <= measureLimit {
                current.append(ch)
                scalars += n
                continue
            }
            for scalar in ch.unicodeScalars {
                current.unicodeScalars.append(scalar)
                scalars += 1
                if scalars == measureLimit { flush() }
            }
        }
        flush()
        return out
    }

    /// One measure per character, of a piece never longer than `measureLimit` scalars.
    private static func breakWord(_ word: Substring, width: Double, style: TextStyle,
                                  measurer: some TextMeasuring) -> [String] {
        var pieces: [String] = []
        var current = ""
        var scalars = 0
        for ch in word {
            let n = ch.unicodeScalars.count
            // The first character of a piece always stays, however wide: no empty lines.
            if !current.isEmpty
                && (scalars + n > measureLimit || measurer.width(of: current + String(ch), style: style) > width + 1e-9) {
                pieces.append(current)
                current = String(ch)
                scalars = n
            } else {
                current.append(ch)
                scalars += n
            }
        }
        pieces.append(current)
        return pieces
    }
}

/// A scene's text measurer as a stored property that a saved state can hold: it writes
/// nothing, and a state read back takes the measurer its decoder was given under
/// `Measurer.userInfoKey` (a checkpoint of the flight recorder is read back with the
/// fonts of the window or renderer that reads it).
public struct Measurer: TextMeasuring, Codable {
    public let base: any TextMeasuring

    public init(_ base: any TextMeasuring) {
        self.base = (base as? Measurer)?.base ?? base
    }

    public static let userInfoKey = CodingUserInfoKey(rawValue: "springlab.measurer")!

    public init(from decoder: any Decoder) throws {
        guard let base = decoder.userInfo[Self.userInfoKey] as? any TextMeasuring else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a saved state is read back with a text measurer"))
        }
        self.base = (base as? Measurer)?.base ?? base
    }

    public func encode(to encoder: any Encoder) throws {}

    public func width(of text: String, style: TextStyle) -> Double { base.width(of: text, style: style) }
    public func lineHeight(of style: TextStyle) -> Double { base.lineHeight(of: style) }
    public func ascent(of style: TextStyle) -> Double { base.ascent(of: style) }
    public func advances(of text: String, style: TextStyle) -> [Double] { base.advances(of: text, style: style) }
}
