import Canvas
import Files
import Foundation

/// A recorded session (docs/behaviour.md §7): line-oriented text, flushed as it is recorded.
///
///     springlab-replay 1
///     {"settings": {...}}
///     {"t": 0.2667, "e": "present", "at": 0.25}
///     {"t": 1.0312, "e": "down", "x": 412.5, "y": 88, "shift": false}
///     {"t": 1.0401, "e": "frame", "hash": "9f3c0a1b2c3d4e5f"}
///     {"t": 4.5, "e": "end"}
///
/// Times are wall seconds from the start of the take. Every input the app acted on is a
/// line — pointer, wheel, keys, text, focus — and so are window resizes, the alert's
/// scheduled entrance, and each frame the window drew with the hash of its state, so a
/// replay that interleaves them the same way can check it reproduced the run exactly.
public struct ReplayFile: Sendable {
    public static let magic = "springlab-replay"
    public static let version = 1

    public enum Line: Sendable, Equatable {
        case input(InputEvent)
        case resize(Size, wall: Double)
        /// The Push Alert's scheduled entrance (the window presents it a beat after opening),
        /// applied at `wall` with its motion starting at scene time `at`.
        case present(wall: Double, at: Double)
        case frame(wall: Double, hash: String)
        /// Where the replay's rendering starts (docs/behaviour.md §17): a flight recorder's replay holds
        /// the session from its start, so the scene reaches this moment exactly, and renders
        /// from here; its times (`--from`, `--to`) count from here too.
        case span(wall: Double)
        /// Settings that came from outside the input (docs/behaviour.md §17: a preset dropped or picked
        /// from the library), as the preset's JSON text and its name: replayed as loaded.
        case preset(wall: Double, name: String, json: String)
        /// A recording fitted to spring B (docs/behaviour.md §16): the fit as the window showed it, JSON.
        case fit(wall: Double, path: String, json: String)
        case end(wall: Double)

        public var wall: Double {
            switch self {
            case .input(let e): return e.time
            case .resize(_, let w), .present(let w, _), .frame(let w, _), .span(let w), .end(let w),
                 .preset(let w, _, _), .fit(let w, _, _): return w
            }
        }
    }

    /// The whole window at a moment of the session, as JSON text (the app decodes it):
    /// a flight recorder that dropped its oldest hour starts its replays here rather than
    /// at the session's first settings (docs/behaviour.md §17). Written as the line after the settings,
    /// `{"t": T, "e": "checkpoint", "state": {...}}`. T is the time of the frame it was
    /// taken at (the frame's predicted present time), so an input handled just after it
    /// may be stamped a little earlier, as in any take.
    public struct Checkpoint: Sendable, Equatable {
        public var wall: Double
        public var state: String
        public init(wall: Double, state: String) {
            self.wall = wall
            self.state = state
        }
    }

    /// The settings object, as JSON text (the app decodes it).
    public var settings: String
    public var checkpoint: Checkpoint?
    public var lines: [Line]

    public init(settings: String, checkpoint: Checkpoint? = nil, lines: [Line]) {
        self.settings = settings
        self.checkpoint = checkpoint
        self.lines = lines
    }

    /// The session's length: its end line, else its last line.
    public var duration: Double {
        for line in lines.reversed() { if case .end(let w) = line { return w } }
        return lines.last?.wall ?? 0
    }

    /// Where rendering starts: the span line's time, else the checkpoint's, else 0.
    public var spanStart: Double {
        for line in lines { if case .span(let w) = line { return w } }
        return checkpoint?.wall ?? 0
    }

    public var frames: [(wall: Double, hash: String)] {
        lines.compactMap { if case .frame(let w, let h) = $0 { return (w, h) } else { return nil } }
    }

    // MARK: Text

    public var text: String {
        var out = Self.header(settings: settings)
        if let checkpoint { out += Self.encode(checkpoint) + "\n" }
        for line in lines { out += Self.encode(line) + "\n" }
        return out
    }

    static func number(_ v: Double) -> String {
        v.isFinite ? (v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)") : "0"
    }

