import Canvas

/// Light or dark: every colour a scene uses comes from here.
public enum Theme: String, Sendable, CaseIterable, Codable {
    case light, dark

    /// Page behind the components (docs/behaviour.md §3.1).
    public var page: Color { self == .light ? Color(hex: 0xFFFFFF) : Color(hex: 0x1C1C1E) }
    /// Content rows.
    public var row: Color { self == .light ? Color(hex: 0xE8E8E8) : Color(hex: 0x2C2C2E) }
    /// Window chrome around the stage (bars, inspector).
    public var chrome: Color { self == .light ? Color(hex: 0xF2F2F4) : Color(hex: 0x111113) }
    public var chromeLine: Color { self == .light ? Color(hex: 0xD9D9DE) : Color(hex: 0x2E2E33) }
    public var label: Color { self == .light ? Color(hex: 0x1D1D1F) : Color(hex: 0xF2F2F7) }
    public var secondaryLabel: Color { self == .light ? Color(hex: 0x6E6E73) : Color(hex: 0x98989F) }
    public var control: Color { self == .light ? Color(hex: 0xFFFFFF) : Color(hex: 0x2C2C2E) }

    // Push Alert (docs/behaviour.md §3.1). docs/behaviour.md gives the light surface; in dark the panel is a
    // deep warm brown with the ink inverted to a warm off-white, keeping the accent and
    // ≥ 10:1 contrast, so the alert still reads as "warning" rather than a grey card.
    public var alertAccent: Color { Color(hex: 0xFF9F0A) }
    public var alertSurface: Color { self == .light ? Color(hex: 0xFFF4E5) : Color(hex: 0x2E2312) }
    public var alertInk: Color { self == .light ? Color(hex: 0x322614) : Color(hex: 0xFFEBD0) }
    public var alertPillInk: Color { Color(hex: 0x251909) }
}
