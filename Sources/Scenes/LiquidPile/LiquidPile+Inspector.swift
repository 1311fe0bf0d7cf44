import Canvas

/// The pile's inspector (docs/behaviour.md §5.3): buttons that drive the page, its springs named as the
/// docs/behaviour.md uses them, the merge distance and the kernel.
extension LiquidPile {
    public static var inspector: InspectorSpec<LiquidPile> {
        InspectorSpec([
            .heading("Liquid pile"),
            .actions([
                .button(PageAction(id: "pile.spread", label: "Spread", selected: { $0.expanded }) { $0.spread(at: $1) }),
                .button(PageAction(id: "pile.gather", label: "Gather") { $0.gather(at: $1) }),
                .button(PageAction(id: "pile.add", label: "+ notice") { $0.addSampleNotice(at: $1) }),
            ]),
            .actions([
                .button(PageAction(id: "pile.remove", label: "Remove by app", width: 132) { $0.removeNewestByApp(at: $1) }),
                .toggle(SceneToggle(id: "pile.field", label: "Field (F)", path: \.showField)),
            ]),
            .spring(SpringGroupSpec(id: "reveal", title: "Reveal  (spread, arrivals)", spring: \.reveal)),
            .spring(SpringGroupSpec(id: "dismiss", title: "Dismiss  (gather, clear)", spring: \.dismiss)),
            .spring(SpringGroupSpec(id: "settle", title: "Settle  (swipe returns)", spring: \.settle)),
            .spring(SpringGroupSpec(id: "split", title: "Split  (buds out)", spring: \.split)),
            .spring(SpringGroupSpec(id: "home", title: "Home  (buds melt in)", spring: \.home)),
            .spring(SpringGroupSpec(id: "morph", title: "Morph  (× → Clear all)", spring: \.morph)),
            .spring(SpringGroupSpec(id: "press", title: "Press  (sink under the pointer)", spring: \.press)),
            .heading("Merge"),
            .number(NumberSpec(id: "pile.merge", label: "merge", limit: .merge, step: 0.5, fine: 0.05, decimals: 1)),
            .choice(ChoiceSpec(id: "pile.kernel", label: "kernel", path: \.kernel)),
        ])
    }

    /// The newest card an app has not already taken back — the front one, cards are newest
    /// first — removed by its app (the inspector's Remove by app): it melts in place and the
    /// rest close up (`meltAway`). Nothing when every card is leaving.
    public mutating func removeNewestByApp(at t: Double) -> [SceneEvent] {
        guard let newest = cards.first(where: { !$0.melting && $0.leavesAt == nil && $0.clearsAt == nil }) else { return [] }
        return meltAway(id: newest.notice.id, at: t)
    }
}
