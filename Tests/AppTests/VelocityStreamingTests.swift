import Foundation
import Testing
import Files
@testable import App
@testable import Inspector
@testable import Workbench

/// `springlab velocity` streams (docs/behaviour.md §13): rows read a line at a time, numbers parsed at
/// the byte level exactly as `parseFiniteNumber` parses a flag, output in chunks.
@Suite struct VelocityStreamingTests {
    /// A scratch folder removed by the caller.
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("springlab-velocity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func streamedChunksEqualTheWholeTextResult() throws {
        let path = Fixtures.path("gestures.csv")
        let whole = try VelocityCommand.estimates(from: .text(Fixtures.text("gestures.csv")), sourceName: "g",
                                                  strategy: .leastSquares, emit: nil)
        var chunks: [String] = []
        let rest = try VelocityCommand.estimates(from: .path(path), sourceName: "g", strategy: .leastSquares,
                                                 chunkSize: 40, emit: { chunks.append($0) })
        #expect(rest == "")
        #expect(chunks.count > 3, "a 40-byte chunk size sends about one row per chunk")
        #expect(chunks.allSatisfy { $0.hasSuffix("\n") }, "chunks end at row ends")
        #expect(chunks.joined() == whole)
        #expect(whole.split(separator: "\n").count == 7)

        // Through the command line: with `emit` nothing is left in `output`.
        var emitted = ""
        let streamed = SpringLabCommand.run(["velocity", path], emit: { emitted += $0 })
        let collected = SpringLabCommand.run(["velocity", path])
        #expect(streamed.exitCode == 0 && streamed.output == "" && streamed.errors == "")
        #expect(emitted == whole && collected.output == whole)
    }

