import Foundation
import Motion

/// `springlab velocity`: replays recorded pointer samples through the velocity tracker
/// and prints the release velocity of every `up` row (SPEC §8).
///
/// Input rows are `t_ms,x,y,kind` with kind down, move or up; an optional header row,
/// blank lines and `#` comments are skipped. Each `up` row prints `t_ms,vx,vy` (pt/s):
/// the estimate at that moment from the samples so far — the up row's own position is
/// not a sample, because on X11 and Wayland the release carries the last motion's
/// position again and would read as a stop.
enum VelocityCommand {
    static let specs: [FlagSpec] = [
        FlagSpec(name: "strategy", kind: .choice(VelocityTracker.Strategy.allCases.map(\.rawValue))),
    ]

    static func run(_ arguments: [String], readInput: (String) throws(RuntimeError) -> String,
                    output: inout String) throws -> Void {
        let a = try parseArguments(arguments, specs: specs, command: "velocity", maxPositional: 1)
        guard let source = a.positional.first, !source.isEmpty else {
            throw UsageError("springlab velocity: give a CSV file of t_ms,x,y,kind rows, or - for standard input")
        }
        let strategy = a.words["strategy"].flatMap(VelocityTracker.Strategy.init(rawValue:)) ?? .leastSquares
        let text = try readInput(source)
        let name = source == "-" ? "standard input" : source
        output += try estimates(csv: text, strategy: strategy, sourceName: name)
    }

    /// The output rows for a whole CSV text.
    static func estimates(csv text: String, strategy: VelocityTracker.Strategy, sourceName: String) throws(RuntimeError) -> String {
        var tracker = VelocityTracker(strategy: strategy)
        var out = ""
        var lastTime = -Double.infinity
        // Times are kept relative to the gesture's down row, subtracted in whole ms before
        // scaling, so epoch-sized stamps (1.7e12 ms) keep sub-microsecond precision.
        var base: Double?
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if offset == 0 || lastTime == -.infinity, fields.first == "t_ms" { continue }  // header
            func bad(_ why: String) -> RuntimeError {
                RuntimeError("springlab velocity: \(sourceName): line \(lineNumber): \(why)")
            }
            guard fields.count == 4 else { throw bad("expected 4 fields t_ms,x,y,kind, found \(fields.count)") }
            guard let tms = parseFiniteNumber(fields[0]) else { throw bad("t_ms '\(fields[0])' is not a finite number") }
            guard let x = parseFiniteNumber(fields[1]), abs(x) <= 1e9 else { throw bad("x '\(fields[1])' is not a number in [-1e9, 1e9]") }
            guard let y = parseFiniteNumber(fields[2]), abs(y) <= 1e9 else { throw bad("y '\(fields[2])' is not a number in [-1e9, 1e9]") }
            if fields[3] == "down" || base == nil { base = tms }
            let time = (tms - (base ?? tms)) / 1000
            switch fields[3] {
            case "down":
                lastTime = -.infinity
                tracker.reset()
                tracker.add(time: time, position: Point2(x, y))
            case "move":
                guard time >= lastTime else { throw bad("time \(fields[0]) ms goes backwards") }
                tracker.add(time: time, position: Point2(x, y))
            case "up":
                guard time >= lastTime else { throw bad("time \(fields[0]) ms goes backwards") }
                let v = tracker.velocity(releasedAt: time)
                out += "\(fields[0]),\(v.x),\(v.y)\n"
                tracker.reset()
            default:
                throw bad("kind '\(fields[3])' is not one of down, move, up")
            }
            lastTime = time
        }
        return out
    }
}
