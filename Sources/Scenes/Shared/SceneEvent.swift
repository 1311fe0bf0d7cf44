/// A semantic event for the trace: what happened and why, named after what the user did
/// or saw (`dragEnded`, `dismissed`), with plain JSON-able fields.
public struct SceneEvent: Sendable, Equatable {
    public var name: EventName
    public var time: Double
    public var fields: [(String, TraceValue)]

    public init(_ name: EventName, time: Double, _ fields: [(String, TraceValue)] = []) {
        self.name = name; self.time = time; self.fields = fields
    }

    public subscript(key: String) -> TraceValue? { fields.first { $0.0 == key }?.1 }

    public static func == (l: SceneEvent, r: SceneEvent) -> Bool {
        l.name == r.name && l.time == r.time && l.fields.map(\.0) == r.fields.map(\.0)
            && zip(l.fields, r.fields).allSatisfy { $0.1 == $1.1 }
    }
}

/// The trace events several scenes share (each scene declares its own beside it; the trace
/// writes their raw values, so its format stays what tests and users parse).
extension EventName {
    public static let dragBegan: EventName = "dragBegan"
    public static let dragEnded: EventName = "dragEnded"
    public static let dragCancelled: EventName = "dragCancelled"
    public static let settled: EventName = "settled"
    public static let debugField: EventName = "debugField"
}

/// A JSON value in a trace line.
public indirect enum TraceValue: Sendable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([TraceValue])
    case object([(String, TraceValue)])

    public static func == (l: TraceValue, r: TraceValue) -> Bool {
        switch (l, r) {
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.map(\.0) == b.map(\.0) && zip(a, b).allSatisfy { $0.1 == $1.1 }
        default: return false
        }
    }

    public var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    public var string: String? { if case .string(let s) = self { return s } else { return nil } }

    public static func numbers(_ values: [Double]) -> TraceValue { .array(values.map { .number($0) }) }

    /// Compact JSON text. Non-finite numbers become null: a trace must stay parseable.
    public var json: String {
        switch self {
        case .number(let n):
            // 10 significant digits (docs/behaviour.md §15.7): a setting of 0.9 reached by arithmetic
            // reads 0.9, not 0.8999999999999999; never -0.
            return NumberText.derived(n) ?? "null"
        case .string(let s): return TraceValue.quote(s)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let a): return "[" + a.map(\.json).joined(separator: ", ") + "]"
        case .object(let o): return "{" + o.map { TraceValue.quote($0.0) + ": " + $0.1.json }.joined(separator: ", ") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

extension SceneEvent {
    /// One JSON object: {"t": …, "event": …, fields…}.
    public var jsonLine: String {
        TraceValue.object([("t", .number(time)), ("event", .string(name.rawValue))] + fields).json
    }
}

import Foundation

/// A value as a saved state holds it (a flight recorder checkpoint's undo steps): exact —
/// a number keeps every bit, an object its keys' order — unlike `json`, which is for people.
extension TraceValue: Codable {
    private enum Keys: String, CodingKey { case number, string, bool, array, object }

    public init(from decoder: any Decoder) throws {
        if try decoder.singleValueContainer().decodeNil() { self = .null; return }
        let c = try decoder.container(keyedBy: Keys.self)
        guard let key = c.allKeys.first, c.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a value has one kind"))
        }
        switch key {
        case .number: self = .number(try c.decode(Double.self, forKey: .number))
        case .string: self = .string(try c.decode(String.self, forKey: .string))
        case .bool: self = .bool(try c.decode(Bool.self, forKey: .bool))
        case .array: self = .array(try c.decode([TraceValue].self, forKey: .array))
        case .object:
            var pairs = try c.nestedUnkeyedContainer(forKey: .object)
            var out: [(String, TraceValue)] = []
            while !pairs.isAtEnd {
                var pair = try pairs.nestedUnkeyedContainer()
                out.append((try pair.decode(String.self), try pair.decode(TraceValue.self)))
            }
            self = .object(out)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if case .null = self { var c = encoder.singleValueContainer(); try c.encodeNil(); return }
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .number(let n): try c.encode(n, forKey: .number)
        case .string(let s): try c.encode(s, forKey: .string)
        case .bool(let b): try c.encode(b, forKey: .bool)
        case .array(let a): try c.encode(a, forKey: .array)
        case .object(let o):
            var pairs = c.nestedUnkeyedContainer(forKey: .object)
            for (key, value) in o {
                var pair = pairs.nestedUnkeyedContainer()
                try pair.encode(key)
                try pair.encode(value)
            }
        case .null: break
        }
    }
}
