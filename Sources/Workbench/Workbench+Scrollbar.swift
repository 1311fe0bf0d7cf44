import Canvas
import Inspector
import Scenes

/// The inspector's scrollbar (docs/behaviour.md §15.6): shown whenever the inspector can scroll.
///
/// At the minimum window the inspector is 508 pt tall and a spring scene's groups run to
/// 900: without a bar nothing says there is more below, and a designer who never uses the
/// wheel never finds the presets. The bar sits in the panel's 16 pt right margin (the
/// rows end before it, so it covers nothing), its thumb as long as the share of the content
/// in view. Dragging the thumb scrolls proportionally; a press on the track jumps the
/// thumb's centre to the press and keeps dragging from there.
extension Workbench {
    /// The scrollbar's track: the inspector's right margin, inset top and bottom.
    package var scrollTrack: Rect {
        let f = inspectorFrame
        return Rect(x: f.maxX - 12, y: f.minY + 6, width: 8, height: max(f.height - 12, 0))
    }

    /// How far the inspector can scroll, pt (0: it fits, no bar).
    package var scrollRange: Double { max(inspectorHeightValue - inspectorFrame.height, 0) }

    /// The thumb at the current scroll; nil when the inspector cannot scroll.
    package var scrollThumb: Rect? {
        let track = scrollTrack
        guard scrollRange > 0.5, track.height > 0 else { return nil }
        // At least 24 pt long, so it stays a thing to grab however long the content.
        let length = max(track.height * inspectorFrame.height / inspectorHeightValue, 24)
        let y = track.minY + (track.height - length) * min(max(inspectorScroll / scrollRange, 0), 1)
        return Rect(x: track.minX, y: y, width: track.width, height: length)
    }

    /// Handles and draws the scrollbar in the pass. A drag moves `inspectorScroll`; the
    /// workbench says `layout` afterwards (the inspector's controls moved).
    package mutating func runScrollbar(_ ui: inout UIPass) {
        guard let thumb = scrollThumb else { return }
        let track = scrollTrack
        let id: ControlID = "inspectorScroll"
        ui.frames.append((id, track))
        ui.controls[id] = (nil, .scrub)
        let travel = max(track.height - thumb.height, 1)
        if let p = ui.pressed(in: track.insetBy(dx: -4, dy: 0)) {
            ui.consumed = true
            ui.state.active = id
            if !thumb.insetBy(dx: -4, dy: 0).contains(p) {
                // A press on the track: the thumb's centre jumps there.
                inspectorScroll = (p.y - thumb.height / 2 - track.minY) / travel * scrollRange
                clampScroll()
            }
            ui.state.dragOrigin = UIState.DragOrigin(x: p.y, value: inspectorScroll)
        } else if ui.state.active == id {
            switch ui.event {
            case .pointerMoved(let p, _):
                ui.consumed = true
                if let start = ui.state.dragOrigin {
                    inspectorScroll = start.value + (p.y - start.x) / travel * scrollRange
                    clampScroll()
                }
            case .pointerUp:
                ui.consumed = true
                ui.state.active = nil
                ui.state.dragOrigin = nil
            default: break
            }
        }
        guard let drawn = scrollThumb else { return }
        let held = ui.state.active == id
        ui.fill(.capsule(track.insetBy(dx: 1, dy: 0)), Paint(fill: theme.chromeLine.opacity(0.6)))
        ui.fill(.capsule(drawn), Paint(fill: theme.secondaryLabel.opacity(held ? 0.9 : 0.6)))
    }
}
