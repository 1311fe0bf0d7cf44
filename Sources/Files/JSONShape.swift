/// A look at a JSON text's shape before anything decodes it: how deep it nests, how long
/// its lists, objects and strings are — refused at the first part no setting can have.
///
/// Foundation's JSONDecoder builds the whole document first: a 60 MB preset holding one
/// list of 15 million numbers took 23 s and 1.4 GB before being told it is no setting.
/// This walk reads each byte once, keeps only the path it is on, and stops at the first
/// list longer than any setting (docs/behaviour.md §13: bounded input, one clear line):
///
///     try JSONShape.check(text)   // "'pushAlert.gap' holds a list of more than 1000 values"
public enum JSONShape {
    /// Why a text was refused, and on which line (1-based) the part past the limits began.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var message: String
        public var description: String { message }
    }

    /// What a settings document may hold at most. Generous — the longest real list is a
    /// window's two numbers, the deepest nesting four — yet small enough that a refusal
    /// comes within a few milliseconds of the first byte past it.
    public struct Limits: Sendable {
        public var depth = 32
        public var listLength = 1000
        public var members = 1000
        public var stringBytes = 16_384
        public init() {}
    }

    /// Throws a one-line description of the first part of `text` past `limits`; returns
    /// when the shape is within them (whether the text is valid JSON is the decoder's to say).
    /// The text may hold several documents, one a line (a replay): the refusal says which.
    public static func check(_ text: String, limits: Limits = Limits()) throws(Refusal) {
        var line = 1
        var path: [String] = []
        var counts: [Int] = []
        var isList: [Bool] = []
        var key: [UInt8] = []
        var inString = false, escape = false, stringIsKey = false, stringBytes = 0
        /// Where the walk is, for a message: the keys on its path (less the last `dropping`).
        func here(dropping: Int = 0) -> String {
            let shown = path.dropLast(dropping).filter { !$0.isEmpty }.joined(separator: ".")
            return shown.isEmpty ? "the document" : quoted(shown, limit: 80)
        }
        for byte in text.utf8 {
            if inString {
                stringBytes += 1
                if stringBytes > limits.stringBytes {
                    throw Refusal(line: line, message: "\(here()) holds a text of more than \(limits.stringBytes) bytes: not a setting")
                }
                if escape { escape = false; if stringIsKey { key.append(byte) }; continue }
                if byte == UInt8(ascii: "\\") { escape = true; continue }
                if byte == UInt8(ascii: "\"") { inString = false; continue }
                if stringIsKey, key.count < 120 { key.append(byte) }
                continue
            }
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "\""):
                inString = true
                stringBytes = 0
                // A string in an object where a key is due (after `{` or `,`) is a key.
                stringIsKey = isList.last == false && path.last == ""
                if stringIsKey { key.removeAll(keepingCapacity: true) }
            case UInt8(ascii: ":"):
                if isList.last == false { path[path.count - 1] = String(decoding: key, as: UTF8.self) }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if let last = counts.indices.last { counts[last] += counts[last] == 0 ? 1 : 0 }
                guard isList.count < limits.depth else {
                    throw Refusal(line: line, message: "\(here()) nests more than \(limits.depth) deep: not a setting")
                }
                isList.append(byte == UInt8(ascii: "["))
                counts.append(0)
                path.append("")
            case UInt8(ascii: ","):
                guard let last = counts.indices.last else { continue }
                counts[last] += counts[last] == 0 ? 2 : 1
                if isList[last], counts[last] > limits.listLength {
                    throw Refusal(line: line, message: "\(here()) holds a list of more than \(limits.listLength) values: not a setting")
                }
                if !isList[last] {
                    guard counts[last] <= limits.members else {
                        throw Refusal(line: line, message: "\(here(dropping: 1)) holds more than \(limits.members) keys: not a setting")
                    }
                    path[path.count - 1] = ""  // the next key is due
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !isList.isEmpty else { continue }
                isList.removeLast()
                counts.removeLast()
                path.removeLast()
            default:
                continue
            }
        }
    }
}
