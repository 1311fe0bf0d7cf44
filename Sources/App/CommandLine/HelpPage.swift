import Foundation

/// A page of `springlab help` read back into its parts, so the manual page and the shell
/// completions are made from the very text the binary prints: the usage block, the
/// paragraphs, and what the usage lines say each flag takes.
struct HelpPage: Sendable {
    /// The usage lines without `usage: `; continuation lines keep their indent relative to
    /// the first (`springlab` of every line at column 0).
    let usage: [String]
    /// The blocks of text the blank lines separate, the usage block left out; each its lines.
    let paragraphs: [[String]]

    init(_ text: String) {
        var blocks: [[String]] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                if !current.isEmpty { blocks.append(current) }
                current = []
            } else {
                current.append(String(line))
            }
        }
        if !current.isEmpty { blocks.append(current) }
        let prefix = "usage: "
        // The overview's list ("usage:" alone on its line) is a usage block too.
        if let index = blocks.firstIndex(where: { $0[0].hasPrefix(prefix) || $0[0] == "usage:" }) {
            usage = blocks[index].enumerated().map { offset, line in
                offset == 0 ? String(line.dropFirst(prefix.count))
                    : String(line.dropFirst(min(prefix.count, line.prefix(while: { $0 == " " }).count)))
            }
            blocks.remove(at: index)
        } else {
            usage = []
        }
        paragraphs = blocks
    }

    /// What the usage lines say of the command's arguments: every flag in the order they
    /// name it (the first time), each with the word that stands for its value (`--out
    /// FILE.png` → `FILE.png`; nil for a flag that takes none, like `[--info]`), and the
    /// words that stand alone (`FILE`, `FILE|-`, `COMMAND`).
    struct Syntax: Equatable, Sendable {
        struct Flag: Equatable, Sendable {
            let name: String
            let placeholder: String?
        }
        var flags: [Flag] = []
        var positionals: [String] = []
    }

    /// The syntax of `command`'s usage lines. A value's word is on the same line as its flag
    /// and never opens a group (`[`, `(`), an alternative (`|`) or another flag; a flag
    /// whose word closes a group (`[--fresh]`) takes none.
    func syntax(of command: String) -> Syntax {
        var syntax = Syntax()
        let brackets: Set<Character> = ["[", "]", "(", ")"]
        func core(_ word: Substring) -> String {
            String(word.drop(while: { brackets.contains($0) }).reversed().drop(while: { brackets.contains($0) }).reversed())
        }
        for line in usage {
            let words = line.split(separator: " ")
            var index = 0
            while index < words.count {
                let word = words[index]
                let name = core(word)
                index += 1
                if name == "springlab" || name == command || name == "--" + command || name == "|" || name.isEmpty { continue }
                if name.hasPrefix("--") {
                    var placeholder: String?
                    if !(word.hasSuffix("]") || word.hasSuffix(")")), index < words.count,
                       let next = words[index].first, !"[(|-".contains(next), core(words[index]) != "springlab" {
                        placeholder = core(words[index])
                        index += 1
                    }
                    let flag = String(name.dropFirst(2))
                    if !syntax.flags.contains(where: { $0.name == flag }) { syntax.flags.append(.init(name: flag, placeholder: placeholder)) }
                } else if !syntax.positionals.contains(name) {
                    syntax.positionals.append(name)
                }
            }
        }
        return syntax
    }
}

extension Help {
    /// One line of the overview's list: `springlab render ...` and what it does.
    struct Summary: Sendable {
        /// The command it is about (`run` for `springlab [run] …`, `version` for `--version`).
        let command: String
        /// The left column: `springlab render ...`.
        let synopsis: String
        /// The right column: `one still of a scene, headless, to PNG`.
        let does: String
    }

    /// The overview's list of commands, read back from its text.
    static var summaries: [Summary] {
        overview.split(separator: "\n").compactMap { line -> Summary? in
            guard line.hasPrefix("  springlab ") else { return nil }
            let text = line.drop(while: { $0 == " " })
            guard let gap = text.range(of: "  ") else { return nil }
            let synopsis = String(text[..<gap.lowerBound])
            let does = String(text[gap.upperBound...].drop(while: { $0 == " " }))
            let word = synopsis.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            let command = word == "--version" ? "version" : word.trimmingCharacters(in: .init(charactersIn: "[]"))
            return Summary(command: command, synopsis: synopsis, does: does)
        }
    }

    /// The page of each command (and topic), read back into its parts.
    static func page(_ name: String) -> HelpPage { HelpPage(pages[name] ?? "") }
}
