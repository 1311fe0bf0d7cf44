import Files
import Foundation
import Inspector

/// The capture panel's choices (docs/behaviour.md §14): what R records and S saves. Remembered with
/// the session; each value checked where it is read.
package struct CaptureOptions: Equatable, Sendable {
    package enum Format: String, CaseIterable, Sendable {
        case mp4, gif, png

        package var title: String {
            switch self {
            case .mp4: "MP4"
            case .gif: "GIF"
            case .png: "PNG seq"
            }
        }
    }

    package var format: Format
    /// Frames a second: 60, 50 or 30 (GIF: 50, 33 or 25 — its delays are whole
    /// centiseconds, so 33 is 100/3).
    package var fps: Int
    /// Pixels per point of the capture: 1 or 2.
    package var scale: Int
    /// The whole window (inspector and bar included) rather than the stage alone.
    package var wholeWindow: Bool
    /// A cursor and a ring on each press and release, drawn into the capture.
    package var pointer: Bool
    /// How many seconds F9 and the panel's Save button keep (docs/behaviour.md §17): 10, 30 or 60.
    package var lastSeconds = 30
    /// The take's name (docs/behaviour.md §17), put in its file or folder name; always already
    /// sanitised (`CaptureOptions.sanitisedName`), "" for none.
    package private(set) var name = ""

    /// With no arguments, what a fresh session captures: MP4, 60 fps, 1×, the stage, no pointer.
    package init(format: Format = .mp4, fps: Int = 60, scale: Int = 1, wholeWindow: Bool = false, pointer: Bool = false) {
        self.format = format
        self.fps = fps
        self.scale = scale
        self.wholeWindow = wholeWindow
        self.pointer = pointer
    }

    package static func rates(for format: Format) -> [Int] { format == .gif ? [50, 33, 25] : [60, 50, 30] }

    /// What R makes with these choices, as the shortcut overlay says it (docs/behaviour.md §15.7: the
    /// overlay promised "MP4 at 60 fps" whatever the panel was set to): "PNG frames, 50 fps,
    /// 2×, window". Short: the overlay's widest line must fit the minimum window's stage.
    package var takeDescription: String {
        let what: String
        switch format {
        case .mp4: what = "MP4"
        case .gif: what = "GIF"
        case .png: what = "PNG frames"
        }
        return "\(what), \(fps) fps, \(scale)×, \(wholeWindow ? "window" : "stage")" + (pointer ? ", pointer" : "")
    }
    package static let scales = [1, 2]
    package static let lastChoices = [10, 30, 60]
    /// The longest name kept, in characters.
    package static let nameLimit = 40

    /// Names the takes from now on (`sanitisedName`); "" for none.
    package mutating func setName(_ text: String) { name = Self.sanitisedName(text) }

    /// A name made safe to be a part of a file name, never a path: a slash, a backslash,
    /// a control character or anything else a file manager or a shell would trip on
    /// (`:*?"<>|`) becomes a dash; a run of spaces or of dashes becomes one; leading dots,
    /// dashes and spaces go (".." and hidden files cannot be made); at most 40 characters.
    package static func sanitisedName(_ text: String) -> String {
        let unsafe = Set<Character>(["/", "\\", ":", "*", "?", "\"", "<", ">", "|"])
        var out = ""
        for c in text {
            // (Tabs and line breaks are spaces; other control and format characters dashes.)
            let bad = unsafe.contains(c) || c.unicodeScalars.contains { $0.properties.generalCategory == .control
                || $0.properties.generalCategory == .format || $0.value == 0x7F }
            let piece: Character = c.isWhitespace ? " " : bad ? "-" : c
            // One space, or one dash, where several were.
            if piece == " " || piece == "-", out.last == piece { continue }
            out.append(piece)
        }
        let trimmed = out.drop { $0 == "." || $0 == " " || $0 == "-" }
        var name = String(String(trimmed).prefix(nameLimit))
        while let last = name.last, last == " " || last == "-" || last == "." { name.removeLast() }
        return name
    }

    /// `format`, with the frame rate moved to the format's nearest when it has no such rate.
    package mutating func choose(_ format: Format) {
        self.format = format
        let rates = Self.rates(for: format)
        if !rates.contains(fps) { fps = rates.min { abs($0 - fps) < abs($1 - fps) } ?? rates[0] }
    }

    /// What is wrong with the choices, in words, or nil.
    package func problem() -> String? {
        guard Self.rates(for: format).contains(fps) else {
            let rates = Self.rates(for: format).map(String.init).joined(separator: ", ")
            return "'fps' must be one of \(rates) for \(format.rawValue), got \(fps)"
        }
        guard Self.scales.contains(scale) else { return "'scale' must be 1 or 2, got \(scale)" }
        guard Self.lastChoices.contains(lastSeconds) else { return "'lastSeconds' must be 10, 30 or 60, got \(lastSeconds)" }
        return nil
    }

    /// The output for a take whose replay is `replay` (…/NAME.slreplay): NAME.mp4, NAME.gif
    /// or the folder NAME/ of PNGs.
    package func output(forReplay replay: String) -> String {
        let base = String(replay.dropLast(".slreplay".count))
        switch format {
        case .mp4: return base + ".mp4"
        case .gif: return base + ".gif"
        case .png: return base + "/"
        }
    }

    /// `springlab record`'s flags for these choices.
    package var recordArguments: [String] {
        var args = ["--fps", String(fps), "--scale", String(scale)]
        if wholeWindow { args.append("--window") }
        if pointer { args.append("--pointer") }
        return args
    }
}

extension CaptureOptions: Codable {
    private enum Keys: String, CodingKey { case format, fps, scale, wholeWindow, pointer, lastSeconds, name }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let word = try c.decode(String.self, forKey: .format)
        guard let format = Format(rawValue: word) else {
            throw DecodingError.dataCorruptedError(forKey: .format, in: c, debugDescription:
                "unknown capture format \(quoted(word)) (\(Format.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.format = format
        fps = try c.decode(Int.self, forKey: .fps)
        scale = try c.decode(Int.self, forKey: .scale)
        wholeWindow = try c.decode(Bool.self, forKey: .wholeWindow)
        pointer = try c.decode(Bool.self, forKey: .pointer)
        // (Sessions saved before the panel had them hold neither.)
        lastSeconds = try c.decodeIfPresent(Int.self, forKey: .lastSeconds) ?? 30
        name = Self.sanitisedName(try c.decodeIfPresent(String.self, forKey: .name) ?? "")
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(format.rawValue, forKey: .format)
        try c.encode(fps, forKey: .fps)
        try c.encode(scale, forKey: .scale)
        try c.encode(wholeWindow, forKey: .wholeWindow)
        try c.encode(pointer, forKey: .pointer)
        try c.encode(lastSeconds, forKey: .lastSeconds)
        try c.encode(name, forKey: .name)
    }
}
