/// The three shells' completion scripts, each written from `Completion.commands`.
extension Completion {
    // MARK: bash

    /// For bash 4 and later; needs none of bash-completion's helpers (it loads the file
    /// from share/bash-completion/completions/ when `springlab` is first completed).
    static var bash: String {
        var lines = [
            "# bash completion for springlab, " + header,
            "# Needs none of bash-completion's helpers; completes `--flag value` and `--flag=value`.",
            "",
            #"""
            # The arguments that start with $cur.
            _springlab_words() {
              local word
              for word in "$@"; do
                [[ $word == "$cur"* ]] && COMPREPLY+=("$word")
              done
              return 0
            }

            _springlab_files() {
              compopt -o filenames 2>/dev/null
              mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
            }

            _springlab_directories() {
              compopt -o filenames 2>/dev/null
              mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -d -- "$cur")
            }

            # The scripts of the scene --scene names earlier on the line, or every scene's.
            _springlab_scripts() {
              local i scene=""
              for (( i = 1; i < COMP_CWORD; i++ )); do
                case ${COMP_WORDS[i]} in
                  --scene) scene=${COMP_WORDS[i+1]}; [[ $scene == "=" ]] && scene=${COMP_WORDS[i+2]} ;;
                  --scene=*) scene=${COMP_WORDS[i]#--scene=} ;;
                esac
              done
              case $scene in
            """#,
        ]
        for (scene, scripts) in sceneScripts where !scripts.isEmpty {
            lines.append("    \(shellWord(scene))) _springlab_words \(shellWords(scripts)) ;;")
        }
        lines.append("    *) _springlab_words \(shellWords(allScripts)) ;;")
        lines.append(#"""
              esac
            }

            # What the word under the cursor can be, from cur, prev and cmd (_springlab's).
            _springlab_complete() {
              if (( COMP_CWORD == 1 )) && [[ -z $lead ]]; then
                if [[ $cur == -* ]]; then
            """#)
        let run = commands.first { $0.name == "run" }
        lines.append("      _springlab_words \(shellWords(dashed(run?.flags ?? []) + programFlags.map { "--" + $0 }))")
        lines.append("    else")
        lines.append("      _springlab_words \(shellWords(Help.commands))")
        lines.append(#"""
                fi
                return 0
              fi
              [[ $cmd == -* ]] && cmd=run
              case $cmd in
            """#)
        lines += commandCases(label: { "\($0))" }, action: bashAction, done: "return 0", offer: "_springlab_words")
        lines.append(#"""
              esac
              return 0
            }

