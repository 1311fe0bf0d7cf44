import Canvas
import Foundation
import Motion
import Scenes

/// The numbers behind the curve plot (docs/behaviour.md §6): two step responses on one time axis,
/// where each first reaches 90 % and where each settles, and the lead between them.
package struct CurveSummary: Sendable, Equatable {
    /// First time the step response from rest reaches 0.9, s (nil if it never does).
    package var reach90: [Double?]
    /// Visual settle time of each spring, s.
    package var settle: [Double]
    /// The time axis: the later settle plus 10 %.
    package var span: Double

    package init(_ springs: [Spring]) {
        settle = springs.map(\.settleDuration)
        span = (settle.max() ?? 1) * 1.1
        reach90 = springs.map { CurveSummary.firstReach(of: $0, level: 0.9, within: $0.settleDuration * 2) }
    }

    /// Lead of the second spring behind the first at 90 %, ms.
    package var leadMs: Double? {
        guard reach90.count >= 2, let a = reach90[0], let b = reach90[1] else { return nil }
        return (b - a) * 1000
    }

    /// The most samples the scan takes, whatever the spring: 1 ms steps, as always, for
    /// every spring that settles within a second (every default does), even coarser steps
    /// for slower ones. A 1e9 s response walked at 1 ms hung the inspector; now any spring
    /// costs at most 2,000 samples and 30 bisection steps.
    package static let maxSamples = 2_000

    /// First crossing of `level` by the step response, to 0.1 ms: a scan of at most
    /// `maxSamples` even steps up to `limit` (1 ms when that is enough), then bisection.
    /// The first crossing is on the rising edge, which stays above 0.9 for at least half a
    /// period, so a coarser step still brackets the first crossing, not a later one.
    package static func firstReach(of spring: Spring, level: Double, within limit: Double) -> Double? {
        firstReach(level: level, within: limit) { spring.step(at: $0) }
    }

    /// `firstReach` over any response curve: at most `maxSamples` + 30 evaluations.
    package static func firstReach(level: Double, within limit: Double, of response: (Double) -> Double) -> Double? {
        guard limit.isFinite, limit > 0 else { return nil }
        let step = max(0.001, limit / Double(maxSamples))
        var t = 0.0
        for _ in 0..<maxSamples where t < limit {
            if response(t + step) >= level {
                var lo = t, hi = t + step
                for _ in 0..<30 { let mid = (lo + hi) / 2; if response(mid) >= level { hi = mid } else { lo = mid } }
                return hi
            }
            t += step
        }
        return nil
    }
}

extension UIPass {
    /// Draws step responses in `frame`, with 90 % and settle marks, and `dashed` ones over
    /// them (a preview: what a named spring or a preset under the pointer would draw).
    package mutating func plot(_ springs: [(Spring, Color)], frame: Rect, summary: CurveSummary, marks: Bool,
                               dashed: [(Spring, Color)] = []) {
        guard list != nil else { return }
        fill(.roundedRect(frame, radius: 8), Paint(fill: theme.control, stroke: theme.chromeLine, strokeWidth: 1))
        let inner = frame.insetBy(dx: 8, dy: 8)
        // y: 0 at the bottom, 1 at 75 % of the height, so overshoot has room.
        func point(_ t: Double, _ v: Double) -> Point2 {
            Point2(inner.minX + t / summary.span * inner.width, inner.maxY - v * inner.height * 0.75)
        }
        let one = point(0, 1).y
        let grid = theme.chromeLine
        list?.line(from: Point2(inner.minX, one), to: Point2(inner.maxX, one), width: 1, color: grid)
        for (i, (spring, color)) in springs.enumerated() {
            let n = 96
            var pts: [Point2] = []
            for k in 0...n {
                let t = Double(k) / Double(n) * summary.span
                pts.append(point(t, spring.step(at: t)))
            }
            // A very bouncy spring's peaks stay inside the box.
            list?.clip(.rect(frame)) { $0.polyline(pts, width: 1.6, color: color) }
            guard marks else { continue }
            if let t90 = summary.reach90[i] {
                let p = point(t90, 0.9)
                list?.fill(.circle(center: p, radius: 3), Paint(fill: color))
            }
            let sx = point(summary.settle[i], 0).x
            list?.line(from: Point2(sx, inner.minY), to: Point2(sx, inner.maxY), width: 1, color: color.opacity(0.5))
        }
        for (spring, color) in dashed {
            let pts = (0...96).map { k -> Point2 in
                let t = Double(k) / 96 * summary.span
                return point(t, spring.step(at: t))
            }
            list?.clip(.rect(frame)) { $0.dashedPolyline(pts, width: 1.6, color: color) }
        }
    }
}

