import Foundation
import Testing
@testable import App
@testable import Inspector
@testable import Workbench
import Motion
import Canvas
import Scenes

/// `springlab spring` (docs/behaviour.md §8, issue 2).
@Suite struct SpringCommandTests {
    @Test func alertSpringAtSixtyFramesMatchesTheClosedForm() {
        let r = SpringLabCommand.run(["spring", "--response", "0.42", "--damping", "0.78", "--until", "1", "--fps", "60"])
        #expect(r.exitCode == 0)
        let lines = r.output.split(separator: "\n")
        #expect(lines.first == "t,position,velocity")
        #expect(lines.count == 62)  // header + 61 rows
        let got = Fixtures.numbers(r.output)
        let want = Fixtures.numbers(Fixtures.text("alert_spring_60fps.csv"))
        #expect(got.count == 61 && want.count == 61)
        for (g, w) in zip(got, want) {
            #expect(g.count == 3)
            #expect(g[0] == w[0], "t must be exactly i/60")
            #expect(abs(g[1] - w[1]) < 1e-9 && abs(g[2] - w[2]) < 1e-9, "row t=\(w[0])")
        }
    }

    @Test func outputIsFullPrecision() {
        // Printed numbers parse back to exactly the Double the library computes (a
        // "%.6f" printer would fail this): the CSV loses nothing.
        let r = SpringLabCommand.run(["spring", "--duration", "0.5", "--bounce", "0.3", "--times", "0.1,0.2"])
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let rows = Fixtures.numbers(r.output)
        #expect(rows.count == 2)
        for row in rows {
            let s = spring.value(at: row[0], from: 0, to: 1, velocity: 0)
            #expect(row[1] == s.position && row[2] == s.velocity)
        }
    }

    @Test(arguments: [
        ["--until", "1e308", "--fps", "60"], ["--until", "1e300", "--fps", "1"], ["--damping", "1e200"],
        ["--times", "1e308"], ["--from", "-1e308", "--to", "1e308"],
    ])
    func hugeValuesAreUsageErrorsNotCrashesOrNaN(extra: [String]) {
        var args = ["spring", "--response", "0.4"]
        if !extra.contains("--damping") { args += ["--damping", "0.8"] }
        if !extra.contains("--times") && !extra.contains("--until") { args += ["--times", "0.1"] }
        let r = SpringLabCommand.run(args + extra)
        #expect(r.exitCode == 2 && !r.output.contains("nan"))
    }

    @Test func extremeButValidSpringsPrintFiniteNumbers() {
        for args in [["--stiffness", "1e9", "--friction", "1e9", "--mass", "1e-6"],
                     ["--response", "1000", "--damping", "1000"], ["--response", "0.05", "--damping", "0.001"]] {
            let r = SpringLabCommand.run(["spring"] + args + ["--times", "0,1,86400", "--velocity", "1e12"])
            #expect(r.exitCode == 0)
            #expect(Fixtures.numbers(r.output).allSatisfy { $0.count == 3 && $0.allSatisfy(\.isFinite) }, "\(args)")
        }
    }

    @Test func runOptionsAreValidatedBeforeAnyWindowOpens() throws {
        // Parsed without touching SDL: bad values are usage errors naming the flag.
        #expect(throws: UsageError.self) { try RunCommand.options(["--size", "100x100"]) }
        #expect(throws: UsageError.self) { try RunCommand.options(["--frame-delay", "-1"]) }
        #expect(throws: UsageError.self) { try RunCommand.options(["--scale", "9"]) }
        #expect(throws: UsageError.self) { try RunCommand.options(["--theme", "sepia"]) }
        let o = try RunCommand.options(["--size", "1000x600", "--theme", "dark", "--reduce-motion", "--frame-delay", "50"])
        #expect(o.size == Size(1000, 600) && o.theme == .dark && o.reduceMotion && o.frameDelay == 0.05)
    }

    @Test func flutterCriticalValuesThroughTheCommandLine() {
        let r = SpringLabCommand.run(["spring", "--stiffness", "100", "--friction", "20", "--from", "0", "--to", "500",
                                      "--times", "0.25,0.5,0.75"])
        let rows = Fixtures.numbers(r.output)
        #expect(rows.map { $0[1].rounded(.down) } == [356, 479, 497])
        #expect(rows.map { $0[2].rounded(.down) } == [1026, 168, 20])
    }

    @Test func normalizedVelocityIsTravelsPerSecond() {
        let common = ["spring", "--response", "0.4", "--damping", "0.8", "--from", "100", "--to", "400", "--times", "0.1,0.3"]
        let abs = SpringLabCommand.run(common + ["--velocity", "600"])
        let norm = SpringLabCommand.run(common + ["--normalized-velocity", "2"])
        #expect(abs.exitCode == 0 && abs.output == norm.output)
    }

