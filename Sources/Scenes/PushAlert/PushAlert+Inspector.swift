import Canvas

/// The Push Alert's inspector (docs/behaviour.md §6): the gap and alert curves on one axis with the
/// lead, a group per spring — leave and close as ratios of the entry springs, so the lead
/// survives any slider change — then the other tunables.
extension PushAlert {
    public static var inspector: InspectorSpec<PushAlert> {
        InspectorSpec([
            .curvePlot(CurvePlotSpec(id: "plot", title: "Gap and alert", curves: [
                .init("gap", color: Color(hex: 0x0A84FF), group: "gap") { $0.gap.spring },
                .init("alert", color: Color(hex: 0xFF9F0A), group: "alert") { $0.alert.spring },
            ])),
            .spring(SpringGroupSpec(id: "gap", title: "Gap", spring: \.gap)),
            .spring(SpringGroupSpec(id: "alert", title: "Alert", spring: \.alert)),
            .spring(SpringGroupSpec(id: "leave", title: "Leave  (alert response × ratio)", ratio: \.leaveRatio,
                                    damping: \.leaveDamping) { $0.leave.spring }),
            .spring(SpringGroupSpec(id: "close", title: "Close  (gap response × ratio)", ratio: \.closeRatio,
                                    damping: \.closeDamping) { $0.close.spring }),
            .spring(SpringGroupSpec(id: "throw", title: "Throw", spring: \.throwSpring)),
            .spring(SpringGroupSpec(id: "return", title: "Return", spring: \.returnSpring)),
            .heading("Push Alert"),
            .number(NumberSpec(id: "commit.fraction", label: "commit at", limit: .commitFraction, step: 0.01, fine: 0.001,
                               decimals: 2, unit: " W")),
            // Plain digits: "3000 pt/s" would not fit the number box.
            .number(NumberSpec(id: "dismiss.velocity", label: "dismiss speed", limit: .dismissVelocity, step: 10, fine: 1,
                               decimals: 0, unit: "")),
            .number(NumberSpec(id: "spacing.below", label: "spacing below", limit: .spacingBelow, step: 1, fine: 0.1,
                               decimals: 1, unit: "")),
            .number(NumberSpec(id: "corner.radius", label: "corner radius", limit: .cornerRadius, step: 1, fine: 0.1,
                               decimals: 1, unit: "")),
            .text(TextFieldSpec(id: "title.text", label: "title", path: \.title, maxCharacters: PushAlertSettings.maxTitleCharacters)),
            .toggle(SceneToggle(id: "reduceMotion", label: "Reduce Motion", path: \.reduceMotion, recorded: true)),
        ])
    }
}
