import Canvas
import Foundation
import Motion

/// What the Spring Lab looks like: the lanes with their cards, then the curves of the
/// plotted input — position over velocity on one time axis — and the readouts.
extension SpringLab {
    /// Spring A's colour, the Push Alert plot's first curve's; B's is its second's.
    public static let colorA = Color(hex: 0x0A84FF)
    public static let colorB = Color(hex: 0xFF9F0A)
    static func color(_ card: Card) -> Color { card == .a ? colorA : colorB }
    /// Ink on the card: white on the blue (4.0:1 at 20 pt bold); on the orange, white
    /// reads at 2.2:1, so the warm near-black the alert's pill uses.
    static func ink(_ card: Card) -> Color { card == .a ? .white : Color(hex: 0x251909) }

    static let positionPlot = Rect(x: margin, y: 262, width: pageWidth - 2 * margin, height: 138)
    static let velocityPlot = Rect(x: margin, y: 426, width: pageWidth - 2 * margin, height: 64)
    static let readoutTop = 516.0
    static let titleStyle = TextStyle(.semibold, size: 13)
    static let bodyStyle = TextStyle(.regular, size: 12)
    static let smallStyle = TextStyle(.regular, size: 11)
    static let readoutStyle = TextStyle(.semibold, size: 12)

    /// The page at scene time `t`.
    public func draw(at t: Double, theme: Theme) -> DisplayList {
        var list = DisplayList(background: theme.page)
        for card in Card.allCases { drawLane(card, at: t, theme: theme, into: &list) }
        // Each curve is worked out once a frame (its overshoot and 90 % are scans).
        let curves = plottedCards.map { PlottedCurve(card: $0, curve: curve($0), ghost: ghostCurve($0)) }
        drawCurves(curves, at: t, theme: theme, into: &list)
        drawReadouts(curves, theme: theme, into: &list)
        return list
    }

    /// One card's curve on the plot, and its ghost if its spring changed.
    struct PlottedCurve {
        var card: Card
        var curve: LabCurve
        var ghost: LabCurve?
    }

    // MARK: Lanes

    private func drawLane(_ card: Card, at t: Double, theme: Theme, into list: inout DisplayList) {
        let lane = Self.laneFrame(card)
        let on = activeCards.contains(card)
        let s = card == .a ? settings.a : settings.b
        let titleY = lane.minY - 24
        list.fill(.circle(center: Point2(lane.minX + 5, titleY + 8.5), radius: 5), Paint(fill: Self.color(card)), opacity: on ? 1 : 0.4)
        let title = "Spring \(card.rawValue.uppercased())"
        list.text(TextRun(title, origin: Point2(lane.minX + 16, titleY), style: Self.titleStyle, color: theme.label), opacity: on ? 1 : 0.5)
        let x = lane.minX + 16 + measurer.width(of: title, style: Self.titleStyle) + 10
        let numbers = NumberText.format("response %.3f s · damping %.3f", s.response, s.damping)
        tabular(numbers, at: Point2(x, titleY + 1), style: Self.bodyStyle, color: theme.secondaryLabel, opacity: on ? 1 : 0.5, into: &list)
        if card == .a, reducedMotion {
            let note = "Reduce Motion: cards settle on (0.25 s, no bounce)"
            let w = measurer.width(of: note, style: Self.bodyStyle)
            list.text(TextRun(note, origin: Point2(lane.maxX - w, titleY + 1), style: Self.bodyStyle, color: theme.secondaryLabel))
        }

        list.fill(.roundedRect(lane, radius: 18), Paint(fill: theme.row.opacity(0.55)), opacity: on ? 1 : 0.5)
        // The rail between the stops, and a tick where a release changes its mind.
        let rail = Rect(x: Self.stopX(.left), y: lane.midY - 2, width: Self.stopX(.right) - Self.stopX(.left), height: 4)
        list.fill(.capsule(rail), Paint(fill: theme.chromeLine), opacity: on ? 1 : 0.5)
        list.line(from: Point2(Self.midX, lane.midY - 10), to: Point2(Self.midX, lane.midY + 10), width: 1.5,
                  color: theme.secondaryLabel.opacity(on ? 0.45 : 0.2))
        for stop in Stop.allCases {
            let dock = Self.dockFrame(card, stop)
            list.fill(.roundedRect(dock, radius: Self.cardRadius),
                      Paint(fill: theme.page.opacity(0.6), stroke: theme.secondaryLabel.opacity(0.45), strokeWidth: 1.5),
                      opacity: on ? 1 : 0.5)
            let label = "\(stop.rawValue) stop"
            let w = measurer.width(of: label, style: Self.smallStyle)
            list.text(TextRun(label, origin: Point2((dock.midX - w / 2).rounded(), dock.midY - measurer.lineHeight(of: Self.smallStyle) / 2),
                              style: Self.smallStyle, color: theme.secondaryLabel), opacity: on ? 1 : 0.5)
        }
        guard on else {
            let note = "A/B is off · switch it on in the inspector"
            let w = measurer.width(of: note, style: Self.bodyStyle)
            let box = Rect(x: lane.midX - w / 2 - 12, y: lane.midY - 13, width: w + 24, height: 26)
            list.fill(.capsule(box), Paint(fill: theme.page, stroke: theme.chromeLine, strokeWidth: 1))
            list.text(TextRun(note, origin: Point2((lane.midX - w / 2).rounded(), lane.midY - measurer.lineHeight(of: Self.bodyStyle) / 2),
                              style: Self.bodyStyle, color: theme.secondaryLabel))
            return
        }
        let frame = cardFrame(card, at: t)
        list.fill(.roundedRect(frame, radius: Self.cardRadius),
                  Paint(fill: Self.color(card), shadow: Shadow(alpha: theme == .dark ? 0.45 : 0.18, radius: 10, offset: Point2(0, 3))))
        let style = TextStyle(.bold, size: 20)
        let letter = card.rawValue.uppercased()
        let w = measurer.width(of: letter, style: style)
        list.text(TextRun(letter, origin: Point2((frame.midX - w / 2).rounded(), (frame.midY - measurer.lineHeight(of: style) / 2).rounded()),
                          style: style, color: Self.ink(card)))
    }

