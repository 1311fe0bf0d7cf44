import Foundation
import Testing
@testable import Motion

/// The inspector's conversions between forms (docs/behaviour.md §1.1, §11.2), with docs/behaviour.md §1.1's check
/// values — the expected numbers are docs/behaviour.md's, not the code's — and round trips.
@Suite struct SpringFormTests {
    typealias C = SpringConversion

    @Test func durationAndBounceToStiffnessAndCoefficient() {
        // docs/behaviour.md §1.1: duration 0.5 / bounce 0.3 → k 157.91, c 17.59 (mass 1).
        let zeta = C.dampingRatio(bounce: 0.3)
        #expect(abs(zeta - 0.7) < 1e-15)
        #expect(abs(C.stiffness(response: 0.5, mass: 1) - 157.91) < 0.005)
        #expect(abs(C.coefficient(response: 0.5, dampingRatio: zeta, mass: 1) - 17.59) < 0.005)
    }

    @Test func negativeBounceIsOverdamped() {
        // docs/behaviour.md §1.1: bounce −0.3 → c 35.90 (duration 0.5, mass 1); ζ = 1 / (1 + b).
        let zeta = C.dampingRatio(bounce: -0.3)
        #expect(zeta > 1)
        #expect(abs(C.coefficient(response: 0.5, dampingRatio: zeta, mass: 1) - 35.90) < 0.005)
        #expect(abs(C.bounce(dampingRatio: zeta) - -0.3) < 1e-12, "overdamped springs show negative bounce")
    }

    @Test func stiffnessAndCoefficientToDurationAndBounce() {
        // docs/behaviour.md §1.1: stiffness 100 / damping 10 → duration 0.628, bounce 0.5.
        let r = C.response(stiffness: 100, mass: 1)
        let zeta = C.dampingRatio(coefficient: 10, stiffness: 100, mass: 1)
        #expect(abs(r - 0.628) < 0.0005)
        #expect(abs(C.bounce(dampingRatio: zeta) - 0.5) < 1e-12)
    }

    @Test func bounceFollowsTheSpecOnBothSides() {
        // b = 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1; critical is 0.
        #expect(C.bounce(dampingRatio: 1) == 0)
        #expect(abs(C.bounce(dampingRatio: 0.25) - 0.75) < 1e-15)
        #expect(abs(C.bounce(dampingRatio: 2) - -0.5) < 1e-15)
        #expect(C.dampingRatio(bounce: 0) == 1)
    }

    @Test func massScalesStiffnessAndCoefficientButNotTheCurve() {
        // Mass 2 at the same response and ζ: k and c double; reading them back at mass 2
        // gives the same response and ζ, and the same motion as at unit mass.
        let k1 = C.stiffness(response: 0.5, mass: 1), k2 = C.stiffness(response: 0.5, mass: 2)
        let c1 = C.coefficient(response: 0.5, dampingRatio: 0.7, mass: 1), c2 = C.coefficient(response: 0.5, dampingRatio: 0.7, mass: 2)
        #expect(abs(k2 - 2 * k1) < 1e-9 && abs(c2 - 2 * c1) < 1e-9)
        #expect(abs(C.response(stiffness: k2, mass: 2) - 0.5) < 1e-12)
        #expect(abs(C.dampingRatio(coefficient: c2, stiffness: k2, mass: 2) - 0.7) < 1e-12)
        let a = Spring(mass: 1, stiffness: k1, damping: c1), b = Spring(mass: 2, stiffness: k2, damping: c2)
        #expect(abs(a.response - b.response) < 1e-12 && abs(a.dampingRatio - b.dampingRatio) < 1e-12)
    }

    @Test func everyFormRoundTripsAcrossTheSliderRanges() {
        // Response and damping over the sliders' 0.05 – 2, through each form and back.
        for r in stride(from: 0.05, through: 2, by: 0.0325) {
            for z in stride(from: 0.05, through: 2, by: 0.0325) {
                #expect(abs(C.dampingRatio(bounce: C.bounce(dampingRatio: z)) - z) < 1e-12)
                for m in [0.1, 1, 3.5, 10] {
                    let k = C.stiffness(response: r, mass: m), c = C.coefficient(response: r, dampingRatio: z, mass: m)
                    #expect(abs(C.response(stiffness: k, mass: m) - r) < 1e-12)
                    #expect(abs(C.dampingRatio(coefficient: c, stiffness: k, mass: m) - z) < 1e-12)
                    // And they agree with Spring's own conversions.
                    let s = Spring(response: r, dampingRatio: z, mass: m)
                    #expect(abs(s.stiffness - k) < 1e-9 * k && abs(s.damping - c) < 1e-9 * c)
                    #expect(abs(s.bounce - C.bounce(dampingRatio: z)) < 1e-12)
                }
            }
        }
    }

    @Test func theRangesTheStoredSlidersMapTo() {
        // Response 0.05 – 2 s, damping 0.05 – 2: bounce −0.5 – 0.95, stiffness 9.87 – 15 791.
        #expect(abs(C.bounce(dampingRatio: 2) - -0.5) < 1e-15 && abs(C.bounce(dampingRatio: 0.05) - 0.95) < 1e-15)
        #expect(abs(C.stiffness(response: 2, mass: 1) - 9.8696) < 1e-4)
        #expect(abs(C.stiffness(response: 0.05, mass: 1) - 15791.367) < 1e-3)
        // The remembered session's words, the fourth Origami's (issue 42).
        #expect(SpringForm.allCases.map(\.rawValue) == ["response", "duration", "stiffness", "origami"])
        // Origami's speed sets the tension alone: Rebound's Quartz tension 0.5 + s·199.5 with
        // s = speed / 1.7 / 20, then (Tq − 30)·3.62 + 194. Speed 0.1 … 100 spans tensions
        // 88.95 … 2209.8, responses 0.666 … 0.134 s.
        for speed in [0.1, 12.0, 100.0] {
            let tq = 0.5 + speed / 1.7 / 20 * 199.5, k = (tq - 30) * 3.62 + 194
            #expect(abs(OrigamiPOP.speed(tension: k) - speed) < 1e-9)
        }
    }
}
