import Inspector
import Scenes

/// The trace events the window itself raises (docs/behaviour.md §8): the chrome, the frame loop,
/// capture. Typed inside the code; the trace writes the raw values.
extension EventName {
    package static let captureFailed: EventName = "captureFailed"
    package static let captureRendered: EventName = "captureRendered"
    package static let drive: EventName = "drive"
    package static let firstFrame: EventName = "firstFrame"
    package static let frames: EventName = "frames"
    package static let hud: EventName = "hud"
    package static let layout: EventName = "layout"
    package static let loop: EventName = "loop"
    package static let paused: EventName = "paused"
    package static let presetSaved: EventName = "presetSaved"
    package static let quit: EventName = "quit"
    package static let recordingStarted: EventName = "recordingStarted"
    package static let recordingStopped: EventName = "recordingStopped"
    package static let replayEnded: EventName = "replayEnded"
    /// A dropped replay began to play in its sandbox (docs/behaviour.md §15.3).
    package static let replayStarted: EventName = "replayStarted"
    package static let replayVerified: EventName = "replayVerified"
    package static let scene: EventName = "scene"
    package static let screenshot: EventName = "screenshot"
    /// Open folder (the capture panel, or a click on the badge): `xdg-open` started on the folder.
    package static let folderOpened: EventName = "folderOpened"
    package static let scrub: EventName = "scrub"
    package static let started: EventName = "started"
    package static let stepped: EventName = "stepped"
    package static let theme: EventName = "theme"
    package static let timeScale: EventName = "timeScale"
    package static let undo: EventName = "undo"
    package static let presetLoaded: EventName = "presetLoaded"
    /// The pointer's shape changed (docs/behaviour.md §18): `{"event": "pointerShape", "shape": "vertical"}`.
    package static let pointerShape: EventName = "pointerShape"
    /// A preset renamed in the list: `{"event": "presetRenamed", "from": "A", "to": "B", "path": …}`.
    package static let presetRenamed: EventName = "presetRenamed"
    /// A preset duplicated: `{"event": "presetDuplicated", "name": "A", "copy": "A copy", "path": …}`.
    package static let presetDuplicated: EventName = "presetDuplicated"
    /// A preset moved to the desktop's trash: `{"event": "presetTrashed", "name": "A", "file": …, "info": ….trashinfo}`.
    package static let presetTrashed: EventName = "presetTrashed"
    /// A rename, duplicate or delete that could not be done (nothing changed): `{"error": …}`.
    package static let presetFailed: EventName = "presetFailed"
    package static let shortcuts: EventName = "shortcuts"
    package static let dropRefused: EventName = "dropRefused"
    package static let redo: EventName = "redo"
    package static let tooltip: EventName = "tooltip"
    /// F9: the last seconds of the session saved as a bundle folder (docs/behaviour.md §17).
    package static let bundleSaved: EventName = "bundleSaved"
    /// The badge's ×: the background renders stopped, nothing written.
    package static let captureCancelled: EventName = "captureCancelled"
    /// Ctrl+Shift+C: the HUD's lines copied as text.
    package static let reportCopied: EventName = "reportCopied"
}
