/// The presence page's inspector (docs/behaviour.md §4.3): its page buttons, the one spring that moves
/// height and presence together, the spacings and the numeric card's alignment.
extension PresenceScene {
    public static var inspector: InspectorSpec<PresenceScene> {
        InspectorSpec([
            .heading("Presence"),
            .actions([
                .button(PageAction(id: "presence.inspector.toggle", label: { $0.showing ? "Hide (T)" : "Show (T)" }, width: 100) {
                    $0.toggleTapped(at: $1)
                }),
                .button(PageAction(id: "presence.inspector.next", label: "Next value (N)", width: 124) { $0.nextTapped(at: $1) }),
            ]),
            .spring(SpringGroupSpec(id: "presence", title: "Height + presence  (one spring)", spring: \.animation)),
            .heading("Spacing"),
            .number(NumberSpec(id: "presence.spacing", label: "in cards", limit: .spacing, step: 1, fine: 0.1, decimals: 1)),
            .number(NumberSpec(id: "presence.cardSpacing", label: "between", limit: .cardSpacing, step: 1, fine: 0.1, decimals: 1)),
            .choice(ChoiceSpec(id: "presence.align", label: "number", setting: "presence.numberAlignment", path: \.numberAlignment)),
            .heading("Value change"),
            .toggle(SceneToggle(id: "presence.valueBlur", label: "Blur the crossfade", path: \.settings.valueBlur, recorded: true)),
        ])
    }
}