    // MARK: Curves

    /// The cards whose curves show: the active ones.
    private var plottedCards: [Card] { activeCards }

    /// The time axis: the slowest plotted settle, ghosts included, plus 10 %.
    public var plotSpan: Double {
        Self.span(of: plottedCards.map { PlottedCurve(card: $0, curve: curve($0), ghost: ghostCurve($0)) })
    }

    static func span(of curves: [PlottedCurve]) -> Double {
        let settles = curves.flatMap { [$0.curve.settle, $0.ghost?.settle].compactMap { $0 } }
        return max(settles.max() ?? 1, 0.05) * 1.1
    }

    /// The plots' axes for `curves`: every curve sampled once; the axes fit them all (the
    /// overshoot and a throw away from the stop included), with 8 % of air.
    struct Axes {
        var span: Double, lo: Double, hi: Double, pad: Double, vmax: Double
        var times: [Double], progress: [[Double]], speeds: [[Double]]
        let pos = SpringLab.positionPlot.insetBy(dx: 10, dy: 8), vel = SpringLab.velocityPlot.insetBy(dx: 10, dy: 6)
        func px(_ s: Double) -> Double { pos.minX + s / span * pos.width }
        func py(_ f: Double) -> Double { pos.maxY - (f - (lo - pad)) / (hi - lo + 2 * pad) * pos.height }
        func vy(_ v: Double) -> Double { vel.midY - v / vmax * vel.height / 2 }
    }

    func axes(_ curves: [PlottedCurve]) -> Axes {
        let span = Self.span(of: curves)
        let all = curves.flatMap { [$0.curve] + ($0.ghost.map { [$0] } ?? []) }
        let n = Self.sampleCount(span: span, springs: all.map(\.spring))
        let times = (0...n).map { Double($0) / Double(n) * span }
        let progress = all.map { c in times.map { c.progress(at: $0) } }
        let speeds = all.map { c in times.map { c.velocity(at: $0) } }
        // (A fitted recording's dots are on the axes too: a poor fit may stray past the curves.)
        let dots = fitted?.points.filter { $0.x <= span }.map(\.y) ?? []
        let lo = min(0, progress.joined().min() ?? 0, dots.min() ?? 0), hi = max(1, progress.joined().max() ?? 1, dots.max() ?? 1)
        let vmax = max(speeds.joined().map(abs).max() ?? 1, 1) * 1.12
        return Axes(span: span, lo: lo, hi: hi, pad: (hi - lo) * 0.08, vmax: vmax, times: times, progress: progress, speeds: speeds)
    }

