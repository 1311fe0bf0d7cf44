import Files
import Foundation
import Inspector
import Scenes

/// A JSON document as plain data, read and written through JSONDecoder/JSONEncoder so
/// numbers keep every digit (JSONSerialization moves the last digit of some doubles). Used
/// to lay a partial preset over the settings in force: missing keys keep their values.
package indirect enum JSONValue: Codable, Equatable, Sendable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null; return }
        if let b = try? c.decode(Bool.self) { self = .bool(b); return }
        if let n = try? c.decode(Double.self) { self = .number(n); return }
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let a = try? c.decode([JSONValue].self) { self = .array(a); return }
        self = .object(try c.decode([String: JSONValue].self))
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .null: try c.encodeNil()
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// `value` as JSON data, through its own Codable encoding.
    package static func of(_ value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    /// Decodes a `T` from this value.
    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
    }

    /// This value laid over `base`: objects merge key by key (recursively), anything else
    /// replaces. Keys `base` does not have (an optional left out, or a typo) are added and
    /// listed in `added` by path, for the caller to check they are settings.
    package func laid(over base: JSONValue, path: String, added: inout [String]) throws(PresetError) -> JSONValue {
        guard case .object(let mine) = self else { return self }
        guard case .object(var merged) = base else { throw PresetError("'\(escaped(path))' must be a value, not an object") }
        for (key, value) in mine.sorted(by: { $0.key < $1.key }) {
            let at = path.isEmpty ? key : "\(path).\(key)"
            if let old = merged[key] {
                merged[key] = try value.laid(over: old, path: at, added: &added)
            } else {
                merged[key] = value
                added.append(at)
            }
        }
        return .object(merged)
    }

    /// The value at a dotted key path below this one (`gap.response`), if there is one.
    package func value(at path: [Substring]) -> JSONValue? {
        guard let first = path.first else { return self }
        guard case .object(let o) = self, let next = o[String(first)] else { return nil }
        return next.value(at: Array(path.dropFirst()))
    }
}

extension JSONValue {
    /// The document as a file holds it: pretty-printed, keys sorted, and every number the
    /// shortest decimal that reads back to the same value at the precision the inspector
    /// shows (docs/behaviour.md §15.7) — `0.9`, never `0.8999999999999999` (JSONEncoder writes every
    /// digit of the double).
    package var fileText: String { pretty(indent: "") + "\n" }

    private func pretty(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .number(let n): return NumberText.setting(n) ?? "null"
        case .string(let s): return TraceValue.string(s).json
        case .bool, .null: return trace.json
        case .array(let a):
            guard !a.isEmpty else { return "[]" }
            return "[\n" + a.map { inner + $0.pretty(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let o):
            guard !o.isEmpty else { return "{}" }
            let rows = o.keys.sorted().map { key in inner + TraceValue.string(key).json + " : " + (o[key]?.pretty(indent: inner) ?? "null") }
            return "{\n" + rows.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// The same value as the trace writes it.
    package var trace: TraceValue {
        switch self {
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .null: return .null
        case .array(let a): return .array(a.map(\.trace))
        case .object(let o): return .object(o.sorted { $0.key < $1.key }.map { ($0.key, $0.value.trace) })
        }
    }
}

/// Why a preset cannot be applied, by its key path.
package struct PresetError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
