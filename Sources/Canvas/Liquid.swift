import Foundation
import Motion
import Synchronization

/// How the distances of a liquid group's shapes are merged (docs/behaviour.md §5.1).
public enum LiquidKernel: String, Sendable, CaseIterable, Hashable, Codable, NamedChoice {
    public init(from decoder: Decoder) throws { self = try Self.decodeChoice(from: decoder) }

    /// Normalized quadratic smooth minimum: reaches out at `merge`, pushes equal
    /// distances together by merge / 4. Flat facing edges bridge across their whole
    /// width at once.
    case quadratic
    /// Normalized cubic smooth minimum: the same reach and push with a softer onset —
    /// the outline starts bending later as shapes approach.
    case cubic
    /// Quadratic, with the push strongest on the line joining the two nearest shapes'
    /// centres and fading to nothing half their shorter side away from it. Flat facing
    /// edges (two cards) then neck in the middle first, an hourglass, instead of bridging
    /// across their whole width at once — the more liquid of the two looks.
    case pinched
}

/// Shapes whose signed distances melt into one surface through a neck — the metaball
/// effect of iOS 26's liquid glass containers, as a smooth union.
public struct LiquidGroup: Hashable, Sendable {
    public var shapes: [Shape]
    /// Distance (pt) at which shapes start reaching toward each other.
    public var merge: Double
    public var kernel: LiquidKernel

    /// Smoothing k: equal distances are pushed together by k, so two shapes bridge once
    /// their gap is below 2k; the kernel reaches out to 4k. The calibration docs/behaviour.md §5.1
    /// suggests, and the default, is k = merge / 4: reach at the merge distance, bridge
    /// below half of it.
    public var smoothing: Double

    public init(shapes: [Shape], merge: Double = LiquidGroup.defaultMerge, kernel: LiquidKernel = .quadratic,
                smoothing: Double? = nil) {
        self.shapes = shapes
        self.merge = merge.isFinite ? max(merge, 0) : LiquidGroup.defaultMerge
        self.kernel = kernel
        let k = smoothing ?? self.merge / 4
        self.smoothing = k.isFinite ? max(k, 0) : self.merge / 4
    }

    /// docs/behaviour.md §5.1: merge distance 20 pt.
    public static let defaultMerge = 20.0
    /// Parts of one control rest this far apart: the neck holds.
    public static let joinedGap = 4.0
    /// Separate actions rest this far apart: their own bubbles.
    public static let apartGap = 26.0
    /// A bubble inside its parent sits at this scale.
    public static let homeScale = 0.72

    /// Signed distance (pt) from `p` to the merged surface: negative inside.
    ///
    /// The three nearest distances are folded, nearest first, so the union cannot depend
    /// on the order the shapes were listed in (T4) — a plain left fold of a smooth minimum
    /// is not associative, and a third card would change the neck between the first two.
    /// Stopping at three keeps the shader's cost flat as a pile grows; a fourth shape can
    /// only matter where four outlines meet within the kernel's reach at once.
    public func distance(to p: Point2) -> Double {
        guard !shapes.isEmpty else { return .infinity }
        var m1 = Double.infinity, m2 = Double.infinity, m3 = Double.infinity
        var i1 = 0, i2 = 0
        for (i, s) in shapes.enumerated() {
            // The box is never further than the shape: skip shapes that cannot be nearest.
            if SDF.box(p, rect: s.rect) >= m3 { continue }
            let d = s.distance(to: p)
            if d < m1 { m3 = m2; m2 = m1; i2 = i1; m1 = d; i1 = i } else if d < m2 { m3 = m2; m2 = d; i2 = i } else if d < m3 { m3 = d }
        }
        var acc = m1
        if m2.isFinite {
            let k = kernel == .pinched ? smoothing * LiquidGroup.pinch(p, shapes[i1], shapes[i2]) : smoothing
            acc = LiquidGroup.smoothMin(acc, m2, k: k, kernel: kernel)
        }
        if m3.isFinite { acc = LiquidGroup.smoothMin(acc, m3, k: smoothing, kernel: kernel) }
        return acc
    }

