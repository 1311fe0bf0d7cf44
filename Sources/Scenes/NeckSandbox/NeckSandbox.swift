import Canvas
import Motion

/// The neck sandbox (docs/behaviour.md §5.4): two or three glass shapes the designer drags with the
/// mouse, a merge distance, a smoothing and a kernel to choose, and a live readout of
/// the waist and the snap gap — the tool for tuning how liquid the glass feels.
///
/// Page coordinates: the sandbox fills a `pageWidth` × `pageHeight` page.
public struct NeckSandbox: Sendable, Codable {
    public static let pageWidth = 560.0
    public static let pageHeight = 360.0

    public struct Piece: Sendable, Equatable, Codable {
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
    /// Smoothing k; `nil` follows merge / 4 (the calibration docs/behaviour.md §5.1 suggests).
    public var smoothing: Double?
    public var kernel = LiquidKernel.quadratic
    public var showField = false
    /// Reduce Motion, as every scene has it (the sandbox has no motion of its own).
    var reducedMotion = false
    /// Measures the shapes' numbers so they sit centred (set by the workbench).
    var measurer: Measurer?
    private var dragging: Drag?
    /// The piece being dragged and where in it the pointer holds it.
    private struct Drag: Sendable, Codable { var index: Int; var grab: Point2 }

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

    /// Feeds one input (page coordinates).
    public mutating func handle(_ event: InputEvent) -> [SceneEvent] {
        switch event {
        case .pointerDown(let p, let t, _):
            // The topmost (last drawn) piece under the pointer.
            guard let i = pieces.indices.last(where: { pieces[$0].shape.distance(to: p) <= 0 }) else { return [] }
            dragging = Drag(index: i, grab: p - pieces[i].center)
            // `index` is the shape's number on the stage, from 1 (docs/behaviour.md §15.7).
            return [SceneEvent(.pieceGrabbed, time: t, [("index", .number(Double(i + 1)))])]
        case .pointerMoved(let p, _):
            guard let d = dragging else { return [] }
            let c = p - d.grab
            pieces[d.index].center = Point2(min(max(c.x, 0), Self.pageWidth), min(max(c.y, 0), Self.pageHeight))
            return []
        case .pointerUp(_, let t):
            guard let d = dragging else { return [] }
            dragging = nil
            return [SceneEvent(.pieceDropped, time: t, [("index", .number(Double(d.index + 1)))] + readingFields)]
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
    /// through), the liquid group, the merge band when the field view is on, each shape's
    /// number, the measured waist and the readout.
    public func draw(theme: Theme, measurer: some TextMeasuring) -> DisplayList { draw(theme: theme, numbers: measurer) }

    /// Draws the sandbox page, centring the shapes' numbers with the measurer the scene was
    /// made with (or, made without one, an estimate of a digit's width).
    public func draw(theme: Theme) -> DisplayList { draw(theme: theme, numbers: measurer?.base) }

    private func draw(theme: Theme, numbers: (any TextMeasuring)?) -> DisplayList {
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
        let reading = self.reading
        drawNumbers(into: &list, color: secondary, measurer: numbers)
        if let ends = reading?.waistEnds { drawWaist(ends, into: &list, color: label) }
        list.text(TextRun(Self.readout(reading, snapGap: snapGap(for: reading)), origin: Point2(24, 24),
                          style: TextStyle(.semibold, size: 13), color: label))
        list.text(TextRun("Drag the shapes · F shows the merge band", origin: Point2(24, Self.pageHeight - 32),
                          style: TextStyle(.regular, size: 12), color: secondary))
        return list
    }
}
