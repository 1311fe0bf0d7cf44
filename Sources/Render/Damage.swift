import Canvas

/// A rectangle of whole pixels in a target, top-left origin: columns `x0..<x1`, rows
/// `y0..<y1`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x0: Int, y0: Int, x1: Int, y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
    }

    /// Every pixel whose centre `rect` can cover (a quad rasterizes the pixels whose
    /// centres it holds), within a `width`×`height` target; nil when none.
    public init?(covering rect: Rect, width: Int, height: Int) {
        guard !rect.isEmpty, !rect.x.isNaN, !rect.y.isNaN else { return nil }
        func clamp(_ v: Double, _ limit: Int) -> Int { v <= 0 ? 0 : (v >= Double(limit) ? limit : Int(v)) }
        x0 = clamp(rect.minX.rounded(.down), width)
        y0 = clamp(rect.minY.rounded(.down), height)
        x1 = clamp(rect.maxX.rounded(.up), width)
        y1 = clamp(rect.maxY.rounded(.up), height)
        guard x1 > x0, y1 > y0 else { return nil }
    }

    public var width: Int { x1 - x0 }
    public var height: Int { y1 - y0 }
    public var area: Int { width * height }
    public var description: String { "\(x0),\(y0) \(width)x\(height)" }

    public func intersects(_ o: PixelRect) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
    public func contains(_ o: PixelRect) -> Bool { x0 <= o.x0 && y0 <= o.y0 && x1 >= o.x1 && y1 >= o.y1 }
    public func union(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
    /// This rectangle in points-free float form, for intersection tests with bounds.
    var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }
}

/// One thing a frame drew into its target, as the damage diff compares them: a
/// primitive, or a cached layer's composite (its pixels' changes come from the layer
/// cache, by rows).
enum DrawnItem: Hashable {
    case primitive(Primitive)
    case layer(id: String, composite: Primitive)

    var bounds: Rect {
        switch self {
        case .primitive(let p): p.bounds
        case .layer(_, let composite): composite.bounds
        }
    }

    /// `Primitive.quickHash`, the layer's id mixed in.
    var quickHash: Int {
        switch self {
        case .primitive(let p): p.quickHash
        case .layer(let id, let composite): QuickHash.mix(composite.quickHash, id.hashValue)
        }
    }
}

/// What a retained target holds: the frame last drawn into it, to find what the next
/// one changes. The batches are kept as they came (arrays are shared, not copied), with
/// where each item is and its hash.
struct RetainedFrame {
    var width: Int
    var height: Int
    var background: Color
    var atlasGeneration: Int
    var batches: [RenderBatch]
    /// Item `i` is primitive `places[i].index` of batch `places[i].batch` (a layer's
    /// composite when that batch is a layer).
    var places: [(batch: Int32, index: Int32)]
    var hashes: [Int]
    /// The version of each cached layer this frame holds (set by the renderer after the draw).
    var layerVersions: [String: Int] = [:]

    init(width: Int, height: Int, background: Color, atlasGeneration: Int, batches: [RenderBatch]) {
        (self.width, self.height, self.background, self.atlasGeneration, self.batches) =
            (width, height, background, atlasGeneration, batches)
        places = []
        hashes = []
        for (b, batch) in batches.enumerated() {
            switch batch {
            case .primitives(let prims):
                places.reserveCapacity(places.count + prims.count)
                hashes.reserveCapacity(hashes.count + prims.count)
                for (i, p) in prims.enumerated() {
                    places.append((Int32(b), Int32(i)))
                    hashes.append(p.quickHash)
                }
            case .layer:
                places.append((Int32(b), 0))
                hashes.append(item(places.count - 1).quickHash)
            }
        }
    }

    /// Item `i` (copied out: for the few the diff finds changed).
    func item(_ i: Int) -> DrawnItem {
        let at = places[i]
        switch batches[Int(at.batch)] {
        case .primitives(let prims): return .primitive(prims[Int(at.index)])
        case .layer(let id, let composite, _, _, _): return .layer(id: id, composite: composite)
        }
    }