    /// A spring group's named spring or a preset under the pointer (issue 42): each card's
    /// motion with the previewed spring, dashed on the plots' axes as they are (cut at
    /// their edges) — the same input, so it compares like for like.
    public func previewOverlay(_ preview: SpringLabSettings, at t: Double, theme: Theme) -> [DrawCommand] {
        let curves = plottedCards.map { PlottedCurve(card: $0, curve: curve($0), ghost: ghostCurve($0)) }
        let a = axes(curves)
        var list = DisplayList(background: .clear)
        var shown = self
        shown.reset(to: preview)
        for card in plottedCards {
            let ghost = shown.curve(card)
            guard ghost.spring != curve(card).spring else { continue }
            let n = Self.sampleCount(span: a.span, springs: [ghost.spring])
            let times = (0...n).map { Double($0) / Double(n) * a.span }
            let color = Self.color(card)
            list.clip(.roundedRect(Self.positionPlot, radius: 8)) {
                $0.dashedPolyline(times.map { Point2(a.px($0), a.py(ghost.progress(at: $0))) }, width: 2, color: color, dash: 6, gap: 4)
            }
            list.clip(.roundedRect(Self.velocityPlot, radius: 8)) {
                $0.dashedPolyline(times.map { Point2(a.px($0), a.vy(ghost.velocity(at: $0))) }, width: 2, color: color, dash: 6, gap: 4)
            }
        }
        return list.commands
    }

    public var plotRegion: Rect? { Self.positionPlot }

    /// Each plotted card's peak and settle mark on the position plot: dragging them tunes
    /// its spring (issue 42).
    public func plotHandles() -> [PagePlotHandle] {
        let curves = plottedCards.map { PlottedCurve(card: $0, curve: curve($0), ghost: ghostCurve($0)) }
        let a = axes(curves)
        return curves.map { plotted in
            let c = plotted.curve
            let peak = Self.peak(of: c)
            return PagePlotHandle(group: ControlID(rawValue: plotted.card.rawValue), plot: Self.positionPlot,
                                  peak: Point2(a.px(peak.time), a.py(peak.value)), peakValue: peak.value, settleX: a.px(c.settle),
                                  settle: c.settle, pointsPerValue: a.py(0) - a.py(1), pointsPerSecond: a.px(1) - a.px(0))
        }
    }

    /// Where a curve is highest before it settles, and its value there.
    static func peak(of c: LabCurve) -> (time: Double, value: Double) {
        let n = 400
        var best = (time: 0.0, value: c.progress(at: 0))
        for k in 1...n {
            let t = c.settle * Double(k) / Double(n)
            let v = c.progress(at: t)
            if v > best.value + 1e-9 { best = (t, v) }
        }
        return best
    }

