import Canvas
import Foundation
import Motion
import Scenes

/// A drag on a step-response plot (docs/behaviour.md §18): which handle, the time axis frozen for the
/// drag (so the curve does not slide under the pointer as its settle time changes), and
/// where it began.
package struct PlotDrag: Sendable, Codable, Equatable {
    /// `gap.plot.peak` or `gap.plot.settle` (a group's plot), `plot.gap.plot.peak` (a
    /// block plotting several groups).
    package var handle: ControlID
    package var span: Double
    package var pointer: Point2
    /// The group's first number (a response, or a ratio) and damping ratio when it began.
    package var first: Double
    package var zeta: Double
    /// The curve's settle time and peak (1 + overshoot) when it began.
    package var settle: Double
    package var peak: Double
    /// On a page's plot: page points per unit of value and per second (0 on the inspector's,
    /// whose axes the plot itself knows).
    package var pointsPerValue = 0.0
    package var pointsPerSecond = 0.0

    package init(handle: ControlID, span: Double, pointer: Point2, first: Double, zeta: Double, settle: Double, peak: Double,
                 pointsPerValue: Double = 0, pointsPerSecond: Double = 0) {
        (self.handle, self.span, self.pointer, self.first, self.zeta, self.settle, self.peak) = (handle, span, pointer, first, zeta, settle, peak)
        (self.pointsPerValue, self.pointsPerSecond) = (pointsPerValue, pointsPerSecond)
    }
}

/// Where a step response's handles sit: its highest point (the overshoot's peak; for a
/// spring that does not overshoot, where it comes closest to the target before settling)
/// and its settle time.
package struct PlotHandlePoints {
    package var peakTime: Double
    package var peak: Double
    package var settle: Double

    package init(_ spring: Spring) {
        settle = spring.settleDuration
        let z = spring.dampingRatio
        if z < 1 {
            let wd = 2 * Double.pi / spring.response * (1 - z * z).squareRoot()
            peakTime = Double.pi / wd
        } else {
            peakTime = settle
        }
        peak = spring.step(at: peakTime)
    }
}

extension UIPass {
    /// The share of a plot's inner height that value 1 reaches (the overshoot has the rest).
    static let plotOne = 0.75
    /// The least pointer travel, pt, a handle's whole value axis takes (a group's small plot
    /// has 15 pt of value and 80 of time: its handles move as on a plot 100 pt by 200).
    static let minimumTravel = 100.0

    /// The plot's inner frame: the box less its 8 pt margin.
    static func plotInner(_ frame: Rect) -> Rect { frame.insetBy(dx: 8, dy: 8) }

    /// Where the handles of `spring`'s curve are in `plot` on a time axis `span` long: the
    /// peak's box and the settle mark's strip (the peak's wins where they meet).
    static func handleBoxes(_ spring: Spring, plot: Rect, span: Double) -> (peak: Rect, settle: Rect) {
        let inner = plotInner(plot), at = PlotHandlePoints(spring)
        let peak = plotPoint(at.peakTime, at.peak, inner: inner, span: span)
        let settleX = plotPoint(at.settle, 0, inner: inner, span: span).x
        return (Rect(x: peak.x - 7, y: peak.y - 7, width: 14, height: 14), Rect(x: settleX - 5, y: inner.minY, width: 10, height: inner.height))
    }

    /// The curve summary a plot draws with: the springs' own, with the time axis held at
    /// the drag's while one of this plot's handles is dragged.
    package func plotSummary(for id: String, _ springs: [Spring]) -> CurveSummary {
        var summary = CurveSummary(springs)
        summary.span = plotSpan(for: id, springs)
        return summary
    }

    /// The time axis alone (no 90 % scans: an input's pass needs only where the handles are).
    func plotSpan(for id: String, _ springs: [Spring]) -> Double {
        if let drag = state.plotDrag, drag.handle.rawValue.hasPrefix(id + ".") { return drag.span }
        return (springs.map(\.settleDuration).max() ?? 1) * 1.1
    }

