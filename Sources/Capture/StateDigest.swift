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

    /// The digest of a whole display list. The commands every frame is made of are fed
    /// field by field (reflection costs about a millisecond a page); anything else by
    /// reflection.
    public static func of(_ list: DisplayList) -> String {
        var d = StateDigest()
        d.add(list.background)
        d.add(UInt64(list.commands.count))
        for c in list.commands { d.add(c) }
        return d.hex
    }

    mutating func add(_ c: Color) { add(c.r); add(c.g); add(c.b); add(c.a) }
    mutating func add(_ r: Rect) { add(r.x); add(r.y); add(r.width); add(r.height) }
    mutating func add(_ p: Point2) { add(p.x); add(p.y) }
    mutating func add(_ s: Shape) { add(s.rect); add(s.radius); add(UInt64(s.continuous ? 1 : 0)) }
    mutating func add(_ s: Shadow?) {
        guard let s else { add(UInt64(0)); return }
        add(UInt64(1)); add(s.alpha); add(s.radius); add(s.offset)
    }

    mutating func add(_ c: DrawCommand) {
        switch c {
        case .shape(let shape, let paint, let opacity):
            add(UInt64(1)); add(shape); add(paint.fill); add(paint.stroke); add(paint.strokeWidth); add(paint.shadow); add(opacity)
        case .text(let run, let opacity):
            add(UInt64(2)); add(run.text); add(run.origin); add(run.style.weight.rawValue); add(run.style.size); add(run.color)
            add(opacity)
            // Only when set, so every replay recorded before text could blur keeps its hashes.
            if run.blur > 0 { add(run.blur) }
        case .line(let a, let b, let width, let color):
            add(UInt64(3)); add(a); add(b); add(width); add(color)
        case .pushClip(let shape): add(UInt64(4)); add(shape)
        case .popClip: add(UInt64(5))
        case .layer(let id, let frame, let content):
            add(UInt64(6)); add(id); add(frame); add(UInt64(content.count))
            for inner in content { add(inner) }
        case .liquid(let group, let paint, let opacity):
            add(UInt64(7)); add(UInt64(group.shapes.count))
            for shape in group.shapes { add(shape) }
            add(group.merge); add(group.kernel.rawValue); add(group.smoothing)
            add(any: paint)
            add(opacity)
        }
    }
}