    static func string(_ s: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [s], options: [])) ?? Data("[\"\"]".utf8)
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    /// The checkpoint's line: its time, then the state as written (numbers exact).
    public static func encode(_ checkpoint: Checkpoint) -> String {
        "{\"t\": \(number(checkpoint.wall)), \"e\": \"checkpoint\", \"state\": \(checkpoint.state)}"
    }

    /// The checkpoint on the line after the settings, if that line is one. Its state is kept
    /// as written, like the settings; anything else that names itself a checkpoint is refused.
    static func checkpoint(_ row: Substring, fail: (String) -> CaptureError) throws(CaptureError) -> Checkpoint? {
        guard row.utf8.count > 40, row.prefix(80).contains("\"checkpoint\"") else { return nil }
        let shape = "a checkpoint line is {\"t\": T, \"e\": \"checkpoint\", \"state\": {...}}"
        let text = row.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("{\"t\": "), text.hasSuffix("}"), let comma = text.firstIndex(of: ",") else { throw fail(shape) }
        let t = text[text.index(text.startIndex, offsetBy: 6)..<comma]
        let rest = text[comma...].dropFirst().drop { $0 == " " }
        let key = "\"e\": \"checkpoint\", \"state\": "
        guard let wall = Double(t), wall.isFinite, wall >= 0, wall <= 1e9, rest.hasPrefix(key) else { throw fail(shape) }
        let state = String(rest.dropFirst(key.count).dropLast())
        guard (try? JSONSerialization.jsonObject(with: Data(state.utf8))) is [String: Any] else { throw fail(shape) }
        return Checkpoint(wall: wall, state: state)
    }

    /// One line of JSON for `line`.
    public static func encode(_ line: Line) -> String {
        var fields: [(String, String)] = [("t", number(line.wall))]
        func p(_ point: Point2) { fields += [("x", number(point.x)), ("y", number(point.y))] }
        switch line {
        case .input(let e):
            switch e {
            case .pointerDown(let at, _, let shift): fields.append(("e", "\"down\"")); p(at); fields.append(("shift", "\(shift)"))
            case .pointerMoved(let at, _): fields.append(("e", "\"move\"")); p(at)
            case .pointerUp(let at, _): fields.append(("e", "\"up\"")); p(at)
            case .wheel(let dy, let at, _, let shift, let ctrl):
                fields.append(("e", "\"wheel\"")); fields.append(("dy", number(dy))); p(at); fields.append(("shift", "\(shift)"))
                // Written only when held: takes recorded before Ctrl+wheel read the same.
                if ctrl { fields.append(("ctrl", "true")) }
            case .key(let key, _, let shift): fields += [("e", "\"key\""), ("key", string(key.rawValue)), ("shift", "\(shift)")]
            case .text(let s, _): fields += [("e", "\"text\""), ("text", string(s))]
            case .shift(let down, _): fields += [("e", "\"shift\""), ("down", "\(down)")]
            case .focusLost: fields.append(("e", "\"focusLost\""))
            case .captureLost: fields.append(("e", "\"captureLost\""))
            }
        case .resize(let size, _): fields += [("e", "\"resize\""), ("w", number(size.width)), ("h", number(size.height))]
        case .present(_, let at): fields += [("e", "\"present\""), ("at", number(at))]
        case .frame(_, let hash): fields += [("e", "\"frame\""), ("hash", string(hash))]
        case .span: fields.append(("e", "\"span\""))
        case .preset(_, let name, let json): fields += [("e", "\"preset\""), ("name", string(name)), ("json", string(json))]
        case .fit(_, let path, let json): fields += [("e", "\"fit\""), ("name", string(path)), ("json", string(json))]
        case .end: fields.append(("e", "\"end\""))
        }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// Parses a replay file's text. `name` is used in messages: "FILE:LINE: what is wrong".
    public static func parse(_ text: String, name: String) throws(CaptureError) -> ReplayFile {
        // The shape of every line before anything else: a 60 MB line holding a list of
        // millions is no replay, and splitting, trimming and decoding it took 26 s and 1 GB
        // before saying so (issue 37). One pass over the bytes refuses it.
        do { try JSONShape.check(text) } catch {
            throw CaptureError("\(quotedPath(name)):\(error.line): \(error.line == 2 ? "settings: " : "")\(error.message)")
        }
        // "\r\n" is one Character in Swift: split on any line break, keeping empty lines.
        var rows = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        while rows.last?.isEmpty == true { rows.removeLast() }
        let shown = quotedPath(name)
        func fail(_ n: Int, _ message: String) -> CaptureError { CaptureError("\(shown):\(n): \(message)") }
        guard let first = rows.first else { throw CaptureError("\(shown): empty file; a replay starts with '\(magic) \(version)'") }
        let head = first.split(separator: " ")
        guard head.count == 2, head[0] == magic, let v = Int(head[1]) else {
            throw fail(1, "not a SpringLab replay (expected '\(magic) \(version)')")
        }
        guard v == version else { throw fail(1, "replay version \(ReplayFile.short(Double(v))); this SpringLab reads version \(version)") }
        // The settings text is kept as written: parsing and re-printing numbers through
        // JSONSerialization would move the last digit of some, and the take with them.
        let second = rows.count >= 2 ? rows[1].trimmingCharacters(in: .whitespaces) : ""
        let prefix = "{\"settings\":"
        guard second.hasPrefix(prefix), second.hasSuffix("}"),
              (try? JSONSerialization.jsonObject(with: Data(second.utf8))) is [String: Any] else {
            throw fail(2, "expected {\"settings\": {...}}")
        }
        let settings = String(second.dropFirst(prefix.count).dropLast()).trimmingCharacters(in: .whitespaces)
        var lines: [Line] = []
        let checkpoint = rows.count > 2 ? try Self.checkpoint(rows[2], fail: { fail(3, $0) }) : nil
        for (i, row) in rows.enumerated().dropFirst(checkpoint == nil ? 2 : 3) {
            let n = i + 1
            // (Blank or not, asked without trimming a copy of every line: a ten-minute take
            // has 75,000 of them, and trimming was a sixth of reading it.)
            guard row.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            let o: Row
            do { o = try JSONDecoder().decode(Row.self, from: Data(row.utf8)) } catch {
                throw fail(n, Self.describe(error))
            }
            let line = try decode(o, from: checkpoint?.wall ?? 0, fail: { fail(n, $0) })
            // Lines are applied in file order. An input may be stamped a little before the
            // frame line above it (frames are stamped with their predicted present time).
            lines.append(line)
        }
        return ReplayFile(settings: settings, checkpoint: checkpoint, lines: lines)
    }

    /// One line's fields (JSONDecoder reads numbers exactly; JSONSerialization does not).
    struct Row: Decodable {
        var t: Double?, x: Double?, y: Double?, dy: Double?, w: Double?, h: Double?, at: Double?
        var e: String?, key: String?, text: String?, hash: String?, name: String?, json: String?
        var shift: Bool?, down: Bool?, ctrl: Bool?
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.typeMismatch(let type, let c):
            return "'\(c.codingPath.map(\.stringValue).joined(separator: "."))' must be \(type == Bool.self ? "true or false" : type == String.self ? "a string" : "a number")"
        case DecodingError.dataCorrupted: return "not a JSON object"
        default: return "not a JSON object"
        }
    }

    /// The longest take a replay may hold: 24 hours (docs/behaviour.md §13) from its start (a checkpoint
    /// may start it later: a window open for days). Frames are drawn for every second of
    /// it, so this bounds the work a file can ask for.
    public static let maximumTime = 86_400.0
    /// Pointers may be outside the window, but not absurdly: ±65536 pt.
    static let maximumCoordinate = 65_536.0

    /// `start`: where the replay starts (a checkpoint's time, else 0); its lines may reach
    /// `maximumTime` past it, however long the window had been open before.
    private static func decode(_ o: Row, from start: Double, fail: (String) -> CaptureError) throws(CaptureError) -> Line {
        func num(_ k: KeyPath<Row, Double?>, _ name: String, _ range: ClosedRange<Double>) throws(CaptureError) -> Double {
            guard let v = o[keyPath: k], v.isFinite else { throw fail("'\(name)' must be a finite number") }
            guard range.contains(v) else {
                throw fail("'\(name)' must be in [\(short(range.lowerBound)), \(short(range.upperBound))], got \(short(v))")
            }
            return v
        }
        func bool(_ k: KeyPath<Row, Bool?>, _ name: String) throws(CaptureError) -> Bool {
            guard let v = o[keyPath: k] else { throw fail("'\(name)' must be true or false") }
            return v
        }
        func str(_ k: KeyPath<Row, String?>, _ name: String, limit: Int) throws(CaptureError) -> String {
            guard let v = o[keyPath: k] else { throw fail("'\(name)' must be a string") }
            guard v.count <= limit else { throw fail("'\(name)' is longer than \(limit) characters") }
            return v
        }
        let coordinate = -maximumCoordinate...maximumCoordinate
        func point() throws(CaptureError) -> Point2 { Point2(try num(\.x, "x", coordinate), try num(\.y, "y", coordinate)) }
        let t = try num(\.t, "t", 0...(start + maximumTime))
        let kind = try str(\.e, "e", limit: 16)
        switch kind {
        case "down": return .input(.pointerDown(try point(), time: t, shift: try bool(\.shift, "shift")))
        case "move": return .input(.pointerMoved(try point(), time: t))
        case "up": return .input(.pointerUp(try point(), time: t))
        case "wheel":
            return .input(.wheel(dy: try num(\.dy, "dy", -10_000...10_000), at: try point(), time: t, shift: try bool(\.shift, "shift"),
                                 ctrl: o.ctrl ?? false))
        case "key":
            let name = try str(\.key, "key", limit: 32)
            guard let key = Key(rawValue: name) else { throw fail("unknown key \(quoted(name))") }
            return .input(.key(key, time: t, shift: try bool(\.shift, "shift")))
        case "text": return .input(.text(try str(\.text, "text", limit: 1000), time: t))
        case "shift": return .input(.shift(try bool(\.down, "down"), time: t))
        case "focusLost": return .input(.focusLost(time: t))
        case "captureLost": return .input(.captureLost(time: t))
        case "resize":
            // A window is 16…8192 pt a side (docs/behaviour.md §13), like --size.
            return .resize(Size(try num(\.w, "w", 16...8192), try num(\.h, "h", 16...8192)), wall: t)
        case "present": return .present(wall: t, at: try num(\.at, "at", 0...maximumTime))
        case "frame": return .frame(wall: t, hash: try str(\.hash, "hash", limit: 64))
        case "span": return .span(wall: t)
        case "preset": return .preset(wall: t, name: try str(\.name, "name", limit: 4096), json: try str(\.json, "json", limit: 1 << 20))
        case "fit": return .fit(wall: t, path: try str(\.name, "name", limit: 4096), json: try str(\.json, "json", limit: 1 << 22))
        case "end": return .end(wall: t)
        case "checkpoint": throw fail("a checkpoint is the line right after the settings")
        default: throw fail("unknown event \(quoted(kind)) (down, move, up, wheel, key, text, shift, focusLost, captureLost, resize, present, frame, span, preset, fit, end)")
        }
    }

    /// A number for a message: short whatever its size (never 300 digits).
    public static func short(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: "%.6g", v)
    }
}