    /// The damping ratio (0.05 – 1) at which the card's motion, over the plotted input with
    /// its response, peaks at `value` — the overshoot falls as ζ rises, so a bisection.
    public func dampingRatio(peakingAt value: Double, group: ControlID) -> Double? {
        guard let card = Card(rawValue: group.rawValue) else { return nil }
        let p = plotted, response = tunedSpring(card).response
        func peak(_ zeta: Double) -> Double {
            Self.peak(of: LabCurve(spring: Spring(response: response, dampingRatio: zeta), from: p.from, target: p.target,
                                   velocity: p.velocity)).value
        }
        var lo = 0.05, hi = 1.0
        if value >= peak(lo) { return lo }
        if value <= peak(hi) { return hi }
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if peak(mid) > value { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    private func drawCurves(_ curves: [PlottedCurve], at t: Double, theme: Theme, into list: inout DisplayList) {
        let a = axes(curves)
        let span = a.span, times = a.times, progress = a.progress, speeds = a.speeds, pos = a.pos, vel = a.vel, vmax = a.vmax
        func px(_ s: Double) -> Double { a.px(s) }
        func py(_ f: Double) -> Double { a.py(f) }
        func vy(_ v: Double) -> Double { a.vy(v) }

        let header = Self.positionPlot.minY - 18
        list.text(TextRun("Position", origin: Point2(Self.margin, header), style: Self.readoutStyle, color: theme.label))
        list.text(TextRun("fraction of the travel", origin: Point2(Self.margin + 58, header + 1), style: Self.smallStyle,
                          color: theme.secondaryLabel))
        let velocityHeader = Self.velocityPlot.minY - 18
        list.text(TextRun("Velocity", origin: Point2(Self.margin, velocityHeader), style: Self.readoutStyle, color: theme.label))
        tabular(NumberText.format("pt/s, full height ±%.0f", vmax), at: Point2(Self.margin + 58, velocityHeader + 1),
                style: Self.smallStyle, color: theme.secondaryLabel, into: &list)
        for plot in [Self.positionPlot, Self.velocityPlot] {
            list.fill(.roundedRect(plot, radius: 8), Paint(fill: theme.control, stroke: theme.chromeLine, strokeWidth: 1))
        }
        drawGrid(span: span, px: px, theme: theme, into: &list)
        // The start and the stop read as the plot's rules; 90 % fainter. (chromeLine alone
        // vanishes on the dark plot: 1.05:1.)
        for (level, alpha) in [(0.0, 0.4), (1.0, 0.4), (0.9, 0.2)] {
            list.line(from: Point2(pos.minX, py(level)), to: Point2(pos.maxX, py(level)), width: 1,
                      color: theme.secondaryLabel.opacity(alpha))
        }
        list.text(TextRun("stop", origin: Point2(pos.minX + 2, py(1) - 15), style: Self.smallStyle, color: theme.secondaryLabel))
        let label90 = "90 %"
        list.text(TextRun(label90, origin: Point2(pos.maxX - measurer.width(of: label90, style: Self.smallStyle) - 2, py(0.9) + 2),
                          style: Self.smallStyle, color: theme.secondaryLabel))
        list.line(from: Point2(vel.minX, vel.midY), to: Point2(vel.maxX, vel.midY), width: 1, color: theme.secondaryLabel.opacity(0.4))

        var k = 0
        for plotted in curves {
            let card = plotted.card, curve = plotted.curve, ghost = plotted.ghost
            let color = Self.color(card)
            let i = k
            k += ghost == nil ? 1 : 2
            if ghost != nil {
                list.polyline(zip(times, progress[i + 1]).map { Point2(px($0), py($1)) }, width: 1.25, color: color.opacity(0.3))
                list.polyline(zip(times, speeds[i + 1]).map { Point2(px($0), vy($1)) }, width: 1.25, color: color.opacity(0.3))
            }
            list.polyline(zip(times, progress[i]).map { Point2(px($0), py($1)) }, width: 2, color: color)
            list.polyline(zip(times, speeds[i]).map { Point2(px($0), vy($1)) }, width: 2, color: color)
            if let t90 = curve.reach90 {
                list.fill(.circle(center: Point2(px(t90), py(0.9)), radius: 3.5), Paint(fill: color, stroke: theme.control, strokeWidth: 1))
            }
            let sx = px(curve.settle)
            list.line(from: Point2(sx, pos.minY), to: Point2(sx, pos.maxY), width: 1, color: color.opacity(0.6))
            list.line(from: Point2(sx, vel.minY), to: Point2(sx, vel.maxY), width: 1, color: color.opacity(0.6))
            let note = NumberText.format("%.0f ms", curve.settle * 1000)
            let w = measurer.width(of: note, style: Self.smallStyle)
            let row = card == .a || curves.count < 2 || abs(curves[0].curve.settle - curve.settle) / span > 0.2 ? 0.0 : 1.0
            let x = sx + 4 + w > pos.maxX ? sx - 4 - w : sx + 4
            list.text(TextRun(note, origin: Point2(x.rounded(), pos.maxY - 16 - 14 * row), style: Self.smallStyle, color: color))
        }
        drawFitPoints(span: span, px: px, py: py, theme: theme, into: &list)
        drawPlayhead(at: t, span: span, curves: curves, px: px, py: py, vy: vy, theme: theme, into: &list)
    }

    /// Segments per curve: 16 per period of the fastest ringing spring on the axis, at
    /// least 64 (a default spring's step is smooth with that) and at most 256 (a spring at
    /// damping 0.05 rings 20 periods across its axis: 12 a period still reads as a sine).
    /// A fixed 80 drew such a spring as a zigzag, and every default curve with 3× the lines
    /// it needs — each one a primitive the renderer draws every frame.
    static func sampleCount(span: Double, springs: [Spring]) -> Int {
        let periods = springs.filter { $0.dampingRatio < 1 }.map { s -> Double in
            span * (s.naturalFrequency * (1 - s.dampingRatio * s.dampingRatio).squareRoot()) / (2 * Double.pi)
        }
        return min(max(Int(((periods.max() ?? 0) * 16).rounded(.up)), 64), 256)
    }

    /// Vertical grid lines at round times, labelled under the velocity plot.
    private func drawGrid(span: Double, px: (Double) -> Double, theme: Theme, into list: inout DisplayList) {
        let step = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10].first { span / $0 <= 8 } ?? 20
        var s = 0.0
        while s <= span + 1e-9 {
            let x = px(s)
            for plot in [Self.positionPlot, Self.velocityPlot] {
                list.line(from: Point2(x, plot.minY + 1), to: Point2(x, plot.maxY - 1), width: 1, color: theme.secondaryLabel.opacity(0.12))
            }
            let label = s == 0 ? "0" : NumberText.format("%.0f ms", s * 1000)
            let w = measurer.width(of: label, style: Self.smallStyle)
            list.text(TextRun(label, origin: Point2((x - w / 2).rounded(), Self.velocityPlot.maxY + 4), style: Self.smallStyle,
                              color: theme.secondaryLabel))
            s += step
        }
    }

    private func drawPlayhead(at t: Double, span: Double, curves: [PlottedCurve], px: (Double) -> Double,
                              py: (Double) -> Double, vy: (Double) -> Double, theme: Theme, into list: inout DisplayList) {
        guard let s = playhead(at: t), s <= span else { return }
        let x = px(s)
        for plot in [Self.positionPlot, Self.velocityPlot] {
            list.line(from: Point2(x, plot.minY), to: Point2(x, plot.maxY), width: 1.5, color: theme.label.opacity(0.7))
        }
        for plotted in curves {
            let paint = Paint(fill: Self.color(plotted.card), stroke: theme.control, strokeWidth: 1.5)
            list.fill(.circle(center: Point2(x, py(plotted.curve.progress(at: s))), radius: 4.5), paint)
            list.fill(.circle(center: Point2(x, vy(plotted.curve.velocity(at: s))), radius: 4.5), paint)
        }
        let label = NumberText.format("t %.0f ms", s * 1000)
        let w = tabularWidth(label, style: Self.readoutStyle)
        tabular(label, at: Point2(Self.positionPlot.maxX - w, Self.positionPlot.minY - 18), style: Self.readoutStyle,
                color: theme.label, into: &list)
    }

    // MARK: Readouts

    private func drawReadouts(_ curves: [PlottedCurve], theme: Theme, into list: inout DisplayList) {
        var y = Self.readoutTop
        for plotted in curves {
            let card = plotted.card, c = plotted.curve
            list.fill(.circle(center: Point2(Self.margin + 5, y + 8), radius: 5), Paint(fill: Self.color(card)))
            let at90 = c.reach90.map { NumberText.format("%.0f ms", $0 * 1000) } ?? "never"
            let line = NumberText.format("%@   overshoot %.1f %%   90 %% at %@   settled at %.0f ms", card.rawValue.uppercased(),
                              c.overshoot * 100, at90, c.settle * 1000)
            tabular(line, at: Point2(Self.margin + 16, y), style: Self.readoutStyle, color: theme.label, into: &list)
            y += 18
        }
        tabular(caption, at: Point2(Self.margin, y), style: Self.bodyStyle, color: theme.secondaryLabel, into: &list)
        y += 18
        if curves.contains(where: { $0.ghost != nil }) {
            list.text(TextRun("Faint: the curves before the last change.", origin: Point2(Self.margin, y), style: Self.bodyStyle,
                              color: theme.secondaryLabel))
        }
    }

    /// What the curves show, in words: the throw (with the velocity SwiftUI or UIKit
    /// would be handed for it), the send, or the resting step.
    var caption: String {
        if let fitted { return fitted.caption }
        let p = plotted
        guard p.start != nil, let r = reference else {
            return "Step from the left stop to the right, from rest · drag, throw or click a stop"
        }
        if let release = lastRelease {
            return NumberText.format("Thrown at %+.0f pt/s from x %.0f to the %@ stop · SwiftUI/UIKit initialVelocity %+.2f",
                          release.velocity, release.from, release.stop.rawValue, release.normalized)
        }
        if abs(r.velocity) < 0.5 { return NumberText.format("Sent from x %.0f to the %@ stop, from rest", r.from, r.stop.rawValue) }
        return NumberText.format("Sent from x %.0f to the %@ stop, keeping its %+.0f pt/s", r.from, r.stop.rawValue, r.velocity)
    }

    // MARK: Tabular figures

    /// `text` in tabular figures (Canvas's `tabularText`).
    func tabular(_ text: String, at origin: Point2, style: TextStyle, color: Color, opacity: Double = 1,
                 into list: inout DisplayList) {
        list.tabularText(text, at: origin, style: style, color: color, opacity: opacity, measurer: measurer)
    }

    /// The width `tabular` draws `text` at.
    func tabularWidth(_ text: String, style: TextStyle) -> Double {
        DisplayList.tabularWidth(text, style: style, measurer: measurer)
    }
}
