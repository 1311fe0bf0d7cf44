import Canvas
import Foundation
import Testing

/// `Shadow.reach`: how far a soft shadow is drawn (issue 16 — a faint shadow drawn to 1.5 ×
/// its radius shaded pixels it could not change). Expected values from printed tables of
/// erfc (Abramowitz & Stegun, table 7.1): erfc(1.5) = 0.033895, erfc(1.6) = 0.023652,
/// erfc(2.1) = 0.002979, erfc(2.2) = 0.001863.
@Suite struct ShadowReachTests {
    @Test func aFaintLiftShadowStopsWhereItFallsUnderAQuarterLevel() {
        // docs/behaviour.md §5.2's light lift, 7 %, radius 14 (σ = 7): erfc(x) = 2 · (0.25 / 255) / 0.07
        // = 0.02801, between the table's 1.5 and 1.6, so the reach is x · 7√2 in
        // [14.85, 15.84] — under the 21 px (1.5 × 14) it was drawn to.
        let reach = Shadow(alpha: 0.07, radius: 14, offset: Point2(0, 4)).reach
        #expect(reach > 1.5 * 7 * 2.0.squareRoot() && reach < 1.6 * 7 * 2.0.squareRoot())
    }

    @Test func aStrongShadowKeepsItsOldReach() {
        // Alpha 1, radius 10 (σ = 5): erfc(x) = 0.00196 lies between the table's 2.1 and 2.2,
        // at about 2.19 (log-linear between them), so x · 5√2 ≈ 15.5 — past the 15 px cap.
        #expect(Shadow(alpha: 1, radius: 10, offset: .zero).reach == 15)
        #expect(Shadow(alpha: 0.45, radius: 10, offset: .zero).reach <= 15)
    }

    @Test func aShadowUnderAQuarterLevelReachesNothing() {
        #expect(Shadow(alpha: 0.001, radius: 20, offset: .zero).reach == 0)
        #expect(Shadow(alpha: 0, radius: 20, offset: .zero).reach == 30)  // never drawn (alpha 0), bounds as before
    }

    /// The claim itself: at the reach, blending the shadow over any 8-bit level and
    /// rounding gives that level back — for every level and every shadow the app uses.
    @Test(arguments: [(0.07, 14.0), (0.35, 14.0), (0.18, 10.0), (0.45, 10.0), (0.07, 18.0), (0.30, 18.0), (0.12, 18.0),
                      (0.16, 24.0), (0.25, 4.0), (0.14, 6.0), (0.12, 3.0)])
    func noByteChangesPastTheReach(alpha: Double, radius: Double) {
        for scale in [1.0, 2.0] {
            let s = Shadow(alpha: alpha, radius: radius * scale, offset: .zero)
            guard s.reach < s.radius * 1.5 else { continue }  // capped: drawn as far as before
            let sigma = s.radius / 2
            let a = alpha * 0.5 * erfc(s.reach / (sigma * 2.0.squareRoot()))
            for level in 0...255 {
                let blended = (Double(level) / 255 * (1 - a) * 255).rounded()
                #expect(Int(blended) == level, "alpha \(alpha) radius \(radius) ×\(scale) level \(level)")
            }
        }
    }
}
