import Inspector
import Scenes

/// Undo and redo of every settings change (docs/behaviour.md §11.3): a slider drag is one step however
/// long, a typed value one step, a reset, a preset load and a paste one step each.
///
/// Each step keeps every scene's settings before and after it (a few hundred bytes), so
/// undoing restores exactly what was there — including a change that moved several
/// settings at once — and the history holds `limit` steps at most: the oldest is dropped,
/// so memory stays bounded however long the session.
package struct UndoHistory: Sendable, Codable {
    /// More than docs/behaviour.md §11.3's 200.
    package static let limit = 500

    package struct Step: Sendable, Codable {
        package var before: SceneSettingsSet
        package var after: SceneSettingsSet
        /// What moved, by setting name: the first old value and the last new one.
        package var changes: [SettingChange]
    }

    private(set) var undoSteps: [Step] = []
    private(set) var redoSteps: [Step] = []
    /// The control whose gesture is still going (a slider being dragged): its further
    /// changes join the step it opened.
    private(set) var openGesture: ControlID?

    /// Records a change from `before` to `after`. With the same `gesture` as the step
    /// before it (a drag still in progress), it joins that step. Any redo is dropped: a
    /// new change starts a new future.
    package mutating func record(before: SceneSettingsSet, after: SceneSettingsSet, changes: [SettingChange], gesture: ControlID?) {
        guard before != after || !changes.isEmpty else { return }
        redoSteps.removeAll()
        if let gesture, gesture == openGesture, var last = undoSteps.popLast() {
            last.after = after
            for change in changes {
                if let i = last.changes.firstIndex(where: { $0.name == change.name }) {
                    last.changes[i].new = change.new
                } else {
                    last.changes.append(change)
                }
            }
            undoSteps.append(last)
        } else {
            undoSteps.append(Step(before: before, after: after, changes: changes))
            if undoSteps.count > Self.limit { undoSteps.removeFirst(undoSteps.count - Self.limit) }
        }
        openGesture = gesture
    }

    /// The gesture ended (the pointer was released): the next change is a new step.
    package mutating func endGesture() { openGesture = nil }

    /// The step to undo (its `before` is what to restore), moved to the redo side.
    package mutating func undo() -> Step? {
        openGesture = nil
        guard let step = undoSteps.popLast() else { return nil }
        redoSteps.append(step)
        return step
    }

    /// The step to redo (its `after` is what to restore), moved back to the undo side.
    package mutating func redo() -> Step? {
        openGesture = nil
        guard let step = redoSteps.popLast() else { return nil }
        undoSteps.append(step)
        return step
    }
}

extension SettingChange {
    /// The change a `setting` trace event describes.
    package init?(_ event: SceneEvent) {
        guard event.name == .setting, case .string(let name)? = event["name"], let old = event["old"], let new = event["new"] else {
            return nil
        }
        self.init(name: name, old: old, new: new)
    }
}