    /// The pinched kernel's falloff at `p`: 1 on the line through the two shapes' centres,
    /// 0 at half their shorter side from it — 1 − (offset / extent)², clamped.
    public static func pinch(_ p: Point2, _ a: Shape, _ b: Shape) -> Double {
        let ca = a.rect.center, cb = b.rect.center
        let axis = cb - ca
        let len = axis.length
        let extent = 0.5 * min(a.rect.width, a.rect.height, b.rect.width, b.rect.height)
        guard len > 0, extent > 0 else { return 1 }
        let offset = abs((p.x - ca.x) * axis.y - (p.y - ca.y) * axis.x) / len
        let x = offset / extent
        return min(max(1 - x * x, 0), 1)
    }

    /// The smooth minimum of two distances with smoothing k (the push at a = b).
    /// Quadratic: K = 4k, h = max(K − |a − b|, 0) / K, min − h² K / 4.
    /// Cubic: K = 6k, min − h³ K / 6. Both leave a and b untouched once |a − b| ≥ K.
    public static func smoothMin(_ a: Double, _ b: Double, k: Double, kernel: LiquidKernel) -> Double {
        guard k > 0 else { return min(a, b) }
        switch kernel {
        case .quadratic, .pinched:
            let K = 4 * k
            let h = max(K - abs(a - b), 0) / K
            return min(a, b) - h * h * K / 4
        case .cubic:
            let K = 6 * k
            let h = max(K - abs(a - b), 0) / K
            return min(a, b) - h * h * h * K / 6
        }
    }

    /// Bounds of everything the union can cover: the shapes grown by the most the folds
    /// can push — k per fold, (n − 1) k in all — plus a pixel for anti-aliasing.
    public var bounds: Rect {
        guard let first = shapes.first else { return .zero }
        let b = shapes.dropFirst().reduce(first.rect) { $0.union($1.rect) }
        let push = smoothing * Double(max(shapes.count - 1, 1)) + 1
        return b.insetBy(dx: -push, dy: -push)
    }
}

/// How a liquid group is painted: glass you see through, not frosted plastic (docs/behaviour.md §5.2,
/// §5.3.1's last point). A light tint over a lightly blurred backdrop; a bezel where the
/// glass bends what is behind it; a thin rim; a specular highlight along the side facing
/// the light (`lightDirection`, from the top left); and a soft lift shadow. Everything at
/// the edge is read off the merged field — its depth and its gradient — never off one
/// shape, so rim, bezel and highlight flow unbroken through a neck.
///
/// References (what each part imitates; no code is taken from them):
/// - iOS 26's Liquid Glass as described at its launch: a translucent material that bends
///   ("lensing") rather than scatters what is behind it, with specular highlights, not a
///   blurred rectangle (supercharge.design/design-faq/what-is-apple-liquid-glass;
///   sorrell.info/blog/liquid-glass-lens-effect: "the image bends … there's a bright
///   highlight where the light catches the curve").
/// - The glass as a height field whose slope is the SDF's screen-space gradient, the
///   backdrop displaced by it in a bezel, and a highlight from the light's angle to it
///   (imadr.me/liquid-glass; charlesgrassi.dev/blog/apple-liquid-glass, "Bevel").
/// - Balance: "too much displacement turns the surface muddy; too little specular response
///   makes it read like blurred plastic instead of polished glass"
///   (ricardious.github.io/liquid-glass-sandbox/how-it-works).
public struct LiquidPaint: Hashable, Sendable {
    /// Colour laid over the backdrop; its alpha is the blend weight of the tint — the
    /// share of every glass pixel that is tint rather than backdrop. §5.3.1: at most 0.35 in
    /// light, 0.45 in dark (the 0.62 this started with read as milky plastic).
    public var tint: Color
    public var rim: Color
    /// Colour of the highlight along the light-facing rim; its alpha is the peak strength
    /// (at the rim, facing the light head on).
    public var specular: Color
    /// What the rim facing away from the light catches, in the same band: in light mode a
    /// faint shade (the glass's thickness against a bright ground — without it a white
    /// highlight on near-white glass has nothing to stand out from), in dark mode a faint
    /// glow (light that crossed the glass leaving at the far edge, as Apple's glass shows).
    public var farRim: Color
    public var shadow: Shadow?
    /// Blur radius (pt) of the backdrop: σ = blur / 2. 6 (it was 8): what is behind keeps
    /// edges sharp enough to be seen bending in the bezel, and is still softened under text.
    public var blur = 6.0
    /// Width (pt) of the bezel where the glass bends what is behind it, and how far (pt)
    /// the backdrop is pulled outward at the very edge (a steep rim: the pull grows with
    /// the square of the depth into the bezel). 12 and 10 (they were 6 and 4, under a
    /// point of visible bend): a straight edge 3 pt inside a capsule's end is seen 2.9 pt
    /// further in (GlassLookTests). The bezel stays under half a 30 pt bubble's height, and
    /// the pull is nearly nothing that deep (t² = 0.04 at 10 pt in), so a capsule's middle
    /// line shows no fold.
    public var bezel = 12.0
    public var refraction = 10.0
    /// Width (pt) of the band inside the outline the specular highlight fills, fading
    /// inward with the square of the depth: wider than the 1.5 pt rim, so the highlight
    /// reads as light on a curved edge and not as a brighter hairline.
    public var specularWidth = 6.0
    /// Debug view: iso-lines of the merged distance field every 4 pt.
    public var showField = false

