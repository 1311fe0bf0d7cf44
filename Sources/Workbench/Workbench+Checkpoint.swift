import Canvas
import Foundation
import Inspector
import Motion
import Scenes

/// The whole window as a value that can be written and read back: a flight recorder
/// checkpoint. Past its bound the session log drops its oldest hour and starts from one
/// of these instead of from the window's first settings, so a saved bundle's replay can
/// begin at the checkpoint and still reach the exact state of its span.
///
/// Every scene is a value whose Codable conformance the compiler writes from its stored
/// properties, so nothing a scene keeps can be left out. The workbench's own fields are
/// listed here by hand; `checkpointedFields` and `uncheckpointedFields` name them all,
/// and a test holds the list against the struct's stored properties.
extension Workbench: Codable {
    /// The decoder's scene types (`[any Scene.Type]`); without it, the registry's.
    package static let catalogKey = CodingUserInfoKey(rawValue: "springlab.catalog")!

    /// The catalog a decoder reads scenes with.
    package static func catalog(of decoder: any Decoder) -> [any Scene.Type] {
        decoder.userInfo[catalogKey] as? [any Scene.Type] ?? SceneRegistry.scenes
    }

    private enum Keys: String, CodingKey, CaseIterable {
        case catalog, scenes, current, theme, windowSize, clock, mode, showHUD, showAbout, showShortcuts
        case userPresets, presetList, presetName, framesDrawn, fitPath, ui, inspectorScroll, inspectorHeightValue
        case hudTracker, history, capture, showCapturePanel, toast, toastWall, wheelTarget, wheelWall
    }

    /// The stored properties a checkpoint holds (the tuples `toast` and `wheelGesture` as
    /// two keys each).
    package static var checkpointedFields: Set<String> {
        Set(Keys.allCases.map(\.rawValue)).subtracting(["toastWall", "wheelTarget", "wheelWall"]).union(["wheelGesture"])
    }
    /// The ones it leaves out, and why: the measurer is the reader's (fonts are not state);
    /// `chromeFrames` is a cache rebuilt by the next pass; the badge, the captured file and
    /// the frame time readouts are the window runner's, set again on its next frame;
    /// `presetCurves` is a cache of the preset list's curves.
    package static let uncheckpointedFields: Set<String> = ["measurer", "chromeFrames", "captureBadge", "capturedFile", "frameMs", "fps",
                                                            "presetCurves"]

    /// A workbench read back from a checkpoint, measuring text with `measurer` and making
    /// scenes of `catalog` (which must name the same scenes, in order, as the one written).
    package static func decodeCheckpoint(_ data: Data, measurer: any TextMeasuring,
                                         catalog: [any Scene.Type] = SceneRegistry.scenes) throws -> Workbench {
        let decoder = JSONDecoder()
        decoder.userInfo[Measurer.userInfoKey] = Measurer(measurer).base
        decoder.userInfo[catalogKey] = catalog
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(Workbench.self, from: data)
    }

