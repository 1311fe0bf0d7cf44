import Files
import Foundation
import Inspector
import Motion
import Workbench

/// `springlab velocity`: replays recorded pointer samples through the velocity tracker
/// and prints the release velocity of every `up` row (docs/behaviour.md §8).
///
/// Input rows are `t_ms,x,y,kind` with kind down, move or up; an optional header row,
/// blank lines and `#` comments are skipped. Each `up` row prints `t_ms,vx,vy` (pt/s):
/// the estimate at that moment from the samples so far — the up row's own position is
/// not a sample, because on X11 and Wayland the release carries the last motion's
/// position again and would read as a stop.
///
/// The input streams (docs/behaviour.md §13): rows are read a line at a time as bytes, numbers are
/// parsed at the byte level, and with an `emit` the output leaves in chunks, so a
/// million rows take well under two seconds in a fixed amount of memory. A line longer
/// than `maxLine` bytes (/dev/zero, a 10 MB field) is an error, not a hang.
enum VelocityCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "strategy", kind: .choice(VelocityTracker.Strategy.allCases.map(\.rawValue))),
    ]

    /// The longest line accepted, bytes. A row is about 40; comments may be long.
    static let maxLine = 1 << 16
    /// Output leaves through `emit` in pieces of about this many bytes.
    static let chunkSize = 1 << 16

    /// Where the rows come from: a path (or "-") read as a stream, or text in hand.
    enum Input {
        case path(String)
        case text(String)
    }

    /// `readInput`, when given, supplies the whole text (tests); otherwise the file or
    /// standard input streams. With `emit` the output is written through it as it goes,
    /// and nothing is added to `output`.
    static func run(_ arguments: [String], readInput: ((String) throws(RuntimeError) -> String)?,
                    emit: ((String) throws -> Void)?, output: inout String) throws {
        let a = try parseArguments(arguments, specs: specs, command: "velocity", maxPositional: 1)
        guard let source = a.positional.first, !source.isEmpty else {
            throw UsageError("springlab velocity: give a CSV file of t_ms,x,y,kind rows, or - for standard input")
        }
        let strategy = a.words["strategy"].flatMap(VelocityTracker.Strategy.init(rawValue:)) ?? .leastSquares
        var input = Input.path(source)
        if let readInput { input = .text(try readInput(source)) }
        output += try estimates(from: input, sourceName: InputFile.displayName(source), strategy: strategy, emit: emit)
    }

    /// Runs every row of `input` through the tracker. Returns the output rows, or "" when
    /// they went out through `emit` (in pieces of about `chunkSize` bytes).
    static func estimates(from input: Input, sourceName: String, strategy: VelocityTracker.Strategy,
                          chunkSize: Int = chunkSize, emit: ((String) throws -> Void)?) throws -> String {
        var estimator = Estimator(strategy: strategy, sourceName: sourceName)
        var sink = Sink(chunkSize: chunkSize, emit: emit)
        func eachLine(_ line: UnsafeBufferPointer<UInt8>) throws {
            try estimator.feed(line: line, into: &sink.bytes)
            try sink.flushIfFull()
        }
        do {
            switch input {
            case .text(let text):
                try forEachLine(in: text, name: sourceName, eachLine)
            case .path(let path):
                var reader: LineReader
                do { reader = try LineReader(path: path, maxLine: maxLine) } catch { throw RuntimeError("springlab: \(error)") }
                defer { reader.close() }
                do {
                    try reader.forEachLine { line, _ in try eachLine(line) }
                } catch let error as FileError {
                    throw RuntimeError("springlab velocity: \(error)")
                }
            }
            try sink.flush()
        } catch let failure as Sink.WriteFailure {
            throw failure.underlying
        } catch let error as RuntimeError where sink.emitted {
            // Rows are already out: print all of those before the bad line, and say so
            // (docs/behaviour.md §8: a partial output is named as such). Small inputs fail with no
            // output at all, as they always did.
            try? sink.flush()
            throw RuntimeError(error.message + " (the rows before it were printed)")
        }
        return emit == nil ? String(decoding: sink.bytes, as: UTF8.self) : ""
    }

    /// Calls `body` with each line of `text`, split as `LineReader` splits a file: at LF,
    /// a CR before it dropped, a last line without LF included, the same length limit.
    static func forEachLine(in text: String, name: String,
                            _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var text = text
        try text.withUTF8 { all in
            var start = 0
            var lineNumber = 0
            while start < all.count {
                var newline = start
                while newline < all.count && all[newline] != 10 { newline += 1 }
                lineNumber += 1
                guard newline - start <= maxLine else {
                    throw RuntimeError("springlab velocity: \(name): line \(lineNumber) is longer than \(maxLine) bytes")
                }
                var stop = newline
                if stop > start && all[stop - 1] == 13 { stop -= 1 }
                try body(UnsafeBufferPointer(rebasing: all[start..<stop]))
                start = newline + 1
            }
        }
    }

    /// Output bytes waiting to be emitted.
    struct Sink {
        /// An error thrown by `emit` itself: passed on unchanged, never called partial input.
        struct WriteFailure: Error { let underlying: any Error }

        var bytes: [UInt8] = []
        let chunkSize: Int
        let emit: ((String) throws -> Void)?
        /// Something has already gone out through `emit`.
        private(set) var emitted = false

        init(chunkSize: Int, emit: ((String) throws -> Void)?) {
            self.chunkSize = chunkSize
            self.emit = emit
            bytes.reserveCapacity(emit == nil ? 1 << 12 : chunkSize + 256)
        }

        mutating func flushIfFull() throws {
            if bytes.count >= chunkSize { try flush() }
        }

        mutating func flush() throws {
            guard let emit, !bytes.isEmpty else { return }
            let text = String(decoding: bytes, as: UTF8.self)
            bytes.removeAll(keepingCapacity: true)
            emitted = true
            do { try emit(text) } catch { throw WriteFailure(underlying: error) }
        }
    }

    enum Kind { case down, move, up }

    /// The state carried from row to row: the tracker, the gesture's base time and the
    /// last row's time, and the line count for messages.
    struct Estimator {
        var tracker: VelocityTracker
        let sourceName: String
        var lastTime = -Double.infinity
        /// Times are kept relative to the gesture's down row, subtracted in whole ms
        /// before scaling, so epoch-sized stamps (1.7e12 ms) keep sub-microsecond precision.
        var base: Double?
        var lineNumber = 0

        init(strategy: VelocityTracker.Strategy, sourceName: String) {
            tracker = VelocityTracker(strategy: strategy)
            self.sourceName = sourceName
        }

        func bad(_ why: String) -> RuntimeError {
            RuntimeError("springlab velocity: \(sourceName): line \(lineNumber): \(why)")
        }

        /// One line as split by `LineReader` (no LF, no CR before it). A plain ASCII row
        /// is parsed here at the byte level; anything else — a malformed row, non-ASCII
        /// text, a lone CR, VT or FF (each a line break, as Swift's `isNewline` has it) —
        /// goes through `feedText`, which decides and words the message.
        mutating func feed(line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) throws(RuntimeError) {
            if try feedFast(line, into: &out) { return }
            let text = String(decoding: line, as: UTF8.self)
            for piece in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                lineNumber += 1
                try feedText(piece, into: &out)
            }
        }

        /// Handles a plain ASCII line and returns true, or returns false having changed
        /// nothing, for `feedText` to take it.
        private mutating func feedFast(_ line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) throws(RuntimeError) -> Bool {
            var lo = 0, hi = line.count
            var commas = (0, 0, 0)
            var commaCount = 0
            var i = 0  // (while loops: a debug build runs them several times faster)
            while i < hi {
                let b = line[i]
                i += 1
                if b >= 0x80 || (b >= 11 && b <= 13) { return false }
                if b == 44 {
                    switch commaCount {
                    case 0: commas.0 = i - 1
                    case 1: commas.1 = i - 1
                    case 2: commas.2 = i - 1
                    default: return false
                    }
                    commaCount += 1
                }
            }
            while lo < hi && isBlank(line[lo]) { lo += 1 }
            while hi > lo && isBlank(line[hi - 1]) { hi -= 1 }
            if lo == hi || line[lo] == 35 {  // blank, or a "#" comment
                lineNumber += 1
                return true
            }
            guard commaCount == 3 else { return false }
            let t = trimmed(line, lo, commas.0)
            if lastTime == -.infinity && equals(line, t, "t_ms") {  // the header
                lineNumber += 1
                return true
            }
            let xr = trimmed(line, commas.0 + 1, commas.1)
            let yr = trimmed(line, commas.1 + 1, commas.2)
            let kr = trimmed(line, commas.2 + 1, hi)
            guard let tms = parseFiniteNumber(UnsafeBufferPointer(rebasing: line[t])),
                  let x = parseFiniteNumber(UnsafeBufferPointer(rebasing: line[xr])), abs(x) <= 1e9,
                  let y = parseFiniteNumber(UnsafeBufferPointer(rebasing: line[yr])), abs(y) <= 1e9
            else { return false }
            let kind: Kind
            if equals(line, kr, "move") { kind = .move } else if equals(line, kr, "down") { kind = .down } else if equals(line, kr, "up") { kind = .up } else { return false }
            lineNumber += 1
            let tmsText = UnsafeBufferPointer(rebasing: line[t])
            if let v = try apply(tms: tms, x: x, y: y, kind: kind, tmsText: String(decoding: tmsText, as: UTF8.self)) {
                out.append(contentsOf: tmsText)
                append(v, to: &out)
            }
            return true
        }

        /// One line the way the command always read it: trimmed of Unicode white space,
        /// fields split at commas and trimmed, numbers by `parseFiniteNumber`.
        private mutating func feedText(_ piece: Substring, into out: inout [UInt8]) throws(RuntimeError) {
            let line = piece.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { return }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if lastTime == -.infinity, fields.first == "t_ms" { return }  // header
            guard fields.count == 4 else { throw bad("expected 4 fields t_ms,x,y,kind, found \(fields.count)") }
            guard let tms = parseFiniteNumber(fields[0]) else { throw bad("t_ms \(quoted(fields[0])) is not a finite number") }
            guard let x = parseFiniteNumber(fields[1]), abs(x) <= 1e9 else { throw bad("x \(quoted(fields[1])) is not a number in [-1e9, 1e9]") }
            guard let y = parseFiniteNumber(fields[2]), abs(y) <= 1e9 else { throw bad("y \(quoted(fields[2])) is not a number in [-1e9, 1e9]") }
            let kind: Kind
            switch fields[3] {
            case "down": kind = .down
            case "move": kind = .move
            case "up": kind = .up
            default: throw bad("kind \(quoted(fields[3])) is not one of down, move, up")
            }
            if let v = try apply(tms: tms, x: x, y: y, kind: kind, tmsText: fields[0]) {
                out.append(contentsOf: fields[0].utf8)
                append(v, to: &out)
            }
        }

        /// `,vx,vy` and the line break after an up row's own t_ms text.
        private func append(_ v: Point2, to out: inout [UInt8]) {
            out.append(44)
            out.append(contentsOf: v.x.description.utf8)
            out.append(44)
            out.append(contentsOf: v.y.description.utf8)
            out.append(10)
        }

        /// One parsed row: feeds the tracker; for `up`, returns the velocity to print.
        private mutating func apply(tms: Double, x: Double, y: Double, kind: Kind,
                                    tmsText: @autoclosure () -> String) throws(RuntimeError) -> Point2? {
            if kind == .down || base == nil { base = tms }
            let time = (tms - (base ?? tms)) / 1000
            switch kind {
            case .down:
                lastTime = -.infinity
                tracker.reset()
                tracker.add(time: time, position: Point2(x, y))
            case .move:
                guard time >= lastTime else { throw bad("time \(escaped(tmsText())) ms goes backwards") }
                tracker.add(time: time, position: Point2(x, y))
            case .up:
                guard time >= lastTime else { throw bad("time \(escaped(tmsText())) ms goes backwards") }
                let v = tracker.velocity(releasedAt: time)
                tracker.reset()
                lastTime = time
                return v
            }
            lastTime = time
            return nil
        }
    }
}

