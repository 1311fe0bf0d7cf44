import Files
import Foundation

/// The `springlab` command line: dispatches to one command and reports how it ended.
///
/// Exit codes: 0 success, 1 runtime error (a file missing or malformed), 2 usage error.
/// Output goes to the `output` string and messages to `errors`, so tests run every
/// command in-process and compare bytes.
public enum SpringLabCommand {
    public static let version = "0.1.0"

    public struct Result: Sendable {
        public var exitCode: Int32
        public var output: String
        public var errors: String
    }

    /// Runs one command line (without the program name).
    /// `readInput` returns a file's text, or standard input's for "-".
    public static func run(_ arguments: [String],
                           readInput: (String) throws(RuntimeError) -> String = readTextInput) -> Result {
        var output = ""
        var errors = ""
        do {
            try dispatch(arguments, readInput: readInput, output: &output, errors: &errors)
            return Result(exitCode: 0, output: output, errors: errors)
        } catch let error as UsageError {
            return Result(exitCode: 2, output: output, errors: error.message + "\n")
        } catch let stop as Interrupted {
            // Ctrl+C or SIGTERM: what was being written is gone, and says so (SPEC §13).
            let command = arguments.first.map { $0.hasPrefix("-") ? "run" : $0 } ?? "run"
            let writes = ["record", "filmstrip", "render"].contains(command)
            return Result(exitCode: stop.exitCode, output: output,
                          errors: errors + "springlab \(command): \(stop)\(writes ? "; nothing was written" : "")\n")
        } catch let error as RuntimeError {
            return Result(exitCode: 1, output: output, errors: errors + error.message + "\n")
        } catch {
            return Result(exitCode: 1, output: output, errors: errors + "springlab: \(error)\n")
        }
    }

    static func dispatch(_ arguments: [String], readInput: (String) throws(RuntimeError) -> String,
                         output: inout String, errors: inout String) throws {
        let command = arguments.first ?? "run"
        let rest = Array(arguments.dropFirst())
        if command.hasPrefix("--") && command != "--version" && command != "--help" {
            // `springlab --scene …` is `springlab run --scene …`.
            return try runApp(arguments)
        }
        switch command {
        case "run": try runApp(rest)
        case "render": try RenderCommand.run(rest, output: &output, errors: &errors)
        case "bench": try BenchCommand.run(rest, output: &output, errors: &errors)
        case "record": try RecordCommand.run(rest, output: &output, errors: &errors)
        case "filmstrip": try FilmstripCommand.run(rest, output: &output, errors: &errors)
        case "neck": try NeckCommand.run(rest, output: &output)
        case "spring": try SpringCommand.run(rest, output: &output)
        case "velocity": try VelocityCommand.run(rest, readInput: readInput, output: &output)
        case "help", "--help", "-h": try Help.run(rest, output: &output)
        case "--version", "version":
            guard rest.isEmpty else { throw UsageError("springlab --version: takes no arguments") }
            output += "springlab \(version)\n"
        default:
            throw UsageError("springlab: unknown command '\(command)'; commands: \(Help.commandNames.joined(separator: ", "))")
        }
    }

    static func runApp(_ arguments: [String]) throws {
        let options = try RunCommand.options(arguments)
        let runner = try AppRunner(options: options)
        try runner.run()
    }

    /// Reads a file as UTF-8 text, or standard input for "-".
    public static func readTextInput(_ path: String) throws(RuntimeError) -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw RuntimeError("springlab: \(path): no such file")
            }
            guard !isDirectory.boolValue else { throw RuntimeError("springlab: \(path): is a directory, not a file") }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw RuntimeError("springlab: \(path): cannot be read (permissions?)")
            }
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RuntimeError("springlab: \(path == "-" ? "standard input" : path): not UTF-8 text")
        }
        return text
    }
}
