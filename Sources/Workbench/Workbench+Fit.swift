import Motion
import Scenes

extension EventName {
    /// A recording dropped on the window was fitted to spring B (docs/behaviour.md §16).
    package static let fitted: EventName = "fitted"
    /// The reading of a dropped recording, as it goes: frames read and expected.
    package static let fitProgress: EventName = "fitProgress"
    /// A recording named in the Fit… row could not be fitted (a drop's is `dropRefused`).
    package static let fitRefused: EventName = "fitRefused"
}

extension Workbench {
    /// A recording's fit applied (docs/behaviour.md §16): the Spring Lab is shown, spring B becomes the
    /// fitted spring (within the sliders' range) with A/B on — one undo step — and the
    /// lab draws the recording's samples over the curves with a line saying how well it
    /// fits. `at` is scene time.
    package mutating func applyFit(_ fit: LabFit, path: String, source: String = "drop", at t: Double) -> [SceneEvent] {
        var events = switchScene(named: SpringLab.name, at: t) ?? []
        let before = SceneSettingsSet(self)
        let r = fit.response, z = fit.dampingRatio
        let setting = SpringSetting(min(max(r, SpringSetting.responseRange.lowerBound), SpringSetting.responseRange.upperBound),
                                    min(max(z, SpringSetting.dampingRange.lowerBound), SpringSetting.dampingRange.upperBound))
        withScene(SpringLab.self) { lab in
            var settings = lab.settings
            settings.b = setting
            settings.ab = true
            lab.settings = settings
            lab.showFit(fit)
        }
        let after = SceneSettingsSet(self)
        let changes = before.changes(to: after)
        if !changes.isEmpty { history.record(before: before, after: after, changes: changes, gesture: nil) }
        events.append(SceneEvent(.fitted, time: t, [
            ("path", .string(path)), ("source", .string(source)), ("response", .number(r)), ("damping", .number(z)),
            ("rmsErrorPct", .number(fit.rmsErrorPercent)), ("verdict", .string(fit.isSpring ? "spring" : "not-a-spring")),
            ("samples", .number(Double(fit.points.count))), ("clamped", .bool(setting.response != r || setting.damping != z)),
            ("changed", .array(changes.map { .string($0.name) })),
        ]))
        return events
    }
}