    public init(tint: Color, rim: Color, specular: Color = .clear, farRim: Color = .clear, shadow: Shadow?) {
        self.tint = tint; self.rim = rim; self.specular = specular; self.farRim = farRim; self.shadow = shadow
    }

    /// Iso-line spacing of the debug view, pt. Lines are drawn from the outline out to
    /// the merge distance — the band where shapes reach for each other.
    public static let fieldStep = 5.0

    /// Where the light comes from, as a unit vector in the page (y grows downward): the top
    /// left, 37° off vertical. A rim whose outward normal points this way is lit.
    public static let lightDirection = Point2(-0.6, -0.8)

    /// docs/behaviour.md §5.2: light mode lift shadow black 7 %, radius 18, offset y 8. Tint 30 % white:
    /// over the #F3F2EE ground the glass is almost the ground, so it is drawn by its rim,
    /// highlight, bent edges and shadow, as glass is.
    public static let light = LiquidPaint(tint: Color(r: 1, g: 1, b: 1, a: 0.30), rim: Color(r: 1, g: 1, b: 1, a: 0.9),
                                          specular: Color(r: 1, g: 1, b: 1, a: 0.9), farRim: Color(r: 0, g: 0, b: 0, a: 0.12),
                                          shadow: Shadow(alpha: 0.07, radius: 18, offset: Point2(0, 8)))
    /// Dark mode tints toward the #121212 ground, not toward white: a white veil lifts the
    /// colour behind and washes out the light text on the glass (§5.3.1: 4.5:1 — the old
    /// 10 % white veil left the secondary ink at about 2.1:1 over the butter blob), where a
    /// dark one keeps it down. 44 %, just inside §5.3.1's 45 %: #A6A49F over glass over
    /// the butter blob (35 % over the ground) measures 4.6:1; at 40 % it is 4.1:1, and a
    /// tint even a little lighter than the ground (#171717) loses 0.15. Over the bare
    /// ground the glass is the ground: it is told from it by rim, highlight and bent edges.
    /// No lift shadow: on a near-black ground a shadow reads as a smudge, not as height,
    /// and the design draws none in dark.
    public static let dark = LiquidPaint(tint: Color(hex: 0x121212, alpha: 0.44), rim: Color(r: 1, g: 1, b: 1, a: 0.30),
                                         specular: Color(r: 1, g: 1, b: 1, a: 0.75), farRim: Color(r: 1, g: 1, b: 1, a: 0.18),
                                         shadow: nil)

    /// Rim width in points.
    public static let rimWidth = 1.5
}

/// Measurements of a neck between shapes placed side by side (the `neck` command and the
/// sandbox's readout), all from the same distance math.
public enum NeckMeasure {
    public enum Kind: String, Sendable, CaseIterable, Codable { case capsule, circle, card }

