import Canvas
import Motion

extension LiquidPileSettings: SceneSettings {}

/// The liquid pile as a workbench scene (docs/behaviour.md §5.3, §10): its drive spreads the pile and
/// gathers it again, necks forming, stretching and snapping.
extension LiquidPile: Scene {
    public static let name = "liquid"
    public static let title = "Liquid pile"
    public static let defaultRenderSize = Size(420, 640)
    public static let drive = SceneDrive(label: "Spread/Gather", duration: 2.4, spans: [0.0...0.4, 0.5...0.9])
    public static let layoutChangingEvents: Set<EventName> = [.expanded, .collapsed, .cardRemoved, .arrived, .cleared]

    public static func make(_ settings: LiquidPileSettings, measurer: any TextMeasuring) -> LiquidPile {
        var pile = LiquidPile(measurer: measurer)
        pile.settings = settings
        return pile
    }

    public mutating func cancelInteraction(at t: Double) -> [SceneEvent] { cancelTouch(at: t) ?? [] }

    public mutating func playDrive(at t: Double) -> DrivePlay { .live(expanded ? gather(at: t) : spread(at: t)) }

    public func drawDrive(progress p: Double, theme: Theme, pageHeight: Double) -> DisplayList {
        var pile = Self.make(settings, measurer: measurer)
        pile.reduceMotion = reduceMotion
        let t = min(max(p, 0), 1) * Self.drive.duration, half = Self.drive.duration / 2
        _ = pile.spread(at: 0)
        if t >= half {
            _ = pile.update(to: half)
            _ = pile.gather(at: half)
        }
        _ = pile.update(to: t)
        return pile.draw(at: t, theme: theme, pageHeight: pageHeight)
    }

    /// A card commits past 0.4 of its width either way (or by its release speed).
    public func hud(at t: Double, pointerVelocity: Point2) -> SceneHUD {
        let line = Self.commitLine
        let top = cards.first.map { _ in cardFrame(0, at: t) } ?? Rect(x: Self.padding, y: Self.padding, width: Self.cardWidth, height: 80)
        let swiping = swipedIndex.map { cardFrame($0, at: t) }
        let rest = swiping ?? top
        let lines = [Self.padding - line, Self.padding + Self.cardWidth + line].map {
            Rect(x: $0 - 0.5, y: rest.minY - 6, width: 1, height: rest.height + 12)
        }
        let offset = swiping.map { $0.minX - Self.padding } ?? 0
        return SceneHUD(commitLines: lines, armed: swiping != nil && Self.isArmed(offset),
                        lines: [expanded ? "spread, \(cards.count) cards" : "gathered, \(cards.count) cards",
                                NumberText.format("swipe offset %.1f", offset)])
    }

    /// The haptic stand-ins' rings (`Cue`), each around what it fired for.
    public func overlay(at t: Double) -> [DrawCommand] { cues.flatMap { $0.ring(at: t) } }

}

/// The trace events this scene raises.
extension EventName {
    public static let arrived: EventName = "arrived"
    public static let budHome: EventName = "budHome"
    public static let budOut: EventName = "budOut"
    public static let cardDismissed: EventName = "cardDismissed"
    public static let cardRemoved: EventName = "cardRemoved"
    public static let clearArmed: EventName = "clearArmed"
    public static let clearDisarmed: EventName = "clearDisarmed"
    public static let cleared: EventName = "cleared"
    public static let collapsed: EventName = "collapsed"
    public static let expanded: EventName = "expanded"
}
