import Canvas
import Motion
import Scenes

/// The window around the Push Alert: the stage with the page centred on it, and a bar at
/// the bottom with the "Show alert" control and the credit. Pure — input and time come in
/// as arguments, a display list goes out — so the whole window is testable without SDL.
public struct PushAlertApp: Sendable {
    public static let barHeight = 48.0
    /// Smallest window that keeps the page (420 pt) and the bar usable.
    public static let minimumSize = Size(480, 360)
    public static let defaultSize = Size(1280, 800)
    static let buttonStyle = TextStyle(.semibold, size: 13)
    static let noteStyle = TextStyle(.regular, size: 12)
    static let credit = "Push Alert motion design after syxUI's Push Alert (syxui.dev)"
    static let hint = "Enter: show   ·   drag sideways to dismiss   ·   Esc: cancel"

    public var alert: PushAlert
    public var theme: Theme
    public private(set) var windowSize: Size
    private let measurer: any TextMeasuring
    private var pressed: String?

    public init(settings: PushAlertSettings, measurer: some TextMeasuring, theme: Theme, windowSize: Size) {
        alert = PushAlert(settings: settings, measurer: measurer)
        self.measurer = measurer
        self.theme = theme
        self.windowSize = windowSize
    }

    // MARK: Layout (window points)

    public var stage: Rect { Rect(x: 0, y: 0, width: windowSize.width, height: max(windowSize.height - Self.barHeight, 0)) }
    public var bar: Rect { Rect(x: 0, y: stage.maxY, width: windowSize.width, height: Self.barHeight) }
    /// Top-left of the page column: centred horizontally, at the stage's top.
    public var pageOrigin: Point2 { Point2(((stage.width - PushAlert.pageWidth) / 2).rounded(), 0) }

    public var showButton: Rect {
        let w = measurer.width(of: "Show alert", style: Self.buttonStyle) + 28
        return Rect(x: 16, y: bar.minY + (Self.barHeight - 30) / 2, width: w.rounded(), height: 30)
    }

    /// Resting frames of every interactive control by id (for the trace's `layout`).
    public func controlFrames() -> [(String, Rect)] {
        var settings = alert.settings
        settings.reduceMotion = true
        var resting = PushAlert(settings: settings, measurer: measurer)
        _ = resting.present(at: 0)
        let o = pageOrigin
        return [("panel", resting.panelFrame(at: 0).offsetBy(dx: o.x, dy: o.y)),
                ("close", resting.closeFrame(at: 0).offsetBy(dx: o.x, dy: o.y)),
                ("pill", resting.pillFrame(at: 0).offsetBy(dx: o.x, dy: o.y)),
                ("showAlert", showButton)]
    }

    public func layoutEvent(at t: Double) -> SceneEvent {
        var fields: [(String, TraceValue)] = [("window", .numbers([windowSize.width, windowSize.height]))]
        fields += controlFrames().map { ($0.0, TraceValue.numbers($0.1.array)) }
        fields.append(("naturalHeight", .number(alert.naturalHeight)))
        return SceneEvent("layout", time: t, fields)
    }

    public mutating func resize(to size: Size, at t: Double) -> [SceneEvent] {
        guard size != windowSize else { return [] }
        windowSize = size
        return [layoutEvent(at: t)]
    }

    // MARK: Input

    /// Routes one input (window points, scene time). Positions in the events it returns
    /// are window points too, like the trace's `layout`.
    public mutating func handle(_ event: InputEvent) -> [SceneEvent] {
        let o = pageOrigin
        return route(event).map { e in
            var e = e
            e.fields = e.fields.map { key, value in
                switch (key, value) {
                case ("x", .number(let x)): return (key, .number(x + o.x))
                case ("y", .number(let y)): return (key, .number(y + o.y))
                default: return (key, value)
                }
            }
            return e
        }
    }

    private mutating func route(_ event: InputEvent) -> [SceneEvent] {
        let o = pageOrigin
        switch event {
        case .pointerDown(let p, let t, let shift):
            if showButton.contains(p) { pressed = "showAlert"; return [] }
            return alert.handle(.pointerDown(Point2(p.x - o.x, p.y - o.y), time: t, shift: shift))
        case .pointerMoved(let p, let t):
            return alert.handle(.pointerMoved(Point2(p.x - o.x, p.y - o.y), time: t))
        case .pointerUp(let p, let t):
            if pressed == "showAlert" {
                pressed = nil
                return showButton.contains(p) ? alert.present(at: t) : []
            }
            return alert.handle(.pointerUp(Point2(p.x - o.x, p.y - o.y), time: t))
        default:
            return alert.handle(event)
        }
    }

    public mutating func update(to t: Double) -> [SceneEvent] { alert.update(to: t) }

    public func isAnimating(at t: Double) -> Bool { alert.isAnimating(at: t) }

    // MARK: Drawing

    /// The whole window at scene time `t`.
    public func draw(at t: Double) -> DisplayList {
        var list = DisplayList(background: theme.page)
        let page = alert.draw(at: t, theme: theme, pageHeight: stage.height)
        list.clip(.rect(stage)) { $0.append(page, dx: pageOrigin.x, dy: pageOrigin.y) }
        drawBar(into: &list)
        return list
    }

    private func drawBar(into list: inout DisplayList) {
        list.fill(.rect(bar), Paint(fill: theme.chrome))
        list.fill(.rect(Rect(x: 0, y: bar.minY, width: bar.width, height: 1)), Paint(fill: theme.chromeLine))
        let b = showButton
        let hidden = alert.phase != .shown
        list.fill(.roundedRect(b, radius: 8), Paint(fill: hidden ? theme.alertAccent : theme.control,
                                                  stroke: theme.chromeLine, strokeWidth: 1))
        let lh = measurer.lineHeight(of: Self.buttonStyle)
        list.text(TextRun("Show alert", origin: Point2(b.minX + 14, b.midY - lh / 2), style: Self.buttonStyle,
                          color: hidden ? theme.alertPillInk : theme.label))
        let nh = measurer.lineHeight(of: Self.noteStyle)
        list.text(TextRun(Self.hint, origin: Point2(b.maxX + 16, bar.midY - nh / 2), style: Self.noteStyle,
                          color: theme.secondaryLabel))
        let cw = measurer.width(of: Self.credit, style: Self.noteStyle)
        let creditX = bar.maxX - cw - 16
        let hintEnd = b.maxX + 16 + measurer.width(of: Self.hint, style: Self.noteStyle)
        if creditX > hintEnd + 16 {
            list.text(TextRun(Self.credit, origin: Point2(creditX, bar.midY - nh / 2), style: Self.noteStyle,
                              color: theme.secondaryLabel))
        }
    }
}
