@testable import App
import Scenes
import Testing

/// `springlab help --man`, `--completion` and `--version`: roff's escapes, the help text read
/// back, and the flags the help shows against the flags the parser takes.
@Suite struct ManPageCompletionTests {
    @Test func roffEscapes() {
        #expect(Roff.escape("--scene NAME") == "\\-\\-scene NAME")
        #expect(Roff.escape("a \\ b") == "a \\e b")
        #expect(Roff.escape(".webm .gif)") == "\\&.webm .gif)")
        #expect(Roff.escape("'quoted' text") == "\\&'quoted' text")
        #expect(Roff.escape("mid. 'line'") == "mid. 'line'")
        #expect(Roff.escape("`t,x`") == "\\(gat,x\\(ga")
        #expect(Roff.escape("a — b × c ≤ d") == "a \\[u2014] b \\[u00D7] c \\[u2264] d")
        #expect(Roff.escape("⌊T·F⌋") == "\\[u230A]T\\[u00B7]F\\[u230B]")
        #expect(Roff.escape("🙂") == "\\[u1F642]")
        #expect(Roff.escape("tab\there\u{7}") == "tab here")
        #expect(Roff.argument("springlab \"x\"") == "\"springlab ''x''\"")
    }

    @Test func manPageIsMadeOfTheHelpText() {
        let page = ManPage.text
        #expect(page.contains(".TH SPRINGLAB 1 \"\" \"SpringLab \(SpringLabCommand.version)\""))
        for command in Help.commands { #expect(page.contains(".SS \"springlab \(command)\"\n.nf\n")) }
        #expect(!page.contains(".SS \"springlab about\""))
        // Every line a request starts is one of the page's own; text never starts one.
        let requests: Set<String> = [".\\\"", ".TH", ".SH", ".SS", ".PP", ".TP", ".nf", ".fi", ".nh", ".ad"]
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(requests.contains(String(line.prefix(while: { $0 != " " }))), "\(line)")
        }
        #expect(page.allSatisfy { $0.isASCII })
        #expect(page.contains("\\&.webm .gif)"))
        #expect(ManPage.text == page)
    }

    @Test func usageLinesReadBack() {
        let render = Help.page("render")
        #expect(render.usage.first?.hasPrefix("springlab render --scene ") == true)
        #expect(render.usage.dropFirst().allSatisfy { $0.hasPrefix("                 ") })
        let syntax = render.syntax(of: "render")
        #expect(syntax.flags.map(\.name) == ["scene", "progress", "script", "time", "size", "scale", "theme", "renderer", "out"])
        #expect(syntax.flags.first { $0.name == "out" }?.placeholder == "FILE.png")
        #expect(syntax.flags.first { $0.name == "scene" }?.placeholder == SceneRegistry.names.joined(separator: "|"))
        #expect(syntax.positionals.isEmpty)

        let record = Help.page("record").syntax(of: "record")
        #expect(record.flags.first { $0.name == "transparent" }?.placeholder == nil)
        #expect(record.flags.first { $0.name == "out" }?.placeholder == "FILE.mp4|FILE.gif|FILE.png|DIR/")
        #expect(Help.page("fit").syntax(of: "fit").positionals == ["FILE"])
        #expect(Help.page("velocity").syntax(of: "velocity").positionals == ["FILE|-"])
        let help = Help.page("help").syntax(of: "help")
        #expect(help.positionals == ["COMMAND"])
        #expect(help.flags == [.init(name: "man", placeholder: nil), .init(name: "completion", placeholder: "bash|zsh|fish")])
        #expect(Help.page("about").usage.isEmpty && !Help.page("about").paragraphs.isEmpty)
    }

    @Test func overviewListsEveryCommand() {
        #expect(Help.summaries.map(\.command) == Help.commands)
        #expect(Help.summaries.first { $0.command == "version" }?.synopsis == "springlab --version")
    }

