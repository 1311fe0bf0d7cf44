import Scenes

/// What an input asks of the world outside the window: a file written or read, the system
/// clipboard, a capture, a folder opened, the window closed. The workbench stays pure — it
/// returns these from `handle(_:)` beside its trace events, and the runner carries them
/// out (`AppRunner.perform`).
package enum WorkbenchEffect: Equatable, Sendable {
    /// Save preset: the settings written out under `name` (the one typed, else the scene's title).
    case savePreset(name: String)
    /// A preset chosen in the inspector's list, loaded in place.
    case loadPreset(String)
    /// Text for the system clipboard: Ctrl+C or Ctrl+X in a field, a spring group's Copy.
    case copy(String)
    /// A Paste button wants the clipboard's text, handed back in as a text event.
    case paste
    /// The capture panel's Record, Screenshot or Open folder, or a click on the badge.
    case capture(CaptureAction)
    /// The Spring Lab's Fit…: the recording at this path read and fitted to spring B (SPEC §16).
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
