import Capture
import Canvas
import Foundation
import Motion
@testable import App
@testable import Inspector
@testable import Workbench
import Scenes
import Testing

/// Presets and replay settings are range-checked by key before anything uses them
/// (issue 11, docs/behaviour.md §13). Expected ranges are docs/behaviour.md §6's slider ranges, written out here.
@Suite struct SettingsValidationTests {
    let m = FixedAdvanceMeasurer()

    func app() -> PushAlertApp {
        PushAlertApp(settings: PushAlertSettings(), measurer: m, theme: .light, windowSize: Size(1280, 800), wall: 0)
    }

    /// The key a file names, how to break it, and the range the message must state.
    static let cases: [(key: String, value: Double, range: String)] = [
        ("pushAlert.gap.response", 0.049, "[0.05, 2] s"), ("pushAlert.alert.damping", 2.01, "[0.05, 2]"),
        ("pushAlert.leaveRatio", 1e15, "[0.25, 2]"), ("pushAlert.closeRatio", 1e6, "[0.25, 2]"),
        ("pushAlert.leaveDamping", 0, "[0.05, 2]"), ("pushAlert.closeDamping", 3, "[0.05, 2]"),
        ("pushAlert.throwSpring.response", 2.5, "[0.05, 2] s"), ("pushAlert.returnSpring.damping", 0.01, "[0.05, 2]"),
        ("pushAlert.commitFraction", 0.95, "[0.1, 0.9]"), ("pushAlert.projectionFraction", 0.05, "[0.1, 2]"),
        ("pushAlert.dismissVelocity", 99, "[100, 3000] pt/s"), ("pushAlert.spacingBelow", 41, "[0, 40] pt"),
        ("pushAlert.cornerRadius", -1, "[0, 30] pt"),
        ("pile.press.response", 1.7e308, "[0.05, 2] s"), ("pile.home.response", 1.7e308, "[0.05, 2] s"),
        ("pile.morph.response", 1.7e308, "[0.05, 2] s"), ("pile.reveal.damping", 2.2, "[0.05, 2]"),
        ("pile.merge", 25, "[2, 24] pt"), ("pile.merge", 1.5, "[2, 24] pt"),
        ("presence.animation.response", 9, "[0.05, 2] s"), ("presence.spacing", 33, "[0, 32] pt"),
        ("presence.cardSpacing", 49, "[0, 48] pt"),
        ("neck.merge", 3, "[4, 60] pt"), ("neck.merge", 61, "[4, 60] pt"), ("neck.smoothing", 0.4, "[0.5, 20] pt"),
        ("neck.smoothing", 21, "[0.5, 20] pt"),
    ]

