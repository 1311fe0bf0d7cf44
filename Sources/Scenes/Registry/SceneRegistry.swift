import Canvas

/// The one place that lists the scenes (docs/behaviour.md §10). The workbench, the inspector, the
/// command line, capture, presets and replays reach scenes through this list and the
/// `Scene` protocol; a new scene is its own files plus one line here. The order is the
/// number keys' (1 the Push Alert, 2 Presence …) and the order of `--scene` in help.
public enum SceneRegistry {
    public static let scenes: [any Scene.Type] = [
        PushAlert.self,
        PresenceScene.self,
        LiquidPile.self,
        NeckSandbox.self,
        SpringLab.self,
    ]

    /// The scene called `name` (the `--scene` word).
    public static func scene(named name: String, in list: [any Scene.Type] = scenes) -> (any Scene.Type)? {
        list.first { $0.name == name }
    }

    /// Every `--scene` word, in order.
    public static var names: [String] { scenes.map { $0.name } }

    /// The scenes whose settings key is not their `--scene` word in camel case: the key
    /// presets, replays and remembered sessions have held them under from the start, which
    /// those files still hold and must keep reading.
    static let olderSettingsKeys = ["liquid": "pile", "spring": "springLab"]

    /// The settings key of the scene called `name`: `push-alert` is `pushAlert`, `neck`
    /// is `neck`, and a scene listed in `olderSettingsKeys` keeps the key it has there.
    public static func settingsKey(forName name: String) -> String {
        if let older = olderSettingsKeys[name] { return older }
        let words = name.split(separator: "-")
        return (words.prefix(1) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }).joined()
    }
}
