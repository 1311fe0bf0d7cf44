import Foundation
import Playground

// A file size limit (ulimit -f) makes writes fail with EFBIG like a full disk, instead of
// killing the process mid-write: every output then fails whole (SPEC §13).
signal(SIGXFSZ, SIG_IGN)

let result = SpringLabCommand.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(result.output.utf8))
FileHandle.standardError.write(Data(result.errors.utf8))
exit(result.exitCode)
