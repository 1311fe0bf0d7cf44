import Capture
import Foundation
import Scenes

/// The flight recorder (SPEC §17): everything the window did since it opened — its
/// starting settings and every input, resize and entrance, as a replay's lines — so the
/// last seconds can be saved after the fact, without R having been pressed.
///
/// A replay of the whole log reproduces the window exactly (the same lines a take would
/// have recorded from the same start); a span line marks where a saved bundle's
/// rendering starts. Frame lines (the state hashes a replay is verified by) are kept four
/// a second rather than every frame: each costs a walk of the page, and four a second
/// check a span as well as sixty.
final class SessionLog {
    /// Seconds between the frame lines kept.
    static let frameInterval = 0.25
    /// How far back the trace events are kept, s: the longest span F9 saves and a margin.
    static let eventHorizon = 75.0

    /// The settings the log starts from (a replay's second line), nil before it starts.
    private(set) var settings: String?
    private(set) var lines: [ReplayFile.Line] = []
    /// Off while the window plays something that is not its own session (a replay).
    private(set) var isActive = false
    private var lastFrame = -Double.infinity
    /// The trace's recent events (as the trace writes them), oldest first, with their wall time.
    private var events: [(wall: Double, json: String)] = []

    /// Starts the log over from `settings` at wall 0: the window opened, or a take
    /// restarted the scene from its settings.
    func restart(settings: String) {
        self.settings = settings
        lines.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        lastFrame = -.infinity
        isActive = true
    }

    /// Stops logging (a dropped replay plays: not this session), or carries on.
    func setActive(_ active: Bool) { isActive = active && settings != nil }

    /// Whether a frame at `wall` should have its hash logged.
    func wantsFrame(at wall: Double) -> Bool { isActive && wall - lastFrame >= Self.frameInterval }

    func append(_ line: ReplayFile.Line) {
        guard isActive else { return }
        if case .frame(let w, _) = line {
            guard w - lastFrame >= Self.frameInterval else { return }
            lastFrame = w
        }
        lines.append(line)
    }

    /// Keeps a trace event (the window's trace line for it) for a bundle's `trace.jsonl`.
    func note(_ event: SceneEvent, wall: Double) {
        guard isActive else { return }
        events.append((wall, event.jsonLine))
        if let first = events.first, wall - first.wall > Self.eventHorizon * 1.5 {
            events.removeAll { wall - $0.wall > Self.eventHorizon }
        }
    }

    /// The last `seconds` before `wall` as a replay: the whole log (the scene must live
    /// through everything before the span to be in the same state), a span line where the
    /// rendering starts, and the end. Nil before the log has started.
    func replay(lastSeconds seconds: Double, endingAt wall: Double) -> ReplayFile? {
        guard let settings else { return nil }
        let start = max(0, wall - seconds)
        var out = lines.filter { $0.wall <= wall }
        let at = out.firstIndex { $0.wall >= start } ?? out.count
        out.insert(.span(wall: start), at: at)
        out.append(.end(wall: wall))
        return ReplayFile(settings: settings, lines: out)
    }

    /// The trace lines of the last `seconds` before `wall`.
    func trace(lastSeconds seconds: Double, endingAt wall: Double) -> String {
        events.filter { $0.wall >= wall - seconds && $0.wall <= wall }.map { $0.json + "\n" }.joined()
    }
}