extension UIPass {
    /// The curve plot block (docs/behaviour.md §6): its title with the lead of the second curve behind
    /// the first at 90 %, the step responses on one axis, and a legend line per curve with
    /// where it reaches 90 % and where it settles.
    package mutating func curvePlot<Settings>(_ spec: CurvePlotSpec<Settings>, settings: inout Settings,
                                              groups: [SpringGroupSpec<Settings>?], preview: Settings?,
                                              cursor c: inout InspectorCursor) -> [SettingChange] {
        let x = c.x, w = c.width
        let plotFrame = Rect(x: x, y: c.y + 22, width: w, height: 96)
        // Each curve that is a group's spring can be dragged by its peak and settle mark.
        var changes: [SettingChange] = []
        // The block's frame before its handles': the pointer finds the handles over it.
        frames.append((spec.id, plotFrame))
        // A press goes to the curve whose handle the pointer finds (the last drawn, where
        // two handles meet): the one hover lights.
        let springs = spec.curves.map { $0.spring(settings) }
        let span = plotSpan(for: spec.id.rawValue, springs)
        var owner: Int?
        if case .pointerDown(let p, _, _)? = event {
            owner = springs.indices.last { i in
                guard groups[i] != nil else { return false }
                let boxes = Self.handleBoxes(springs[i], plot: plotFrame, span: span)
                return boxes.peak.contains(p) || boxes.settle.contains(p)
            }
        }
        for (i, (curve, group)) in zip(spec.curves, groups).enumerated() {
            guard let group else { continue }
            let mine = curve.spring(settings)
            changes += plotHandles(group, id: "\(spec.id).\(group.id).plot", settings: &settings, plot: plotFrame,
                                   springs: [mine] + springs, takesPress: owner == nil || owner == i)
        }
        guard list != nil else {
            // Laying out only (an input's pass): the block's frame and height, without the
            // settle times and texts only a drawing shows — they cost a replay most of its
            // time per event (issue 37).
            c.y += 22 + 100 + 17 * Double(spec.curves.count) + 12
            return changes
        }
        let curves = spec.curves.map { ($0.spring(settings), $0.color) }
        // A named spring or a preset under the pointer: each curve it changes, dashed.
        let ghosts = preview.map { p in spec.curves.compactMap { curve -> (Spring, Color)? in
            let s = curve.spring(p)
            return s == curve.spring(settings) ? nil : (s, curve.color)
        } } ?? []
        // The curves in force keep their time axis under a preview (a later-settling one is cut at the edge).
        let summary = CurveSummary(curves.map(\.0))
        var axis = summary
        if let drag = state.plotDrag, drag.handle.rawValue.hasPrefix("\(spec.id).") { axis.span = drag.span }
        text(spec.title, in: Rect(x: x, y: c.y, width: w, height: 18), style: Self.heading, color: theme.label)
        let lead = summary.leadMs.map { NumberText.format("lead %.0f ms at 90 %%", $0) } ?? "no lead"
        text(lead, in: Rect(x: x, y: c.y, width: w, height: 18), style: Self.value, color: theme.label, right: true)
        c.y += 22
        plot(curves, frame: plotFrame, summary: axis, marks: true, dashed: ghosts)
        for (curve, group) in zip(spec.curves, groups) where group != nil {
            drawPlotHandles(id: "\(spec.id).\(group?.id.rawValue ?? "").plot", plot: plotFrame, spring: curve.spring(settings),
                            summary: axis, color: curve.color)
        }
        c.y += 100
        for (i, curve) in spec.curves.enumerated() {
            let at90 = summary.reach90[i].map { NumberText.format("%.0f ms", $0 * 1000) } ?? "never"
            let line = NumberText.format("%@  90 %% at %@ · settled at %.0f ms", curve.name, at90, summary.settle[i] * 1000)
            fill(.circle(center: Point2(x + 4, c.y + 8), radius: 3.5), Paint(fill: curve.color))
            text(line, in: Rect(x: x + 14, y: c.y, width: w - 14, height: 16), style: Self.small, color: theme.secondaryLabel)
            c.y += 17
        }
        c.y += 12
        return changes
    }
}
