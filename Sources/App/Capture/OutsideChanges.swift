import Canvas
import Capture
import Foundation
import Scenes
import Workbench

/// Changes that reach the window from outside its input — a preset dropped or picked from
/// the library, a recording fitted — written as replay lines so a take or the flight
/// recorder's session replays them exactly (docs/behaviour.md §17), and applied here the one way the
/// window, a replay and its verification all apply them.
extension Workbench {
    /// Applies a `.preset` or `.fit` line at its wall time; other lines are not for this.
    mutating func applyOutside(_ line: ReplayFile.Line) -> [SceneEvent] {
        switch line {
        case .preset(let wall, let name, let json):
            guard let preset = try? Preset.load(json, name: name) else { return [] }
            return loadPreset(preset, name: name, source: "replay", at: sceneTime(atWall: wall))
        case .fit(let wall, let path, let json):
            guard let fit = FitRecord.decode(json) else { return [] }
            var events = applyFit(fit, path: path, source: "replay", at: sceneTime(atWall: wall))
            measureInspector(atWall: wall)
            events.append(layoutEvent(atWall: wall))
            return events
        default:
            return []
        }
    }
}

/// A `LabFit` as a replay line's JSON.
enum FitRecord {
    private struct Stored: Codable {
        var points: [[Double]]
        var velocity: Double
        var name: String
        var response: Double
        var damping: Double
        var rms: Double
        var spring: Bool
    }

    static func encode(_ fit: LabFit) -> String {
        let stored = Stored(points: fit.points.map { [$0.x, $0.y] }, velocity: fit.normalizedVelocity, name: fit.name,
                            response: fit.response, damping: fit.dampingRatio, rms: fit.rmsErrorPercent, spring: fit.isSpring)
        return (try? JSONEncoder().encode(stored)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode(_ json: String) -> LabFit? {
        guard let s = try? JSONDecoder().decode(Stored.self, from: Data(json.utf8)),
              s.points.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isFinite) }) else { return nil }
        return LabFit(points: s.points.map { Point2($0[0], $0[1]) }, normalizedVelocity: s.velocity, name: s.name,
                      response: s.response, dampingRatio: s.damping, rmsErrorPercent: s.rms, isSpring: s.spring)
    }
}
