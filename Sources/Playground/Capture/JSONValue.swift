import Files
import Foundation

/// A JSON document as plain data, read and written through JSONDecoder/JSONEncoder so
/// numbers keep every digit (JSONSerialization moves the last digit of some doubles). Used
/// to lay a partial preset over the settings in force: missing keys keep their values.
indirect enum JSONValue: Codable, Equatable, Sendable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null; return }
        if let b = try? c.decode(Bool.self) { self = .bool(b); return }
        if let n = try? c.decode(Double.self) { self = .number(n); return }
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let a = try? c.decode([JSONValue].self) { self = .array(a); return }
        self = .object(try c.decode([String: JSONValue].self))
    }

    func encode(to encoder: Encoder) throws {
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
    static func of(_ value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    /// Decodes a `T` from this value.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
    }

    /// This value laid over `base`: objects merge key by key (recursively), anything else
    /// replaces. Keys `base` does not have (an optional left out, or a typo) are added and
    /// listed in `added` by path, for the caller to check they are settings.
    func laid(over base: JSONValue, path: String, added: inout [String]) throws(PresetError) -> JSONValue {
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
    func value(at path: [Substring]) -> JSONValue? {
        guard let first = path.first else { return self }
        guard case .object(let o) = self, let next = o[String(first)] else { return nil }
        return next.value(at: Array(path.dropFirst()))
    }
}

/// Why a preset cannot be applied, by its key path.
struct PresetError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