    /// The handles of `group`'s curve — the first of `springs` — on the plot `id` in `plot`
    /// (docs/behaviour.md §18): dragging the peak up or down sets the bounce (the damping ratio whose
    /// overshoot follows the pointer), the settle mark left or right the response (scaled
    /// so the settle time follows the pointer) — on the block's plot the handle stays under
    /// the pointer; Shift moves a tenth as far. One undo step a
    /// drag (the drag holds the pointer: `state.active`), values rounded to the precision
    /// shown (docs/behaviour.md §11.1). Returns the settings it changed.
    package mutating func plotHandles<Settings>(_ group: SpringGroupSpec<Settings>, id: String, settings: inout Settings, plot: Rect,
                                                springs: [Spring], takesPress: Bool = true) -> [SettingChange] {
        guard let spring = springs.first else { return [] }
        let inner = Self.plotInner(plot)
        let span = plotSpan(for: id, springs)
        let at = PlotHandlePoints(spring)
        let peakID: ControlID = "\(id).peak", settleID: ControlID = "\(id).settle"
        let (peakBox, settleBox) = Self.handleBoxes(spring, plot: plot, span: span)
        // The settle strip first: the peak's box is drawn over it and wins where they meet.
        for (handle, box) in [(settleID, settleBox), (peakID, peakBox)] {
            frames.append((handle, box))
            controls[handle] = (handle == peakID ? "bounce" : "response", .scrub)
        }
        if takesPress, let p = pressed(in: peakBox) ?? pressed(in: settleBox) {
            consumed = true
            let handle = peakBox.contains(p) ? peakID : settleID
            state.active = handle
            state.focus = nil
            state.plotDrag = PlotDrag(handle: handle, span: span, pointer: p, first: settings[keyPath: group.first.path],
                                      zeta: settings[keyPath: group.damping], settle: at.settle, peak: at.peak)
            return []
        }
        guard let drag = state.plotDrag, state.active == drag.handle, drag.handle == peakID || drag.handle == settleID else { return [] }
        switch event {
        case .pointerUp?, .captureLost?, .focusLost?:
            // (A release outside the window arrives as the capture lost: the drag ends too.)
            consumed = true
            state.active = nil
            state.plotDrag = nil
            return []
        case .shift?:
            // Shift pressed or let go mid-drag: the drag goes on from here at the new rate
            // (the value does not jump back by nine tenths of the way).
            state.plotDrag?.pointer = state.pointer
            state.plotDrag?.first = settings[keyPath: group.first.path]
            state.plotDrag?.zeta = settings[keyPath: group.damping]
            state.plotDrag?.settle = at.settle
            state.plotDrag?.peak = at.peak
            return []
        case .pointerMoved(let p, _)?:
            consumed = true
            let fine = state.shift ? 0.1 : 1
            let target: (name: String, path: WritableKeyPath<Settings, Double>, value: Double)
            if drag.handle == peakID {
                // Sideways alone moves nothing (an overdamped spring is not made critical).
                guard p.y != drag.pointer.y else { return [] }
                // The pointer's rise read on the plot's value axis — on a plot under 100 pt of
                // value a point moves the peak 0.01, so a small plot is not a hair trigger.
                let dy = (drag.pointer.y - p.y) / max(inner.height * Self.plotOne, Self.minimumTravel) * fine
                let overshoot = drag.peak + dy - 1
                // No overshoot: critical — or, for a spring overdamped when the drag began, as it was.
                let zeta = overshoot <= 1e-6 ? max(1, drag.zeta) : Self.dampingRatio(overshoot: overshoot)
                target = ("\(group.id).damping", group.damping, zeta)
            } else {
                let dt = (p.x - drag.pointer.x) / max(inner.width, 2 * Self.minimumTravel) * drag.span * fine
                let settle = max(drag.settle + dt, drag.settle * 0.01)
                target = ("\(group.id).\(group.first.label)", group.first.path, drag.first * settle / drag.settle)
            }
            let range = Settings.range(of: target.path)
            let new = min(max((target.value * 1000).rounded() / 1000, range.lowerBound), range.upperBound)
            let old = settings[keyPath: target.path]
            guard new != old else { return [] }
            settings[keyPath: target.path] = new
            return [SettingChange(name: target.name, old: .number(old), new: .number(new))]
        default:
            return []
        }
    }

