/// A value echoed in an error message, made safe for one line (docs/behaviour.md §13): control
/// characters escaped (`\n`, `\t`, `\0`, `\u{1B}` …), and cut with "…" after `limit`
/// characters or twice that many bytes of UTF-8 written, whichever comes first — so a
/// 10 MB field or a 300-digit number does not flood the terminal, and neither do 60 emoji
/// (240 bytes) or 60 escaped controls (360): a line's budget is bytes.
///
///     quoted("a\nb")                        // "'a\\nb'"
///     quoted(String(repeating: "x", count: 100))  // "'xxx…x…'" (60 x's then …)
public func quoted(_ value: some StringProtocol, limit: Int = 60) -> String { "'" + escaped(value, limit: limit) + "'" }

/// `quoted` without the quotes.
public func escaped(_ value: some StringProtocol, limit: Int = 60) -> String {
    var out = ""
    var bytes = 0, count = 0
    for scalar in value.unicodeScalars {
        if count == limit { return out + "…" }
        count += 1
        let piece: String
        switch scalar {
        case "\n": piece = "\\n"
        case "\r": piece = "\\r"
        case "\t": piece = "\\t"
        case "\0": piece = "\\0"
        default:
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar == "\u{2028}" || scalar == "\u{2029}" {
                piece = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                piece = String(scalar)
            }
        }
        let size = piece.utf8.count
        if bytes + size > 2 * limit { return out + "…" }
        bytes += size
        out += piece
    }
    return out
}

/// A path in a message: escaped and cut like any value, but longer (paths are long), and
/// unquoted when it is plain.
public func quotedPath(_ path: String) -> String {
    let safe = escaped(path, limit: 160)
    return safe == path ? path : "'\(safe)'"
}

/// Makes a whole message one safe line: control characters escaped, and at most `limit`
/// characters — the last guard before a message reaches standard error.
public func oneLine(_ message: String, limit: Int = 600) -> String { escaped(message, limit: limit) }
