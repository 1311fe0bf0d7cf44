import Files
import Foundation
import Inspector
import Workbench

/// The `springlab` command line: dispatches to one command and reports how it ended.
///
/// Exit codes: 0 success, 1 runtime error (a file missing or malformed), 2 usage error.
/// Output goes to the `output` string and messages to `errors`, so tests run every
/// command in-process and compare bytes.
public enum SpringLabCommand {
    public static let version = Workbench.version

    public struct Result: Sendable {
        public var exitCode: Int32
        public var output: String
        public var errors: String
    }

    /// Runs one command line (without the program name).
    /// `readInput`, when given, returns a file's text, or standard input's for "-" (tests
    /// hand in text this way); otherwise files are read from the disk, streaming where
    /// the command streams. `emit`, when given, takes a streaming command's output
    /// (`velocity`) in chunks as it is produced instead of `Result.output`; an error it
    /// throws ends the command with status 1. `environment`: the process's, read once by
    /// main (none by default: tests).
    public static func run(_ arguments: [String], environment: LaunchEnvironment = LaunchEnvironment(),
                           readInput: ((String) throws(RuntimeError) -> String)? = nil,
                           emit: ((String) throws -> Void)? = nil) -> Result {
        var output = ""
        var errors = ""
        do {
            do {
                try dispatch(arguments, environment: environment, readInput: readInput, emit: emit, output: &output, errors: &errors)
            } catch let error where !(error is Interrupted) && !(error is UsageError) {
                // A failure while a stop was asked for is the stop's doing (ffmpeg ended by
                // the same Ctrl+C mid-pass, a write cut short): 130 or 143, not 1 (issue 37).
                if let signal = Interrupt.received { throw Interrupted(signal: signal) }
                throw error
            }
            return Result(exitCode: 0, output: output, errors: errors)
        } catch let error as UsageError {
            return Result(exitCode: 2, output: output, errors: oneLine(error.message) + "\n")
        } catch let stop as Interrupted {
            // Ctrl+C or SIGTERM: what was being written is gone, and says so (docs/behaviour.md §13).
            let command = arguments.first.map { $0.hasPrefix("-") ? "run" : $0 } ?? "run"
            let writes = ["record", "filmstrip", "render"].contains(command)
            return Result(exitCode: stop.exitCode, output: output,
                          errors: errors + oneLine("springlab \(command): \(stop)\(writes ? "; nothing was written" : "")") + "\n")
        } catch let error as RuntimeError {
            return Result(exitCode: 1, output: output, errors: errors + oneLine(error.message) + "\n")
        } catch {
            return Result(exitCode: 1, output: output, errors: errors + oneLine("springlab: \(error)") + "\n")
        }
    }

    static func dispatch(_ arguments: [String], environment: LaunchEnvironment, readInput: ((String) throws(RuntimeError) -> String)?,
                         emit: ((String) throws -> Void)?, output: inout String, errors: inout String) throws {
        let command = arguments.first ?? "run"
        let rest = Array(arguments.dropFirst())
        if command.hasPrefix("--") && command != "--version" && command != "--help" {
            // `springlab --scene …` is `springlab run --scene …`.
            return try runApp(arguments, environment: environment)
        }
        switch command {
        case "run": try runApp(rest, environment: environment)
        case "render": try RenderCommand.run(rest, environment: environment, output: &output, errors: &errors)
        case "bench": try BenchCommand.run(rest, environment: environment, output: &output, errors: &errors)
        case "record": try RecordCommand.run(rest, environment: environment, output: &output, errors: &errors)
        case "filmstrip": try FilmstripCommand.run(rest, environment: environment, output: &output, errors: &errors)
        case "neck": try NeckCommand.run(rest, output: &output)
        case "spring": try SpringCommand.run(rest, output: &output)
        case "export": try ExportCommand.run(rest, readInput: readInput, output: &output)
        case "velocity": try VelocityCommand.run(rest, readInput: readInput, emit: emit, output: &output)
        case "fit": try FitCommand.run(rest, environment: environment, readInput: readInput, output: &output, errors: &errors)
        case "help", "--help", "-h": try Help.run(rest, output: &output)
        case "--version", "version":
            guard rest.isEmpty else { throw UsageError("springlab --version: takes no arguments") }
            output += "springlab \(version) (\(BuildInfo.commit))\n"
        default:
            throw UsageError("springlab: unknown command \(quoted(command)); commands: \(Help.commands.joined(separator: ", "))")
        }
    }

    static func runApp(_ arguments: [String], environment: LaunchEnvironment) throws {
        let options = try RunCommand.options(arguments)
        let runner = try AppRunner(options: options, environment: environment)
        try runner.run()
    }

    /// Reads a file as UTF-8 text, or standard input for "-", bounded; a directory,
    /// FIFO or device is named as such (docs/behaviour.md §13).
    public static func readTextInput(_ path: String) throws(RuntimeError) -> String {
        do { return try InputFile.readText(path) } catch { throw RuntimeError("springlab: \(error)") }
    }

    /// Writes all of `text` to the descriptor (1 standard output, 2 standard error),
    /// through short writes and interruptions; a failed write is an error, never a
    /// silent truncation.
    public static func write(_ text: String, to fd: Int32) throws(RuntimeError) {
        if let failure = writeAll(fd, Array(text.utf8)) {
            let name = fd == 1 ? "standard output" : fd == 2 ? "standard error" : "descriptor \(fd)"
            throw RuntimeError("springlab: cannot write to \(name): \(errnoText(failure))")
        }
    }
}
