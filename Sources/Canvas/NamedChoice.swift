/// A setting that is one of a few names (a kernel, an alignment), read from presets,
/// replays and the remembered session.
///
/// Swift's own decoding of such an enum refuses a wrong name in its own words ("Cannot
/// initialize LiquidKernel from invalid String value x"); this one says what is accepted:
/// `'neck.kernel': must be one of quadratic, cubic, pinched (got 'x')`.
public protocol NamedChoice: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension NamedChoice {
    /// Reads the name, or refuses it with the accepted names (the caller adds the key path).
    public static func decodeChoice(from decoder: Decoder) throws -> Self {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        if let value = Self(rawValue: name) { return value }
        let shown = name.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(name.unicodeScalars.prefix(40))) + "…" : name
        let accepted = allCases.map(\.rawValue).joined(separator: ", ")
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be one of \(accepted) (got '\(shown)')")
    }
}
