import Foundation
import Platform
import App

// Large transient blocks in mappings of their own, so their holes do not stay resident.
ProcessMemory.returnLargeBlocks()

// A file size limit (ulimit -f) makes writes fail with EFBIG like a full disk, instead of
// killing the process mid-write: every output then fails whole (docs/behaviour.md §13).
signal(SIGXFSZ, SIG_IGN)

/// Writes what `run` left to standard output and standard error; the exit status, 1 if
/// standard output could not take it.
func report(_ result: SpringLabCommand.Result) -> Int32 {
    do {
        try SpringLabCommand.write(result.output, to: 1)
    } catch {
        try? SpringLabCommand.write(result.errors + error.message + "\n", to: 2)
        return 1
    }
    try? SpringLabCommand.write(result.errors, to: 2)
    return result.exitCode
}

// The environment, read here once; everything below takes what it needs from this value.
let environment = LaunchEnvironment(ProcessInfo.processInfo.environment)

// Streaming commands (velocity) write their output through `emit` as they go.
exit(report(SpringLabCommand.run(Array(CommandLine.arguments.dropFirst()), environment: environment,
                                 emit: { text in try SpringLabCommand.write(text, to: 1) })))
