import Motion

/// One spring of a scene as it leaves SpringLab (docs/behaviour.md §12.2, §12.4): its id across
/// scenes (`pushAlert.gap`), its group's title and the spring the settings make.
public struct SceneSpring: Sendable {
    public var id: String
    public var title: String
    public var spring: Spring

    public init(id: String, title: String, spring: Spring) {
        self.id = id
        self.title = title
        self.spring = spring
    }
}

extension Scene {
    /// Every spring group of the scene's inspector with `settings`, in order: what
    /// `springlab export --preset` prints and what the inspector's Copy menus copy.
    public static func springs(of settings: Settings) -> [SceneSpring] {
        inspector.items.compactMap { item in
            guard case .spring(let group) = item else { return nil }
            return SceneSpring(id: exportID(ofGroup: group.id), title: group.title, spring: group.spring(settings))
        }
    }

    /// A group's id below the scene's settings key: `gap` is `pushAlert.gap`; a group whose
    /// id already starts with the key (the standard inspector's) keeps it.
    public static func exportID(ofGroup id: ControlID) -> String {
        id.rawValue.hasPrefix(settingsKey + ".") ? id.rawValue : "\(settingsKey).\(id)"
    }
}
