import Capture
import Foundation
import Scenes
import Workbench

/// The flight recorder (docs/behaviour.md §17): everything the window did since it opened — its
/// starting settings and every input, resize and entrance, as a replay's lines — so the
/// last seconds can be saved after the fact, without R having been pressed.
///
/// A replay of the whole log reproduces the window exactly (the same lines a take would
/// have recorded from the same start); a span line marks where a saved bundle's
/// rendering starts. Frame lines (the state hashes a replay is verified by) are kept four
/// a second rather than every frame: each costs a walk of the page, and four a second
/// check a span as well as sixty.
///
/// Bounded (docs/behaviour.md §17): the window keeps a copy of itself every `markInterval` (a value:
/// copying it costs nothing until it changes). When the log's lines pass `bound` bytes,
/// the oldest copy becomes the log's checkpoint — written out, the whole window as it was
/// then — and the lines before it are dropped: a replay starts from the checkpoint.
final class SessionLog {
    /// Seconds between the frame lines kept.
    static let frameInterval = 0.25
    /// How far back the trace events are kept, s: the longest span F9 saves and a margin.
    static let eventHorizon = 75.0
    /// The most the lines may take before the oldest hour is dropped: 40 MB. An hour of
    /// a pointer moving without a pause at 60 Hz takes about 11 MB (`springlab bench
    /// --flight`), so the log stays under 50 MB however long the window is open.
    static let defaultBound = 40 << 20

    /// The settings the log starts from (a replay's second line), nil before it starts.
    private(set) var settings: String?
    /// The whole window where the log now starts, once the oldest lines were dropped.
    private(set) var checkpoint: ReplayFile.Checkpoint?
    private(set) var lines: [ReplayFile.Line] = []
    /// Bytes the lines take (their array and what each holds apart), kept as they come.
    private(set) var bytes = 0
    let bound: Int
    let markInterval: Double
    /// How recent a copy may not be to become the checkpoint: the longest span F9 saves
    /// and a margin, so a span never starts before the checkpoint.
    let keep: Double
    /// The window as it was every `markInterval`, and how many lines came before it.
    private var marks: [(wall: Double, lines: Int, app: Workbench, settings: String)] = []
    /// Lines dropped so far (the marks count lines from the log's start).
    private var dropped = 0
    /// Why the last checkpoint could not be written (the log then keeps its lines).
    private(set) var checkpointFailure: String?

    init(bound: Int = SessionLog.defaultBound, markInterval: Double = 3600, keep: Double = SessionLog.eventHorizon) {
        self.bound = bound
        self.markInterval = markInterval
        self.keep = keep
    }
    /// Off while the window plays something that is not its own session (a replay).
    private(set) var isActive = false
    private var lastFrame = -Double.infinity
    /// The trace's recent events (as the trace writes them), oldest first, with their wall time.
    private var events: [(wall: Double, json: String)] = []

    /// Starts the log over from `settings` at wall 0: the window opened, or a take
    /// restarted the scene from its settings.
    func restart(settings: String) {
        self.settings = settings
        checkpoint = nil
        lines.removeAll(keepingCapacity: true)
        marks.removeAll()
        bytes = 0
        dropped = 0
        checkpointFailure = nil
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
        bytes += Self.size(of: line)
    }

    /// What one line takes: its slot in the array and the text it holds apart (a string of
    /// more than 15 bytes lives on the heap, with a 32-byte header).
    static func size(of line: ReplayFile.Line) -> Int {
        func text(_ s: String) -> Int { s.utf8.count > 15 ? 32 + s.utf8.count : 0 }
        let slot = MemoryLayout<ReplayFile.Line>.stride
        switch line {
        case .frame(_, let hash): return slot + text(hash)
        case .preset(_, let name, let json), .fit(_, let name, let json): return slot + text(name) + text(json)
        case .input(.text(let s, _)): return slot + text(s)
        default: return slot
        }
    }

    /// After a frame whose lines are all logged: keeps a copy of the window when the last
    /// is `markInterval` old, and past the bound makes the oldest copy the checkpoint.
    /// `settings`: the window's settings now (a replay from the checkpoint names them).
    func mark(_ app: @autoclosure () -> Workbench, wall: Double, settings: @autoclosure () -> String) {
        guard isActive else { return }
        let last = marks.last?.wall ?? checkpoint?.wall ?? 0
        if wall - last >= markInterval { marks.append((wall, dropped + lines.count, app(), settings())) }
        if bytes > bound { dropOldest(before: wall) }
    }

    /// The oldest copy of the window (older than any span F9 may ask for) becomes the
    /// checkpoint, and the lines before it are dropped: with hourly copies, the oldest
    /// hour.
    private func dropOldest(before wall: Double) {
        guard let i = marks.firstIndex(where: { $0.wall <= wall - keep }) else { return }
        let mark = marks[i]
        let state: Data
        do { state = try mark.app.checkpointData() } catch {
            checkpointFailure = "\(error)"
            return
        }
        marks.removeFirst(i + 1)
        let count = mark.lines - dropped
        bytes -= lines[..<count].reduce(0) { $0 + Self.size(of: $1) }
        lines.removeFirst(count)
        dropped = mark.lines
        checkpoint = ReplayFile.Checkpoint(wall: mark.wall, state: String(decoding: state, as: UTF8.self))
        settings = mark.settings
        checkpointFailure = nil
    }

    /// Keeps a trace event (the window's trace line for it) for a bundle's `trace.jsonl`.
    func note(_ event: SceneEvent, wall: Double) {
        guard isActive else { return }
        events.append((wall, event.jsonLine))
        if let first = events.first, wall - first.wall > Self.eventHorizon * 1.5 {
            events.removeAll { wall - $0.wall > Self.eventHorizon }
        }
    }

    /// The last `seconds` before `wall` as a replay: the whole log from its start or its
    /// checkpoint (the scene must live through everything before the span to be in the
    /// same state), a span line where the rendering starts, and the end. Nil before the
    /// log has started.
    func replay(lastSeconds seconds: Double, endingAt wall: Double) -> ReplayFile? {
        guard let settings else { return nil }
        let start = max(checkpoint?.wall ?? 0, wall - seconds)
        var out = lines.filter { $0.wall <= wall }
        let at = out.firstIndex { $0.wall >= start } ?? out.count
        out.insert(.span(wall: start), at: at)
        out.append(.end(wall: wall))
        return ReplayFile(settings: settings, checkpoint: checkpoint, lines: out)
    }

    /// The trace lines of the last `seconds` before `wall`.
    func trace(lastSeconds seconds: Double, endingAt wall: Double) -> String {
        events.filter { $0.wall >= wall - seconds && $0.wall <= wall }.map { $0.json + "\n" }.joined()
    }
}
