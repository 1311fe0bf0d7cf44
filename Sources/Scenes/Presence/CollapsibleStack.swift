import Canvas

/// A vertical stack whose spacing collapses with its children (docs/behaviour.md §4.1).
///
/// The naive stack keeps its full spacing around a child that is animating its height to
/// zero, then drops both at once when the child is removed: the last frame of every
/// collapse jumps by two spacings. Here each gap is scaled by the presence of the two
/// children it separates, and a collapsed run between two visible siblings leaves them
/// exactly one base spacing apart, reached continuously.
///
///     let snapshot = CollapsibleStack.layout([title, detail, footer], spacing: 8, alignment: .leading)
///     snapshot.size          // what the parent reserves
///     snapshot.frames[2]     // where the footer goes — from the same snapshot
public enum CollapsibleStack {
    public enum Alignment: String, Sendable, CaseIterable, Codable, NamedChoice {
        case leading, center, trailing
        public init(from decoder: Decoder) throws { self = try Self.decodeChoice(from: decoder) }
    }

    /// One child as the stack sees it: its size (the visible height while it animates) and,
    /// if it opted in to collapsing, the presence it reports.
    public struct Child: Sendable, Equatable {
        public var size: Size
        public var collapsible: Bool
        public var presence: Double?

        /// A child that never collapses (counts p = 1).
        public static func fixed(_ size: Size) -> Child { Child(size: size, collapsible: false, presence: nil) }
        /// A child that collapses and reports `presence` (nil: counted from its height).
        public static func collapsing(_ size: Size, presence: Double?) -> Child {
            Child(size: size, collapsible: true, presence: presence)
        }
    }

    /// Sizes, gaps and frames computed once; measuring and placing both read it, so the
    /// size a parent reserves and where the children land cannot disagree.
    public struct Snapshot: Sendable, Equatable {
        /// Each child's presence as counted (docs/behaviour.md §4.1).
        public var presences: [Double]
        /// Space after each child (the last has none), bridges included.
        public var spacingAfter: [Double]
        /// Each child's frame, the stack's top-left at the origin.
        public var frames: [Rect]
        public var size: Size
    }

    /// Non-finite and negative sizes count as 0.
    static func sanitized(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }

    /// The presence a child counts: p clamped to [0, 1] (NaN counts 0); an opted-in child
    /// reporting none counts 1 when taller than 0.5 pt, else 0; a fixed child counts 1.
    public static func presence(of child: Child) -> Double {
        guard child.collapsible else { return 1 }
        guard let p = child.presence else { return sanitized(child.size.height) > 0.5 ? 1 : 0 }
        return p.isNaN ? 0 : min(max(p, 0), 1)
    }

    public static func layout(_ children: [Child], spacing base: Double, alignment: Alignment) -> Snapshot {
        let base = sanitized(base)
        let p = children.map(presence(of:))
        let n = children.count
        var after = [Double](repeating: 0, count: n)
        for i in 0..<max(n - 1, 0) { after[i] = base * min(p[i], p[i + 1]) }
        // Bridges: a run of children with p < 1 between two visible siblings gets back what
        // its own gaps lose, half after the sibling before it and half after its last child.
        var i = 0
        while i < n {
            guard p[i] < 1 else { i += 1; continue }
            var end = i
            while end + 1 < n && p[end + 1] < 1 { end += 1 }
            if i > 0 && end < n - 1 {
                let bridge = base * (1 - p[i...end].max()!)
                after[i - 1] += bridge / 2
                after[end] += bridge / 2
            }
            i = end + 1
        }
        let sizes = children.map { Size(sanitized($0.size.width), sanitized($0.size.height)) }
        let width = zip(sizes, p).filter { $0.1 > 0 }.map(\.0.width).max() ?? 0
        var frames: [Rect] = []
        var y = 0.0
        for k in 0..<n {
            let x: Double
            switch alignment {
            case .leading: x = 0
            case .center: x = (width - sizes[k].width) / 2
            case .trailing: x = width - sizes[k].width
            }
            frames.append(Rect(x: x, y: y, width: sizes[k].width, height: sizes[k].height))
            y += sizes[k].height + (k < n - 1 ? after[k] : 0)
        }
        return Snapshot(presences: p, spacingAfter: after, frames: frames, size: Size(width, y))
    }
}
