import Scenes

/// The trace events the window itself raises (SPEC §8): the chrome, the frame loop,
/// capture. Typed inside the code; the trace writes the raw values.
extension EventName {
    static let captureFailed: EventName = "captureFailed"
    static let captureRendered: EventName = "captureRendered"
    static let drive: EventName = "drive"
    static let firstFrame: EventName = "firstFrame"
    static let frames: EventName = "frames"
    static let hud: EventName = "hud"
    static let layout: EventName = "layout"
    static let loop: EventName = "loop"
    static let paused: EventName = "paused"
    static let presetSaved: EventName = "presetSaved"
    static let quit: EventName = "quit"
    static let recordingStarted: EventName = "recordingStarted"
    static let recordingStopped: EventName = "recordingStopped"
    static let replayEnded: EventName = "replayEnded"
    /// A dropped replay began to play in its sandbox (SPEC §15.3).
    static let replayStarted: EventName = "replayStarted"
    static let replayVerified: EventName = "replayVerified"
    static let scene: EventName = "scene"
    static let screenshot: EventName = "screenshot"
    /// Open folder (the capture panel, or a click on the badge): `xdg-open` started on the folder.
    static let folderOpened: EventName = "folderOpened"
    static let scrub: EventName = "scrub"
    static let setting: EventName = "setting"
    static let started: EventName = "started"
    static let stepped: EventName = "stepped"
    static let theme: EventName = "theme"
    static let timeScale: EventName = "timeScale"
    static let undo: EventName = "undo"
    static let presetLoaded: EventName = "presetLoaded"
    static let shortcuts: EventName = "shortcuts"
    static let dropRefused: EventName = "dropRefused"
    static let redo: EventName = "redo"
    static let tooltip: EventName = "tooltip"
}
