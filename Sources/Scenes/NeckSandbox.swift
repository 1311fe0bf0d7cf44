import Canvas
import Motion

/// The neck sandbox (SPEC §5.4): two or three glass shapes the designer drags with the
/// mouse, a merge distance, a smoothing and a kernel to choose, and a live readout of
/// the waist and the snap gap — the tool for tuning how liquid the glass feels.
///
/// Page coordinates: the sandbox fills a `pageWidth` × `pageHeight` page.
public struct NeckSandbox: Sendable {
    public static let pageWidth = 560.0
    public static let pageHeight = 360.0

    public struct Piece: Sendable, Equatable {
        public var kind: NeckMeasure.Kind
        public var size: Size
        public var center: Point2
        public var shape: Shape {
            let rect = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
            switch kind {
            case .capsule: return .capsule(rect)
            case .circle: return .circle(center: center, radius: min(size.width, size.height) / 2)
            case .card: return .roundedRect(rect, radius: min(22, min(size.width, size.height) / 2))
            }
        }
    }

    public var pieces: [Piece]
    public var merge = LiquidGroup.defaultMerge
    /// Smoothing k; `nil` follows merge / 4 (the calibration SPEC §5.1 suggests).
    public var smoothing: Double?
    public var kernel = LiquidKernel.quadratic
    public var showField = false
    /// Reduce Motion, as every scene has it (the sandbox has no motion of its own).
    var reducedMotion = false
    private var dragging: (index: Int, grab: Point2)?

    /// Two 80×30 capsules at the joined gap (4 pt) and a 30 pt bubble apart (26 pt).
    public init() {
        let y = 150.0
        pieces = [Piece(kind: .capsule, size: Size(80, 30), center: Point2(200, y)),
                  Piece(kind: .capsule, size: Size(80, 30), center: Point2(284, y)),
                  Piece(kind: .circle, size: Size(30, 30), center: Point2(365, y))]
    }

    public var group: LiquidGroup {
        LiquidGroup(shapes: pieces.map(\.shape), merge: merge, kernel: kernel, smoothing: smoothing)
    }

    /// Gap between the first two pieces along the line joining their centres (pt).
    public var gap: Double {
        guard pieces.count >= 2 else { return 0 }
        let a = pieces[0].shape, b = pieces[1].shape
        // Distance between the outlines along the centre line: walk from a's centre.
        let ca = a.rect.center, cb = b.rect.center
        let len = (cb - ca).length
        guard len > 0 else { return 0 }
        let dir = (cb - ca) * (1 / len)
        func edge(_ s: Shape, from c: Point2, _ d: Point2) -> Double {
            var lo = 0.0, hi = len
            for _ in 0..<50 { let m = (lo + hi) / 2; if s.distance(to: c + d * m) < 0 { lo = m } else { hi = m } }
            return lo
        }
        return len - edge(a, from: ca, dir) - edge(b, from: cb, dir * -1)
    }

    /// The neck's waist between the first two pieces right now, pt (0 when apart).
    public var waist: Double {
        guard pieces.count >= 2 else { return 0 }
        let ca = pieces[0].center, cb = pieces[1].center
        let len = (cb - ca).length
        guard len > 0 else { return 0 }
        let dir = (cb - ca) * (1 / len)
        let normal = Point2(-dir.y, dir.x)
        // The middle of the gap, measured across the line joining the centres.
        let a = pieces[0].shape
        var lo = 0.0, hi = len
        for _ in 0..<50 { let m = (lo + hi) / 2; if a.distance(to: ca + dir * m) < 0 { lo = m } else { hi = m } }
        let mid = ca + dir * (lo + gap / 2)
        let g = group
        guard g.distance(to: mid) < 0 else { return 0 }
        var across = (lo: 0.0, hi: 400.0)
        for _ in 0..<50 {
            let m = (across.lo + across.hi) / 2
            if g.distance(to: mid + normal * m) < 0 && g.distance(to: mid + normal * -m) < 0 { across.lo = m } else { across.hi = m }
        }
        return 2 * across.lo
    }

    /// The gap at which the first two pieces' neck snaps, for their kind and size.
    public var snapGap: Double {
        let p = pieces[0]
        return NeckMeasure.snapGap(p.kind, size: p.size, merge: merge, kernel: kernel, count: 2, smoothing: smoothing)
    }

    /// Feeds one input (page coordinates).
    public mutating func handle(_ event: InputEvent) -> [SceneEvent] {
        switch event {
        case .pointerDown(let p, let t, _):
            // The topmost (last drawn) piece under the pointer.
            guard let i = pieces.indices.last(where: { pieces[$0].shape.distance(to: p) <= 0 }) else { return [] }
            dragging = (i, p - pieces[i].center)
            return [SceneEvent(.pieceGrabbed, time: t, [("index", .number(Double(i)))])]
        case .pointerMoved(let p, _):
            guard let d = dragging else { return [] }
            let c = p - d.grab
            pieces[d.index].center = Point2(min(max(c.x, 0), Self.pageWidth), min(max(c.y, 0), Self.pageHeight))
            return []
        case .pointerUp(_, let t):
            guard let d = dragging else { return [] }
            dragging = nil
            return [SceneEvent(.pieceDropped, time: t, [("index", .number(Double(d.index))), ("gap", .number(gap)),
                                                           ("waist", .number(waist))])]
        case .key(.f, let t, _):
            showField.toggle()
            return [SceneEvent(.debugField, time: t, [("shown", .bool(showField))])]
        case .key(.escape, _, _), .focusLost, .captureLost:
            dragging = nil
            return []
        default:
            return []
        }
    }

    /// Draws the sandbox page: a striped ground (so the glass has something to show
    /// through), the liquid group, the merge band when the field view is on, and the readout.
    public func draw(theme: Theme, measurer: some TextMeasuring) -> DisplayList { draw(theme: theme) }

    /// Draws the sandbox page (it measures no text: the readout is one fixed line).
    public func draw(theme: Theme) -> DisplayList {
        let dark = theme == .dark
        var list = DisplayList(background: dark ? Color(hex: 0x121212) : Color(hex: 0xF3F2EE))
        let tints: [UInt32] = [0x9CC2FF, 0xFFD976, 0xA9DCB7, 0xCDB8FF, 0xE9D5B3]
        for (i, hex) in tints.enumerated() {
            let band = Rect(x: 24, y: 70 + Double(i) * 34, width: Self.pageWidth - 48, height: 18)
            list.fill(.roundedRect(band, radius: 9), Paint(fill: Color(hex: hex, alpha: dark ? 0.55 : 0.9)))
        }
        let g = group
        var paint: LiquidPaint = dark ? .dark : .light
        paint.showField = showField
        list.commands.append(.liquid(g, paint, opacity: 1))
        let label = dark ? Color(hex: 0xF4F3EF) : Color(hex: 0x141414)
        let secondary = dark ? Color(hex: 0xA6A49F) : Color(hex: 0x5C5A56)
        let style = TextStyle(.semibold, size: 13)
        let w = waist
        let readout = String(format: "gap %.1f pt   waist %.1f pt (%.0f %% of height)   snaps at %.1f pt", gap, w,
                             w / max(pieces[0].size.height, 1) * 100, snapGap)
        list.text(TextRun(readout, origin: Point2(24, 24), style: style, color: label))
        list.text(TextRun("Drag the shapes · F shows the merge band", origin: Point2(24, Self.pageHeight - 32),
                          style: TextStyle(.regular, size: 12), color: secondary))
        return list
    }
}
