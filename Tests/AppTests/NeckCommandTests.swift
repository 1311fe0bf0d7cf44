import Foundation
@testable import App
@testable import Inspector
@testable import Workbench
import Testing

/// `springlab neck` (docs/behaviour.md §8): the figures follow from the calibration's closed forms.
@Suite struct NeckCommandTests {
    func values(_ output: String) -> [String: Double] {
        var out: [String: Double] = [:]
        for pair in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let kv = pair.split(separator: "=")
            if kv.count == 2 { out[String(kv[0])] = Double(String(kv[1])) }
        }
        return out
    }

    @Test func twoCapsulesAtTheJoinedGap() {
        let r = SpringLabCommand.run(["neck", "--shape", "capsule", "--size", "80x30", "--gap", "4"])
        #expect(r.exitCode == 0)
        let v = values(r.output)
        #expect(Set(v.keys) == ["waist", "snap", "reach"])
        // waist = 2√((k − g/2)(2r + k + g/2)) with k = 5, g = 4, r = 15 → 21.071;
        // the bridge snaps at g = 2k = 10; joined, each edge reached g/2 = 2.
        #expect(abs((v["waist"] ?? 0) - 2 * (111.0).squareRoot()) < 1e-3)
        #expect(abs((v["snap"] ?? 0) - 10) < 1e-3)
        #expect(abs((v["reach"] ?? 0) - 2) < 1e-3)
    }

    @Test func apartShapesAreUntouched() {
        let v = values(SpringLabCommand.run(["neck", "--shape", "circle", "--size", "30x30", "--gap", "26"]).output)
        #expect(v["waist"] == 0 && (v["reach"] ?? 1) < 0.25)
    }

    @Test func aLargerMergeSnapsLater() {
        let v = values(SpringLabCommand.run(["neck", "--shape", "card", "--size", "120x60", "--gap", "12", "--merge", "40"]).output)
        #expect(abs((v["snap"] ?? 0) - 20) < 1e-3 && (v["waist"] ?? 0) > 0)
    }

    @Test(arguments: [
        (["neck", "--size", "80x30", "--gap", "4"], "--shape"),
        (["neck", "--shape", "blob", "--size", "80x30", "--gap", "4"], "--shape"),
        (["neck", "--shape", "capsule", "--gap", "4"], "--size"),
        (["neck", "--shape", "capsule", "--size", "80x30"], "--gap"),
        (["neck", "--shape", "capsule", "--size", "80x30", "--gap", "-1"], "--gap"),
        (["neck", "--shape", "capsule", "--size", "80x30", "--gap", "4", "--count", "5"], "--count"),
        (["neck", "--shape", "capsule", "--size", "80x30", "--gap", "4", "--merge", "nan"], "--merge"),
    ])
    func usageErrors(arguments: [String], names: String) {
        let r = SpringLabCommand.run(arguments)
        #expect(r.exitCode == 2 && r.errors.contains(names) && r.errors.split(separator: "\n").count == 1)
    }
}
