import Foundation
import Testing
@testable import Motion

/// (regime, parameters, t) → position and velocity, from the textbook solutions in their
/// classic forms evaluated in 50-digit arithmetic and cross-checked by numerical ODE
/// integration (Tests/reference/spring_table.py). Not from the code under test.
@Suite struct SpringTableTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let label: String
        let mass, stiffness, damping, from, to, velocity, t, position, expectedVelocity: Double
        var testDescription: String { label }
    }

    static let rows: [Row] = [
        ("under ζ0.25", 1, 100, 5, 0, 300, 0, 1.0, 325.43278867931011, -64.813278388359032),
        ("under ζ0.25 v", 1, 100, 5, 0, 300, 800, 0.37, 406.70834616668995, -776.26204704717476),
        ("under m2", 2, 300, 12, -40, 60, -250, 0.21, 87.5742415758114, 532.54124284665245),
        ("under alert", 1, 223.80055331268389, 23.337545426667037, 0, 1, 0, 0.3, 1.0162201365712786, 0.2358949246099871),
        ("critical", 1, 100, 20, 0, 500, 0, 0.25, 356.35125240817711, 1026.0624827987349),
        ("critical v", 1, 400, 40, 10, -90, 1200, 0.13, -51.67483364140372, -528.8278768860572),
        ("over ζ1.25", 1, 100, 25, 0, 500, 0, 0.5, 445.28423423902788, 273.46532898045437),
        ("over ζ3 v", 1.5, 60, 56.920997883030828, 100, 0, -500, 0.8, 37.381856107875718, -40.563879734840075),
    ].map { Row(label: $0.0, mass: $0.1, stiffness: $0.2, damping: $0.3, from: $0.4, to: $0.5, velocity: $0.6,
                t: $0.7, position: $0.8, expectedVelocity: $0.9) }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }

    @Test(arguments: rows)
    func absoluteVelocity(_ row: Row) {
        let spring = Spring(mass: row.mass, stiffness: row.stiffness, damping: row.damping)
        let s = spring.value(at: row.t, from: row.from, to: row.to, velocity: row.velocity)
        #expect(close(s.position, row.position), "position \(s.position) vs \(row.position)")
        #expect(close(s.velocity, row.expectedVelocity), "velocity \(s.velocity) vs \(row.expectedVelocity)")
    }

    /// The same motions given in the normalized convention: u = v / (to − from) (docs/behaviour.md §1.3).
    @Test(arguments: rows.filter { $0.velocity != 0 })
    func normalizedVelocity(_ row: Row) {
        let spring = Spring(mass: row.mass, stiffness: row.stiffness, damping: row.damping)
        let u = row.velocity / (row.to - row.from)
        let v0 = SpringVelocity.normalized(u).absolute(from: row.from, to: row.to)
        let s = spring.value(at: row.t, from: row.from, to: row.to, velocity: v0)
        #expect(close(s.position, row.position))
        #expect(close(s.velocity, row.expectedVelocity))
    }

    @Test func specReferenceFloors() {
        // docs/behaviour.md §1.2: ζ 0.25, 0 → 300: floor(x(1 s)) = 325.
        let s = Spring(response: 2 * Double.pi / 10, dampingRatio: 0.25)
        #expect(s.value(at: 1, from: 0, to: 300, velocity: 0).position.rounded(.down) == 325)
    }

    @Test func nearCriticalIsContinuous() {
        // Either side of ζ = 1 the motion must agree with the critical one to ~1e-7 per 1e-7 of ζ;
        // the two-root textbook form cancels catastrophically here and would not.
        let critical = Spring(mass: 1, stiffness: 100, damping: 20).value(at: 0.3, from: 0, to: 500, velocity: 40)
        for c in [20 - 1e-7, 20 + 1e-7] {
            let s = Spring(mass: 1, stiffness: 100, damping: c).value(at: 0.3, from: 0, to: 500, velocity: 40)
            #expect(abs(s.position - critical.position) < 1e-4)
            #expect(abs(s.velocity - critical.velocity) < 1e-3)
        }
    }

    @Test func heavilyOverdampedLateTimesStayFinite() {
        let s = Spring(mass: 1, stiffness: 100, damping: 2000)
        let late = s.value(at: 500, from: 0, to: 1, velocity: 0)
        #expect(late.position.isFinite && late.velocity.isFinite)
        #expect(late.position > 0.9 && late.position <= 1)
    }
}