    /// The settings object of a fresh app as JSON, with `key` set to `value`.
    func settingsJSON(setting key: String, to value: Double) throws -> String {
        let json = SessionSettings(app: app(), scale: 1).json
        var object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        func set(_ parts: ArraySlice<String>, in dict: inout [String: Any]) {
            guard let first = parts.first else { return }
            if parts.count == 1 { dict[first] = value; return }
            var inner = dict[first] as? [String: Any] ?? [:]
            set(parts.dropFirst(), in: &inner)
            dict[first] = inner
        }
        set(ArraySlice(key.split(separator: ".").map(String.init)), in: &object)
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test(arguments: cases) func anOutOfRangePresetIsRefusedByKey(key: String, value: Double, range: String) throws {
        let text = try settingsJSON(setting: key, to: value)
        do {
            _ = try Preset.load(text, name: "p.json")
            Issue.record("\(key) = \(value) was accepted")
        } catch {
            #expect(error.message.hasPrefix("springlab: preset p.json: '\(key)' must be in \(range), got "), "\(error.message)")
            #expect(error.message.count < 120, "one short line: \(error.message)")
        }
    }

    @Test(arguments: cases) func anOutOfRangeReplayIsRefusedByKey(key: String, value: Double, range: String) throws {
        let settings = try SessionSettings.decode(try settingsJSON(setting: key, to: value), name: "take.slreplay")
        #expect(throws: CaptureError.self) { try settings.validate() }
        do { _ = try settings.validate() } catch {
            #expect(error.description.hasPrefix("settings: '\(key)' must be in \(range), got "), "\(error.description)")
        }
    }

    @Test func theIssuesHangsAreRefusedWithTheirNumbersShort() throws {
        let preset = try settingsJSON(setting: "pushAlert.leaveRatio", to: 1e15)
        #expect(throws: RuntimeError("springlab: preset p.json: 'pushAlert.leaveRatio' must be in [0.25, 2], got 1e+15")) {
            try Preset.load(preset, name: "p.json")
        }
        let replay = try SessionSettings.decode(try settingsJSON(setting: "pushAlert.alert.response", to: 1e9), name: "t")
        #expect(throws: CaptureError("settings: 'pushAlert.alert.response' must be in [0.05, 2] s, got 1e+09")) {
            try replay.validate()
        }
        let far = try SessionSettings.decode(try settingsJSON(setting: "pile.press.response", to: 1.7e308), name: "t")
        #expect(throws: CaptureError("settings: 'pile.press.response' must be in [0.05, 2] s, got 1.7e+308")) {
            try far.validate()
        }
    }

    @Test func aTitleOf200CharactersLoadsAnd201IsRefused() throws {
        var a = app()
        a.alert.settings.title = String(repeating: "t", count: 200)
        let loaded = try Preset.load(Preset(app: a).json, name: "p.json")
        #expect(loaded.pushAlert?.title.count == 200)
        a.alert.settings.title = String(repeating: "t", count: 201)
        #expect(throws: RuntimeError("springlab: preset p.json: 'pushAlert.title' is 201 characters; at most 200")) {
            try Preset.load(Preset(app: a).json, name: "p.json")
        }
        var session = SessionSettings(app: a, scale: 1)
        session.pushAlert.title = String(repeating: "t", count: 10_000)
        #expect(throws: CaptureError("settings: 'pushAlert.title' is 10000 characters; at most 200")) { try session.validate() }
    }

    @Test func defaultsAndTheExistingChecksStillHold() throws {
        _ = try SessionSettings(app: app(), scale: 1).validate()
        var s = SessionSettings(app: app(), scale: 1)
        s.scale = 9
        #expect(throws: CaptureError("settings: scale must be in [0.5, 4]")) { try s.validate() }
        s = SessionSettings(app: app(), scale: 1)
        s.scene = "bogus\u{1B}[2J"
        do { _ = try s.validate() } catch { #expect(error.description.hasPrefix("settings: unknown scene 'bogus\\u{1B}[2J'")) }
    }
}

/// The curve summary walks a bounded number of samples whatever the spring (issue 11:
/// a 1e9 s response walked at 1 ms hung `record --replay`).
@Suite struct CurveSummaryBoundTests {
    @Test(arguments: [(1e9, 0.78), (0.05, 0.05), (2, 0.05), (2, 2), (0.05, 2), (1e6, 2), (1e-9, 1e-9)])
    func anyCurveIsScannedInABoundedNumberOfSamples(response: Double, damping: Double) {
        let spring = Spring(response: response, dampingRatio: damping)
        var evaluations = 0
        _ = CurveSummary.firstReach(level: 0.9, within: spring.settleDuration * 2) { t in
            evaluations += 1
            return spring.step(at: t)
        }
        #expect(evaluations <= CurveSummary.maxSamples + 30)
        #expect(CurveSummary.maxSamples <= 2_000)
        _ = CurveSummary([spring, Spring(response: 0.42, dampingRatio: 0.78)])  // and the whole summary finishes
    }

    /// At the slider's slowest corner the coarser scan still finds the first 90 % crossing:
    /// against a 10 µs scan of the textbook step response done here.
    @Test(arguments: [(2.0, 0.05), (2.0, 2.0), (0.05, 0.05), (1.2, 0.3)]) func rangeEdgesMatchAFineScan(response: Double, damping: Double) {
        let spring = Spring(response: response, dampingRatio: damping)
        let w = 2 * Double.pi / response
        func step(_ t: Double) -> Double {
            if damping < 1 {
                let wd = w * (1 - damping * damping).squareRoot()
                return 1 - exp(-damping * w * t) * (cos(wd * t) + damping * w / wd * sin(wd * t))
            }
            let s = w * (damping * damping - 1).squareRoot()
            let r1 = -damping * w + s, r2 = -damping * w - s
            return 1 - (r1 * exp(r2 * t) - r2 * exp(r1 * t)) / (r1 - r2)
        }
        var t = 0.0
        while step(t) < 0.9 { t += 1e-5 }
        let found = CurveSummary([spring]).reach90[0] ?? -1
        #expect(abs(found - t) < 2e-5, "\(found) vs \(t)")
    }
}
