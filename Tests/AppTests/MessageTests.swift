import Foundation
import Testing
import Files
@testable import App
@testable import Inspector
@testable import Workbench

/// Error messages are one line, and the values echoed in them are cut to 60 characters
/// with control characters escaped (docs/behaviour.md §13).
@Suite struct MessageTests {
    @Test func quotedCutsAndEscapes() {
        #expect(quoted("abc") == "'abc'")
        #expect(quoted("a\nb") == "'a\\nb'")
        #expect(quoted("tab\there\r\0") == "'tab\\there\\r\\0'")
        #expect(quoted("\u{1B}[31mred") == "'\\u{1B}[31mred'")
        #expect(quoted("x\u{2028}y") == "'x\\u{2028}y'")
        let sixty = "123456789012345678901234567890123456789012345678901234567890"
        #expect(quoted(sixty) == "'123456789012345678901234567890123456789012345678901234567890'", "60 is not cut")
        #expect(quoted(sixty + "X") == "'123456789012345678901234567890123456789012345678901234567890…'")
        // A character counts once however it is escaped.
        #expect(quoted(String(repeating: "\n", count: 61)) == "'" + String(repeating: "\\n", count: 60) + "…'")
        #expect(oneLine("two\nlines") == "two\\nlines")
    }

    /// Every message is exactly one line ending in "\n".
    func isOneLine(_ errors: String) -> Bool {
        errors.hasSuffix("\n") && errors.dropLast().contains("\n") == false && errors.dropLast().contains("\r") == false
    }

    @Test func aFlagValueWithANewlineGivesOneLine() {
        let r = SpringLabCommand.run(["spring", "--response", "0.4\nrm -rf", "--damping", "1", "--times", "0"])
        #expect(r.exitCode == 2)
        #expect(r.errors == "springlab spring: --response accepts seconds in (0, 1000] (clamped to at least 0.05), got '0.4\\nrm -rf'\n")
    }

    @Test func aHugeFlagValueGivesAShortLine() {
        let huge = String(repeating: "9", count: 100_000)
        for arguments in [["spring", "--response", huge, "--damping", "1", "--times", "0"],
                          ["spring", "--response=\(huge)", "--damping", "1", "--times", "0"],
                          ["spring", "--times", "0,\(huge)x", "--response", "1", "--damping", "1"],
                          ["velocity", "--strategy", huge, "-"],
                          ["spring", "--" + huge],
                          ["spring", "-" + huge],
                          ["velocity", "a.csv", huge],
                          [huge]] {
            let r = SpringLabCommand.run(arguments)
            #expect(r.exitCode == 2)
            #expect(isOneLine(r.errors) && r.errors.count < 200, "\(r.errors.prefix(300))")
        }
    }

    @Test func namesAndArgumentsAreQuoted() {
        let flag = SpringLabCommand.run(["spring", "--resp\nonse", "1"])
        #expect(flag.errors == "springlab spring: unknown flag '--resp\\nonse'; see 'springlab help spring'\n")
        let dash = SpringLabCommand.run(["velocity", "-x\u{7}"])
        #expect(dash.errors == "springlab velocity: unknown flag '-x\\u{7}'; see 'springlab help velocity'\n")
        let extra = SpringLabCommand.run(["velocity", "a.csv", "b\0c"])
        #expect(extra.errors == "springlab velocity: unexpected argument 'b\\0c'; see 'springlab help velocity'\n")
        let command = SpringLabCommand.run(["fro\nb"])
        #expect(command.exitCode == 2 && isOneLine(command.errors) && command.errors.hasPrefix("springlab: unknown command 'fro\\nb';"))
    }

    @Test func runtimeMessagesAreOneLine() {
        // A path with a line break in it: named escaped, on one line.
        let r = SpringLabCommand.run(["velocity", "/nonexistent/a\nb.csv"])
        #expect(r.exitCode == 1 && r.errors == "springlab: '/nonexistent/a\\nb.csv': no such file\n")
        // Whatever a command throws, `run` hands back one bounded line.
        let long = SpringLabCommand.run(["velocity", "/nonexistent/" + String(repeating: "d/", count: 50_000)])
        #expect(long.exitCode == 1 && isOneLine(long.errors) && long.errors.count < 700)
    }
}