@inline(__always) private func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 }

/// `lo..<hi` without blanks at either end.
@inline(__always) private func trimmed(_ line: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int) -> Range<Int> {
    var lo = lo, hi = hi
    while lo < hi && isBlank(line[lo]) { lo += 1 }
    while hi > lo && isBlank(line[hi - 1]) { hi -= 1 }
    return lo..<hi
}

@inline(__always) private func equals(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
    let count = range.upperBound - range.lowerBound
    guard count == word.utf8CodeUnitCount else { return false }
    let w = word.utf8Start
    var k = 0
    while k < count {
        if line[range.lowerBound + k] != w[k] { return false }
        k += 1
    }
    return true
}

/// 1e0 … 1e22: every one exact in a Double.
private let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { r, _ in r * 10 } }

/// Parses ASCII bytes as `parseFiniteNumber(String)` does — plain decimal or scientific
/// (`[+-]digits[.digits][e[+-]digits]`), finite, nothing else — and to the same Double.
/// Up to 15 significant digits with a power of ten up to 22 is Clinger's fast path: one
/// exact integer times or divided by one exact power, rounded once, so correctly rounded
/// like the standard library's parser; anything longer is left to that parser.
func parseFiniteNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var i = 0
    let n = bytes.count
    guard n > 0 else { return nil }
    var negative = false
    if bytes[0] == 43 || bytes[0] == 45 {  // + -
        negative = bytes[0] == 45
        i = 1
    }
    var mantissa: UInt64 = 0
    var digits = 0  // significant digits in `mantissa`
    var exponent = 0
    var sawDigit = false
    var inexact = false  // digits beyond what `mantissa` holds
    while i < n, bytes[i] &- 48 < 10 {
        let d = UInt64(bytes[i] &- 48)
        sawDigit = true
        if mantissa == 0 && d == 0 {
            // a leading zero
        } else if digits < 19 {
            mantissa = mantissa * 10 + d
            digits += 1
        } else {
            inexact = true
            exponent += 1
        }
        i += 1
    }
    if i < n && bytes[i] == 46 {  // .
        i += 1
        while i < n, bytes[i] &- 48 < 10 {
            let d = UInt64(bytes[i] &- 48)
            sawDigit = true
            if mantissa == 0 && d == 0 {
                exponent -= 1
            } else if digits < 19 {
                mantissa = mantissa * 10 + d
                digits += 1
                exponent -= 1
            } else {
                inexact = true
            }
            i += 1
        }
    }
    guard sawDigit else { return nil }
    if i < n && (bytes[i] == 101 || bytes[i] == 69) {  // e E
        i += 1
        var negativeExponent = false
        if i < n && (bytes[i] == 43 || bytes[i] == 45) {
            negativeExponent = bytes[i] == 45
            i += 1
        }
        var e = 0
        var sawExponentDigit = false
        while i < n, bytes[i] &- 48 < 10 {
            if e < 1_000_000 { e = e * 10 + Int(bytes[i] &- 48) }
            sawExponentDigit = true
            i += 1
        }
        guard sawExponentDigit else { return nil }
        exponent += negativeExponent ? -e : e
    }
    guard i == n else { return nil }
    if !inexact && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
        var value = Double(mantissa)
        value = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
        return negative ? -value : value
    }
    // Long or far: the standard library's correctly rounded parser (the grammar above
    // already excluded "nan", "inf" and hex).
    guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
    return value
}