    /// `count` shapes of `size`, left to right, `gap` apart, vertically centred on y = 0.
    public static func row(_ kind: Kind, size: Size, gap: Double, count: Int) -> [Shape] {
        (0..<max(count, 1)).map { i in
            let rect = Rect(x: Double(i) * (size.width + gap), y: -size.height / 2, width: size.width, height: size.height)
            switch kind {
            case .capsule: return .capsule(rect)
            case .circle: return .circle(center: rect.center, radius: min(size.width, size.height) / 2)
            case .card: return .roundedRect(rect, radius: min(22, min(size.width, size.height) / 2))
            }
        }
    }

    /// Width (pt) of the bridge at the middle of the first gap: the vertical extent of the
    /// merged surface there. 0 when the shapes have snapped apart.
    public static func waist(_ group: LiquidGroup, gap: Double) -> Double {
        guard let first = group.shapes.first else { return 0 }
        let x = first.rect.maxX + gap / 2
        guard group.distance(to: Point2(x, 0)) < 0 else { return 0 }
        // Inside at lo, outside at hi: doubled until outside (bounded — a shape of height 0
        // would otherwise double 0 for ever; 64 doublings pass any finite surface).
        var lo = 0.0, hi = max(first.rect.height, 1)
        for _ in 0..<64 where group.distance(to: Point2(x, hi)) < 0 { hi *= 2 }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if group.distance(to: Point2(x, mid)) < 0 { lo = mid } else { hi = mid }
        }
        return 2 * lo
    }

    /// How far (pt) the first shape's facing edge moved toward the second along the centre
    /// line; half the gap once they have met.
    public static func reach(_ group: LiquidGroup, gap: Double) -> Double {
        guard let first = group.shapes.first else { return 0 }
        let edge = first.rect.maxX
        if group.distance(to: Point2(edge + gap / 2, 0)) < 0 { return gap / 2 }
        var lo = edge - 1, hi = edge + gap / 2  // inside at lo, outside at hi
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if group.distance(to: Point2(mid, 0)) < 0 { lo = mid } else { hi = mid }
        }
        return max(lo - edge, 0)
    }

    /// The gap (pt) at which the neck snaps: the smallest gap with no bridge, found by
    /// bisection between touching and the merge distance.
    public static func snapGap(_ kind: Kind, size: Size, merge: Double, kernel: LiquidKernel, count: Int = 2,
                               smoothing: Double? = nil) -> Double {
        // A bisection of bisections (~3000 distance evaluations): the sandbox reads it every
        // frame for the same few rows, so each answer is kept (docs/behaviour.md §9's frame budget).
        let key = SnapKey(kind: kind, width: size.width, height: size.height, merge: merge, kernel: kernel, count: count,
                          smoothing: smoothing)
        if let known = snapGaps.withLock({ $0[key] }) { return known }
        let gap = measureSnapGap(kind, size: size, merge: merge, kernel: kernel, count: count, smoothing: smoothing)
        snapGaps.withLock { cache in
            if cache.count >= 256 { cache.removeAll() }
            cache[key] = gap
        }
        return gap
    }

    private struct SnapKey: Hashable {
        var kind: Kind, width: Double, height: Double, merge: Double, kernel: LiquidKernel, count: Int, smoothing: Double?
    }

    private static let snapGaps = Mutex<[SnapKey: Double]>([:])

    private static func measureSnapGap(_ kind: Kind, size: Size, merge: Double, kernel: LiquidKernel, count: Int,
                                       smoothing: Double?) -> Double {
        func bridged(_ g: Double) -> Bool {
            let group = LiquidGroup(shapes: row(kind, size: size, gap: g, count: count), merge: merge, kernel: kernel,
                                    smoothing: smoothing)
            return waist(group, gap: g) > 0
        }
        var lo = 0.0, hi = max(merge, 4 * (smoothing ?? merge / 4), 1)
        guard bridged(lo) else { return 0 }
        if bridged(hi) { return hi }
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if bridged(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}
