import Canvas
import Motion

/// What drives LiquidPile without a hand: its bench driver, the scripts takes and
/// `render --script` play, and the frames and fields tests and scripts find it by.
extension LiquidPile: ScriptedScene {
    public static let scripts: [SceneScript] = [
        SceneScript("spread", duration: 1.8, [(0.3, .click("card.1"))]),
        SceneScript("gather", duration: 2.8, [(0.3, .click("card.1")), (1.6, .key(.escape))]),
        SceneScript("swipe-left", duration: 3, [(0.3, .click("card.1")),
                                                 (1.6, .drag("card.2", dx: -168, dy: 0, seconds: 0.112, steps: 7, hold: 0.004))]),
        SceneScript("clear-all", duration: 4.2, [(0.3, .click("card.1")), (1.6, .click("bubble.clear")), (2.2, .click("bubble.clear"))]),
        SceneScript("arrival", duration: 1.8, [(0.3, .click("pile.add"))]),
        SceneScript("arrival-list", duration: 2.8, [(0.3, .click("card.1")), (1.6, .click("pile.add"))]),
        // Dragged right and held (it settles home), then flicked back left at 3000 pt/s while
        // still right of centre: the coast passes 40 % on the left, the offset is on the
        // right, so it returns (docs/behaviour.md §5.3.1) — it does not fly off the other way.
        SceneScript("flick-back", duration: 3.2, [(0.3, .click("card.1")),
                                                  (1.6, .drag("card.2", dx: 100, dy: 0, seconds: 0.3, steps: 10, hold: 0.06)),
                                                  (2.0, .drag("card.2", dx: -96, dy: 0, seconds: 0.032, steps: 4, hold: 0.004))]),
        // The newest card removed by its app, in the list and then from the collapsed pile:
        // it melts where it stands, then the rest close up.
        SceneScript("app-removal", duration: 3.0, [(0.3, .click("card.1")), (1.6, .click("pile.remove"))]),
        SceneScript("app-removal-pile", duration: 1.6, [(0.3, .click("pile.remove"))]),
    ]

    public func controlFrames() -> [(ControlID, Rect)] { restingFrames() }

    /// Spread and gather every 1.2 s: necks form, stretch and snap all the time.
    public mutating func benchFrame(at t: Double) {
        guard let n = Self.benchPeriod(at: t, every: 1.2) else { return }
        _ = n % 2 == 0 ? spread(at: t) : gather(at: t)
    }
}
