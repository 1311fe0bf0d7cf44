#!/usr/bin/env python3
"""The manual page, the shell completions and `springlab --version` through the real binary.

The page (`springlab help --man`) renders under groff with no warning and under man; every
command of the overview is a subsection of it, and each command's usage lines and
paragraphs, as `springlab help CMD` prints them, are in the rendered page: one text.
The completions (`springlab help --completion bash|zsh|fish`) are driven as each shell
drives them and compared with what `springlab help` says, read here with this file's own
patterns: the scenes of `--scene a|b|c`, a scene's scripts from the `Scripts:` line, the
formats export lists, the overview's commands, a flag from its first letters, and file
names for --out. --version names the commit of a springlab.commit beside the binary (or
in ../share/springlab/), and `commit unknown` without one outside a checkout.

usage: python3 Tests/docs/manpage_completion_test.py SPRINGLAB
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

BIN = os.path.abspath(sys.argv[1])
REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
failures = []
passed = 0
skipped = 0


def case(name, ok, detail=""):
    global passed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failures.append(name)
        print(f"FAIL {name} {detail}")


def skip(name, why):
    global skipped
    skipped += 1
    print(f"skip {name}: {why}")


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, **kw)


def springlab(*args):
    return run([BIN, *args])


def squeeze(text):
    return " ".join(text.split())


def usage_block(page):
    """The usage lines of a help page, `usage: ` dropped: up to the first blank line."""
    lines = page.split("\n")
    if not lines or not lines[0].startswith("usage: "):
        return []
    block = []
    for line in lines:
        if not line.strip():
            break
        block.append(line)
    block[0] = block[0][len("usage: "):]
    return block


def paragraphs(page):
    """The blocks of a help page after its usage block, each squeezed to one line."""
    blocks = [b for b in re.split(r"\n\s*\n", page) if b.strip()]
    return [squeeze(b) for b in blocks if not b.startswith("usage:")]


work = tempfile.mkdtemp(prefix="springlab-manpage-")
try:
    overview = springlab("help").stdout
    commands = []
    for m in re.finditer(r"^  springlab (\S+)", overview, re.M):
        word = m.group(1)
        commands.append("version" if word == "--version" else word.strip("[]"))
    case("the overview lists the commands", len(commands) >= 10 and "render" in commands and "run" in commands,
         f"{commands}")
    pages = {c: springlab("help", c).stdout for c in commands}

    # ---- the manual page --------------------------------------------------------------
    print("== the manual page")
    man = springlab("help", "--man")
    case("help --man exits 0 with a page", man.returncode == 0 and man.stdout.startswith(".") and not man.stderr,
         man.stderr)
    case("the same page every run (no date in it)", springlab("help", "--man").stdout == man.stdout)
    page_path = os.path.join(work, "springlab.1")
    with open(page_path, "w") as f:
        f.write(man.stdout)
    version = springlab("--version").stdout.split()[1] if springlab("--version").returncode == 0 else "?"
    th = next((line for line in man.stdout.splitlines() if line.startswith(".TH ")), "")
    case(".TH names SPRINGLAB 1 and the version", th.startswith(".TH SPRINGLAB 1 ") and f"SpringLab {version}" in th, th)
    for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO"):
        case(f"section {section}", re.search(rf'^\.SH "?{section}"?$', man.stdout, re.M) is not None)
    # No line of text may start with a request character unless it is one of ours.
    odd = [line for line in man.stdout.splitlines()
           if line.startswith("'") or (line.startswith(".") and not re.match(r"\.(\\\"|TH|SH|SS|PP|TP|nf|fi|nh|ad)( |$)", line))]
    case("every line starting with . or ' is a request the page means", not odd, f"{odd[:3]}")

    if shutil.which("groff"):
        g = run(["groff", "-ww", "-man", "-Tutf8", page_path])
        case("groff -ww -man -Tutf8: no warning", g.returncode == 0 and g.stderr == "", g.stderr[:400])
    else:
        skip("groff -ww -man -Tutf8", "groff is not installed")

    if shutil.which("man"):
        env = {k: v for k, v in os.environ.items() if k not in ("MAN_KEEP_FORMATTING", "MANPAGER", "PAGER")}
        r = run(["man", "-l", page_path], env={**env, "MANWIDTH": "80", "LC_ALL": "C.UTF-8"})
        rendered = re.sub(r".\x08", "", re.sub(r"\x1b\[[0-9;]*m", "", r.stdout))
        case("man -l renders it (MANWIDTH=80)", r.returncode == 0 and "SPRINGLAB(1)" in rendered, r.stderr[:300])
        lines = rendered.splitlines()
        for c in commands:
            case(f"subsection springlab {c}", f"   springlab {c}" in lines)
        flat = squeeze(rendered.replace("\u2019", "'").replace("\u2018", "`"))
        for c in commands:
            block = usage_block(pages[c])
            case(f"{c}: its usage lines, as help prints them, are in the page",
                 bool(block) and squeeze(" ".join(block)) in flat, f"{block[:1]}")
            missing = [p[:60] for p in paragraphs(pages[c]) if p not in flat]
            case(f"{c}: every paragraph of its help is in the page", not missing, f"{missing[:2]}")
        case("NAME is the overview's line", "springlab - " + overview.split(" — ", 1)[1].split("\n")[0].rstrip(".") in flat)
        case("a line of help starting with '.' is text, not a request", "(.mp4 .mov .mkv .webm .gif)" in flat)
        case("flags print as typed (ASCII hyphens)", "--normalized-velocity" in flat and "\u2010" not in rendered)
        case("FILES names state.json, the presets and the captures folder",
             all(s in flat for s in ("$XDG_CONFIG_HOME/springlab/state.json", "springlab/presets", "~/Videos/SpringLab")))
        case("ENVIRONMENT names XDG_CONFIG_HOME, XDG_DATA_HOME, SDL_VIDEODRIVER",
             all(s in flat for s in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "SDL_VIDEODRIVER")))
    else:
        skip("man -l", "man is not installed")

    # ---- what the completions must offer, read from `springlab help` -------------------
    render_help = pages["render"]
    m = re.search(r"--scene ([a-z0-9-]+(?:\|[a-z0-9-]+)+)", render_help)
    scenes = m.group(1).split("|") if m else []
    m = re.search(r"Scripts: (.*?)\.(?:\s|$)", squeeze(render_help))
    scripts = {}
    for part in (m.group(1).split("; ") if m else []):
        scene, _, names = part.partition(" ")
        scripts[scene] = names.split(", ")
    m = re.search(r"FORMAT \(default \w+\):\s*(.*?)\.\s", squeeze(pages["export"]) + " ")
    formats = m.group(1).split(", ") if m else []
    case("help render lists the scenes and the liquid scene's scripts",
         len(scenes) >= 3 and "liquid" in scripts and len(scripts["liquid"]) >= 2, f"{scenes} {scripts}")
    case("help export lists the formats", "swiftui" in formats and len(formats) >= 5, f"{formats}")
    files_dir = os.path.join(work, "files")
    os.makedirs(os.path.join(files_dir, "beta dir"))
    for name in ("alpha.mp4", "alpha.png"):
        open(os.path.join(files_dir, name), "w").close()

    scripts_for = {}
    for shell in ("bash", "zsh", "fish"):
        r = springlab("help", "--completion", shell)
        case(f"help --completion {shell} exits 0", r.returncode == 0 and r.stdout and not r.stderr, r.stderr)
        scripts_for[shell] = os.path.join(work, f"completion.{shell}")
        with open(scripts_for[shell], "w") as f:
            f.write(r.stdout)
    bad = springlab("help", "--completion", "tcsh")
    case("help --completion tcsh is a usage error naming the shells",
         bad.returncode == 2 and "bash, zsh, fish" in bad.stderr and not bad.stdout, bad.stderr)
    bad = springlab("help", "--man", "render")
    case("help --man render is a usage error", bad.returncode == 2 and bad.stderr.count("\n") == 1, bad.stderr)

    # ---- bash ---------------------------------------------------------------------------
    print("== bash")

    def bash_complete(words, cwd=None):
        """COMPREPLY of the function the file registers, for the words (the last one under
        the cursor), as bash's programmable completion would call it."""
        line = " ".join(words)
        program = "\n".join([
            f"source {shlex.quote(scripts_for['bash'])}",
            "fn=$(complete -p springlab | sed -n 's/.*-F \\([^ ]*\\).*/\\1/p')",
            f"COMP_WORDS=({' '.join(shlex.quote(w) for w in words)})",
            f"COMP_CWORD={len(words) - 1}",
            f"COMP_LINE={shlex.quote(line)}",
            "COMP_POINT=${#COMP_LINE}",
            '"$fn" springlab "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"',
            'printf "%s\\n" "${COMPREPLY[@]}"',
        ])
        r = run(["bash", "--norc", "--noprofile", "-c", program], cwd=cwd)
        return sorted(x for x in r.stdout.split("\n") if x), r.stderr

    if shutil.which("bash"):
        got, err = bash_complete(["springlab", "render", "--scene", ""])
        case("bash: render --scene <TAB> is the scenes", got == sorted(scenes) and not err, f"{got} {err}")
        got, err = bash_complete(["springlab", "render", "--scene", "liquid", "--script", ""])
        case("bash: render --scene liquid --script <TAB> is liquid's scripts", got == sorted(scripts.get("liquid", [])),
             f"{got} {err}")
        got, _ = bash_complete(["springlab", "record", "--scene", "=", "neck", "--script", "=", ""])
        case("bash: --scene=neck --script=<TAB> is neck's scripts", got == sorted(scripts.get("neck", [])), f"{got}")
        every = sorted(set(s for names in scripts.values() for s in names))
        got, _ = bash_complete(["springlab", "record", "--script", ""])
        case("bash: --script without --scene is every scene's scripts", got == every, f"{got}")
        got, _ = bash_complete(["springlab", ""])
        case("bash: springlab <TAB> is the commands", got == sorted(commands), f"{got}")
        got, _ = bash_complete(["springlab", "export", "--format", ""])
        case("bash: export --format <TAB> is the formats", got == sorted(formats), f"{got}")
        got, _ = bash_complete(["springlab", "render", "--th"])
        case("bash: render --th<TAB> is --theme", got == ["--theme"], f"{got}")
        got, _ = bash_complete(["springlab", "render", "--theme", ""])
        case("bash: --theme <TAB> is light, dark", got == ["dark", "light"], f"{got}")
        got, _ = bash_complete(["springlab", "--sc"])
        case("bash: springlab --sc<TAB> is run's --scene and --scale", got == ["--scale", "--scene"], f"{got}")
        got, _ = bash_complete(["springlab", "record", "--out", ""], cwd=files_dir)
        case("bash: record --out <TAB> is the file names", got == ["alpha.mp4", "alpha.png", "beta dir"], f"{got}")
        got, _ = bash_complete(["springlab", "record", "--out", "alpha.m"], cwd=files_dir)
        case("bash: record --out alpha.m<TAB> is alpha.mp4", got == ["alpha.mp4"], f"{got}")
        got, _ = bash_complete(["springlab", "run", "--captures", ""], cwd=files_dir)
        case("bash: run --captures <TAB> is the folders", got == ["beta dir"], f"{got}")
        got, _ = bash_complete(["springlab", "fit", "al"], cwd=files_dir)
        case("bash: fit al<TAB> is a file", got == ["alpha.mp4", "alpha.png"], f"{got}")
        got, _ = bash_complete(["springlab", "render", "--progress", ""])
        case("bash: a number offers nothing", got == [], f"{got}")
        got, _ = bash_complete(["springlab", "help", ""])
        case("bash: help <TAB> is the pages", set(commands) <= set(got) and "about" in got, f"{got}")
        if os.path.exists("/usr/share/bash-completion/bash_completion"):
            r = run(["bash", "--norc", "--noprofile", "-c",
                     f"source /usr/share/bash-completion/bash_completion; source {shlex.quote(scripts_for['bash'])}; "
                     "complete -p springlab"])
            case("bash: loads beside bash-completion", r.returncode == 0 and "springlab" in r.stdout, r.stderr[:200])
    else:
        skip("bash", "bash is not installed")

    # ---- fish ---------------------------------------------------------------------------
    print("== fish")
    if shutil.which("fish"):
        r = run(["fish", "--no-config", "-n", scripts_for["fish"]])
        case("fish -n: the script parses", r.returncode == 0 and not r.stderr, r.stderr[:300])

        def fish_complete(line, cwd=None):
            program = f"source {shlex.quote(scripts_for['fish'])}; complete -C {shlex.quote(line)}"
            r = run(["fish", "--no-config", "-c", program], cwd=cwd)
            return sorted(x.split("\t")[0] for x in r.stdout.split("\n") if x), r.stderr

        got, err = fish_complete("springlab render --scene ")
        case("fish: render --scene <TAB> is the scenes", got == sorted(scenes) and not err, f"{got} {err}")
        got, _ = fish_complete("springlab render --scene liquid --script ")
        case("fish: --scene liquid --script <TAB> is liquid's scripts", got == sorted(scripts.get("liquid", [])), f"{got}")
        got, _ = fish_complete("springlab ")
        case("fish: springlab <TAB> is the commands", got == sorted(commands), f"{got}")
        got, _ = fish_complete("springlab export --format ")
        case("fish: export --format <TAB> is the formats", got == sorted(formats), f"{got}")
        got, _ = fish_complete("springlab render --th")
        case("fish: render --th<TAB> is --theme", got == ["--theme"], f"{got}")
        got, _ = fish_complete("springlab record --out alpha", cwd=files_dir)
        case("fish: record --out alpha<TAB> is the file names", got == ["alpha.mp4", "alpha.png"], f"{got}")
    else:
        skip("fish", "fish is not installed")

    # ---- zsh ----------------------------------------------------------------------------
    print("== zsh")
    if shutil.which("zsh"):
        r = run(["zsh", "-n", scripts_for["zsh"]])
        case("zsh -n: the script parses", r.returncode == 0 and not r.stderr, r.stderr[:300])
        with open(scripts_for["zsh"]) as f:
            case("zsh: the file is an autoloadable #compdef springlab", f.readline().strip() == "#compdef springlab")

        def zsh_complete(words):
            """What _springlab hands compadd (or _describe, or _files as <files>) for the
            words, the last under the cursor: the completion system's builtins stood in for,
            so the function's own choices are what is seen (zsh filters them by the prefix)."""
            program = "\n".join([
                "compdef() { : }",
                f"source {shlex.quote(scripts_for['zsh'])}",
                "compadd() { while (( $# )) && [[ $1 != -- ]]; do shift; done; (( $# )) && shift; print -rl -- \"$@\" }",
                "_describe() { local -a items; items=(\"${(@P)2}\"); print -rl -- \"${items[@]%%:*}\" }",
                "_files() { print -r -- '<files>' }",
                "compset() { return 1 }",
                f"words=({' '.join(shlex.quote(w) for w in words)})",
                f"CURRENT={len(words)}",
                "_springlab",
            ])
            r = run(["zsh", "-f", "-c", program])
            return sorted(x for x in r.stdout.split("\n") if x and (x.startswith(words[-1]) or x == "<files>")), r.stderr

        got, err = zsh_complete(["springlab", "render", "--scene", ""])
        case("zsh: render --scene <TAB> is the scenes", got == sorted(scenes) and not err, f"{got} {err}")
        got, _ = zsh_complete(["springlab", "render", "--scene", "liquid", "--script", ""])
        case("zsh: --scene liquid --script <TAB> is liquid's scripts", got == sorted(scripts.get("liquid", [])), f"{got}")
        got, _ = zsh_complete(["springlab", ""])
        case("zsh: springlab <TAB> is the commands", got == sorted(commands), f"{got}")
        got, _ = zsh_complete(["springlab", "export", "--format", ""])
        case("zsh: export --format <TAB> is the formats", got == sorted(formats), f"{got}")
        got, _ = zsh_complete(["springlab", "render", "--th"])
        case("zsh: render --th<TAB> is --theme", got == ["--theme"], f"{got}")
        got, _ = zsh_complete(["springlab", "record", "--out", ""])
        case("zsh: record --out <TAB> is file names", got == ["<files>"], f"{got}")
    else:
        skip("zsh", "zsh is not installed")

    # ---- --version ----------------------------------------------------------------------
    print("== --version")
    r, v = springlab("--version"), springlab("version")
    case("--version and version print one line alike", r.returncode == 0 and r.stdout == v.stdout
         and re.fullmatch(r"springlab \S+ \(commit ([0-9a-f]{12,}(-dirty)?|unknown)\)\n", r.stdout) is not None, r.stdout)
    for argv in (["--version", "x"], ["version", "--short"]):
        bad = springlab(*argv)
        case(f"{' '.join(argv)} is a usage error", bad.returncode == 2 and not bad.stdout and bad.stderr.count("\n") == 1,
             bad.stderr)
    case("help mentions --version", "springlab --version" in overview)
    case("help help tells of --man and --completion", "--man" in pages["help"] and "--completion" in pages["help"])

    git = shutil.which("git")
    head = run(["git", "-C", REPO, "rev-parse", "HEAD"]).stdout.strip() if git else ""
    # A copy of the binary outside any checkout, laid out as an install: bin/ and share/springlab/.
    bin_dir = os.path.join(work, "prefix", "bin")
    os.makedirs(bin_dir)
    copy = os.path.join(bin_dir, "springlab")
    shutil.copy2(BIN, copy)
    os.utime(copy)  # a fresh build: newer than anything written before it

    def copy_version():
        return run([copy, "--version"], cwd=work).stdout.strip()

    case("no springlab.commit, no checkout: commit unknown", copy_version() == f"springlab {version} (commit unknown)",
         copy_version())
    commit = head if re.fullmatch(r"[0-9a-f]{40}", head) else "0123456789abcdef0123456789abcdef01234567"
    beside = os.path.join(bin_dir, "springlab.commit")
    with open(beside, "w") as f:
        f.write(commit + "\n")
    case("springlab.commit beside it: 12 digits of its hash" + (" (git rev-parse HEAD)" if head else ""),
         copy_version() == f"springlab {version} (commit {commit[:12]})", copy_version())
    with open(beside, "w") as f:
        f.write(commit + "-dirty\n")
    case("a -dirty build says so", copy_version() == f"springlab {version} (commit {commit[:12]}-dirty)", copy_version())
    stamp = os.stat(copy).st_mtime
    os.utime(beside, (stamp - 60, stamp - 60))
    case("a springlab.commit older than the binary is not believed", copy_version().endswith("(commit unknown)"),
         copy_version())
    os.remove(beside)
    installed = os.path.join(work, "prefix", "share", "springlab")
    os.makedirs(installed)
    with open(os.path.join(installed, "springlab.commit"), "w") as f:
        f.write(commit + "\n")
    case("an install's share/springlab/springlab.commit", copy_version().endswith(f"(commit {commit[:12]})"), copy_version())
    with open(os.path.join(installed, "springlab.commit"), "w") as f:
        f.write("unknown\n")
    case("a build without git wrote unknown", copy_version().endswith("(commit unknown)"), copy_version())

    # The binary under test, as scripts/test built it and wrote springlab.commit beside it.
    own = os.path.join(os.path.dirname(BIN), "springlab.commit")
    if not head:
        skip("the build's commit is HEAD", "no git checkout here")
    elif not os.path.exists(own) or os.stat(own).st_mtime < os.stat(BIN).st_mtime:
        skip("the build's commit is HEAD", "no fresh springlab.commit beside the binary (not built by scripts/test)")
    else:
        out = springlab("--version").stdout.strip()
        m = re.search(r"\(commit ([0-9a-f]{12,})(-dirty)?\)$", out)
        case("the build's --version names HEAD, as git rev-parse HEAD", m is not None and head.startswith(m.group(1)), out)
finally:
    shutil.rmtree(work, ignore_errors=True)

print(f"{passed} passed, {len(failures)} failed, {skipped} skipped")
sys.exit(1 if failures else 0)
