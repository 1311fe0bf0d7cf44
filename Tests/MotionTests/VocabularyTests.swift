import Foundation
import Testing
@testable import Motion

/// docs/behaviour.md §1.6: the named springs and their Reduce Motion substitutes.
@Suite struct VocabularyTests {
    @Test func tiers() {
        let expected: [MotionTier: (Double, Double)] = [
            .tight: (0.14, 0), .responsive: (0.32, 0.25), .elastic: (0.42, 0.38),
            .expressive: (0.48, 0.48), .calm: (0.50, 0.20),
        ]
        for tier in MotionTier.allCases {
            let e = expected[tier]
            #expect(abs(tier.spring.duration - (e?.0 ?? -1)) < 1e-12, "\(tier)")
            #expect(abs(tier.spring.bounce - (e?.1 ?? -1)) < 1e-12, "\(tier)")
        }
    }

    @Test func roles() {
        let expected: [MotionRole: (Double, Double)] = [
            .press: (0.14, 0), .release: (0.42, 0.38), .settle: (0.42, 0.38), .rebound: (0.42, 0.38),
            .snap: (0.32, 0.25), .value: (0.35, 0), .morph: (0.40, 0.20), .reveal: (0.50, 0.20),
            .dismiss: (0.30, 0.08), .success: (0.48, 0.48), .error: (0.32, 0.25), .ambient: (0.50, 0.20),
        ]
        for role in MotionRole.allCases {
            guard case .spring(let s) = role.curve(reduceMotion: false), let e = expected[role] else {
                Issue.record("\(role) has no spring"); continue
            }
            #expect(abs(s.duration - e.0) < 1e-12 && abs(s.bounce - e.1) < 1e-12, "\(role)")
        }
    }

    @Test func valueNeverOvershoots() {
        guard case .spring(let s) = MotionRole.value.curve(reduceMotion: false) else { Issue.record(); return }
        var peak = 0.0
        for i in 0...3000 { peak = max(peak, s.step(at: Double(i) * 0.001)) }
        #expect(peak <= 1)
    }

    @Test func reduceMotionSubstitutes() {
        #expect(MotionRole.reveal.curve(reduceMotion: true) == .ease(.easeOut, duration: 0.2))
        #expect(MotionRole.dismiss.curve(reduceMotion: true) == .ease(.easeIn, duration: 0.18))
        #expect(MotionRole.success.curve(reduceMotion: true) == .ease(.easeOut, duration: 0.24))
        #expect(MotionRole.ambient.curve(reduceMotion: true) == .instant)
        for role in [MotionRole.press, .release, .settle, .rebound, .snap, .value, .morph, .error] {
            guard case .spring(let s) = role.curve(reduceMotion: true) else { Issue.record("\(role)"); continue }
            #expect(abs(s.duration - 0.25) < 1e-12 && abs(s.bounce) < 1e-12, "\(role)")
        }
    }

    @Test func easeCurvesMatchCSS() {
        // CSS cubic-bezier reference values: ease-out (0,0,.58,1) at x = 0.5 → 0.6847;
        // ease-in (.42,0,1,1) at x = 0.5 → 0.3153 (the two are point reflections).
        #expect(abs(CubicBezier.easeOut.progress(at: 0.5) - 0.6847) < 5e-4)
        #expect(abs(CubicBezier.easeIn.progress(at: 0.5) - 0.3153) < 5e-4)
        #expect(CubicBezier.easeOut.progress(at: 0) == 0 && CubicBezier.easeOut.progress(at: 1) == 1)
        // Ease-out leaves fast: slope at the start 1/0.58·0 … finite and > 1 just after 0.
        #expect(CubicBezier.easeOut.slope(at: 0.01) > 1)
        #expect(CubicBezier.easeIn.slope(at: 0.01) < 0.2)
    }
}
