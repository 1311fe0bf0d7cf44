import Foundation

/// A decoding error in one line, by the key path it happened at (under `root`, a scene's
/// settings key, when the document decoded was one scene's part): `'neck.kernel': must be
/// one of quadratic, cubic, pinched (got 'x')`, `'presence' must be an object of settings`.
public func describeDecoding(_ error: Error, under root: String? = nil) -> String {
    func path(_ keys: [CodingKey]) -> String {
        escaped(((root.map { [$0] } ?? []) + keys.map(\.stringValue)).joined(separator: "."), limit: 80)
    }
    switch error {
    case DecodingError.keyNotFound(let key, let c): return "'\(path(c.codingPath + [key]))' is missing"
    case DecodingError.typeMismatch(let type, let c), DecodingError.valueNotFound(let type, let c):
        if c.codingPath.isEmpty, root == nil { return "not a JSON object" }
        return "'\(path(c.codingPath))' must be \(expected(type))"
    case DecodingError.dataCorrupted(let c):
        if c.codingPath.isEmpty, root == nil { return "not valid JSON" }
        return "'\(path(c.codingPath))': \(escaped(c.debugDescription, limit: 120))"
    default: return "\(error)"
    }
}

/// What a value of `type` is called in a message.
private func expected(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type, is Float.Type: return "a number"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is [Any].Type: return "a list"
    default: return "an object of settings"
    }
}