    /// True when item `i` of this frame equals item `j` of `other`, compared in place.
    func same(_ i: Int, _ other: RetainedFrame, _ j: Int) -> Bool {
        guard hashes[i] == other.hashes[j] else { return false }
        let a = places[i], b = other.places[j]
        switch (batches[Int(a.batch)], other.batches[Int(b.batch)]) {
        case (.primitives(let x), .primitives(let y)): return x[Int(a.index)] == y[Int(b.index)]
        case (.layer(let idA, let cA, _, _, _), .layer(let idB, let cB, _, _, _)): return idA == idB && cA == cB
        default: return false
        }
    }

    func bounds(_ i: Int) -> Rect {
        let at = places[i]
        switch batches[Int(at.batch)] {
        case .primitives(let prims): return prims[Int(at.index)].bounds
        case .layer(_, let composite, _, _, _): return composite.bounds
        }
    }
}

/// A fast, non-cryptographic hash for the damage diff: equal values hash equal (−0 and
/// +0 alike); a collision only costs a comparison.
enum QuickHash {
    static func mix(_ h: Int, _ v: Int) -> Int {
        var x = UInt64(bitPattern: Int64(h)) ^ UInt64(bitPattern: Int64(v))
        x = (x ^ (x >> 31)) &* 0x9E37_79B9_7F4A_7C15
        return Int(Int64(bitPattern: x ^ (x >> 29)))
    }

    static func mix(_ h: Int, _ d: Double) -> Int {
        mix(h, d == 0 ? 0 : Int(Int64(bitPattern: d.bitPattern)))
    }
}

extension Primitive {
    /// `QuickHash` of the fields that place and paint a primitive (a liquid group by its
    /// shape count and bounds; equality decides the rest).
    var quickHash: Int {
        var h = Int(kind.rawValue)
        for v in [rect.x, rect.y, rect.width, rect.height, radius, strokeWidth, fill.r, fill.g, fill.b, fill.a,
                  stroke.a, clipRect.x, clipRect.y, clipRect.width, clipRect.height, atlasOrigin.x, atlasOrigin.y] {
            h = QuickHash.mix(h, v)
        }
        if let s = shadow { h = QuickHash.mix(QuickHash.mix(QuickHash.mix(h, s.alpha), s.radius), s.offset.y) }
        if let r = roundClip { h = QuickHash.mix(QuickHash.mix(h, r.rect.x), r.rect.y) }
        if let g = liquid { h = QuickHash.mix(QuickHash.mix(h, g.shapes.count), g.bounds.y) }
        return h
    }
}

/// Which pixels of a retained frame a new frame must repaint (issue 16). Pure: the GL
/// renderer draws what this decides.
///
/// Exactness: a pixel outside every damaged rectangle is covered, in both frames, by the
/// same items in the same order (anything added, removed or changed has its bounds
/// damaged, and the items matched between the frames keep their order), and an item's
/// pixels depend only on itself and what lies beneath it at that pixel — except a liquid
/// group, which reads its backdrop over a whole region. So a damaged rectangle that
/// touches a liquid group's region grows to hold all of it: the group is then repainted
/// with its entire backdrop already repainted beneath it.
enum Damage {
    /// The most rectangles a frame repaints separately: each is a scissored pass over the
    /// frame's items, so more of them cost more in draw calls than they save in pixels.
    static let maxRects = 6

    /// Bounds of the items that differ between `old` and `new`: everything in one that is
    /// not matched, in order, in the other. Matching is greedy and keeps the order of
    /// both lists (an item moved in front of another is unmatched, so repainted).
    static func changedBounds(old: [DrawnItem], new: [DrawnItem]) -> [Rect] {
        changedBounds(old: old.map(\.quickHash), new: new.map(\.quickHash), same: { old[$0] == new[$1] },
                      oldBounds: { old[$0].bounds }, newBounds: { new[$0].bounds })
    }

