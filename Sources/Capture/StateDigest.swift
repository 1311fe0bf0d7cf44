import Canvas
import Foundation

/// A hash of a frame's display list that is the same in every process and on every run
/// (Swift's `Hasher` is seeded per process): FNV-1a over every value the list holds —
/// each number's exact bits, each string's UTF-8, each case name — so a replay can prove
/// it drew exactly what the original run drew.
public struct StateDigest: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(bytes: some Sequence<UInt8>) {
        for b in bytes {
            state ^= UInt64(b)
            state = state &* 0x0000_0100_0000_01B3
        }
    }

    public mutating func add(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { add(bytes: $0) } }
    public mutating func add(_ v: Double) { add((v == 0 ? 0 : v).bitPattern) }  // −0 and 0 draw alike
    public mutating func add(_ s: String) {
        add(UInt64(s.utf8.count))
        add(bytes: s.utf8)
    }

    /// Adds any value by reflection: structs field by field, enums by case name and
    /// payload, optionals, arrays; numbers, strings and booleans as themselves.
    public mutating func add(any value: Any) {
        switch value {
        case let v as Double: add(v)
        case let v as Float: add(Double(v))
        case let v as Int: add(UInt64(bitPattern: Int64(v)))
        case let v as Bool: add(UInt64(v ? 1 : 0))
        case let v as String: add(v)
        default:
            let m = Mirror(reflecting: value)
            switch m.displayStyle {
            case .enum:
                // The case name, then its payload.
                if let child = m.children.first {
                    add(child.label ?? "")
                    add(any: child.value)
                } else {
                    add(String(describing: value))
                }
            case .optional:
                if let child = m.children.first { add(UInt64(1)); add(any: child.value) } else { add(UInt64(0)) }
            default:
                add(UInt64(m.children.count))
                for child in m.children { add(any: child.value) }
            }
        }
    }

    public var value: UInt64 { state }
    public var hex: String { String(format: "%016llx", state) }

    /// The digest of a whole display list.
    public static func of(_ list: DisplayList) -> String {
        var d = StateDigest()
        d.add(any: list.background)
        d.add(UInt64(list.commands.count))
        for c in list.commands { d.add(any: c) }
        return d.hex
    }
}
