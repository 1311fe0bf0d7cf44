import Canvas
import Export
import Inspector
import Scenes

/// The toast (docs/behaviour.md §12.2, §12.3): one line over the bottom of the stage saying what a
/// copy or a paste did, or why a paste changed nothing — window chrome, never in a capture.
extension Workbench {
    /// How long a toast shows, s: a confirmation briefly, a refusal long enough to read.
    package static let toastSeconds = (said: 2.5, refused: 5.0)

    /// The toast showing at `wall`, if one is.
    package func toast(atWall wall: Double) -> Toast? {
        guard let toast else { return nil }
        let seconds = toast.toast.refused ? Self.toastSeconds.refused : Self.toastSeconds.said
        return wall - toast.wall < seconds && wall >= toast.wall ? toast.toast : nil
    }

    /// What Ctrl+C over a spring group copies, remembered with the session.
    public var copyFormat: SpringCodeFormat {
        get { ui.copyFormat }
        set { ui.copyFormat = newValue }
    }

    /// Where a toast saying `text` shows: centred over the bottom of the stage, or just above
    /// the capture badge when the badge (a saved file's name is long) reaches under it.
    package func toastFrame(text: String) -> Rect {
        let style = TextStyle(.semibold, size: 13)
        let w = min(measurer.width(of: text, style: style) + 32, stage.width - 24)
        var box = Rect(x: (stage.midX - w / 2).rounded(), y: stage.maxY - 12 - 34, width: w, height: 34)
        if let badge = captureBadge {
            let b = captureBadgeFrame(text: badge.text, progress: badge.progress)
            if !box.intersection(b.insetBy(dx: -4, dy: -4)).isEmpty { box.y = b.minY - 8 - box.height }
        }
        return box
    }

    package func drawToast(into list: inout DisplayList, atWall wall: Double) {
        guard let toast = toast(atWall: wall) else { return }
        let style = TextStyle(.semibold, size: 13)
        let box = toastFrame(text: toast.text)
        let fill = toast.refused ? Color(hex: 0xC4281C) : Color(hex: 0x000000, alpha: 0.8)
        list.fill(.roundedRect(box, radius: 17), Paint(fill: fill, shadow: Shadow(alpha: 0.18, radius: 12, offset: Point2(0, 4))))
        list.commands.append(.pushClip(.rect(box.insetBy(dx: 16, dy: 0))))
        list.text(TextRun(toast.text, origin: Point2(box.minX + 16, box.minY + 8), style: style, color: .white))
        list.commands.append(.popClip)
    }
}
