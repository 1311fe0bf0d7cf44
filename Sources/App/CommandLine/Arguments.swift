import Files
import Foundation
import Inspector
import Workbench

/// A usage error: exits 2 with one line naming the flag and what it accepts.
public struct UsageError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// One flag a command accepts, and what values it takes.
struct FlagSpec: Sendable {
    enum Kind: Sendable {
        /// A finite number passing `valid`; `accepts` says what is allowed.
        case number(accepts: String, valid: @Sendable (Double) -> Bool)
        /// A comma-separated list of finite numbers each passing `valid`.
        case numberList(accepts: String, valid: @Sendable (Double) -> Bool)
        /// One of a fixed set of words.
        case choice([String])
        /// Free text (a path, a name).
        case text(accepts: String)
        /// Present or absent; takes no value.
        case toggle
    }

    let name: String
    let kind: Kind

    static func number(_ name: String, _ accepts: String, _ valid: @escaping @Sendable (Double) -> Bool = { _ in true }) -> FlagSpec {
        FlagSpec(name: name, kind: .number(accepts: accepts, valid: valid))
    }
}

/// Flags and positional words after parsing, already validated against their specs.
struct ParsedArguments: Sendable {
    var numbers: [String: Double] = [:]
    var lists: [String: [Double]] = [:]
    var words: [String: String] = [:]
    var toggles: Set<String> = []
    var positional: [String] = []

    func has(_ flag: String) -> Bool {
        numbers[flag] != nil || lists[flag] != nil || words[flag] != nil || toggles.contains(flag)
    }
}

/// Parses `arguments` against a table of flag specs. Flags are `--name value` or
/// `--name=value`; a lone `-` is positional (standard input). Every failure is a
/// `UsageError` whose message names the flag and what it accepts.
func parseArguments(_ arguments: [String], specs: [FlagSpec], command: String,
                    maxPositional: Int) throws(UsageError) -> ParsedArguments {
    let table = Dictionary(specs.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    var parsed = ParsedArguments()
    var index = 0
    while index < arguments.count {
        let word = arguments[index]
        index += 1
        guard word.hasPrefix("--"), word.count > 2 else {
            if word.hasPrefix("-") && word != "-" {
                throw UsageError("springlab \(command): unknown flag \(quoted(word)); see 'springlab help \(command)'")
            }
            guard parsed.positional.count < maxPositional else {
                throw UsageError("springlab \(command): unexpected argument \(quoted(word)); see 'springlab help \(command)'")
            }
            parsed.positional.append(word)
            continue
        }
        var name = String(word.dropFirst(2))
        var inlineValue: String?
        if let eq = name.firstIndex(of: "=") {
            inlineValue = String(name[name.index(after: eq)...])
            name = String(name[..<eq])
        }
        guard let spec = table[name] else {
            throw UsageError("springlab \(command): unknown flag \(quoted("--" + name)); see 'springlab help \(command)'")
        }
        if parsed.has(name) {
            throw UsageError("springlab \(command): --\(name) is given twice")
        }
        if case .toggle = spec.kind {
            if inlineValue != nil { throw UsageError("springlab \(command): --\(name) takes no value") }
            parsed.toggles.insert(name)
            continue
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard index < arguments.count else {
                throw UsageError("springlab \(command): --\(name) needs a value: \(describe(spec.kind))")
            }
            value = arguments[index]
            index += 1
        }
        try store(value, for: spec, into: &parsed, command: command)
    }
    return parsed
}

private func describe(_ kind: FlagSpec.Kind) -> String {
    switch kind {
    case .number(let accepts, _): return accepts
    case .numberList(let accepts, _): return accepts
    case .choice(let options): return "one of " + options.joined(separator: ", ")
    case .text(let accepts): return accepts
    case .toggle: return "no value"
    }
}

/// Parses a number strictly: finite, decimal or scientific, nothing trailing.
func parseFiniteNumber(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, let value = Double(trimmed), value.isFinite else { return nil }
    // Double() also accepts "nan", "inf" and hex floats; only plain decimals are numbers here.
    let allowed = Set("0123456789+-.eE")
    return trimmed.allSatisfy { allowed.contains($0) } ? value : nil
}

private func store(_ value: String, for spec: FlagSpec, into parsed: inout ParsedArguments,
                   command: String) throws(UsageError) {
    let fail = { UsageError("springlab \(command): --\(spec.name) accepts \(describe(spec.kind)), got \(quoted(value))") }
    switch spec.kind {
    case .number(_, let valid):
        guard let number = parseFiniteNumber(value), valid(number) else { throw fail() }
        parsed.numbers[spec.name] = number
    case .numberList(_, let valid):
        let items = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var numbers: [Double] = []
        for item in items {
            guard let number = parseFiniteNumber(item), valid(number) else { throw fail() }
            numbers.append(number)
        }
        parsed.lists[spec.name] = numbers
    case .choice(let options):
        guard options.contains(value) else { throw fail() }
        parsed.words[spec.name] = value
    case .text:
        guard !value.isEmpty else { throw fail() }
        parsed.words[spec.name] = value
    case .toggle:
        parsed.toggles.insert(spec.name)
    }
}
