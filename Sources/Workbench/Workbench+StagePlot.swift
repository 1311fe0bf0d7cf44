import Canvas
import Foundation
import Inspector
import Scenes

/// Shaping a spring on the page's own plot (issue 42; the Spring Lab's position plot): a
/// press on a curve's peak or settle mark drags it — the peak up or down sets the bounce
/// (the damping ratio at which the motion plotted peaks there), the settle mark left or
/// right the response (the settle time follows it) — Shift a tenth as far, one undo step
/// a drag, values rounded as the inspector shows them.
extension Workbench {
    /// How near a handle a press must land, page points.
    static let stageHandleReach = 8.0

    /// The page plot's handle at window point `p`, if one is there: its id and handle.
    func stagePlotHandle(at p: Point2) -> (id: ControlID, handle: PagePlotHandle)? {
        guard stage.contains(p) else { return nil }
        let q = placement.page(p), reach = Self.stageHandleReach
        // (Most moves are nowhere near a plot: the handles are worked out only near one.)
        guard let region = scene.plotRegion, region.insetBy(dx: -reach, dy: -reach).contains(q) else { return nil }
        for h in scene.plotHandles() {
            if abs(q.x - h.peak.x) <= reach && abs(q.y - h.peak.y) <= reach { return ("stage.\(h.group).plot.peak", h) }
            if abs(q.x - h.settleX) <= reach * 0.75 && h.plot.contains(q) { return ("stage.\(h.group).plot.settle", h) }
        }
        return nil
    }

    /// Starts a drag when `event` presses a page plot's handle; nil when it does not.
    mutating func beginStagePlotDrag(_ event: InputEvent) -> [SceneEvent]? {
        guard case .pointerDown(let p, _, _) = event else { return nil }
        let q = placement.page(p)
        if let (handle, h) = stagePlotHandle(at: p), let values = scene.groupValues(h.group) {
            ui.active = handle
            ui.plotDrag = PlotDrag(handle: handle, span: 0, pointer: q, first: values.first, zeta: values.damping, settle: h.settle,
                                   peak: h.peakValue, pointsPerValue: h.pointsPerValue, pointsPerSecond: h.pointsPerSecond)
            return []
        }
        return nil
    }

    /// The drag going on, moved or ended by `event`; nil when none is going on.
    mutating func continueStagePlotDrag(_ event: InputEvent) -> [SceneEvent]? {
        guard let drag = ui.plotDrag, ui.active == drag.handle, drag.handle.rawValue.hasPrefix("stage.") else { return nil }
        let group = ControlID(rawValue: drag.handle.rawValue.split(separator: ".")[1].description)
        switch event {
        case .pointerUp, .captureLost, .focusLost:
            // (A release outside the window arrives as the capture lost: the drag ends too.)
            ui.active = nil
            ui.plotDrag = nil
            history.endGesture()
            return []
        case .shift:
            // Shift pressed or let go mid-drag: the drag goes on from here at the new rate.
            if let h = scene.plotHandles().first(where: { $0.group == group }), let values = scene.groupValues(group) {
                ui.plotDrag = PlotDrag(handle: drag.handle, span: 0, pointer: placement.page(ui.pointer), first: values.first,
                                       zeta: values.damping, settle: h.settle, peak: h.peakValue, pointsPerValue: h.pointsPerValue,
                                       pointsPerSecond: h.pointsPerSecond)
            }
            return []
        case .pointerMoved(let p, let t):
            let q = placement.page(p), fine = ui.shift ? 0.1 : 1
            let before = SceneSettingsSet(self)
            let changes: [SettingChange]
            if drag.handle.rawValue.hasSuffix(".peak") {
                // Sideways alone moves nothing (an overdamped spring is not made critical).
                guard q.y != drag.pointer.y else { return [] }
                let value = drag.peak + (drag.pointer.y - q.y) / max(drag.pointsPerValue, 1) * fine
                // At or under the critical peak, a spring overdamped when the drag began stays as it was.
                let zeta = scene.dampingRatio(peakingAt: value, group: group).map { $0 >= 1 ? max($0, drag.zeta) : $0 }
                changes = scenes[current].setGroup(group, first: nil, damping: zeta)
            } else {
                let settle = max(drag.settle + (q.x - drag.pointer.x) / max(drag.pointsPerSecond, 1) * fine, drag.settle * 0.01)
                changes = scenes[current].setGroup(group, first: drag.first * settle / drag.settle, damping: nil)
            }
            guard !changes.isEmpty else { return [] }
            chromeFrames = nil  // the inspector's curves and handles moved
            history.record(before: before, after: SceneSettingsSet(self), changes: changes, gesture: drag.handle)
            let at = sceneTime(atWall: t)
            return changes.map { $0.event(at: at) }
        default:
            return nil
        }
    }

    /// The handle under the pointer or being dragged, marked (page points): a ring on the
    /// peak, a bar on the settle mark — the pointer shows what it will drag.
    func stageHandleMarks() -> [DrawCommand] {
        guard let id = (ui.active ?? ui.stageHandle)?.rawValue, id.hasPrefix("stage.") else { return [] }
        let group = id.split(separator: ".")[1]
        guard let h = scene.plotHandles().first(where: { $0.group.rawValue == group }) else { return [] }
        let color = group == "b" ? SpringLab.colorB : SpringLab.colorA
        var list = DisplayList(background: .clear)
        if id.hasSuffix(".peak") {
            list.fill(.circle(center: h.peak, radius: 6), Paint(fill: theme.control, stroke: color, strokeWidth: 2))
        } else {
            list.fill(.capsule(Rect(x: h.settleX - 2, y: h.plot.minY + 4, width: 4, height: h.plot.height - 8)), Paint(fill: color))
        }
        return list.commands
    }
}
