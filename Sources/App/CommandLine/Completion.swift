import Foundation
import Scenes

/// `springlab help --completion bash|zsh|fish`: a completion script for the shell, made
/// from the commands' own flag tables (what the parser accepts, and the words a choice
/// takes) and their usage lines in `springlab help` (which flags are shown, and what a
/// text value is: `FILE`, `DIR`, or a name). The script is static: nothing runs the
/// binary while a line is completed.
enum Completion {
    /// What a flag's value, or a word standing alone, completes to.
    enum Values: Equatable, Sendable {
        /// A number, a size, a name: nothing to offer.
        case nothing
        /// One of these words.
        case words([String])
        /// File names.
        case files
        /// Folder names.
        case directories
        /// The scripts of the scene `--scene` named earlier on the line, or every scene's.
        case scripts
        /// The pages of `springlab help`.
        case topics
    }

    struct Flag: Equatable, Sendable {
        let name: String
        /// nil: the flag takes no value.
        let values: Values?
    }

    struct Command: Equatable, Sendable {
        let name: String
        /// The overview's line for it (`one still of a scene, headless, to PNG`).
        let does: String
        let flags: [Flag]
        /// What a word that is no flag nor a flag's value completes to (`fit FILE`).
        let positional: Values
    }

    /// Every command's flag table, the parser's own.
    static let flagTables: [String: [FlagSpec]] = [
        "run": RunCommand.specs, "render": RenderCommand.specs, "record": RecordCommand.specs,
        "filmstrip": FilmstripCommand.specs, "bench": BenchCommand.specs, "neck": NeckCommand.specs,
        "spring": SpringCommand.specs, "export": ExportCommand.specs, "velocity": VelocityCommand.specs,
        "fit": FitCommand.specs, "help": Help.specs, "version": [],
    ]

    /// The commands, in the order of `springlab help`: each with the flags of its table that
    /// its usage lines show (a flag kept out of the help stays out of the completions).
    static var commands: [Command] {
        let summaries = Dictionary(Help.summaries.map { ($0.command, $0.does) }, uniquingKeysWith: { a, _ in a })
        return Help.commands.map { name in
            let syntax = Help.page(name).syntax(of: name)
            let table = Dictionary((flagTables[name] ?? []).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let flags = syntax.flags.compactMap { flag -> Flag? in
                table[flag.name].map { Flag(name: flag.name, values: values(of: $0, placeholder: flag.placeholder)) }
            }
            let positional = syntax.positionals.lazy.map(values(ofPositional:)).first { $0 != .nothing } ?? .nothing
            return Command(name: name, does: summaries[name] ?? "", flags: flags, positional: positional)
        }
    }

    /// What a flag's value completes to: a choice's words; a name's, size's or number's
    /// nothing; a path's files or folders, by the word its usage line shows (`DIR`, `FILE…`,
    /// `OUT.csv`; a flag the help does not show takes files).
    static func values(of spec: FlagSpec, placeholder: String?) -> Values? {
        if spec.name == "script" { return .scripts }
        switch spec.kind {
        case .toggle: return nil
        case .choice(let words): return .words(words)
        case .number, .numberList: return .nothing
        case .text:
            guard let placeholder else { return .files }
            if placeholder == "DIR" || placeholder == "DIR/" { return .directories }
            return placeholder.contains("FILE") || placeholder.contains(".") ? .files : .nothing
        }
    }

    /// What a word standing alone in a usage line completes to: `FILE`, `FILE|-` files,
    /// `COMMAND` the help's pages.
    static func values(ofPositional word: String) -> Values {
        if word == "COMMAND" { return .topics }
        return word.contains("FILE") ? .files : .nothing
    }

    /// Each scene's scripts, in the registry's order.
    static var sceneScripts: [(scene: String, scripts: [String])] {
        SceneRegistry.scenes.map { ($0.name, ($0.scripted?.scripts ?? []).map(\.name)) }
    }

    /// Every scene's scripts, each name once.
    static var allScripts: [String] {
        var seen = Set<String>()
        return sceneScripts.flatMap(\.scripts).filter { seen.insert($0).inserted }
    }

    /// What `springlab -<TAB>` offers besides the app's flags (`springlab --scene …` is `run`).
    static let programFlags = ["version", "help"]

    static func script(for shell: String) -> String {
        switch shell {
        case "zsh": return zsh
        case "fish": return fish
        default: return bash
        }
    }

    /// A word as the shells read it: as it is when it has nothing they treat specially,
    /// else in single quotes.
    static func shellWord(_ word: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/+:@%")
        if !word.isEmpty && word.allSatisfy({ plain.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func shellWords(_ words: [String]) -> String { words.map(shellWord).joined(separator: " ") }

    /// The first lines' end: where the script comes from.
    static var header: String {
        "made by `springlab help --completion`\n# (SpringLab \(SpringLabCommand.version)) from the commands' own flag tables and "
            + "`springlab help`;\n# change those, not this file."
    }

    /// The flags a case of a script lists, `--` and all.
    static func dashed(_ flags: [Flag]) -> [String] { flags.map { "--" + $0.name } }

    /// Flags grouped by what their values complete to, in the order first met: one `case`
    /// arm each.
    static func grouped(_ flags: [Flag]) -> [(values: Values, flags: [String])] {
        var groups: [(values: Values, flags: [String])] = []
        for flag in flags {
            guard let values = flag.values else { continue }
            if let index = groups.firstIndex(where: { $0.values == values }) {
                groups[index].flags.append("--" + flag.name)
            } else {
                groups.append((values, ["--" + flag.name]))
            }
        }
        return groups
    }
}
