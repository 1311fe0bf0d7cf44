import Canvas
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes

/// The tests were written against the window when it held its four scenes by name; these
/// reach the same scenes through the workbench's typed lookup, so each test's assertions
/// stay exactly as they were.
typealias PushAlertApp = Workbench

extension Workbench {
    /// The scenes by the names the tests use (docs/behaviour.md §8's `--scene` words).
    enum SceneKind: String, CaseIterable {
        case pushAlert = "push-alert", presence, liquid, neck, spring
    }

    init(settings: PushAlertSettings, measurer: some TextMeasuring, theme: Theme, windowSize: Size, wall: Double = 0) {
        self.init(measurer: measurer, theme: theme, windowSize: windowSize, wall: wall)
        _ = withScene(PushAlert.self) { $0.settings = settings }
    }

    var kind: SceneKind { SceneKind(rawValue: sceneName)! }

    mutating func show(_ kind: SceneKind) { _ = switchScene(named: kind.rawValue, at: 0) }

    var alert: PushAlert {
        get { scene(PushAlert.self)! }
        set { _ = withScene(PushAlert.self) { $0 = newValue } }
    }
    var pile: LiquidPile {
        get { scene(LiquidPile.self)! }
        set { _ = withScene(LiquidPile.self) { $0 = newValue } }
    }
    var presence: PresenceScene {
        get { scene(PresenceScene.self)! }
        set { _ = withScene(PresenceScene.self) { $0 = newValue } }
    }
    var neck: NeckSandbox {
        get { scene(NeckSandbox.self)! }
        set { _ = withScene(NeckSandbox.self) { $0 = newValue } }
    }
}

extension Preset {
    var pushAlert: PushAlertSettings? { (try? settings(for: PushAlert.self, over: nil)) as? PushAlertSettings }
    var pile: LiquidPileSettings? { (try? settings(for: LiquidPile.self, over: nil)) as? LiquidPileSettings }
}

extension SessionSettings {
    var pushAlert: PushAlertSettings {
        get { scenes.settings(of: PushAlert.self)! }
        set { scenes.set(newValue, for: PushAlert.self) }
    }
}
