import Foundation

/// One lexical piece of pasted code. Swift, Kotlin, Java, Dart, JavaScript and JSON share
/// enough of a lexical grammar for what a spring needs: names, numbers, strings, brackets.
enum CodeToken: Equatable, Sendable {
    /// An identifier: letters, digits, `_`, `$` (`Spring`, `STIFFNESS_LOW`, `dampingFraction`).
    case word(String)
    /// A numeric literal, with Kotlin/Java's `f`/`d`/`L` suffix and `_` separators accepted
    /// (`10_000f`). The sign is a separate symbol.
    case number(Double)
    /// A quoted string, quotes removed.
    case string(String)
    /// Any other character, one at a time.
    case symbol(Character)
}

/// A value written as an argument or an object field.
indirect enum CodeValue: Equatable, Sendable {
    case number(Double)
    /// A dotted name: `Spring.StiffnessLow`, `.zero`, `config.wobbly`.
    case name(String)
    /// A nested call: `Duration(milliseconds: 500)`.
    case call(CodeCall)
    case string(String)
    /// Anything else, as written (shortened for messages).
    case other(String)
}

/// One argument of a call: `stiffness = 200f` has label "stiffness".
struct CodeArgument: Equatable, Sendable {
    var label: String?
    var value: CodeValue
}

/// A call found in the text: `SpringForce()`, `.setStiffness(…)`, `spring<Float>(…)`.
struct CodeCall: Equatable, Sendable {
    /// The dotted name before the parenthesis, without a leading dot: "spring",
    /// "SpringDescription.withDampingRatio", "setStiffness".
    var name: String
    /// Written `.name(` — SwiftUI's implicit member (`.spring(…)`) or a chained method.
    var leadingDot: Bool
    /// Labels were written `label = value` (Kotlin) rather than `label: value`.
    var equalsLabels: Bool
    var arguments: [CodeArgument]
    /// The closing parenthesis was found.
    var closed: Bool

    /// The last component of the name: "withDampingRatio".
    var member: String { name.split(separator: ".").last.map(String.init) ?? name }

    func argument(_ label: String) -> CodeValue? { arguments.first { $0.label == label }?.value }
}

/// Splits pasted code into tokens, calls and `key: value` fields.
struct CodeScanner: Sendable {
    let tokens: [CodeToken]

    init(_ text: String) { tokens = CodeScanner.tokenize(Array(text)) }

    /// The text with `//` and `/* */` comments removed (strings are left alone).
    static func strippingComments(_ text: String) -> String {
        let chars = Array(text)
        var out: [Character] = []
        var i = 0
        var quote: Character?
        while i < chars.count {
            let c = chars[i]
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if let q = quote {
                out.append(c)
                if c == "\\", let n = next { out.append(n); i += 2; continue }
                if c == q { quote = nil }
                i += 1
            } else if c == "\"" || c == "'" || c == "`" {
                quote = c; out.append(c); i += 1
            } else if c == "/" && next == "/" {
                while i < chars.count && !chars[i].isNewline { i += 1 }
            } else if c == "/" && next == "*" {
                i += 2
                while i + 1 < chars.count && !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                i += 2
                out.append(" ")
            } else {
                out.append(c); i += 1
            }
        }
        return String(out)
    }

