import Capture
import Canvas
import Files
import Foundation
import Motion
import Scenes

/// What a take starts from: the scene, the window, and every scene's settings — the
/// settings object of a replay file (SPEC §7). Decoding it and replaying the take's
/// lines rebuilds the same app, so the same frames come out.
struct SessionSettings: Codable, Equatable {
    struct Neck: Codable, Equatable, BoundedSettings {
        var merge: Double
        var smoothing: Double?
        var kernel: LiquidKernel

        /// The sandbox's sliders (SPEC §5.4): merge 4–60 pt, smoothing k 0.5–20 pt. An
        /// absent k follows merge / 4, which the merge range keeps inside k's range.
        static let limits: [SettingLimit<Neck>] = [
            SettingLimit("merge", \.merge, 4...60, unit: " pt"),
            SettingLimit("smoothing", \.effectiveSmoothing, 0.5...20, unit: " pt"),
        ]

        /// The smoothing k in effect: as set, or merge / 4.
        var effectiveSmoothing: Double {
            get { smoothing ?? merge / 4 }
            set { smoothing = newValue }
        }
    }

    var scene: String
    var theme: String
    var window: [Double]
    var scale: Double
    var pushAlert: PushAlertSettings
    var pile: LiquidPileSettings
    var presence: PresenceSettings
    var neck: Neck