    /// The checkpoint's bytes: compact JSON, every number exact.
    package func checkpointData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(self)
    }

    public init(from decoder: any Decoder) throws {
        self = try Self.decoded(from: decoder)
    }

    private static func decoded(from decoder: any Decoder) throws -> Workbench {
        let c = try decoder.container(keyedBy: Keys.self)
        let catalog = Self.catalog(of: decoder)
        let names = try c.decode([String].self, forKey: .catalog)
        guard names == catalog.map({ $0.name }) else {
            throw DecodingError.dataCorruptedError(forKey: .catalog, in: c, debugDescription:
                "the checkpoint's scenes (\(names.joined(separator: ", "))) are not this window's (\(catalog.map { $0.name }.joined(separator: ", ")))")
        }
        let measurer = try Measurer(from: decoder).base
        var list = try c.nestedUnkeyedContainer(forKey: .scenes)
        var scenes: [any Scene] = []
        for type in catalog { scenes.append(try Self.decodeScene(type, from: try list.superDecoder())) }
        let current = try c.decode(Int.self, forKey: .current)
        guard scenes.indices.contains(current) else {
            throw DecodingError.dataCorruptedError(forKey: .current, in: c, debugDescription: "no scene \(current)")
        }
        var app = Workbench(catalog: catalog, measurer: measurer, theme: try c.decode(Theme.self, forKey: .theme),
                            windowSize: try c.decode(Size.self, forKey: .windowSize))
        app.scenes = scenes
        app.current = current
        app.clock = try c.decode(SceneClock.self, forKey: .clock)
        app.mode = try c.decode(StageMode.self, forKey: .mode)
        app.showHUD = try c.decode(Bool.self, forKey: .showHUD)
        app.showAbout = try c.decode(Bool.self, forKey: .showAbout)
        app.showShortcuts = try c.decode(Bool.self, forKey: .showShortcuts)
        // (A bundle recorded before the list had previews holds the names alone.)
        app.userPresets = try (try? c.decode([LibraryPreset].self, forKey: .userPresets))
            ?? c.decode([String].self, forKey: .userPresets).map { LibraryPreset(name: $0, builtIn: false, preset: nil) }
        app.presetList = try c.decodeIfPresent(PresetListState.self, forKey: .presetList) ?? PresetListState()
        app.presetName = try c.decodeIfPresent(String.self, forKey: .presetName)
        app.framesDrawn = try c.decode(Int.self, forKey: .framesDrawn)
        app.fitPath = try c.decode(String.self, forKey: .fitPath)
        app.ui = try c.decode(UIState.self, forKey: .ui)
        app.inspectorScroll = try c.decode(Double.self, forKey: .inspectorScroll)
        app.inspectorHeightValue = try c.decode(Double.self, forKey: .inspectorHeightValue)
        app.hudTracker = try c.decode(VelocityTracker.self, forKey: .hudTracker)
        app.history = try c.decode(UndoHistory.self, forKey: .history)
        app.capture = try c.decode(CaptureOptions.self, forKey: .capture)
        app.showCapturePanel = try c.decode(Bool.self, forKey: .showCapturePanel)
        if let toast = try c.decodeIfPresent(Toast.self, forKey: .toast) {
            app.toast = (toast, try c.decode(Double.self, forKey: .toastWall))
        }
        if let target = try c.decodeIfPresent(WheelTarget.self, forKey: .wheelTarget) {
            app.wheelGesture = (target, try c.decode(Double.self, forKey: .wheelWall))
        }
        return app
    }

    private static func decodeScene<S: Scene>(_ type: S.Type, from decoder: any Decoder) throws -> any Scene {
        try S(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(catalog.map { $0.name }, forKey: .catalog)
        var list = c.nestedUnkeyedContainer(forKey: .scenes)
        for scene in scenes { try scene.encode(to: list.superEncoder()) }
        try c.encode(current, forKey: .current)
        try c.encode(theme, forKey: .theme)
        try c.encode(windowSize, forKey: .windowSize)
        try c.encode(clock, forKey: .clock)
        try c.encode(mode, forKey: .mode)
        try c.encode(showHUD, forKey: .showHUD)
        try c.encode(showAbout, forKey: .showAbout)
        try c.encode(showShortcuts, forKey: .showShortcuts)
        try c.encode(userPresets, forKey: .userPresets)
        try c.encode(presetList, forKey: .presetList)
        try c.encodeIfPresent(presetName, forKey: .presetName)
        try c.encode(framesDrawn, forKey: .framesDrawn)
        try c.encode(fitPath, forKey: .fitPath)
        try c.encode(ui, forKey: .ui)
        try c.encode(inspectorScroll, forKey: .inspectorScroll)
        try c.encode(inspectorHeightValue, forKey: .inspectorHeightValue)
        try c.encode(hudTracker, forKey: .hudTracker)
        try c.encode(history, forKey: .history)
        try c.encode(capture, forKey: .capture)
        try c.encode(showCapturePanel, forKey: .showCapturePanel)
        if let toast {
            try c.encode(toast.toast, forKey: .toast)
            try c.encode(toast.wall, forKey: .toastWall)
        }
        if let wheelGesture {
            try c.encode(wheelGesture.target, forKey: .wheelTarget)
            try c.encode(wheelGesture.lastWall, forKey: .wheelWall)
        }
    }
}
