import Foundation
import Testing
@testable import App
@testable import Inspector
@testable import Workbench

/// `springlab velocity` (docs/behaviour.md §8): recorded gestures against numpy.polyfit
/// (Tests/reference/gestures.py), and every bad-input path.
@Suite struct VelocityCommandTests {
    @Test func reproducesLeastSquaresOnRecordedGestures() {
        let r = SpringLabCommand.run(["velocity", Fixtures.path("gestures.csv")])
        #expect(r.exitCode == 0, "\(r.errors)")
        let got = Fixtures.numbers(r.output)
        let want = Fixtures.numbers(Fixtures.text("gestures.expected.csv"))
        #expect(got.count == want.count && got.count == 7)
        for (g, w) in zip(got, want) {
            #expect(g[0] == w[0])
            for axis in 1...2 {
                // Issue 2 asks for 0.1 %; an absolute floor covers the zero rows.
                #expect(abs(g[axis] - w[axis]) <= max(1e-3 * abs(w[axis]), 1e-6), "t=\(w[0])")
            }
        }
    }

    @Test func readsStandardInput() {
        let csv = "0,0,0,down\n8,4,0,move\n16,8,0,move\n20,8,0,up\n"
        let r = SpringLabCommand.run(["velocity", "-"], readInput: { _ in csv })
        #expect(isRow(r.output, t: 20, vx: 500, vy: 0))
    }

    func isRow(_ output: String, t: Double, vx: Double, vy: Double) -> Bool {
        let rows = Fixtures.numbers(output)
        guard rows.count == 1, rows[0].count == 3 else { return false }
        return rows[0][0] == t && abs(rows[0][1] - vx) < 1e-9 && abs(rows[0][2] - vy) < 1e-9
    }

    @Test func upRowPositionIsNotASample() {
        // The up row repeats a far position; if it were a sample the velocity would jump.
        let csv = "0,0,0,down\n8,4,0,move\n16,8,0,move\n20,500,0,up\n"
        let r = SpringLabCommand.run(["velocity", "-"], readInput: { _ in csv })
        #expect(isRow(r.output, t: 20, vx: 500, vy: 0))
    }

    @Test func impulseStrategySelectable() {
        let csv = "0,0,0,down\n8,4,0,move\n16,8,0,move\n20,8,0,up\n"
        let r = SpringLabCommand.run(["velocity", "--strategy", "impulse", "-"], readInput: { _ in csv })
        #expect(isRow(r.output, t: 20, vx: 500, vy: 0))
        let bad = SpringLabCommand.run(["velocity", "--strategy", "kalman", "-"], readInput: { _ in csv })
        #expect(bad.exitCode == 2 && bad.errors.contains("--strategy") && bad.errors.contains("lsq2"))
    }

    @Test func missingFileNamesTheFile() {
        let r = SpringLabCommand.run(["velocity", "/nonexistent/gesture.csv"])
        #expect(r.exitCode == 1)
        #expect(r.errors == "springlab: /nonexistent/gesture.csv: no such file\n")
    }

    @Test(arguments: [
        ("0,0,0,down\n8,4,0\n", "line 2", "4 fields"),
        ("0,0,0,down\n8,abc,0,move\n", "line 2", "x 'abc'"),
        ("0,0,0,down\n8,4,nan,move\n", "line 2", "y 'nan'"),
        ("0,0,0,down\n\n8,4,0,hover\n", "line 3", "kind 'hover'"),
        ("0,0,0,down\n8,4,0,move\n5,5,0,move\n", "line 3", "backwards"),
        ("t_ms,x,y,kind\n0,0,0,down\n1e999,4,0,move\n", "line 3", "t_ms"),
    ])
    func malformedContentNamesFileAndLine(csv: String, line: String, what: String) {
        let r = SpringLabCommand.run(["velocity", "gesture.csv"], readInput: { _ in csv })
        #expect(r.exitCode == 1)
        #expect(r.errors.split(separator: "\n").count == 1)
        #expect(r.errors.contains("gesture.csv: \(line):"), "\(r.errors)")
        #expect(r.errors.contains(what), "\(r.errors)")
    }

    @Test func windowsLineEndingsAreRead() {
        let csv = "t_ms,x,y,kind\r\n0,0,0,down\r\n8,4,0,move\r\n16,8,0,move\r\n20,8,0,up\r\n"
        let r = SpringLabCommand.run(["velocity", "-"], readInput: { _ in csv })
        #expect(isRow(r.output, t: 20, vx: 500, vy: 0))
    }

    @Test func epochTimestampsWithoutADownRow() {
        // 2 pt/ms moves, exactly 40 ms apart, released exactly 40 ms later: still a throw.
        let csv = "1700000000000,0,0,move\n1700000000040,80,0,move\n1700000000080,160,0,move\n1700000000100,200,0,move\n1700000000140,200,0,up\n"
        let r = SpringLabCommand.run(["velocity", "-"], readInput: { _ in csv })
        let rows = Fixtures.numbers(r.output)
        #expect(rows.count == 1 && abs((rows.first?[1] ?? 0) - 2000) < 1e-6)
    }

    @Test func hugeCoordinatesAreRejected() {
        let r = SpringLabCommand.run(["velocity", "g.csv"], readInput: { _ in "0,1e308,0,down\n" })
        #expect(r.exitCode == 1 && r.errors.contains("g.csv: line 1"))
    }

    @Test func emptyPathIsAUsageError() {
        #expect(SpringLabCommand.run(["velocity", ""]).exitCode == 2)
    }

    @Test func missingSourceIsAUsageError() {
        let r = SpringLabCommand.run(["velocity"])
        #expect(r.exitCode == 2 && r.errors.contains("FILE") == false && r.errors.contains("standard input"))
    }
}
