import CSDL2

/// The system clipboard's text, through SDL (X11's CLIPBOARD selection on Linux).
public enum Clipboard {
    /// The clipboard's text; nil when it holds none (or SDL cannot read it).
    public static func text() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        let s = String(cString: raw)
        return s.isEmpty ? nil : s
    }

    /// Puts `text` on the clipboard; false when SDL could not.
    @discardableResult
    public static func set(_ text: String) -> Bool { SDL_SetClipboardText(text) == 0 }
}