    private static func tokenize(_ chars: [Character]) -> [CodeToken] {
        var tokens: [CodeToken] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace { i += 1; continue }
            if c.isLetter || c == "_" || c == "$" {
                var j = i
                while j < chars.count && (chars[j].isLetter || chars[j].isNumber || chars[j] == "_" || chars[j] == "$") { j += 1 }
                tokens.append(.word(String(chars[i..<j])))
                i = j
            } else if c.isASCIIDigit || (c == "." && i + 1 < chars.count && chars[i + 1].isASCIIDigit
                                          && !(tokens.last.map(isValueEnd) ?? false)) {
                let (token, end) = number(chars, from: i)
                tokens.append(token)
                i = end
            } else if c == "\"" || c == "'" || c == "`" {
                var j = i + 1
                var s = ""
                while j < chars.count && chars[j] != c {
                    if chars[j] == "\\" && j + 1 < chars.count { j += 1 }
                    s.append(chars[j]); j += 1
                }
                tokens.append(.string(s))
                i = j + 1
            } else {
                tokens.append(.symbol(c)); i += 1
            }
        }
        return tokens
    }

    /// Whether a token ends a value, so a following "." is member access, not a decimal point.
    static func isValueEnd(_ t: CodeToken) -> Bool {
        switch t {
        case .word, .number, .string: true
        case .symbol(let s): s == ")" || s == "]"
        }
    }

    /// A number starting at `start`: digits with `_`, one decimal point followed by a digit,
    /// an exponent, and a Kotlin/Java/Dart suffix letter.
    private static func number(_ chars: [Character], from start: Int) -> (CodeToken, Int) {
        var j = start
        var digits = ""
        func takeDigits() {
            while j < chars.count && (chars[j].isASCIIDigit || (chars[j] == "_" && !digits.isEmpty)) {
                if chars[j] != "_" { digits.append(chars[j]) }
                j += 1
            }
        }
        takeDigits()
        if j + 1 < chars.count && chars[j] == "." && chars[j + 1].isASCIIDigit {
            digits.append("."); j += 1; takeDigits()
        } else if j < chars.count && chars[j] == "." && !(j + 1 < chars.count && chars[j + 1].isLetter) {
            j += 1  // "1." as in JavaScript
        }
        if j < chars.count && (chars[j] == "e" || chars[j] == "E") {
            var k = j + 1
            if k < chars.count && (chars[k] == "+" || chars[k] == "-") { k += 1 }
            if k < chars.count && chars[k].isASCIIDigit {
                digits.append("e"); digits.append(contentsOf: chars[(j + 1)..<k]); j = k; takeDigits()
            }
        }
        if j < chars.count && "fFdDlL".contains(chars[j])
            && !(j + 1 < chars.count && (chars[j + 1].isLetter || chars[j + 1].isNumber)) {
            j += 1
        }
        return (.number(Double(digits) ?? .nan), j)
    }

    // MARK: Calls

    /// Every call in the text, outermost first in reading order (nested calls follow).
    func calls() -> [CodeCall] {
        var result: [CodeCall] = []
        for (i, t) in tokens.enumerated() where t == .symbol("(") {
            guard let (name, leadingDot) = calleeName(before: i) else { continue }
            let (arguments, equals, closed) = argumentList(openAt: i)
            result.append(CodeCall(name: name, leadingDot: leadingDot, equalsLabels: equals,
                                   arguments: arguments, closed: closed))
        }
        return result
    }

    /// The dotted name ending just before index `open`, skipping a generic `<…>`.
    private func calleeName(before open: Int) -> (String, Bool)? {
        var j = open - 1
        if j >= 0, tokens[j] == .symbol(">") {
            var depth = 0
            while j >= 0 {
                if tokens[j] == .symbol(">") { depth += 1 }
                if tokens[j] == .symbol("<") { depth -= 1; if depth == 0 { break } }
                j -= 1
            }
            j -= 1
        }
        var parts: [String] = []
        while j >= 0, case .word(let w) = tokens[j] {
            parts.insert(w, at: 0)
            if j >= 1, tokens[j - 1] == .symbol("."), j >= 2, case .word = tokens[j - 2] { j -= 2 } else { j -= 1; break }
        }
        guard !parts.isEmpty else { return nil }
        let leadingDot = j >= 0 && tokens[j] == .symbol(".")
        return (parts.joined(separator: "."), leadingDot)
    }

    /// The arguments of the call whose "(" is at `open`.
    private func argumentList(openAt open: Int) -> ([CodeArgument], Bool, Bool) {
        var pieces: [[CodeToken]] = [[]]
        var depth = 0
        var j = open + 1
        var closed = false
        while j < tokens.count {
            let t = tokens[j]
            if case .symbol(let s) = t {
                if "([{".contains(s) { depth += 1 }
                if ")]}".contains(s) {
                    if depth == 0 { closed = s == ")"; break }
                    depth -= 1
                }
                if s == "," && depth == 0 { pieces.append([]); j += 1; continue }
            }
            pieces[pieces.count - 1].append(t)
            j += 1
        }
        var equals = false
        let arguments = pieces.filter { !$0.isEmpty }.map { piece -> CodeArgument in
            if piece.count >= 2, case .word(let label) = piece[0],
               piece[1] == .symbol(":") || (piece[1] == .symbol("=") && (piece.count < 3 || piece[2] != .symbol("="))) {
                if piece[1] == .symbol("=") { equals = true }
                return CodeArgument(label: label, value: CodeScanner.value(Array(piece.dropFirst(2))))
            }
            return CodeArgument(label: nil, value: CodeScanner.value(piece))
        }
        return (arguments, equals, closed)
    }

    // MARK: Fields

    /// Every `key: value` field, at any depth, in reading order; keys may be quoted.
    func fields() -> [(key: String, value: CodeValue, quoted: Bool)] {
        var result: [(String, CodeValue, Bool)] = []
        var i = 0
        while i + 1 < tokens.count {
            let key: String, quoted: Bool
            switch tokens[i] {
            case .word(let w): key = w; quoted = false
            case .string(let s): key = s; quoted = true
            default: i += 1; continue
            }
            guard tokens[i + 1] == .symbol(":") else { i += 1; continue }
            var j = i + 2
            var depth = 0
            var piece: [CodeToken] = []
            while j < tokens.count {
                if case .symbol(let s) = tokens[j] {
                    if "([{".contains(s) { depth += 1 }
                    if ")]}".contains(s) { if depth == 0 { break }; depth -= 1 }
                    if s == "," && depth == 0 { break }
                }
                piece.append(tokens[j]); j += 1
            }
            result.append((key, CodeScanner.value(piece), quoted))
            i += 2
        }
        return result
    }

    /// The value of the last `name = value` assignment (Kotlin's `stiffness = SpringForce.STIFFNESS_LOW`
    /// inside `apply { … }`): a signed number or a dotted name.
    func assignment(_ name: String) -> CodeValue? {
        var found: CodeValue?
        for i in tokens.indices where tokens[i] == .word(name) && i + 2 < tokens.count
            && tokens[i + 1] == .symbol("=") && tokens[i + 2] != .symbol("=") {
            var j = i + 2
            var piece: [CodeToken] = []
            if case .symbol(let s) = tokens[j], s == "-" || s == "+" { piece.append(tokens[j]); j += 1 }
            if j < tokens.count, case .number = tokens[j] {
                piece.append(tokens[j])
            } else {
                while j < tokens.count, case .word = tokens[j] {
                    piece.append(tokens[j])
                    guard j + 2 < tokens.count, tokens[j + 1] == .symbol("."), case .word = tokens[j + 2] else { break }
                    piece.append(tokens[j + 1])
                    j += 2
                }
            }
            found = CodeScanner.value(piece)
        }
        return found
    }

    /// Every dotted name written outside a call's own name, with a leading "." for an implicit
    /// member: ".bouncy", "config.wobbly", "Spring.StiffnessLow".
    func names() -> [String] {
        var result: [String] = []
        var i = 0
        while i < tokens.count {
            guard case .word(let first) = tokens[i] else { i += 1; continue }
            var name = first
            if i >= 1, tokens[i - 1] == .symbol("."), !(i >= 2 && CodeScanner.isValueEnd(tokens[i - 2])) { name = "." + name }
            var j = i + 1
            while j + 1 < tokens.count, tokens[j] == .symbol("."), case .word(let w) = tokens[j + 1] {
                name += "." + w
                j += 2
            }
            if j >= tokens.count || tokens[j] != .symbol("(") { result.append(name) }
            i = j
        }
        return result
    }

    // MARK: Values

    /// Reads one argument or field value.
    static func value(_ raw: [CodeToken]) -> CodeValue {
        var piece = raw
        // Dart's `const Duration(…)`, Java's `new SpringForce()`.
        while case .word(let w)? = piece.first, w == "const" || w == "new", piece.count > 1 { piece.removeFirst() }
        var sign = 1.0
        if case .symbol(let s)? = piece.first, s == "-" || s == "+" {
            sign = s == "-" ? -1 : 1
            piece.removeFirst()
        }
        if piece.count == 3, piece[0] == .symbol("("), piece[2] == .symbol(")") { piece = [piece[1]] }
        if piece.count == 1, case .number(let x) = piece[0] { return .number(sign * x) }
        if piece.count == 1, case .string(let s) = piece[0], sign == 1 { return .string(s) }
        if let (name, end) = dottedName(piece), end == piece.count {
            return sign == 1 ? .name(name) : .other("-" + name)
        }
        if let (_, end) = dottedName(piece), end < piece.count,
           piece[end] == .symbol("(") || piece[end] == .symbol("<"),
           let call = CodeScanner(tokens: piece).calls().first {
            // Float(0.5), CGFloat(0.5): a conversion of a number is that number.
            if ["Float", "CGFloat", "Double", "double"].contains(call.name), call.arguments.count == 1,
               case .number(let x) = call.arguments[0].value {
                return .number(sign * x)
            }
            return sign == 1 ? .call(call) : .other("-" + describe(piece))
        }
        return .other((sign < 0 ? "-" : "") + describe(piece))
    }

    private init(tokens: [CodeToken]) { self.tokens = tokens }

    /// A leading dotted name (`.zero`, `Spring.StiffnessLow`) and where it ends.
    private static func dottedName(_ piece: [CodeToken]) -> (String, Int)? {
        var j = 0
        var name = ""
        if piece.first == .symbol(".") { name = "."; j = 1 }
        guard j < piece.count, case .word(let first) = piece[j] else { return nil }
        name += first
        j += 1
        while j + 1 < piece.count, piece[j] == .symbol("."), case .word(let w) = piece[j + 1] {
            name += "." + w
            j += 2
        }
        return (name, j)
    }

    /// Tokens written back as short text for a message.
    static func describe(_ piece: [CodeToken]) -> String {
        let text = piece.map { t -> String in
            switch t {
            case .word(let w): w
            case .number(let x): SpringCode.number(x)
            case .string(let s): "\"\(s)\""
            case .symbol(let c): String(c)
            }
        }.joined()
        return text.count > 40 ? String(text.prefix(37)) + "…" : text
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
