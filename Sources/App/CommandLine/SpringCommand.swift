import Foundation
import Inspector
import Motion
import Workbench

/// `springlab spring`: samples one spring motion in closed form and prints it as CSV,
/// or its derived constants with `--info` (docs/behaviour.md §8).
enum SpringCommand {
    static let positive: @Sendable (Double) -> Bool = { $0 > 0 }
    static let nonNegative: @Sendable (Double) -> Bool = { $0 >= 0 }
    /// Bounds that keep every product in the closed form finite: beyond them a spring is
    /// a typo (a 1e200 damping ratio overflows c to infinity and prints NaN).
    static func within(_ lo: Double, _ hi: Double) -> @Sendable (Double) -> Bool { { $0 >= lo && $0 <= hi } }
    static func positive(upTo hi: Double) -> @Sendable (Double) -> Bool { { $0 > 0 && $0 <= hi } }
    static let magnitude = 1e12

    static let specs: [FlagSpec] = [
        .number("response", "seconds in (0, 1000] (clamped to at least 0.05)", positive(upTo: 1000)),
        .number("damping", "a damping ratio in (0, 1000] (1 = critical)", positive(upTo: 1000)),
        .number("duration", "seconds in (0, 1000] (clamped to at least 0.05)", positive(upTo: 1000)),
        .number("bounce", "a number in (-1, 1)", { $0 > -1 && $0 < 1 }),
        .number("stiffness", "a number in (0, 1e9]", positive(upTo: 1e9)),
        .number("friction", "a damping coefficient in (0, 1e9]", positive(upTo: 1e9)),
        .number("mass", "a number in [1e-6, 1e6]", within(1e-6, 1e6)),
        // Origami's POP Animation (docs/behaviour.md §18): Rebound's conversion reads back up to 42.5.
        .number("bounciness", "Origami bounciness in [0, 42.5]", within(0, 42.5)),
        .number("speed", "Origami speed in (0, 100]", positive(upTo: 100)),
        .number("from", "a number in [-1e12, 1e12]", within(-magnitude, magnitude)),
        .number("to", "a number in [-1e12, 1e12]", within(-magnitude, magnitude)),
        .number("velocity", "units per second in [-1e12, 1e12]", within(-magnitude, magnitude)),
        .number("normalized-velocity", "travels per second in [-1e6, 1e6]", within(-1e6, 1e6)),
        // Times within 24 h, like every time SpringLab reads (docs/behaviour.md §13).
        FlagSpec(name: "times", kind: .numberList(accepts: "a comma-separated list of times in [0, 86400] seconds",
                                                  valid: within(0, 86_400))),
        .number("until", "a time in [0, 86400] seconds", within(0, 86_400)),
        .number("fps", "a frame rate > 0 and <= 10000", { $0 > 0 && $0 <= 10_000 }),
        FlagSpec(name: "info", kind: .toggle),
    ]

    /// More rows than this is a typo, not a request; refuse before allocating them.
    static let maxRows = 1_000_000

    static func run(_ arguments: [String], output: inout String) throws(UsageError) {
        let a = try parseArguments(arguments, specs: specs, command: "spring", maxPositional: 0)
        let spring = try makeSpring(a)
        let from = a.numbers["from"] ?? 0
        let to = a.numbers["to"] ?? 1
        if a.has("velocity") && a.has("normalized-velocity") {
            throw UsageError("springlab spring: --velocity and --normalized-velocity conflict; give one of them")
        }
        let velocity: Double
        if let u = a.numbers["normalized-velocity"] {
            velocity = SpringVelocity.normalized(u).absolute(from: from, to: to)
        } else {
            velocity = a.numbers["velocity"] ?? 0
        }
        let times = try sampleTimes(a)
        if a.toggles.contains("info") && times != nil {
            throw UsageError("springlab spring: --info conflicts with --times/--until; it prints key=value lines only")
        }
        if a.toggles.contains("info") {
            output += "stiffness=\(spring.stiffness)\n"
            output += "damping=\(spring.damping)\n"
            output += "ratio=\(spring.dampingRatio)\n"
            output += "response=\(spring.response)\n"
            output += "bounce=\(spring.bounce)\n"
            output += "settle=\(spring.settleDuration)\n"
            return
        }
        guard let times else {
            throw UsageError("springlab spring: give --times T1,T2,... or --until T --fps F (or --info)")
        }
        output.reserveCapacity(output.count + times.count * 48)
        output += "t,position,velocity\n"
        for t in times {
            let state = spring.value(at: t, from: from, to: to, velocity: velocity)
            output += "\(t),\(state.position),\(state.velocity)\n"
        }
    }