    /// The help shows only flags the parser takes, and every flag it takes but the few kept
    /// out of the help on purpose.
    @Test func helpShowsTheParsersFlags() {
        let hidden: [String: Set<String>] = ["bench": ["fit"]]
        for command in Help.commands {
            let table = Set((Completion.flagTables[command] ?? []).map(\.name))
            #expect(Completion.flagTables[command] != nil, "\(command) has no flag table")
            let shown = Set(Help.page(command).syntax(of: command).flags.map(\.name))
            #expect(shown.subtracting(table).isEmpty, "\(command): the help shows \(shown.subtracting(table))")
            #expect(table.subtracting(shown) == hidden[command] ?? [], "\(command): the help hides \(table.subtracting(shown))")
        }
    }

    @Test func completionValues() {
        let commands = Dictionary(uniqueKeysWithValues: Completion.commands.map { ($0.name, $0) })
        let render = commands["render"]!
        func values(_ command: Completion.Command, _ flag: String) -> Completion.Values?? {
            command.flags.first { $0.name == flag }.map(\.values)
        }
        #expect(values(render, "scene") == .some(.words(SceneRegistry.names)))
        #expect(values(render, "script") == .some(.scripts))
        #expect(values(render, "out") == .some(.files))
        #expect(values(render, "size") == .some(.nothing))
        #expect(values(render, "theme") == .some(.words(["light", "dark"])))
        #expect(values(commands["run"]!, "captures") == .some(.directories))
        #expect(values(commands["run"]!, "fresh") == .some(nil))
        #expect(values(commands["fit"]!, "samples") == .some(.files))
        #expect(values(commands["export"]!, "format") == .some(.words(ExportCommand.formats)))
        #expect(values(commands["export"]!, "spring") == .some(.nothing))
        #expect(values(commands["bench"]!, "fit") == nil)
        #expect(commands["fit"]!.positional == .files && commands["velocity"]!.positional == .files)
        #expect(commands["help"]!.positional == .topics && commands["render"]!.positional == .nothing)
        #expect(Completion.sceneScripts.first { $0.scene == "liquid" }?.scripts.contains("spread") == true)
        #expect(Set(Completion.allScripts).count == Completion.allScripts.count)
        #expect(Completion.shellWord("it's") == "'it'\\''s'" && Completion.shellWord("push-alert") == "push-alert")
        #expect(Completion.fishWord("it's \\") == "'it\\'s \\\\'")
    }

    @Test func helpFlags() {
        for shell in Help.shells {
            let r = SpringLabCommand.run(["help", "--completion", shell])
            #expect(r.exitCode == 0 && r.output == Completion.script(for: shell) && r.output.contains("springlab"))
        }
        #expect(SpringLabCommand.run(["help", "--man"]).output == ManPage.text)
        #expect(SpringLabCommand.run(["--help", "--man"]).output == ManPage.text)
        for bad in [["help", "--completion", "tcsh"], ["help", "--completion"], ["help", "--man", "render"],
                    ["help", "--man", "--completion", "bash"], ["help", "render", "fit"], ["help", "--frob"]] {
            let r = SpringLabCommand.run(bad)
            #expect(r.exitCode == 2 && r.output.isEmpty, "\(bad)")
        }
        #expect(SpringLabCommand.run(["help", "version"]).output.contains("springlab version"))
    }

    @Test func commitFile() {
        let hash = "0123456789abcdef0123456789abcdef01234567"
        #expect(BuildInfo.parseCommitFile(hash + "\n") == "0123456789ab")
        #expect(BuildInfo.parseCommitFile(hash + "-dirty\n") == "0123456789ab-dirty")
        #expect(BuildInfo.parseCommitFile("  " + hash + "  \nmore\n") == "0123456789ab")
        for odd in ["unknown\n", "", "\n", "0123", "0123456789abcdef0123456789abcdef0123456z", "-dirty"] {
            #expect(BuildInfo.parseCommitFile(odd) == "unknown", "\(odd)")
        }
        let version = SpringLabCommand.run(["--version"])
        #expect(version.exitCode == 0 && version.output == "springlab \(SpringLabCommand.version) (\(BuildInfo.commit))\n")
        #expect(SpringLabCommand.run(["version"]).output == version.output)
        #expect(SpringLabCommand.run(["version", "x"]).exitCode == 2)
    }
}
