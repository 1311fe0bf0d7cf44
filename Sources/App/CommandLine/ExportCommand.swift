import Export
import Files
import Foundation
import Inspector
import Motion
import Scenes
import Workbench

/// `springlab export` (docs/behaviour.md §12.4): a spring as code for the platform it ships on — one
/// spring given by flags, or every spring of a preset, one block each headed by its id.
///
///     springlab export --response 0.5 --damping 0.8 --format compose
///     springlab export --preset tuned.preset.json --spring pushAlert.gap --format css
enum ExportCommand {
    static let formats = SpringCodeFormat.allCases.map(\.rawValue)

    static let specs: [FlagSpec] = SpringCommand.specs.filter {
        ["response", "damping", "duration", "bounce", "stiffness", "friction", "mass", "bounciness", "speed"].contains($0.name)
    } + [
        FlagSpec(name: "format", kind: .choice(formats)),
        FlagSpec(name: "preset", kind: .text(accepts: "a preset file (.preset.json, or a replay's settings)")),
        FlagSpec(name: "spring", kind: .text(accepts: "a spring id of the preset, such as pushAlert.gap")),
    ]

    static func run(_ arguments: [String], readInput: ((String) throws(RuntimeError) -> String)?,
                    output: inout String) throws {
        let a = try parseArguments(arguments, specs: specs, command: "export", maxPositional: 0)
        let format = a.words["format"].flatMap(SpringCodeFormat.init(rawValue:)) ?? .swiftui
        let springFlags = specs.map(\.name).filter { !["format", "preset", "spring"].contains($0) && a.has($0) }
        guard let path = a.words["preset"] else {
            if a.has("spring") { throw UsageError("springlab export: --spring names a spring of a preset; give --preset FILE too") }
            let spring = try SpringCommand.makeSpring(a, command: "export")
            try refuseClamped(a)
            output += SpringCode.text(spring, format: format) + "\n"
            return
        }
        if let flag = springFlags.first {
            throw UsageError("springlab export: --\(flag) and --preset conflict; give a spring by flags or a preset")
        }
        let text = if let readInput { try readInput(path) } else { try SpringLabCommand.readTextInput(path) }
        let preset = try Preset.load(text, name: path)
        var springs: [SceneSpring] = []
        for type in SceneRegistry.scenes {
            springs += try springsOf(type, in: preset)
        }
        guard !springs.isEmpty else {
            throw RuntimeError("springlab export: preset \(path) holds no scene's springs")
        }
        if let id = a.words["spring"] {
            guard let one = springs.first(where: { $0.id == id }) else {
                // A few of its ids and the count, not all sixteen: one line within 300 bytes.
                let ids = springs.map(\.id)
                let named = ids.count <= 4 ? ids.joined(separator: ", ")
                    : ids.prefix(3).joined(separator: ", ") + ", …, " + (ids.last ?? "") + " (\(ids.count) springs)"
                throw UsageError("springlab export: no spring \(quoted(id)) in \(quotedPath(path)); its springs: \(named)")
            }
            output += SpringCode.text(one.spring, format: format) + "\n"
            return
        }
        output += blocks(springs, format: format)
    }

    /// Refuses a spring the flags asked for that `Spring` had to clamp (docs/behaviour.md §13: bad input
    /// gets a clear message): exported code must be the spring asked for, never a nearby one.
    /// `--damping 0.0001` had printed code for 0.001, and `--stiffness 1e9` a 50 ms response.
    static func refuseClamped(_ a: ParsedArguments) throws(UsageError) {
        let n = a.numbers
        func g(_ v: Double) -> String { String(format: "%.10g", v) }
        func physical(_ k: Double, _ c: Double, _ m: Double, _ flags: String) -> ((value: Double, flag: String), (value: Double, flag: String)) {
            ((SpringConversion.response(stiffness: k, mass: m), flags), (SpringConversion.dampingRatio(coefficient: c, stiffness: k, mass: m), flags))
        }
        let response: (value: Double, flag: String), ratio: (value: Double, flag: String)
        if let r = n["response"], let z = n["damping"] {
            (response, ratio) = ((r, "--response \(g(r))"), (z, "--damping \(g(z))"))
        } else if let d = n["duration"], let b = n["bounce"] {
            (response, ratio) = ((d, "--duration \(g(d))"), (b >= 0 ? 1 - b : 1 / (1 + b), "--bounce \(g(b))"))
        } else if let k = n["stiffness"], let c = n["friction"] {
            let m = n["mass"] ?? 1, flags = "--stiffness \(g(k)) --friction \(g(c))" + (a.has("mass") ? " --mass \(g(m))" : "")
            (response, ratio) = physical(k, c, m, flags)
        } else if let b = n["bounciness"], let s = n["speed"] {
            let (k, c) = OrigamiPOP.tensionAndFriction(bounciness: b, speed: s)
            (response, ratio) = physical(k, c, 1, "--bounciness \(g(b)) --speed \(g(s))")
        } else { return }
        if response.value < Spring.minimumResponse {
            throw UsageError(String(format: "springlab export: %@ is a response of %.4g s, shorter than the shortest spring (%g s)",
                                    response.flag, response.value, Spring.minimumResponse))
        }
        if ratio.value < Spring.minimumDampingRatio || ratio.value > Spring.maximumDampingRatio {
            throw UsageError(String(format: "springlab export: %@ is a damping ratio of %.4g, outside [%g, %g]", ratio.flag,
                                    ratio.value, Spring.minimumDampingRatio, Spring.maximumDampingRatio))
        }
    }

    /// Every spring of scene `type` the preset holds, laid over the scene's defaults.
    private static func springsOf<S: Scene>(_ type: S.Type, in preset: Preset) throws -> [SceneSpring] {
        guard let settings = try preset.settings(for: type, over: nil) as? S.Settings else { return [] }
        return S.springs(of: settings)
    }

    /// One block a spring, headed by its id as a comment of the format's language; JSON is
    /// one object keyed by id, so the whole output parses.
    static func blocks(_ springs: [SceneSpring], format: SpringCodeFormat) -> String {
        if format == .json {
            let members = springs.map { spring in
                let body = SpringCode.text(spring.spring, format: .json).split(separator: "\n").joined(separator: "\n  ")
                return "  \(jsonString(spring.id)): \(body)"
            }
            return "{\n" + members.joined(separator: ",\n") + "\n}\n"
        }
        return springs.map { spring in
            let heading = format == .css ? "/* \(spring.id) */" : "// \(spring.id)"
            return heading + "\n" + SpringCode.text(spring.spring, format: format) + "\n"
        }.joined(separator: "\n")
    }

    /// `s` as a JSON string literal.
    private static func jsonString(_ s: String) -> String {
        let data = (try? JSONEncoder().encode(s)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
