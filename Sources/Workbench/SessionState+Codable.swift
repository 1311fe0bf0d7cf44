import Canvas
import Export
import Files
import Foundation
import Motion
import Scenes

/// The state file's words: the scene, theme, form and copy format are strings in the file
/// and types in `SessionState`. A word no type knows makes the file damaged with one line
/// naming the words it could be (the start sets the file aside and opens on defaults); a
/// form or copy format the file lacks (one written before it was remembered) is the default.
extension SessionState: Codable {
    private enum Keys: String, CodingKey { case version, scene, theme, window, scale, form, copyFormat, capture, settings }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard version == Self.version else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: c, debugDescription: "version \(version) is not \(Self.version)")
        }
        let scene = try c.decode(String.self, forKey: .scene)
        let theme = try c.decode(String.self, forKey: .theme)
        window = try c.decode([Double].self, forKey: .window)
        scale = try c.decode(Double.self, forKey: .scale)
        let form = try c.decodeIfPresent(String.self, forKey: .form)
        let copyFormat = try c.decodeIfPresent(String.self, forKey: .copyFormat)
        capture = try c.decodeIfPresent(CaptureOptions.self, forKey: .capture) ?? CaptureOptions()
        scenes = try SceneSettingsSet(from: c.nestedContainer(keyedBy: SettingsKey.self, forKey: .settings),
                                      catalog: SceneRegistry.scenes, required: false)
        // A file with several problems names the same one first as before: the scene, the
        // theme, the window and scale, then the form and the copy format.
        guard let type = SceneRegistry.scene(named: scene) else { throw Self.unknown("scene", scene, SceneRegistry.names) }
        self.scene = type.id
        self.theme = try Self.word(theme, "theme")
        if let problem = Self.frameProblem(window: window, scale: scale) { throw SessionStateError(problem) }
        self.form = try form.map { try Self.word($0, "'form'") } ?? .response
        self.copyFormat = try copyFormat.map { try Self.word($0, "'copyFormat'") } ?? .swiftui
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(Self.version, forKey: .version)
        try c.encode(scene.rawValue, forKey: .scene)
        try c.encode(theme.rawValue, forKey: .theme)
        try c.encode(window, forKey: .window)
        try c.encode(scale, forKey: .scale)
        try c.encode(form.rawValue, forKey: .form)
        try c.encode(copyFormat.rawValue, forKey: .copyFormat)
        try c.encode(capture, forKey: .capture)
        var settings = c.nestedContainer(keyedBy: SettingsKey.self, forKey: .settings)
        try scenes.encode(to: &settings)
    }

    /// The case spelled `text`, or the error naming every spelling `Value` has.
    private static func word<Value: CaseIterable & RawRepresentable>(_ text: String, _ name: String) throws(SessionStateError) -> Value
        where Value.RawValue == String {
        guard let value = Value(rawValue: text) else { throw unknown(name, text, Value.allCases.map(\.rawValue)) }
        return value
    }

    private static func unknown(_ name: String, _ text: String, _ known: [String]) -> SessionStateError {
        SessionStateError("unknown \(name) \(quoted(text)) (\(known.joined(separator: ", ")))")
    }
}
