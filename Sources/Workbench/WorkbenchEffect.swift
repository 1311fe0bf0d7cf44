import Scenes

/// What an input asks of the world outside the window: a file written or read, the system
/// clipboard, a capture, a folder opened, the window closed. The workbench stays pure — it
/// returns these from `handle(_:)` beside its trace events, and the runner carries them
/// out (`AppRunner.perform`).
package enum WorkbenchEffect: Equatable, Sendable {
    /// Save preset: the settings written out under `name`; over a preset of that name when
    /// `replacing` (the user said Replace), else under the first free name from it.
    case savePreset(name: String, replacing: Bool)
    /// A user's preset chosen in the inspector's list, loaded in place.
    case loadPreset(String)
    /// A user's preset renamed (never over another).
    case renamePreset(from: String, to: String)
    /// A preset copied under the first free "NAME copy": the user's by its file, a built-in
    /// one by its text.
    case duplicatePreset(name: String, json: String?)
    /// A user's preset moved to the desktop's trash.
    case deletePreset(String)
    /// Text for the system clipboard: Ctrl+C or Ctrl+X in a field, a spring group's Copy.
    case copy(String)
    /// A Paste button wants the clipboard's text, handed back in as a text event.
    case paste
    /// The capture panel's Record, Screenshot or Open folder, or a click on the badge.
    case capture(CaptureAction)
    /// The Spring Lab's Fit…: the recording at this path read and fitted to spring B (docs/behaviour.md §16).
    case fitRecording(String)
    /// Ctrl+Q or Ctrl+W: the window closes as its close button closes it.
    case quit
}

extension Workbench {
    /// What one input did: the trace events it raised, and what it asks the runner to do.
    public struct Handled {
        public var events: [SceneEvent]
        package var effects: [WorkbenchEffect]
    }
}
