import Canvas
import Foundation
import Inspector
import Motion
import Scenes

extension Workbench {
    /// Runs the inspector of the scene on the stage. A Tab past the last field (or Shift+Tab
    /// before the first) wraps around to the other end.
    /// `preview`: settings shown dashed over the plots (a preset entry under the pointer).
    package mutating func runInspector(_ pass: inout UIPass, at t: Double, footer: inout InspectorFooter,
                                       preview: (any SceneSettings)? = nil) -> InspectorOutcome {
        let frame = inspectorFrame, scroll = inspectorScroll
        var out = scenes[current].runInspector(&pass, frame: frame, scroll: scroll, at: t, footer: &footer, preview: preview)
        if let tab = pass.state.tabbing, let next = tab.backward ? pass.state.fieldOrder.last : pass.state.fieldOrder.first {
            pass.state.tabbing = nil
            pass.state.editing = next
            pass.state.focus = next
            pass.state.fieldLoaded = false  // it loads its text, all selected, when it next runs
        }
        if out.events.contains(where: { $0.name == .form }) {
            // The groups' sliders changed: a test driving them by their frames needs the new ones.
            var after = self
            after.ui = pass.state
            var layout = after.layoutEvent(atWall: 0)
            layout.time = t
            out.events.append(layout)
        }
        out.events += pass.refusals.map { r in
            SceneEvent(.refused, time: t, [("name", .string(r.id.rawValue)), ("text", .string(r.text)), ("reason", .string(r.reason))])
        }
        pass.refusals = []
        out.events += pass.notes.map { SceneEvent($0.0, time: t, $0.1) }
        pass.notes = []
        return out
    }

    /// How every spring group writes its spring (docs/behaviour.md §11.2), remembered with the session.
    public var springForm: SpringForm {
        get { ui.springForm }
        set { ui.springForm = newValue }
    }
}
