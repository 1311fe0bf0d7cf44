import Canvas
import Foundation

/// A recorded session (SPEC §7): line-oriented text, flushed as it is recorded.
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
        case end(wall: Double)

        public var wall: Double {
            switch self {
            case .input(let e): return e.time
            case .resize(_, let w), .present(let w, _), .frame(let w, _), .end(let w): return w
            }
        }
    }

    /// The settings object, as JSON text (the app decodes it).
    public var settings: String
    public var lines: [Line]

    public init(settings: String, lines: [Line]) {
        self.settings = settings
        self.lines = lines
    }

    /// The session's length: its end line, else its last line.
    public var duration: Double {
        for line in lines.reversed() { if case .end(let w) = line { return w } }
        return lines.last?.wall ?? 0
    }

    public var frames: [(wall: Double, hash: String)] {
        lines.compactMap { if case .frame(let w, let h) = $0 { return (w, h) } else { return nil } }
    }

    // MARK: Text

    public var text: String {
        var out = "\(Self.magic) \(Self.version)\n{\"settings\": \(settings)}\n"
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
            case .wheel(let dy, let at, _, let shift):
                fields.append(("e", "\"wheel\"")); fields.append(("dy", number(dy))); p(at); fields.append(("shift", "\(shift)"))
            case .key(let key, _, let shift): fields += [("e", "\"key\""), ("key", string(key.rawValue)), ("shift", "\(shift)")]
            case .text(let s, _): fields += [("e", "\"text\""), ("text", string(s))]
            case .shift(let down, _): fields += [("e", "\"shift\""), ("down", "\(down)")]
            case .focusLost: fields.append(("e", "\"focusLost\""))
            case .captureLost: fields.append(("e", "\"captureLost\""))
            }
        case .resize(let size, _): fields += [("e", "\"resize\""), ("w", number(size.width)), ("h", number(size.height))]
        case .present(_, let at): fields += [("e", "\"present\""), ("at", number(at))]
        case .frame(_, let hash): fields += [("e", "\"frame\""), ("hash", string(hash))]
        case .end: fields.append(("e", "\"end\""))
        }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// Parses a replay file's text. `name` is used in messages: "FILE:LINE: what is wrong".
    public static func parse(_ text: String, name: String) throws(CaptureError) -> ReplayFile {
        // "\r\n" is one Character in Swift: split on any line break, keeping empty lines.
        var rows = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        while rows.last?.isEmpty == true { rows.removeLast() }
        func fail(_ n: Int, _ message: String) -> CaptureError { CaptureError("\(name):\(n): \(message)") }
        guard let first = rows.first else { throw CaptureError("\(name): empty file; a replay starts with '\(magic) \(version)'") }
        let head = first.split(separator: " ")
        guard head.count == 2, head[0] == magic, let v = Int(head[1]) else {
            throw fail(1, "not a SpringLab replay (expected '\(magic) \(version)')")
        }
        guard v == version else { throw fail(1, "replay version \(v); this SpringLab reads version \(version)") }
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
        for (i, row) in rows.enumerated().dropFirst(2) {
            let n = i + 1
            guard !row.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let o: Row
            do { o = try JSONDecoder().decode(Row.self, from: Data(row.utf8)) } catch {
                throw fail(n, Self.describe(error))
            }
            let line = try decode(o, fail: { fail(n, $0) })
            // Lines are applied in file order. An input may be stamped a little before the
            // frame line above it (frames are stamped with their predicted present time).
            lines.append(line)
        }
        return ReplayFile(settings: settings, lines: lines)
    }

    /// One line's fields (JSONDecoder reads numbers exactly; JSONSerialization does not).
    struct Row: Decodable {
        var t: Double?, x: Double?, y: Double?, dy: Double?, w: Double?, h: Double?, at: Double?
        var e: String?, key: String?, text: String?, hash: String?
        var shift: Bool?, down: Bool?
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.typeMismatch(let type, let c):
            return "'\(c.codingPath.map(\.stringValue).joined(separator: "."))' must be \(type == Bool.self ? "true or false" : type == String.self ? "a string" : "a number")"
        case DecodingError.dataCorrupted: return "not a JSON object"
        default: return "not a JSON object"
        }
    }

    private static func decode(_ o: Row, fail: (String) -> CaptureError) throws(CaptureError) -> Line {
        func num(_ k: KeyPath<Row, Double?>, _ name: String) throws(CaptureError) -> Double {
            guard let v = o[keyPath: k], v.isFinite else { throw fail("'\(name)' must be a finite number") }
            return v
        }
        func bool(_ k: KeyPath<Row, Bool?>, _ name: String) throws(CaptureError) -> Bool {
            guard let v = o[keyPath: k] else { throw fail("'\(name)' must be true or false") }
            return v
        }
        func str(_ k: KeyPath<Row, String?>, _ name: String) throws(CaptureError) -> String {
            guard let v = o[keyPath: k] else { throw fail("'\(name)' must be a string") }
            return v
        }
        let t = try num(\.t, "t")
        guard t >= 0 else { throw fail("'t' must be ≥ 0, got \(t)") }
        let kind = try str(\.e, "e")
        switch kind {
        case "down": return .input(.pointerDown(Point2(try num(\.x, "x"), try num(\.y, "y")), time: t, shift: try bool(\.shift, "shift")))
        case "move": return .input(.pointerMoved(Point2(try num(\.x, "x"), try num(\.y, "y")), time: t))
        case "up": return .input(.pointerUp(Point2(try num(\.x, "x"), try num(\.y, "y")), time: t))
        case "wheel": return .input(.wheel(dy: try num(\.dy, "dy"), at: Point2(try num(\.x, "x"), try num(\.y, "y")), time: t, shift: try bool(\.shift, "shift")))
        case "key":
            let name = try str(\.key, "key")
            guard let key = Key(rawValue: name) else { throw fail("unknown key '\(name)'") }
            return .input(.key(key, time: t, shift: try bool(\.shift, "shift")))
        case "text": return .input(.text(try str(\.text, "text"), time: t))
        case "shift": return .input(.shift(try bool(\.down, "down"), time: t))
        case "focusLost": return .input(.focusLost(time: t))
        case "captureLost": return .input(.captureLost(time: t))
        case "resize":
            let w = try num(\.w, "w"), h = try num(\.h, "h")
            guard w > 0, h > 0 else { throw fail("a resize needs a positive size, got \(w)x\(h)") }
            return .resize(Size(w, h), wall: t)
        case "present": return .present(wall: t, at: try num(\.at, "at"))
        case "frame": return .frame(wall: t, hash: try str(\.hash, "hash"))
        case "end": return .end(wall: t)
        default: throw fail("unknown event '\(kind)' (down, move, up, wheel, key, text, shift, focusLost, captureLost, resize, present, frame, end)")
        }
    }
}

/// Appends replay lines to a file as they happen, each written through at once, so a
/// crash loses nothing recorded before it.
public final class ReplayWriter {
    private let handle: FileHandle
    public let path: String

    public init(path: String, settings: String) throws(CaptureError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil), let h = FileHandle(forWritingAtPath: path) else {
            throw CaptureError("cannot write the replay \(path): \(String(cString: strerror(errno)))")
        }
        handle = h
        try write("\(ReplayFile.magic) \(ReplayFile.version)\n{\"settings\": \(settings)}\n")
    }

    public func append(_ line: ReplayFile.Line) throws(CaptureError) { try write(ReplayFile.encode(line) + "\n") }

    private func write(_ s: String) throws(CaptureError) {
        do {
            // Straight to the file (FileHandle does not buffer): flushed as recorded.
            try handle.write(contentsOf: Data(s.utf8))
        } catch {
            throw CaptureError("cannot write the replay \(path): \(error.localizedDescription)")
        }
    }

    public func close() { try? handle.close() }
}

/// A capture failure, with the words a user needs.
public struct CaptureError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