    @Test func aLineOverTheLimitIsRefusedWithItsNumber() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("long.csv").path
        let csv = "0,0,0,down\n# " + String(repeating: "x", count: 70_000) + "\n8,4,0,move\n"
        try csv.write(toFile: path, atomically: true, encoding: .utf8)
        let r = SpringLabCommand.run(["velocity", path])
        #expect(r.exitCode == 1)
        #expect(r.errors == "springlab velocity: \(path): line 2 is longer than 65536 bytes\n")
        // Text in hand is held to the same limit, with the same words.
        let t = SpringLabCommand.run(["velocity", "long.csv"], readInput: { _ in csv })
        #expect(t.errors == "springlab velocity: long.csv: line 2 is longer than 65536 bytes\n")
        // A line just under the limit is read.
        let fine = "# " + String(repeating: "x", count: 65_000) + "\n0,0,0,down\n8,4,0,move\n16,8,0,move\n20,8,0,up\n"
        try fine.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(SpringLabCommand.run(["velocity", path]).output.hasPrefix("20,"))
    }

    @Test func aDirectoryOrDeviceIsNamedAsSuch() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = SpringLabCommand.run(["velocity", dir.path])
        #expect(r.exitCode == 1 && r.errors == "springlab: \(dir.path) is a directory, not a file\n")
        let null = SpringLabCommand.run(["velocity", "/dev/null"])
        #expect(null.exitCode == 1 && null.errors == "springlab: /dev/null is a device, not a file\n")
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let f = SpringLabCommand.run(["velocity", fifo])
        #expect(f.exitCode == 1 && f.errors == "springlab: \(fifo) is a FIFO (named pipe), not a file\n")
    }

    @Test func readTextInputNamesDevicesFifosAndDirectories() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, noun) in [("/dev/zero", "is a device"), ("/dev/null", "is a device"), (dir.path, "is a directory"),
                             (fifo, "is a FIFO (named pipe)")] {
            #expect(throws: RuntimeError("springlab: \(path) \(noun), not a file")) {
                try SpringLabCommand.readTextInput(path)
            }
        }
        // A preset path that is a folder: the same words through the command line, not
        // "cannot be read (permissions?)".
        let r = SpringLabCommand.run(["run", "--preset", dir.path])
        #expect(r.exitCode == 1 && r.errors == "springlab: \(dir.path) is a directory, not a file\n")
    }

    @Test func badFieldsAreQuotedCutAndEscaped() {
        let huge = String(repeating: "7", count: 10_000) + "x"
        let r = SpringLabCommand.run(["velocity", "g.csv"], readInput: { _ in "0,0,0,down\n8,\(huge),0,move\n" })
        #expect(r.exitCode == 1)
        #expect(r.errors == "springlab velocity: g.csv: line 2: x '\(String(repeating: "7", count: 60))…' is not a number in [-1e9, 1e9]\n")
        let control = SpringLabCommand.run(["velocity", "g.csv"], readInput: { _ in "0,0,0,down\n8,4,0,mo\u{1B}[2Jve\n" })
        #expect(control.errors == "springlab velocity: g.csv: line 2: kind 'mo\\u{1B}[2Jve' is not one of down, move, up\n")
        let nul = SpringLabCommand.run(["velocity", "g.csv"], readInput: { _ in "1\u{0}2,0,0,down\n" })
        #expect(nul.errors == "springlab velocity: g.csv: line 1: t_ms '1\\02' is not a finite number\n")
    }

    @Test func aBadRowAfterStreamedOutputSaysTheOutputIsPartial() throws {
        var csv = ""
        for g in 0..<50 {
            let t = g * 1000
            csv += "\(t),0,0,down\n\(t + 8),4,0,move\n\(t + 16),8,0,move\n\(t + 20),8,0,up\n"
        }
        csv += "99999,1,nope,move\n"
        var emitted = ""
        #expect(throws: RuntimeError("springlab velocity: g.csv: line 201: y 'nope' is not a number in [-1e9, 1e9] (the rows before it were printed)")) {
            _ = try VelocityCommand.estimates(from: .text(csv), sourceName: "g.csv", strategy: .leastSquares,
                                              chunkSize: 100, emit: { emitted += $0 })
        }
        #expect(emitted.split(separator: "\n").count == 50, "every row before the bad line is out")
        // Without output streamed yet, nothing is written and nothing is called partial.
        let r = SpringLabCommand.run(["velocity", "g.csv"], readInput: { _ in csv })
        #expect(r.output == "" && r.errors.hasSuffix("[-1e9, 1e9]\n"))
    }

    @Test func lineBreaksAndWhiteSpaceReadAsBefore() {
        // A lone CR, VT or FF breaks a line (Swift's isNewline), CRLF is one break,
        // Unicode white space around a field is trimmed: the line numbers count them so.
        let csv = "t_ms,x,y,kind\r\n0,0,0,down\r8,4,0,move\u{0B}16,\u{A0}8,0,move\u{0C}20,8,0,up \n\n21,x,0,move"
        let r = SpringLabCommand.run(["velocity", "g.csv"], readInput: { _ in csv })
        #expect(r.errors == "springlab velocity: g.csv: line 7: x 'x' is not a number in [-1e9, 1e9]\n")
        let good = SpringLabCommand.run(["velocity", "-"], readInput: { _ in String(csv.dropLast(13)) })
        #expect(good.output == "20,499.9999999999984,0.0\n")
    }

    /// The byte-level parser against the String one it stands in for: the same numbers
    /// accepted, to the same Double, the same ones refused.
    @Test func byteParserMatchesTheFlagParser() {
        var samples = ["0", "-0", "+5", ".5", "5.", "1e3", "1E-3", "1e+2", "-3.25", "1e999", "1e-400", "nan", "inf",
                       "-inf", "infinity", "0x10", "0x1p3", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308",
                       "123456789012345678901234", "9007199254740993", "9007199254740992", "1e22", "1e23", "1e-22",
                       "8e-23", "0.1", "0.30000000000000004", "00012.50", "1.", "e5", "1e", "--1", "+-1", "1.2.3", "",
                       "+", "-", ".", "1e+", "12345.678901234567", "0.000000000000000000000001234", "1764400000119",
                       "999999999999999.9", "1_000", "١٢", "1 2", "1,5", "0e999999999999999999", "1e-0", "7e0"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet = Array("0123456789012345678901234567890123456789.-+eE")
        for _ in 0..<20_000 {
            samples.append(String((0..<Int(next() % 24)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }))
            let digits = String(next() % 100_000_000_000)
            let point = Int(next() % UInt64(digits.count + 1))
            samples.append(String(digits.prefix(point)) + "." + String(digits.dropFirst(point)) + (next() % 3 == 0 ? "e\(Int(next() % 60) - 30)" : ""))
        }
        var accepted = 0
        for s in samples {
            let want = parseFiniteNumber(s)
            let got = Array(s.utf8).withUnsafeBufferPointer { parseFiniteNumber($0) }
            #expect(got?.bitPattern == want?.bitPattern, "\(quoted(s))")
            if want != nil { accepted += 1 }
        }
        #expect(accepted > 20_000, "the samples exercise the accepting path")
    }
}
