import Canvas
import Foundation
import Motion
import Testing
@testable import Scenes

/// The long detail stops at three lines; a value change is a crossfade of opacity (with a
/// blur on top when the inspector's switch is on); collapsing only cuts, it does not fade
/// as well.
@Suite struct PresenceTransitionTests {
    let m = FixedMeasurer()

    /// Every text run drawn in the synced column's text card.
    static func detailRuns(_ list: DisplayList) -> [(run: TextRun, opacity: Double)] {
        list.commands.compactMap { c -> (TextRun, Double)? in
            guard case .text(let run, let o) = c, run.origin.x < PresenceScene.columnX[1], run.style == PresenceScene.detailStyle else {
                return nil
            }
            return (run, o)
        }
    }

    /// The default (0.5, bounce 0) curve is critically damped, ω = 2π / 0.5:
    /// k(t) = 1 − (1 + ωt) e^(−ωt) of the way from the old value to the new.
    static func k(_ t: Double) -> Double {
        let w = 2 * Double.pi / 0.5
        return 1 - (1 + w * t) * exp(-w * t)
    }

    @Test func theLongDetailStopsAtThreeLinesWithAnEllipsis() {
        // 6.5 pt a character in 308 pt: 47 to a line. Greedy wrapping gives four lines; the
        // third, "exactly one base spacing apart — no jump at the" (47), has no room for
        // "…", so it loses "the".
        let scene = PresenceScene(measurer: m)
        let lines = scene.lines(PresenceScene.texts[1], width: 308)
        #expect(lines == ["The spacing around this row shrinks with it, so", "when it is gone the title and the footer sit",
                          "exactly one base spacing apart — no jump at…"])
        // Texts within the limit are untouched (the medium one is 48 characters: two lines);
        // the row animates to three lines' height.
        #expect(scene.lines(PresenceScene.texts[2], width: 308) == ["Medium: one more line than the short text", "needs."])
        var s = scene
        _ = s.nextTapped(at: 0)
        #expect(abs(s.text.targetHeight - 3 * 15.6) < 1e-9)
        // The naive column shows the same three lines.
        _ = s.update(to: 3)
        let naive = s.draw(at: 3, theme: .light).commands.compactMap { c -> String? in
            if case .text(let run, _) = c, run.origin.x > PresenceScene.columnX[1], run.style == PresenceScene.detailStyle { return run.text }
            return nil
        }
        #expect(naive.contains("exactly one base spacing apart — no jump at…") && !naive.contains { $0.contains("however") })
    }

    @Test func aPunctuationMarkDoesNotDangleBeforeTheEllipsis() {
        // 10 characters to a line (65 pt): the third line "cc, dd" cut to "cc" + "…".
        let lines = PresenceScene.limit(["aa", "bb", "cc, dd ee", "ff"], to: 3, width: 65, style: PresenceScene.detailStyle,
                                        measurer: m)
        #expect(lines == ["aa", "bb", "cc, dd ee…"])
        let tight = PresenceScene.limit(["aa", "bb", "cc, dd eee", "ff"], to: 3, width: 65, style: PresenceScene.detailStyle,
                                        measurer: m)
        #expect(tight == ["aa", "bb", "cc, dd…"])
        let comma = PresenceScene.limit(["aa", "bb", "cc, ddddddd", "ff"], to: 3, width: 65, style: PresenceScene.detailStyle,
                                        measurer: m)
        #expect(comma == ["aa", "bb", "cc…"])
    }

    /// The design's value change is a crossfade of opacity alone: the old text fades out
    /// as the new one fades in, both sharp, with no blur unless the inspector's switch asks.
    @Test(arguments: [0.02, 0.1, 0.134, 0.25])
    func aValueChangeIsAPlainCrossfadeByDefault(after dt: Double) throws {
        var scene = PresenceScene(measurer: m)
        #expect(!scene.settings.valueBlur)
        _ = scene.nextTapped(at: 0)   // "Ships tomorrow." → the long text
        let runs = Self.detailRuns(scene.draw(at: dt, theme: .light))
        let old = try #require(runs.first { $0.run.text == "Ships tomorrow." })
        let new = try #require(runs.first { $0.run.text.hasPrefix("The spacing around") })
        let k = Self.k(dt)
        #expect(abs(old.opacity - (1 - k)) < 1e-6 && abs(new.opacity - k) < 1e-6)
        #expect(old.run.blur == 0 && new.run.blur == 0)
    }

    @Test(arguments: [0.02, 0.1, 0.134, 0.25])
    func withTheSwitchTheOldTextBlursOutAsTheNewSharpensIn(after dt: Double) throws {
        var settings = PresenceSettings()
        settings.valueBlur = true
        var scene = PresenceScene(measurer: m, settings: settings)
        _ = scene.nextTapped(at: 0)   // "Ships tomorrow." → the long text
        let list = scene.draw(at: dt, theme: .light)
        let runs = Self.detailRuns(list)
        let old = try #require(runs.first { $0.run.text == "Ships tomorrow." })
        let new = try #require(runs.first { $0.run.text.hasPrefix("The spacing around") })
        let k = Self.k(dt)
        // Leaving: opacity 1 − k, blur 0 → 6 pt; arriving: opacity k, blur 6 → 0 pt.
        #expect(abs(old.opacity - (1 - k)) < 1e-6 && abs(old.run.blur - 6 * k) < 1e-6)
        #expect(abs(new.opacity - k) < 1e-6 && abs(new.run.blur - 6 * (1 - k)) < 1e-6)
        // The blurs always add up to 6 pt, so while one sharpens the other is soft, and at
        // the midpoint (k = ½ at ωt ≈ 1.678, 0.134 s) both are 3 pt soft and half there.
        #expect(abs(old.run.blur + new.run.blur - 6) < 1e-6)
        if abs(k - 0.5) < 0.01 { #expect(old.run.blur > 2.9 && new.run.blur > 2.9) }
    }

    @Test func aSettledValueIsSharpAndTheBlurHasRoomInsideTheClip() throws {
        var settings = PresenceSettings()
        settings.valueBlur = true
        var scene = PresenceScene(measurer: m, settings: settings)
        _ = scene.nextTapped(at: 0)
        // Mid-change the clip leaves the blur 6 pt at the sides and top.
        let mid = scene.draw(at: 0.1, theme: .light)
        let frame = try #require(scene.layout(synced: true, at: 0.1)[.textDetail])
        let clips = mid.commands.compactMap { c -> Rect? in if case .pushClip(let s) = c { return s.rect } else { return nil } }
        #expect(clips.contains { abs($0.minY - (frame.minY - 6)) < 1e-9 && abs($0.minX - (frame.minX - 8)) < 1e-9 })
        _ = scene.update(to: 3)
        let runs = Self.detailRuns(scene.draw(at: 3, theme: .light))
        #expect(!runs.isEmpty && runs.allSatisfy { $0.run.blur == 0 && $0.opacity == 1 })
        // Without the blur the clip is the row's frame (2 pt of room for the ink at the sides).
        var plain = PresenceScene(measurer: m)
        _ = plain.nextTapped(at: 0)
        let plainClips = plain.draw(at: 0.1, theme: .light).commands.compactMap { c -> Rect? in
            if case .pushClip(let s) = c { return s.rect } else { return nil }
        }
        #expect(plainClips.contains { abs($0.minY - frame.minY) < 1e-9 && abs($0.minX - (frame.minX - 2)) < 1e-9 })
    }

    /// Files from before the switch existed hold no `valueBlur`: they load with it off.
    @Test func settingsWithoutTheSwitchLoadWithItOff() throws {
        let old = #"{"animation":{"damping":1,"response":0.5},"cardSpacing":16,"numberAlignment":"center","reduceMotion":false,"spacing":20}"#
        let s = try JSONDecoder().decode(PresenceSettings.self, from: Data(old.utf8))
        #expect(s.spacing == 20 && !s.valueBlur)
        let on = try JSONDecoder().decode(PresenceSettings.self, from: Data(old.replacingOccurrences(of: "}\n", with: "").dropLast().appending(#","valueBlur":true}"#).utf8))
        #expect(on.valueBlur)
        // A file missing an older key is still refused.
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PresenceSettings.self, from: Data(#"{"animation":{"damping":1,"response":0.5}}"#.utf8))
        }
    }

    @Test(arguments: [0.05, 0.15, 0.3, 0.5])
    func collapsingCutsAtFullOpacity(after dt: Double) throws {
        var scene = PresenceScene(measurer: m)
        _ = scene.toggleTapped(at: 0)   // hide: every optional row collapses
        let list = scene.draw(at: dt, theme: .light)
        let visible = scene.text.height(at: dt)
        #expect(visible > 0 && visible < 15.6, "mid-collapse")
        // The short detail and the nested one: drawn sharp and solid, cut by their frames.
        let runs = Self.detailRuns(list).filter { ["Ships tomorrow.", "Built in 42 s on two cores."].contains($0.run.text) }
        #expect(runs.count == 2)
        #expect(runs.allSatisfy { $0.opacity == 1 && $0.run.blur == 0 })
        let clips = list.commands.compactMap { c -> Rect? in if case .pushClip(let s) = c { return s.rect } else { return nil } }
        #expect(clips.contains { abs($0.height - visible) < 1e-9 })
        // The number's digits too: "98" drawn solid while its 36 pt row shrinks.
        let digits = list.commands.compactMap { c -> Double? in
            if case .text(let run, let o) = c, run.style == PresenceScene.numberStyle, run.origin.x < PresenceScene.columnX[1] { return o }
            return nil
        }
        #expect(digits.count == 2 && digits.allSatisfy { $0 == 1 })
    }
}