    /// Exactly one parameterization, complete; messages name `command` (`spring`, `export`).
    static func makeSpring(_ a: ParsedArguments, command: String = "spring") throws(UsageError) -> Spring {
        let forms: [(flags: [String], name: String)] = [
            (["response", "damping"], "--response R --damping Z"),
            (["duration", "bounce"], "--duration D --bounce B"),
            (["stiffness", "friction"], "--stiffness K --friction C"),
            (["bounciness", "speed"], "--bounciness B --speed S"),
        ]
        let used = forms.filter { form in form.flags.contains(where: a.has) }
        guard used.count == 1, let form = used.first else {
            if used.isEmpty {
                throw UsageError("springlab \(command): give a spring: --response R --damping Z, --duration D --bounce B, --stiffness K --friction C, "
                                 + "or --bounciness B --speed S")
            }
            throw UsageError("springlab \(command): \(used.map(\.name).joined(separator: " and ")) conflict; give one parameterization")
        }
        if let missing = form.flags.first(where: { !a.has($0) }) {
            throw UsageError("springlab \(command): --\(missing) is missing; \(form.name) go together")
        }
        if a.has("mass") && form.flags[0] != "stiffness" {
            throw UsageError("springlab \(command): --mass goes with --stiffness K --friction C only")
        }
        let n = a.numbers
        switch form.flags[0] {
        case "response": return Spring(response: n["response"] ?? 0, dampingRatio: n["damping"] ?? 0)
        case "duration": return Spring(duration: n["duration"] ?? 0, bounce: n["bounce"] ?? 0)
        case "bounciness": return OrigamiPOP.spring(bounciness: n["bounciness"] ?? 0, speed: n["speed"] ?? 0)
        default: return Spring(mass: n["mass"] ?? 1, stiffness: n["stiffness"] ?? 0, damping: n["friction"] ?? 0)
        }
    }

    /// The times to sample: the list, or i / fps for i = 0 … ⌊until × fps⌋ — each computed
    /// from its index, never by accumulating 1/fps, so row 60 at 60 fps is exactly 1.
    static func sampleTimes(_ a: ParsedArguments) throws(UsageError) -> [Double]? {
        let timed = a.has("until") || a.has("fps")
        if a.has("times") && timed {
            throw UsageError("springlab spring: --times and --until/--fps conflict; give one of them")
        }
        if let list = a.lists["times"] {
            guard list.count <= maxRows else { throw UsageError("springlab spring: --times accepts at most \(maxRows) times") }
            return list
        }
        guard timed else { return nil }
        guard let until = a.numbers["until"] else { throw UsageError("springlab spring: --until is missing; --until T --fps F go together") }
        guard let fps = a.numbers["fps"] else { throw UsageError("springlab spring: --fps is missing; --until T --fps F go together") }
        // A hair of tolerance so 1 s at 60 fps includes frame 60 despite rounding in T×F.
        let last = (until * fps * (1 + 1e-12)).rounded(.down)
        guard last.isFinite, last < Double(maxRows) else {
            throw UsageError("springlab spring: --until × --fps accepts at most \(maxRows) rows")
        }
        return (0...Int(last)).map { Double($0) / fps }
    }
}
