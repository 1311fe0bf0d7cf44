import Canvas
import Capture
import Files
import Foundation
import Inspector
import Motion
import Scenes
import Workbench

/// What a take starts from: the scene, the window, and every scene's settings — the
/// settings object of a replay file (docs/behaviour.md §7). Decoding it and replaying the take's
/// lines rebuilds the same app, so the same frames come out.
struct SessionSettings: Codable, Equatable {
    var scene: String
    var theme: String
    var window: [Double]
    var scale: Double
    /// Every scene's settings, each under its key (`pushAlert`, `pile`, `presence`, `neck`).
    var scenes: SceneSettingsSet
    /// How the inspector wrote springs (docs/behaviour.md §11.2) when the take began: a slider dragged
    /// during the take moves the setting its form names, so the replay needs the same form.
    /// Absent in takes written before it was kept: the response form.
    var form: String?

    init(app: Workbench, scale: Double) {
        scene = app.sceneName
        form = app.springForm.rawValue
        theme = app.theme.rawValue
        window = [app.windowSize.width, app.windowSize.height]
        self.scale = scale
        scenes = SceneSettingsSet(app)
    }

    private enum Fixed: String, CodingKey { case scene, theme, window, scale, form }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Fixed.self)
        scene = try c.decode(String.self, forKey: .scene)
        theme = try c.decode(String.self, forKey: .theme)
        window = try c.decode([Double].self, forKey: .window)
        scale = try c.decode(Double.self, forKey: .scale)
        form = try c.decodeIfPresent(String.self, forKey: .form)
        scenes = try SceneSettingsSet(from: decoder.container(keyedBy: SettingsKey.self), catalog: SceneRegistry.scenes, required: true)
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Fixed.self)
        try c.encode(scene, forKey: .scene)
        try c.encode(theme, forKey: .theme)
        try c.encode(window, forKey: .window)
        try c.encode(scale, forKey: .scale)
        try c.encodeIfPresent(form, forKey: .form)
        var dynamic = encoder.container(keyedBy: SettingsKey.self)
        try scenes.encode(to: &dynamic)
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode(_ json: String, name: String) throws(CaptureError) -> SessionSettings {
        do { try JSONShape.check(json) } catch { throw CaptureError("\(name):2: settings: \(error)") }
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
            // A checkpoint is read once here, with any measurer (text is measured later, not
            // read): a broken one is refused before a window opens or a frame is drawn.
            _ = try settings.makeApp(measurer: FixedAdvanceMeasurer(), replay: file, path: path)
            return (file, settings)
        } catch { throw RuntimeError("springlab \(command): \(error)") }
    }

    /// The scene, window and scale are usable and every scene's settings are inside their
    /// ranges (checked before any window opens or any curve is walked: a 1e9 s response
    /// would hang the inspector's plot).
    func validate() throws(CaptureError) {
        guard SceneRegistry.scene(named: scene) != nil else {
            throw CaptureError("settings: unknown scene \(quoted(scene)) (\(SceneRegistry.names.joined(separator: ", ")))")
        }
        guard window.count == 2, window.allSatisfy({ $0.isFinite && $0 >= 16 && $0 <= 8192 }) else {
            throw CaptureError("settings: window must be [width, height], each 16…8192")
        }
        guard scale.isFinite, scale >= 0.5, scale <= 4 else { throw CaptureError("settings: scale must be in [0.5, 4]") }
        guard Theme(rawValue: theme) != nil else {
            throw CaptureError("settings: unknown theme \(quoted(theme)) (\(Theme.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let form, SpringForm(rawValue: form) == nil {
            throw CaptureError("settings: unknown form \(quoted(form)) (\(SpringForm.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let problem = problem() { throw CaptureError("settings: \(problem)") }
    }

    /// The first scene setting out of range, by its key path from the settings object.
    func problem() -> SettingProblem? { scenes.problem() }

    /// A fresh app at wall time 0 with these settings.
    func makeApp(measurer: some TextMeasuring) throws(CaptureError) -> Workbench {
        try validate()
        var app = Workbench(measurer: measurer, theme: Theme(rawValue: theme) ?? .light, windowSize: Size(window[0], window[1]), wall: 0)
        scenes.apply(to: &app)
        _ = app.switchScene(named: scene, at: 0)
        if let form { app.springForm = SpringForm(rawValue: form) ?? .response }
        return app
    }

    /// The app `file` starts from: these settings, or the whole window its checkpoint holds
    /// (a flight recorder past its bound, docs/behaviour.md §17). A checkpoint that cannot be read back
    /// is one line naming the file and what is wrong.
    func makeApp(measurer: some TextMeasuring, replay file: ReplayFile, path: String) throws(CaptureError) -> Workbench {
        let app = try makeApp(measurer: measurer)
        guard let checkpoint = file.checkpoint else { return app }
        do {
            return try Workbench.decodeCheckpoint(Data(checkpoint.state.utf8), measurer: measurer, catalog: app.catalog)
        } catch {
            throw CaptureError("\(quotedPath(path)):3: checkpoint: \(Self.describe(error))")
        }
    }

    /// A decoding error in a few words, with where in the state it is.
    static func describe(_ error: any Error) -> String {
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "" : " at '" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch error {
        case DecodingError.keyNotFound(let key, let c): return "'\(key.stringValue)' is missing\(at(c.codingPath))"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c): return "a value of the wrong kind\(at(c.codingPath))"
        case DecodingError.dataCorrupted(let c): return c.debugDescription + at(c.codingPath)
        default: return "\(error)"
        }
    }
}

/// Plays a take's lines into an app: inputs, resizes and the alert's entrance in order,
/// each when its time comes. Frame lines are the original run's checkpoints.
struct CaptureSession {
    var app: Workbench
    let lines: [ReplayFile.Line]
    private(set) var cursor = 0

    init(app: Workbench, lines: [ReplayFile.Line]) {
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
            case .frame, .span, .end: break  // checkpoints, not inputs: never hold an input back
            default:
                guard lines[cursor].wall <= wall else { return applied }
                apply(lines[cursor])
                applied.append(lines[cursor])
            }
            cursor += 1
        }
        return applied
    }

    private mutating func apply(_ line: ReplayFile.Line) { Self.apply(line, to: &app) }

    /// What a line does to the app, as the recorded run did it: an input handled, a resize,
    /// the entrance, a preset or fit from outside. Frame, span and end lines change nothing
    /// here (a frame line is an update where the caller draws).
    static func apply(_ line: ReplayFile.Line, to app: inout Workbench) {
        switch line {
        case .input(let e): _ = app.handle(e)
        case .resize(let size, let w): _ = app.resize(to: size, atWall: w)
        case .present(_, let at): _ = app.enter(at: at)
        case .preset, .fit: _ = app.applyOutside(line)
        case .frame, .span, .end: break
        }
    }

    /// The app brought to wall time `wall` and its stage drawn (or the whole window), with
    /// the state hash when asked for (it walks the whole page: about a millisecond).
    mutating func frame(atWall wall: Double, hashed: Bool = true, window: Bool = false)
        -> (stage: DisplayList, hash: String, applied: [ReplayFile.Line]) {
        let applied = advance(through: wall)
        _ = app.update(toWall: wall)
        return (window ? app.draw(atWall: wall) : app.stageList(atWall: wall), hashed ? StateDigest.of(app.pageList(atWall: wall)) : "",
                applied)
    }

    /// A replay brought to where its rendering starts (its span line, docs/behaviour.md §17): every line
    /// before it applied as the run interleaved them — each frame line an update at its
    /// time, nothing drawn — and the app brought to the span's time. Returns the app and
    /// the index of the first line after the span (0, and the app as given, without one).
    static func fastForward(_ file: ReplayFile, app start: Workbench) -> (app: Workbench, cursor: Int) {
        guard let at = file.lines.firstIndex(where: { if case .span = $0 { true } else { false } }) else { return (start, 0) }
        var app = start
        for line in file.lines[..<at] {
            if case .frame(let w, _) = line { _ = app.update(toWall: w) } else { apply(line, to: &app) }
        }
        _ = app.update(toWall: file.lines[at].wall)
        return (app, at + 1)
    }

    /// Replays the lines exactly as the original run interleaved them — each frame line
    /// an update and a draw at its time — and compares every frame's state hash.
    static func verify(_ file: ReplayFile, app start: Workbench) -> (matched: Int, total: Int, firstMismatch: Double?) {
        var app = start
        var matched = 0, total = 0
        var first: Double?
        for line in file.lines {
            // A long take is checked frame by frame: a stop asked meanwhile ends it early
            // (the caller sees the signal and exits).
            if Interrupt.received != nil { break }
            guard case .frame(let w, let hash) = line else { apply(line, to: &app); continue }
            _ = app.update(toWall: w)
            total += 1
            if StateDigest.of(app.pageList(atWall: w)) == hash { matched += 1 } else if first == nil { first = w }
        }
        return (matched, total, first)
    }
}