    init(app: PushAlertApp, scale: Double) {
        scene = app.scene.rawValue
        theme = app.theme.rawValue
        window = [app.windowSize.width, app.windowSize.height]
        self.scale = scale
        pushAlert = app.alert.settings
        pile = app.pile.settings
        presence = app.presence.settings
        neck = Neck(merge: app.neck.merge, smoothing: app.neck.smoothing, kernel: app.neck.kernel)
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode(_ json: String, name: String) throws(CaptureError) -> SessionSettings {
        do { return try JSONDecoder().decode(SessionSettings.self, from: Data(json.utf8)) } catch {
            throw CaptureError("\(name):2: settings: \(describeDecoding(error))")
        }
    }

    /// A replay file read, parsed, and its settings decoded and checked: all a command
    /// needs before it opens a window or draws a frame. Errors name the file and line.
    static func loadReplay(_ path: String, command: String) throws -> (file: ReplayFile, settings: SessionSettings) {
        let text = try SpringLabCommand.readTextInput(path)
        do {
            let file = try ReplayFile.parse(text, name: path)
            let settings = try decode(file.settings, name: path)
            do { _ = try settings.validate() } catch { throw CaptureError("\(path):2: \(error)") }
            return (file, settings)
        } catch { throw RuntimeError("springlab \(command): \(error)") }
    }

    /// The scene, window and scale are usable and every scene's settings are inside their
    /// ranges (checked before any window opens or any curve is walked: a 1e9 s response
    /// would hang the inspector's plot). Returns the scene.
    func validate() throws(CaptureError) -> PushAlertApp.SceneKind {
        guard let kind = PushAlertApp.SceneKind(rawValue: scene) else {
            throw CaptureError("settings: unknown scene \(quoted(scene)) (\(PushAlertApp.SceneKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard window.count == 2, window.allSatisfy({ $0.isFinite && $0 >= 16 && $0 <= 8192 }) else {
            throw CaptureError("settings: window must be [width, height], each 16…8192")
        }
        guard scale.isFinite, scale >= 0.5, scale <= 4 else { throw CaptureError("settings: scale must be in [0.5, 4]") }
        guard Theme(rawValue: theme) != nil else {
            throw CaptureError("settings: unknown theme \(quoted(theme)) (\(Theme.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let problem = problem() { throw CaptureError("settings: \(problem)") }
        return kind
    }

    /// The first scene setting out of range, by its key path from the settings object.
    func problem() -> SettingProblem? {
        pushAlert.problem()?.under("pushAlert") ?? pile.problem()?.under("pile") ?? presence.problem()?.under("presence")
            ?? neck.problem()?.under("neck")
    }

    /// A fresh app at wall time 0 with these settings.
    func makeApp(measurer: some TextMeasuring) throws(CaptureError) -> PushAlertApp {
        let kind = try validate()
        var app = PushAlertApp(settings: pushAlert, measurer: measurer, theme: Theme(rawValue: theme) ?? .light,
                               windowSize: Size(window[0], window[1]), wall: 0)
        app.scene = kind
        app.pile.settings = pile
        app.presence.settings = presence
        app.neck.merge = neck.merge
        app.neck.smoothing = neck.smoothing
        app.neck.kernel = neck.kernel
        return app
    }
}

/// Plays a take's lines into an app: inputs, resizes and the alert's entrance in order,
/// each when its time comes. Frame lines are the original run's checkpoints.
struct CaptureSession {
    var app: PushAlertApp
    let lines: [ReplayFile.Line]
    private var cursor = 0

    init(app: PushAlertApp, lines: [ReplayFile.Line]) {
        self.app = app
        self.lines = lines
    }

    /// Applies every line up to wall time `wall`; returns the lines it applied, in order
    /// (a take being saved writes exactly these before the frame they lead to).
    @discardableResult
    mutating func advance(through wall: Double) -> [ReplayFile.Line] {
        var applied: [ReplayFile.Line] = []
        while cursor < lines.count {
            switch lines[cursor] {
            case .frame, .end: break  // checkpoints, not inputs: never hold an input back
            default:
                guard lines[cursor].wall <= wall else { return applied }
                apply(lines[cursor])
                applied.append(lines[cursor])
            }
            cursor += 1
        }
        return applied
    }

    private mutating func apply(_ line: ReplayFile.Line) {
        switch line {
        case .input(let e): _ = app.handle(e)
        case .resize(let size, let w): _ = app.resize(to: size, atWall: w)
        case .present(_, let at): _ = app.alert.present(at: at)
        case .frame, .end: break
        }
    }

    /// The app brought to wall time `wall` and its stage drawn, with the state hash when
    /// asked for (it walks the whole page: about a millisecond).
    mutating func frame(atWall wall: Double, hashed: Bool = true) -> (stage: DisplayList, hash: String, applied: [ReplayFile.Line]) {
        let applied = advance(through: wall)
        _ = app.update(toWall: wall)
        return (app.stageList(atWall: wall), hashed ? StateDigest.of(app.pageList(atWall: wall)) : "", applied)
    }

    /// Replays the lines exactly as the original run interleaved them — each frame line
    /// an update and a draw at its time — and compares every frame's state hash.
    static func verify(_ file: ReplayFile, app start: PushAlertApp) -> (matched: Int, total: Int, firstMismatch: Double?) {
        var app = start
        var matched = 0, total = 0
        var first: Double?
        for line in file.lines {
            // A long take is checked frame by frame: a stop asked meanwhile ends it early
            // (the caller sees the signal and exits).
            if Interrupt.received != nil { break }
            switch line {
            case .input(let e): _ = app.handle(e)
            case .resize(let size, let w): _ = app.resize(to: size, atWall: w)
            case .present(_, let at): _ = app.alert.present(at: at)
            case .frame(let w, let hash):
                _ = app.update(toWall: w)
                total += 1
                if StateDigest.of(app.pageList(atWall: w)) == hash { matched += 1 } else if first == nil { first = w }
            case .end: break
            }
        }
        return (matched, total, first)
    }
}

/// What is wrong with a JSON document that did not decode, by its key path: a missing
/// key, a value of the wrong type, or text that is not JSON (settings and presets).
func describeDecoding(_ error: Error) -> String {
    func path(_ keys: [CodingKey]) -> String { escaped(keys.map(\.stringValue).joined(separator: "."), limit: 80) }
    switch error {
    case DecodingError.keyNotFound(let key, let c): return "'\(path(c.codingPath + [key]))' is missing"
    case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
        return "'\(path(c.codingPath))' has the wrong type"
    case DecodingError.dataCorrupted(let c):
        return c.codingPath.isEmpty ? "not valid JSON" : "'\(path(c.codingPath))': \(escaped(c.debugDescription, limit: 120))"
    default: return "\(error)"
    }
}
