import Foundation

/// Text for roff, the manual page's language.
enum Roff {
    /// One line of text as roff prints it as typed: a backslash as `\e`, every `-` as `\-`
    /// (a hyphen would print as U+2010, and a flag could not be copied back), a backquote
    /// as `\(ga`, anything outside ASCII as its code point (`\[u2014]`: no input encoding to
    /// guess), and a line that would start with `.` or `'`, a request, led by `\&`.
    static func escape(_ line: some StringProtocol) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "`": out += "\\(ga"
            case "\t": out += " "
            default:
                if scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F {
                    out.unicodeScalars.append(scalar)
                } else if !scalar.isASCII {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }

    /// `text` in bold.
    static func bold(_ text: some StringProtocol) -> String { "\\fB" + escape(text) + "\\fR" }

    /// A macro's argument in double quotes (`"` itself cannot be in one; it becomes `''`).
    static func argument(_ text: String) -> String {
        "\"" + escape(text).replacingOccurrences(of: "\"", with: "''") + "\""
    }
}

/// `springlab help --man`: the manual page springlab(1), made from the text `springlab
/// help` prints — NAME and DESCRIPTION from the overview, SYNOPSIS from its list, one
/// subsection of COMMANDS a command with its usage lines as typed (no fill) and its
/// paragraphs filled — and a few sections of its own on what a manual page has besides
/// (files, environment, exit status). No date: the same binary prints the same page.
enum ManPage {
    static var text: String {
        var roff: [String] = [
            ".\\\" springlab(1), made by `springlab help --man` from the text `springlab help` prints;",
            ".\\\" change that text (Sources/App/CommandLine/Help.swift), not this page.",
            ".TH SPRINGLAB 1 \"\" \(Roff.argument("SpringLab \(SpringLabCommand.version)")) \"User Commands\"",
            ".nh",
            ".ad l",
        ]
        let overview = HelpPage(Help.overview)
        let title = overview.paragraphs.first ?? []
        roff += [".SH NAME", "springlab \\- " + Roff.escape(name(title))]

        roff += [".SH SYNOPSIS", ".nf"]
        roff += Help.summaries.map { synopsis($0.synopsis) }
        roff += [".fi"]

        roff += [".SH DESCRIPTION"]
        roff += paragraph(title)
        for summary in Help.summaries {
            roff += [".TP", synopsis(summary.synopsis), Roff.escape(summary.does)]
        }
        for text in overview.paragraphs.dropFirst() { roff += paragraph(text) }

        roff += [".SH COMMANDS"]
        for command in Help.commands {
            let page = Help.page(command)
            roff += [".SS " + Roff.argument("springlab " + command), ".nf"]
            roff += page.usage.map(Roff.escape)
            roff += [".fi"]
            for text in page.paragraphs { roff += paragraph(text) }
        }

        roff += [".SH EXIT STATUS"]
        roff += tagged(exitStatus)
        roff += [".SH ENVIRONMENT"]
        roff += tagged(environment)
        roff += [".SH FILES"]
        roff += tagged(files)
        // The credits (`springlab help about`), less the line NAME and DESCRIPTION have.
        let credits = Help.page("about").paragraphs.filter { $0 != title }
        if !credits.isEmpty {
            roff += [".SH NOTES"]
            for text in credits { roff += paragraph(text) }
        }
        roff += [".SH SEE ALSO", "\\fBffmpeg\\fR(1), \\fBgit\\fR(1), \\fBman\\fR(1);",
                 Roff.escape("docs/behaviour.md and docs/cli.md in SpringLab's source.")]
        return roff.joined(separator: "\n") + "\n"
    }

    /// `SpringLab 0.1.0 — a playground for …springs.` → `a playground for …springs`.
    private static func name(_ title: [String]) -> String {
        let line = title.joined(separator: " ")
        guard let dash = line.range(of: " — ") else { return line }
        let rest = line[dash.upperBound...]
        return String(rest.hasSuffix(".") ? rest.dropLast() : rest)
    }

    /// `springlab [run] [options]` with the program and the command in bold.
    private static func synopsis(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 2 else { return Roff.bold(text) }
        let program = Roff.bold(words.removeFirst())
        let command = words.removeFirst()
        let shown = command.hasPrefix("[") && command.hasSuffix("]")
            ? "[" + Roff.bold(command.dropFirst().dropLast()) + "]" : Roff.bold(command)
        return ([program, shown] + words.map { Roff.escape($0) }).joined(separator: " ")
    }

    /// A filled paragraph: its lines as they are, less their indent (a leading space would
    /// break the line in roff).
    private static func paragraph(_ lines: [String]) -> [String] {
        [".PP"] + lines.map { Roff.escape($0.drop(while: { $0 == " " })) }
    }

    private static func tagged(_ items: [(tag: String, text: String)]) -> [String] {
        items.flatMap { [".TP", Roff.bold($0.tag), Roff.escape($0.text)] }
    }

    private static let exitStatus: [(tag: String, text: String)] = [
        ("0", "Success."),
        ("1", "A runtime error: a file missing, unreadable or malformed, a write that failed. "
            + "One line on standard error says what."),
        ("2", "A usage error: an unknown command or flag, or a value it does not accept. "
            + "One line on standard error names the flag and what it accepts."),
        ("130, 143", "Stopped by Ctrl+C or SIGTERM; what was being written is removed."),
    ]

    private static let environment: [(tag: String, text: String)] = [
        ("XDG_CONFIG_HOME", "The window's state.json is kept in $XDG_CONFIG_HOME/springlab/ "
            + "(~/.config/springlab/ when it is unset or not an absolute path)."),
        ("XDG_DATA_HOME", "Presets saved from the window are kept in $XDG_DATA_HOME/springlab/presets/ "
            + "(~/.local/share/springlab/presets/ when it is unset or not an absolute path); "
            + "a preset moved to the trash goes to $XDG_DATA_HOME/Trash."),
        ("SDL_VIDEODRIVER", "The video driver SDL opens the window with (x11, wayland, …). "
            + "render, record, filmstrip and bench (but bench --idle) draw through SDL's offscreen driver "
            + "whatever it says: they need no display."),
        ("SPRINGLAB_ASSETS", "A folder looked in first for the fonts (Fonts/) and the icon."),
    ]

    private static let files: [(tag: String, text: String)] = [
        ("$XDG_CONFIG_HOME/springlab/state.json", "The window's size, scene, theme, scale, inspector form and every "
            + "scene's settings, opened on next time; a damaged one is set aside as state.json.broken. "
            + "--fresh neither reads nor writes it."),
        ("$XDG_DATA_HOME/springlab/presets/NAME.preset.json", "The presets saved from the window, listed in its inspector."),
        ("~/Videos/SpringLab/", "Takes (the replay and its MP4), screenshots and the flight recorder's saved spans, named by date and scene; "
            + "--captures DIR names another folder."),
        ("PREFIX/share/springlab/Fonts/", "Inter, the text face, where scripts/install puts it."),
        ("springlab.commit", "The commit --version names, beside the binary or in PREFIX/share/springlab/."),
    ]
}
