import Export
import Files
import Fit
import Foundation
import Workbench

/// `springlab fit` (docs/behaviour.md §16): which spring moved that? A CSV of positions or a screen
/// recording in; the spring, how well it fits, and (with --format) its code out.
///
///     springlab fit alert.mp4
///     springlab fit positions.csv --format compose
enum FitCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "region", kind: .numberList(accepts: "X,Y,W,H: pixels of the frame, W and H above 0",
                                                   valid: { $0 >= 0 && $0 <= 100_000 })),
        .number("at", "a time in seconds, 0 or more", { $0 >= 0 && $0 <= 86_400 }),
        FlagSpec(name: "axis", kind: .choice(PositionTable.Axis.allCases.map(\.rawValue))),
        .number("from", "a time in seconds, 0 or more", { $0 >= 0 && $0 <= 1e10 }),
        .number("to", "a time in seconds, 0 or more", { $0 >= 0 && $0 <= 1e10 }),
        FlagSpec(name: "format", kind: .choice(ExportCommand.formats)),
        FlagSpec(name: "samples", kind: .text(accepts: "a CSV file to write")),
    ]

    static func run(_ arguments: [String], environment: LaunchEnvironment, readInput: ((String) throws(RuntimeError) -> String)?,
                    output: inout String, errors: inout String) throws {
        let a = try parseArguments(arguments, specs: specs, command: "fit", maxPositional: 1)
        guard let path = a.positional.first, !path.isEmpty else {
            throw UsageError("springlab fit: give a video (.mp4 .mov .mkv .webm .gif) or a CSV of positions (t or t_ms, then x and/or y)")
        }
        var options = RecordingFit.Options()
        if let r = a.lists["region"] {
            guard r.count == 4, r[2] > 0, r[3] > 0 else {
                throw UsageError("springlab fit: --region takes X,Y,W,H (four numbers, W and H above 0), not \(r.count) number\(r.count == 1 ? "" : "s")")
            }
            options.region = (r[0], r[1], r[2], r[3])
        }
        if a.has("at") && !a.has("region") { throw UsageError("springlab fit: --at T says which frame --region is of; give --region too") }
        options.at = a.numbers["at"]
        options.axis = a.words["axis"].flatMap(PositionTable.Axis.init(rawValue:))
        options.from = a.numbers["from"]
        options.to = a.numbers["to"]
        if let from = options.from, let to = options.to, !(to > from) {
            throw UsageError("springlab fit: --to (\(to) s) must come after --from (\(from) s)")
        }
        // The samples' file is made (or refused) before the work, and written only after it.
        let samplesFile: OutputFile?
        do { samplesFile = try a.words["samples"].map { try OutputFile(target: $0) } } catch {
            throw RuntimeError("springlab fit: \(error)")
        }
        Interrupt.install()
        let report: RecordingFit.Report
        let readText: (String) throws(RuntimeError) -> String = { (path: String) throws(RuntimeError) -> String in
            if let readInput { return try readInput(path) }
            return try SpringLabCommand.readTextInput(path)
        }
        do {
            report = try RecordingFit.fit(path, options: options, searchPath: environment.searchPath, readText: readText)
        } catch {
            samplesFile?.abandon()
            throw RuntimeError("springlab fit: \(error.message)")
        }
        if let note = RecordingFit.severalMovesNote(report) { errors += "springlab fit: \(note)\n" }
        if let samplesFile {
            do {
                try samplesFile.write(RecordingFit.samplesCSV(report))
                try samplesFile.commit()
            } catch { throw RuntimeError("springlab fit: \(error)") }
        }
        if let format = a.words["format"].flatMap(SpringCodeFormat.init(rawValue:)) {
            if !report.result.isSpring {
                errors += String(format: "springlab fit: not a spring (%.2f %% RMS error): this is the closest spring\n",
                                 report.result.rmsErrorPercent)
            }
            output += SpringCode.text(report.result.motion.spring, format: format) + "\n"
        } else {
            output += RecordingFit.keyValues(report)
        }
    }
}