    /// The damping ratio whose step response overshoots by `overshoot` (a fraction of the
    /// travel): ζ = −ln(os) / √(π² + ln²(os)), from os = exp(−ζπ / √(1 − ζ²)); none or less
    /// is critical damping (ζ 1).
    package static func dampingRatio(overshoot os: Double) -> Double {
        guard os > 1e-6 else { return 1 }
        let l = log(min(os, 0.999_999))
        return -l / (Double.pi * Double.pi + l * l).squareRoot()
    }

    /// A plot's point for time `t` and value `v`.
    static func plotPoint(_ t: Double, _ v: Double, inner: Rect, span: Double) -> Point2 {
        Point2(inner.minX + t / span * inner.width, inner.maxY - v * inner.height * plotOne)
    }

    /// The handles drawn: under the pointer (or being dragged), the peak as a ring and the
    /// settle mark as a bar, so the pointer shows what it will drag.
    package mutating func drawPlotHandles(id: String, plot: Rect, spring: Spring, summary: CurveSummary, color: Color) {
        guard list != nil else { return }
        let inner = Self.plotInner(plot)
        let at = PlotHandlePoints(spring)
        let peakID: ControlID = "\(id).peak", settleID: ControlID = "\(id).settle"
        let lit = state.active.flatMap { $0 == peakID || $0 == settleID ? $0 : nil } ?? state.hover?.id
        let peak = Self.plotPoint(at.peakTime, at.peak, inner: inner, span: summary.span)
        let settleX = Self.plotPoint(at.settle, 0, inner: inner, span: summary.span).x
        if lit == peakID {
            fill(.circle(center: peak, radius: 4.5), Paint(fill: theme.control, stroke: color, strokeWidth: 1.5))
        } else if lit == settleID {
            fill(.capsule(Rect(x: settleX - 1.5, y: inner.minY - 2, width: 3, height: inner.height + 4)), Paint(fill: color))
        }
    }
}

extension Scene {
    /// Sets spring group `id`'s first number (its response, or ratio) and damping ratio as
    /// a pointer sets them — rounded to the precision shown, inside their ranges — and
    /// returns the changes for the trace (a page plot's drag, issue 42).
    package mutating func setGroup(_ id: ControlID, first: Double?, damping: Double?) -> [SettingChange] {
        guard let group = Self.springGroups.first(where: { $0.id == id }) else { return [] }
        var edited = settings
        var changes: [SettingChange] = []
        for (name, path, value) in [("\(id).\(group.first.label)", group.first.path, first), ("\(id).damping", group.damping, damping)] {
            guard let value, value.isFinite else { continue }
            let range = Settings.range(of: path)
            let new = min(max((value * 1000).rounded() / 1000, range.lowerBound), range.upperBound)
            let old = edited[keyPath: path]
            guard new != old else { continue }
            edited[keyPath: path] = new
            changes.append(SettingChange(name: name, old: .number(old), new: .number(new)))
        }
        if !changes.isEmpty { settings = edited }
        return changes
    }

    /// Spring group `id`'s first number and damping ratio now.
    package func groupValues(_ id: ControlID) -> (first: Double, damping: Double)? {
        Self.springGroups.first { $0.id == id }.map { (settings[keyPath: $0.first.path], settings[keyPath: $0.damping]) }
    }
}
