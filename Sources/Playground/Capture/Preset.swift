import Capture
import Foundation
import Scenes

/// A preset (SPEC §8 `--preset FILE`): the tunables a designer settled on, as JSON — the
/// settings object of a replay file, or any part of it: `pushAlert`, `pile`, `presence`,
/// `neck`. Every spring must be inside the inspector's ranges (response 0.05–2 s, damping
/// 0.05–2) and every other number finite and not negative; anything else is refused with
/// the key that is wrong, and nothing is applied.
struct Preset: Codable, Equatable {
    var pushAlert: PushAlertSettings?
    var pile: LiquidPileSettings?
    var presence: PresenceSettings?
    var neck: SessionSettings.Neck?

    static func load(_ text: String, name: String) throws(RuntimeError) -> Preset {
        let preset: Preset
        do { preset = try JSONDecoder().decode(Preset.self, from: Data(text.utf8)) } catch {
            throw RuntimeError("springlab: preset \(name): \(describeDecoding(error))")
        }
        if let problem = preset.problem() { throw RuntimeError("springlab: preset \(name): \(problem)") }
        return preset
    }

    /// The first value out of range, named by its key path.
    func problem() -> String? {
        func walk(_ value: Any, _ path: String) -> String? {
            if let s = value as? SpringSetting {
                if !(0.05...2).contains(s.response) { return "'\(path).response' must be in [0.05, 2] s, got \(s.response)" }
                if !(0.05...2).contains(s.damping) { return "'\(path).damping' must be in [0.05, 2], got \(s.damping)" }
                return nil
            }
            if let d = value as? Double { return d.isFinite && d >= 0 ? nil : "'\(path)' must be a finite number ≥ 0, got \(d)" }
            for child in Mirror(reflecting: value).children {
                guard let label = child.label else { continue }
                // An optional's payload is its "some" child: it adds nothing to the key path.
                let next = label == "some" ? path : (path.isEmpty ? label : "\(path).\(label)")
                if let p = walk(child.value, next) { return p }
            }
            return nil
        }
        return walk(self, "")
    }

    /// Every scene's settings in `app`.
    init(app: PushAlertApp) {
        pushAlert = app.alert.settings
        pile = app.pile.settings
        presence = app.presence.settings
        neck = SessionSettings.Neck(merge: app.neck.merge, smoothing: app.neck.smoothing, kernel: app.neck.kernel)
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "{}\n"
    }

    func apply(to app: inout PushAlertApp) {
        if let s = pushAlert { app.alert.settings = s }
        if let s = pile { app.pile.settings = s }
        if let s = presence { app.presence.settings = s }
        if let n = neck {
            app.neck.merge = n.merge
            app.neck.smoothing = n.smoothing
            app.neck.kernel = n.kernel
        }
    }
}