    /// Two retained frames compared in place.
    static func changedBounds(old: RetainedFrame, new: RetainedFrame) -> [Rect] {
        changedBounds(old: old.hashes, new: new.hashes, same: { old.same($0, new, $1) }, oldBounds: old.bounds,
                      newBounds: new.bounds)
    }

    /// The diff over item hashes; `same(i, j)` compares old item i with new item j.
    static func changedBounds(old: [Int], new: [Int], same: (Int, Int) -> Bool, oldBounds: (Int) -> Rect,
                              newBounds: (Int) -> Rect) -> [Rect] {
        // The common case first: long equal runs at both ends.
        var prefix = 0
        while prefix < old.count, prefix < new.count, same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              same(old.count - 1 - suffix, new.count - 1 - suffix) { suffix += 1 }
        let oldMiddle = prefix..<(old.count - suffix), newMiddle = prefix..<(new.count - suffix)
        // Old positions by hash, in order; equal hashes are compared before a match.
        var positions: [Int: [Int]] = [:]
        positions.reserveCapacity(oldMiddle.count)
        for i in oldMiddle { positions[old[i], default: []].append(i) }
        var cursors: [Int: Int] = [:]
        var matched = [Bool](repeating: false, count: old.count)
        var last = prefix - 1
        var out: [Rect] = []
        for j in newMiddle {
            if let list = positions[new[j]] {
                // The first old item after the last match that is the same.
                var c = cursors[new[j]] ?? 0
                while c < list.count, list[c] <= last { c += 1 }
                cursors[new[j]] = c
                if let k = list[c...].firstIndex(where: { !matched[$0] && same($0, j) }) {
                    last = list[k]
                    matched[last] = true
                    if k == c { cursors[new[j]] = c + 1 }
                    continue
                }
            }
            out.append(newBounds(j))
        }
        for i in oldMiddle where !matched[i] { out.append(oldBounds(i)) }
        return out
    }

    /// The rectangles to repaint: `changed` in whole pixels, grown to hold the backdrop
    /// region of every liquid group they touch (`liquidRegions`), made disjoint, and at
    /// most `maxRects` of them (merged where that adds the fewest pixels).
    static func rects(changed: [Rect], liquidRegions: [PixelRect], width: Int, height: Int) -> [PixelRect] {
        var rects = changed.compactMap { PixelRect(covering: $0, width: width, height: height) }
        guard !rects.isEmpty else { return [] }
        while true {
            rects = disjoint(rects)
            while rects.count > maxRects { mergeCheapestPair(&rects) }
            // A merge may reach a group a rectangle did not touch before, and a grown
            // rectangle may overlap another: go round until nothing grows.
            let grown = liquidRegions.filter { region in
                rects.contains { $0.intersects(region) } && !rects.contains { $0.contains(region) }
            }
            if grown.isEmpty { return rects }
            rects += grown
        }
    }

    /// Overlapping rectangles merged into their union until none overlap.
    static func disjoint(_ input: [PixelRect]) -> [PixelRect] {
        // Sorted by top edge, each rectangle merges into any kept one it overlaps; a
        // merge can make a kept one overlap another, so repeat until a pass merges none.
        var rects = input.sorted { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
        var merged = true
        while merged {
            merged = false
            var kept: [PixelRect] = []
            kept.reserveCapacity(rects.count)
            for r in rects {
                if let i = kept.lastIndex(where: { $0.intersects(r) }) {
                    kept[i] = kept[i].union(r)
                    merged = true
                } else {
                    kept.append(r)
                }
            }
            rects = kept
        }
        return rects
    }

    /// Merges the two rectangles whose union adds the fewest pixels not already in
    /// either; the result is made disjoint again.
    private static func mergeCheapestPair(_ rects: inout [PixelRect]) {
        var best = (cost: Int.max, i: 0, j: 1)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let cost = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if cost < best.cost { best = (cost, i, j) }
            }
        }
        let u = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects[best.i] = u
        rects = disjoint(rects)
    }
}
