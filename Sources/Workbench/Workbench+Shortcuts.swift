import Canvas
import Inspector
import Scenes

extension Workbench {
    /// Every shortcut, as the overlay (? or F1) and `help run` list them (docs/behaviour.md §11.1): the
    /// one table of what the keys do. `take` says what R renders: the window's overlay
    /// passes the capture panel's choices, `help run` the default's.
    package static func shortcuts(sceneNames: [String], take: String = "as the capture panel says: MP4, 60 fps unless changed")
        -> [(keys: String, does: String)] {
        [("Space", "play / pause the clock"), ("← →", "one frame back / forward (pauses); Shift: ten"),
         ("Enter", "play the scene's drive (Show alert, Show/Hide …)"),
         ("1–\(min(sceneNames.count, 9))", sceneNames.prefix(9).joined(separator: ", ")),
         ("H", "the HUD: frame, velocity, commit lines; Ctrl+Shift+C copies it"), ("D", "light / dark"), ("M", "Reduce Motion, every scene"),
         ("R", "start / stop a take: \(take)"), ("S", "screenshot at the drawable's resolution"), ("F9", "save the last 30 s: replay, capture, trace, about"),
         ("T  N", "Presence: show / hide, next value"), ("F", "Liquid, Neck: the field view"),
         ("Escape", "close a menu or field, give the keyboard to the stage, then cancel a drag or gather the pile"),
         ("Tab  Shift+Tab", "next / previous field; ↑ ↓ step it, Shift finer"),
         ("Ctrl+Z", "undo a settings change"), ("Ctrl+Shift+Z  Ctrl+Y", "redo"),
         ("Ctrl+A C X V", "in a field: select all, copy, cut, paste"),
         ("Ctrl+C  Ctrl+V", "over a spring group: copy it as code, paste a spring"),
         ("Ctrl+wheel", "over a slider: step it, Shift finer (the wheel alone scrolls)"),
         ("Drag a curve", "its peak: the bounce; its settle mark: the response; Shift finer"),
         ("Ctrl+Q  Ctrl+W", "quit"), ("?  F1", "this list")]
    }

    /// ? or F1: the shortcut overlay on or off.
    package mutating func toggleShortcuts(at t: Double) -> [SceneEvent] {
        showShortcuts.toggle()
        return [SceneEvent(.shortcuts, time: t, [("shown", .bool(showShortcuts))])]
    }

    /// The overlay: a card over the stage listing every key and what it does.
    package func drawShortcuts(into list: inout DisplayList) {
        let rows = Self.shortcuts(sceneNames: catalog.map { $0.name }, take: capture.takeDescription)
        let keyStyle = TextStyle(.semibold, size: 13), textStyle = TextStyle(.regular, size: 13)
        let line = measurer.lineHeight(of: textStyle) + 7
        let keyWidth = rows.map { measurer.width(of: $0.keys, style: keyStyle) }.max() ?? 0
        let textWidth = rows.map { measurer.width(of: $0.does, style: textStyle) }.max() ?? 0
        let w = min(keyWidth + textWidth + 24 + 48, stage.width - 24)
        let h = min(Double(rows.count) * line + 64, stage.height - 24)
        let box = Rect(x: (stage.midX - w / 2).rounded(), y: (stage.midY - h / 2).rounded(), width: w, height: h)
        list.fill(.roundedRect(box, radius: 16), Paint(fill: theme.control, stroke: theme.chromeLine, strokeWidth: 1,
                                                     shadow: Shadow(alpha: 0.16, radius: 24, offset: Point2(0, 10))))
        list.text(TextRun("Shortcuts", origin: Point2(box.minX + 24, box.minY + 18), style: TextStyle(.bold, size: 15),
                          color: theme.label))
        var y = box.minY + 50
        for row in rows where y + line <= box.maxY {
            list.text(TextRun(row.keys, origin: Point2(box.minX + 24, y), style: keyStyle, color: theme.label))
            list.text(TextRun(row.does, origin: Point2(box.minX + 48 + keyWidth, y), style: textStyle, color: theme.secondaryLabel))
            y += line
        }
    }
}
