import Canvas
import Inspector
import Motion
import Inspector
import Motion
import Scenes
import Workbench

// MARK: - Where the window starts

extension AppOptions {
    /// The window's size and `--scale`: a flag wins, then the remembered session, then the
    /// default.
    func windowChoice(remembering state: SessionState?) -> (size: Size, scale: Double) {
        (size ?? state?.size ?? Workbench.defaultSize, scale ?? state?.scale ?? 1)
    }

    /// The inspector's form: remembered, or the default (no flag sets it).
    func form(remembering state: SessionState?) -> SpringForm { state?.form ?? .response }

    /// The app the window opens on: the remembered session's theme, settings and scene,
    /// each overridden by its flag (`--theme`, `--scene`, `--preset`, `--reduce-motion`).
    func startingApp(remembering state: SessionState?, measurer: some TextMeasuring, windowSize: Size) -> Workbench {
        let theme = self.theme ?? state?.theme ?? .light
        var app = Workbench(measurer: measurer, theme: theme, windowSize: windowSize, wall: 0)
        state?.scenes.apply(to: &app)
        _ = app.switchScene(named: scene ?? state?.scene.rawValue ?? SceneRegistry.names[0], at: 0)
        preset?.apply(to: &app)
        // --reduce-motion wins over a preset's setting.
        if reduceMotion { _ = app.setReduceMotion(true, at: 0) }
        return app
    }
}