            _springlab() {
              local cur=${COMP_WORDS[COMP_CWORD]} prev="" cmd=${COMP_WORDS[1]-} lead=""
              COMPREPLY=()
              (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
              # --flag=value: bash splits the word at '=' (COMP_WORDBREAKS), or leaves it whole.
              if [[ $cur == "=" ]]; then
                cur=""
              elif [[ $prev == "=" ]] && (( COMP_CWORD > 1 )); then
                prev=${COMP_WORDS[COMP_CWORD-2]}
              elif [[ $cur == --*=* ]]; then
                prev=${cur%%=*} lead=${cur%%=*}= cur=${cur#*=}
              fi
              _springlab_complete
              [[ -n $lead ]] && COMPREPLY=("${COMPREPLY[@]/#/$lead}")
              return 0
            }

            complete -F _springlab springlab
            """#)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `case $cmd in` arms bash and zsh share (their case labels, actions, return and
    /// word-offering commands differ): after a flag that takes a value, the value's
    /// completions; else the command's flags, or its positional argument.
    private static func commandCases(label: (String) -> String, action: (Values) -> String, done: String,
                                     offer: String) -> [String] {
        var lines: [String] = []
        for command in commands {
            lines.append("    " + label(shellWord(command.name)))
            let groups = grouped(command.flags)
            if !groups.isEmpty {
                lines.append("      case $prev in")
                for group in groups {
                    let run = action(group.values)
                    lines.append("        \(label(group.flags.joined(separator: "|"))) \(run.isEmpty ? "" : run + "; ")\(done) ;;")
                }
                lines.append("      esac")
            }
            let flags = shellWords(dashed(command.flags))
            if command.positional == .nothing {
                if !flags.isEmpty { lines.append("      \(offer) \(flags)") }
            } else {
                lines.append("      if [[ $cur == -* ]]; then \(offer) \(flags); else \(action(command.positional)); fi")
            }
            lines.append("      ;;")
        }
        return lines
    }

    private static func bashAction(_ values: Values) -> String {
        switch values {
        case .nothing: return ""
        case .words(let words): return "_springlab_words " + shellWords(words)
        case .files: return "_springlab_files"
        case .directories: return "_springlab_directories"
        case .scripts: return "_springlab_scripts"
        case .topics: return "_springlab_words " + shellWords(Help.commandNames)
        }
    }

    // MARK: zsh

    /// An autoloaded `_springlab` in a folder of $fpath (share/zsh/site-functions/); sourced
    /// instead, it registers itself with compdef.
    static var zsh: String {
        var lines = [
            "#compdef springlab",
            "# zsh completion for springlab, " + header,
            "",
            #"""
            # The scripts of the scene --scene names earlier on the line, or every scene's.
            _springlab_scripts() {
              local i scene=
              for (( i = 2; i < CURRENT; i++ )); do
                case ${words[i]} in
                  (--scene) scene=${words[i+1]} ;;
                  (--scene=*) scene=${words[i]#--scene=} ;;
                esac
              done
              case $scene in
            """#,
        ]
        for (scene, scripts) in sceneScripts where !scripts.isEmpty {
            lines.append("    (\(shellWord(scene))) compadd -- \(shellWords(scripts)) ;;")
        }
        lines.append("    (*) compadd -- \(shellWords(allScripts)) ;;")
        lines.append(#"""
              esac
            }

            _springlab() {
              local cur=${words[CURRENT]} prev=${words[CURRENT-1]} cmd=${words[2]}
              if [[ $cur == --*=* ]]; then
                # --flag=value: the value is completed after the '='.
                prev=${cur%%=*}
                compset -P '*='
              elif (( CURRENT == 2 )); then
                if [[ $cur == -* ]]; then
            """#)
        let run = commands.first { $0.name == "run" }
        lines.append("      compadd -- \(shellWords(dashed(run?.flags ?? []) + programFlags.map { "--" + $0 }))")
        lines.append("    else")
        lines.append("      local -a commands")
        lines.append("      commands=(")
        for command in commands {
            lines.append("        " + shellWord(command.name + ":" + command.does))
        }
        lines.append("      )")
        lines.append(#"""
                  _describe 'springlab command' commands
                fi
                return
              fi
              [[ $cmd == -* ]] && cmd=run
              case $cmd in
            """#)
        lines += commandCases(label: { "(\($0))" }, action: zshAction, done: "return", offer: "compadd --")
        lines.append(#"""
              esac
            }

            if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
              _springlab "$@"
            else
              compdef _springlab springlab
            fi
            """#)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zshAction(_ values: Values) -> String {
        switch values {
        case .nothing: return ""
        case .words(let words): return "compadd -- " + shellWords(words)
        case .files: return "_files"
        case .directories: return "_files -/"
        case .scripts: return "_springlab_scripts"
        case .topics: return "compadd -- " + shellWords(Help.commandNames)
        }
    }

    // MARK: fish

    /// For fish 3 and later, in share/fish/vendor_completions.d/.
    static var fish: String {
        var lines = [
            "# fish completion for springlab, " + header,
            "",
            #"""
            # The command on the line: run when there is none yet or the first word is a flag
            # (`springlab --scene …` is `springlab run --scene …`).
            function __springlab_command
                set -l words (commandline -opc)
                if test (count $words) -lt 2; or string match -q -- '-*' $words[2]
                    echo run
                else
                    echo $words[2]
                end
            end

            function __springlab_using
                test (__springlab_command) = $argv[1]
            end

            function __springlab_first
                test (count (commandline -opc)) -eq 1
            end

            # The scripts of the scene --scene names earlier on the line, or every scene's.
            function __springlab_scripts
                set -l words (commandline -opc)
                set -l scene
                for i in (seq 2 (count $words))
                    switch $words[$i]
                        case --scene
                            if test $i -lt (count $words)
                                set scene $words[(math $i + 1)]
                            end
                        case '--scene=*'
                            set scene (string replace -- --scene= '' $words[$i])
                    end
                end
                switch "$scene"
            """#,
        ]
        for (scene, scripts) in sceneScripts where !scripts.isEmpty {
            lines.append("        case \(fishWord(scene))")
            lines.append("            printf '%s\\n' \(scripts.map(fishWord).joined(separator: " "))")
        }
        lines.append("        case '*'")
        lines.append("            printf '%s\\n' \(allScripts.map(fishWord).joined(separator: " "))")
        lines.append(#"""
                end
            end

            complete -c springlab -f
            """#)
        for command in commands {
            lines.append("complete -c springlab -n __springlab_first -a \(fishWord(command.name)) -d \(fishWord(command.does))")
        }
        for flag in programFlags {
            let does = Help.summaries.first { $0.command == flag }?.does ?? ""
            lines.append("complete -c springlab -n __springlab_first -l \(flag) -d \(fishWord(does))")
        }
        for command in commands {
            let condition = "-n " + fishWord("__springlab_using " + command.name)
            for flag in command.flags {
                var line = "complete -c springlab \(condition) -l \(flag.name)"
                if let values = flag.values { line += " " + fishAction(values) }
                lines.append(line)
            }
            switch command.positional {
            case .nothing: break
            case .files: lines.append("complete -c springlab \(condition) -F")
            default: lines.append("complete -c springlab \(condition) \(fishAction(command.positional))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishAction(_ values: Values) -> String {
        switch values {
        case .nothing: return "-x"
        case .words(let words): return "-x -a " + fishWord(words.joined(separator: " "))
        case .files: return "-r -F"
        case .directories: return "-x -a '(__fish_complete_directories)'"
        case .scripts: return "-x -a '(__springlab_scripts)'"
        case .topics: return "-x -a " + fishWord(Help.commandNames.joined(separator: " "))
        }
    }

    /// A word in fish's single quotes, where only `\'` and `\\` are escapes.
    static func fishWord(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