/// Appends replay lines to a file as they happen (the live take), each written through at
/// once into a file this process created (`AppendLog`), so a crash or a full disk loses
/// nothing recorded before it and leaves a file that parses to its last whole line.
public final class ReplayWriter {
    private let log: AppendLog
    public var path: String { log.path }

    /// `replacing`: an older replay at `path` may be replaced (never a file of another kind);
    /// without it an existing `path` is refused.
    public init(path: String, settings: String, replacing: Bool = false) throws(CaptureError) {
        do {
            log = try AppendLog(target: path, header: ReplayFile.header(settings: settings), replacing: replacing,
                                mayReplace: ReplayFile.looksLikeReplay, kindName: "a SpringLab replay")
        } catch {
            throw CaptureError(error.isExists ? "the replay \(error.description)" : error.description)
        }
    }

    public func append(_ line: ReplayFile.Line) throws(CaptureError) {
        do { try log.append(ReplayFile.encode(line)) } catch { throw CaptureError(error.description) }
    }

    public func close() { log.close() }
}

extension ReplayFile {
    /// The first two lines: the magic and version, then the settings object.
    static func header(settings: String) -> String { "\(magic) \(version)\n{\"settings\": \(settings)}\n" }

    /// Whether a file's first bytes are a replay's (what `--save-replay` may replace).
    public static func looksLikeReplay(_ head: ArraySlice<UInt8>) -> Bool { head.starts(with: Array(magic.utf8)) }

    /// Writes the whole take to `path` at once, whole or not at all, replacing only an
    /// older replay.
    public func write(to path: String) throws(CaptureError) {
        do {
            let file = try OutputFile(target: path, mayReplace: Self.looksLikeReplay, kindName: "a SpringLab replay")
            try file.write(text)
            try file.commit()
        } catch { throw CaptureError(error.description) }
    }
}

/// A capture failure, with the words a user needs.
public struct CaptureError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
