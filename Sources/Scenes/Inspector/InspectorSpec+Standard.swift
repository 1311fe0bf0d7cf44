import Motion

extension InspectorSpec {
    /// The inspector of a scene that lists none: its title, then its settings' limits
    /// table in order — a spring group for each `X.response` row with an `X.damping` row,
    /// a slider for every other number. Ids are `settingsKey.key` (`shuttle.travel`,
    /// `shuttle.spring.response`), so every tunable is reachable with no line of
    /// inspector code.
    public static var standard: InspectorSpec {
        let limits = S.Settings.limits
        var items: [InspectorItem<S>] = [.heading(S.title)]
        var grouped: Set<String> = []
        for limit in limits where !grouped.contains(limit.key) {
            let id: ControlID = "\(S.settingsKey).\(limit.key)"
            if limit.key.hasSuffix(".response"),
               let damping = limits.first(where: { $0.key == limit.key.dropLast("response".count) + "damping" }) {
                let name = String(limit.key.dropLast(".response".count))
                let response = limit.path, ratio = damping.path
                items.append(.spring(SpringGroupSpec(id: "\(S.settingsKey).\(name)", title: name.prefix(1).uppercased() + name.dropFirst(),
                                                     first: ("response", response, " s"), damping: ratio,
                                                     spring: { Spring(response: $0[keyPath: response], dampingRatio: $0[keyPath: ratio]) })))
                grouped.insert(damping.key)
            } else {
                items.append(.number(.standard(id: id, label: limit.key, limit: limit)))
            }
        }
        return InspectorSpec(items)
    }
}

extension Scene {
    public static var inspector: InspectorSpec<Self> { .standard }
}