    @Test func info() {
        // docs/behaviour.md §1.1: stiffness 100 / damping 10 → duration 0.628, bounce 0.5; settle 6/(ζω0) = 1.2.
        let r = SpringLabCommand.run(["spring", "--stiffness", "100", "--friction", "10", "--info"])
        #expect(r.exitCode == 0)
        var info: [String: Double] = [:]
        for line in r.output.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { info[String(parts[0])] = Double(String(parts[1])) }
        }
        #expect(Set(info.keys) == ["stiffness", "damping", "ratio", "response", "bounce", "settle"])
        #expect(info["stiffness"] == 100 && info["damping"] == 10 && info["ratio"] == 0.5)
        #expect(abs((info["response"] ?? 0) - 0.628) < 5e-4)
        #expect(abs((info["bounce"] ?? 0) - 0.5) < 1e-12)
        #expect(abs((info["settle"] ?? 0) - 1.2) < 1e-12)
    }

    @Test func infoForTheGapSpring() {
        let r = SpringLabCommand.run(["spring", "--response", "0.32", "--damping", "0.85", "--info"])
        #expect(r.output.contains("settle=0.3595"))
    }

    /// Every usage error exits 2 with exactly one line naming the flag and what it accepts.
    @Test(arguments: [
        (["spring", "--response", "0.4"], "--damping"),
        (["spring", "--response", "nan", "--damping", "1", "--times", "1"], "--response"),
        (["spring", "--response", "inf", "--damping", "1", "--times", "1"], "--response"),
        (["spring", "--response", "0.4", "--damping", "0", "--times", "1"], "--damping"),
        (["spring", "--duration", "0.4", "--bounce", "1", "--times", "1"], "--bounce"),
        (["spring", "--duration", "0.4", "--bounce", "-1.5", "--times", "1"], "--bounce"),
        (["spring", "--response", "0.4", "--damping", "1", "--until", "1", "--fps", "0"], "--fps"),
        (["spring", "--response", "0.4", "--damping", "1", "--until", "1", "--fps", "-30"], "--fps"),
        (["spring", "--response", "0.4", "--damping", "1", "--until", "1"], "--fps"),
        (["spring", "--response", "0.4", "--damping", "1", "--times", "0.1,abc"], "--times"),
        (["spring", "--response", "0.4", "--damping", "1", "--times", "-1"], "--times"),
        (["spring", "--response", "0.4", "--damping", "1", "--times", "1", "--until", "1", "--fps", "60"], "--times"),
        (["spring", "--response", "0.4", "--damping", "1", "--duration", "0.3", "--times", "1"], "--response"),
        (["spring", "--response", "0.4", "--damping", "1", "--mass", "2", "--times", "1"], "--mass"),
        (["spring", "--response", "0.4", "--damping", "1", "--velocity", "1", "--normalized-velocity", "1", "--times", "1"], "--velocity"),
        (["spring", "--response", "0.4", "--damping", "1", "--velocity", "NaN", "--times", "1"], "--velocity"),
        (["spring", "--response", "0.4", "--damping", "1", "--until", "100000", "--fps", "1000"], "--until"),
        (["spring", "--response", "0.4", "--damping", "1", "--wobble", "3"], "--wobble"),
        (["spring", "--response", "0.4", "--damping", "1", "--info", "--info"], "--info"),
        (["spring", "--response", "0.4", "--damping", "1", "--info", "--times", "1"], "--info"),
        (["spring", "--stiffness", "100", "--friction", "0", "--times", "1"], "--friction"),
        (["spring", "--response"], "--response"),
        (["spring", "--stiffness", "-4", "--friction", "1", "--times", "1"], "--stiffness"),
        (["spring", "--response", "0.4", "--damping", "1"], "--times"),
        (["spring"], "--response"),
        (["frobnicate"], "frobnicate"),
        (["help", "frobnicate"], "frobnicate"),
    ])
    func usageErrors(arguments: [String], names: String) {
        let r = SpringLabCommand.run(arguments)
        #expect(r.exitCode == 2)
        #expect(r.output.isEmpty)
        let lines = r.errors.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(r.errors.contains(names), "\(r.errors)")
    }

    @Test func helpAndVersion() {
        let v = SpringLabCommand.run(["--version"])
        #expect(v.exitCode == 0 && v.output == "springlab \(SpringLabCommand.version) (\(BuildInfo.commit))\n")
        let h = SpringLabCommand.run(["help", "spring"])
        #expect(h.exitCode == 0 && h.output.contains("--normalized-velocity U"))
        let all = SpringLabCommand.run(["help"])
        for command in ["spring", "velocity", "help"] { #expect(all.output.contains("springlab \(command)")) }
    }
}
