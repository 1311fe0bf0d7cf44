"""scripts/install through the real script (docs/behaviour.md §14, issue 17): into temporary prefixes,
the files laid out exactly, the installed binary running from elsewhere with its fonts
and naming the commit it was built from, the manual page and the shells' completions as
that binary prints them, the icon sizes, the launcher valid and its Exec lines doing
what they say, a second install, --uninstall leaving the tree exactly as it was, bad
input refused, a failed install still removable, and the window's WM class and icon
under Xvfb.

usage: python3 Tests/install/install_test.py
"""
import hashlib, os, re, shutil, stat, struct, subprocess, sys, tempfile, time
import xml.etree.ElementTree as ET

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
INSTALL = os.path.join(REPO, "scripts", "install")
SIZES = [16, 32, 48, 64, 128, 256, 512]
WINDOW_WAIT_S = 60   # how long the app may take to show its window under Xvfb
failures = []


def check(cond, what):
    print(("  ok    " if cond else "  FAIL  ") + " | ".join(l for l in what.splitlines() if l.strip()))
    if not cond:
        failures.append(what)


def run(args, cwd=None, env=None, timeout=900):
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def tree(root):
    """Every path under root: directories as 'dir', files by their content's hash."""
    out = {}
    for base, dirs, files in os.walk(root):
        for d in dirs:
            out[os.path.relpath(os.path.join(base, d), root)] = "dir"
        for f in files:
            p = os.path.join(base, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, root)] = hashlib.sha256(fh.read()).hexdigest()
    return out


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def desktop_groups(path):
    groups, current = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                current = groups.setdefault(line[1:-1], {})
            else:
                key, _, value = line.partition("=")
                current[key] = value
    return groups


def exec_argv(value):
    """The Desktop Entry Specification's Exec: string escapes first, then arguments
    split on spaces, double-quoted ones with \\" \\` \\$ \\\\ inside."""
    s, i, unescaped = value, 0, ""
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            unescaped += {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(s[i + 1], "\\" + s[i + 1])
            i += 2
        else:
            unescaped += s[i]
            i += 1
    argv, cur, quoted, i, s = [], None, False, 0, unescaped
    while i < len(s):
        c = s[i]
        if quoted:
            if c == "\\" and i + 1 < len(s) and s[i + 1] in '"`$\\':
                cur += s[i + 1]; i += 2; continue
            if c == '"':
                quoted = False
            else:
                cur += c
        elif c == '"':
            quoted, cur = True, (cur or "")
        elif c == " ":
            if cur is not None:
                argv.append(cur)
            cur = None
        else:
            cur = (cur or "") + c
        i += 1
    assert not quoted, "unterminated quote in Exec"
    if cur is not None:
        argv.append(cur)
    return [a.replace("%%", "%") for a in argv]


def expected_files(has_desktop_db, has_icon_cache):
    files = {"bin/springlab", "share/springlab/install-manifest.txt",
             "share/applications/springlab.desktop",
             "share/icons/hicolor/scalable/apps/springlab.svg",
             # The commit --version names, the manual page and the three shells' completions.
             "share/springlab/springlab.commit", "share/man/man1/springlab.1",
             "share/bash-completion/completions/springlab", "share/zsh/site-functions/_springlab",
             "share/fish/vendor_completions.d/springlab.fish"}
    files |= {f"share/springlab/Fonts/{n}" for n in
              ("Inter-Regular.otf", "Inter-SemiBold.otf", "Inter-Bold.otf", "LICENSE.txt")}
    files |= {f"share/icons/hicolor/{s}x{s}/apps/springlab.png" for s in SIZES}
    if has_desktop_db:
        files.add("share/applications/mimeinfo.cache")
    if has_icon_cache:
        files.add("share/icons/hicolor/icon-theme.cache")
    return files


def install(prefix, *extra):
    return run([INSTALL, "--prefix", prefix, *extra], cwd="/")


def main():
    has_db = shutil.which("update-desktop-database") is not None
    has_cache = shutil.which("gtk-update-icon-cache") is not None
    work = tempfile.mkdtemp(prefix="springlab-install-")
    try:
        prefix = os.path.join(work, "prefix")
        # Someone else's things already there: they must survive untouched.
        os.makedirs(os.path.join(prefix, "share", "applications"))
        with open(os.path.join(prefix, "share", "applications", "other-app.desktop"), "w") as f:
            f.write("[Desktop Entry]\nType=Application\nName=Other\nExec=true\n")
        with open(os.path.join(prefix, "notes.txt"), "w") as f:
            f.write("mine\n")
        before = tree(prefix)

        print("== install into a temporary prefix")
        t0 = time.time()
        r = install(prefix)
        check(r.returncode == 0, f"scripts/install --prefix exits 0 ({time.time() - t0:.1f} s): {r.stderr.strip()[-300:]}")
        if r.returncode != 0:
            print(r.stderr)
            sys.exit(1)
        after = tree(prefix)
        added = {p for p, kind in after.items() if p not in before and kind != "dir"}
        want = expected_files(has_db, has_cache)
        check(added == want, "exactly the expected files: "
              + f"missing {sorted(want - added)}, unexpected {sorted(added - want)}")
        check(all(after[p] == before[p] for p in before), "nothing that was there changed")
        binary = os.path.join(prefix, "bin", "springlab")
        check(os.stat(binary).st_mode & stat.S_IXUSR != 0, "the binary is executable")

        print("== the installed binary, started from elsewhere, finds its fonts")
        elsewhere = os.path.join(work, "elsewhere")
        os.makedirs(elsewhere)
        env = {k: v for k, v in os.environ.items() if k != "SPRINGLAB_ASSETS"}
        r = run([binary, "--version"], cwd=elsewhere, env=env)
        check(r.returncode == 0 and r.stdout.startswith("springlab "), f"--version: {r.stdout.strip()} {r.stderr.strip()}")
        # The installed binary is outside any checkout: its commit is the one the install wrote.
        with open(os.path.join(prefix, "share/springlab/springlab.commit")) as f:
            recorded = f.read().strip()
        m = re.fullmatch(r"([0-9a-f]{40})(-dirty)?", recorded)
        check(m is not None and r.stdout.strip().endswith(f"(commit {m.group(1)[:12]}{m.group(2) or ''})"),
              f"--version names the commit the install recorded ({recorded}): {r.stdout.strip()}")
        for page, argv in (("share/man/man1/springlab.1", ["help", "--man"]),
                           ("share/bash-completion/completions/springlab", ["help", "--completion", "bash"]),
                           ("share/zsh/site-functions/_springlab", ["help", "--completion", "zsh"]),
                           ("share/fish/vendor_completions.d/springlab.fish", ["help", "--completion", "fish"])):
            with open(os.path.join(prefix, page)) as f:
                check(f.read() == run([binary, *argv]).stdout, f"{page} is what 'springlab {' '.join(argv)}' prints")
        r = run([binary, "render", "--scene", "push-alert", "--progress", "0.45", "--out", "x.png"], cwd=elsewhere, env=env)
        check(r.returncode == 0 and png_size(os.path.join(elsewhere, "x.png")) == (420, 300),
              f"render from another directory writes a 420x300 PNG: {r.stderr.strip()}")
        # Through PATH, argv[0] is a bare name: the binary must still find share/springlab/Fonts.
        r = run(["springlab", "render", "--scene", "push-alert", "--progress", "0.45", "--out", "y.png"], cwd=elsewhere,
                env={**env, "PATH": os.path.join(prefix, "bin") + ":" + env.get("PATH", "")})
        check(r.returncode == 0 and png_size(os.path.join(elsewhere, "y.png")) == (420, 300),
              f"render started through PATH finds its fonts: {r.stderr.strip()}")

        print("== icons")
        for s in SIZES:
            p = os.path.join(prefix, f"share/icons/hicolor/{s}x{s}/apps/springlab.png")
            check(png_size(p) == (s, s), f"{s}x{s}/apps/springlab.png is {png_size(p)}")
        svg = ET.parse(os.path.join(prefix, "share/icons/hicolor/scalable/apps/springlab.svg")).getroot()
        check(svg.tag == "{http://www.w3.org/2000/svg}svg", "scalable/apps/springlab.svg is an SVG")

        print("== the launcher")
        desktop = os.path.join(prefix, "share/applications/springlab.desktop")
        r = run(["desktop-file-validate", desktop])
        check(r.returncode == 0 and "error" not in r.stdout + r.stderr,
              f"desktop-file-validate passes: {(r.stdout + r.stderr).strip()}")
        g = desktop_groups(desktop)
        e = g.get("Desktop Entry", {})
        check(exec_argv(e.get("Exec", "")) == [binary], f"Exec is the installed binary: {e.get('Exec')}")
        check(e.get("Type") == "Application" and e.get("Name") == "SpringLab" and e.get("Icon") == "springlab"
              and e.get("Terminal") == "false", "Type, Name, Icon, Terminal")
        check({"Graphics", "Development"} <= set(e.get("Categories", "").split(";")), f"Categories {e.get('Categories')}")
        check(e.get("StartupWMClass") == "springlab", "StartupWMClass=springlab (the window's WM class)")
        check("open-captures" in e.get("Actions", "").split(";"), "an action to open the captures folder")
        # The action, run as a launcher would (argv from the Exec rules), with a stand-in
        # xdg-open: the captures folder is made when missing and opened.
        fakebin = os.path.join(work, "fakebin")
        os.makedirs(fakebin)
        opened = os.path.join(work, "opened.txt")
        with open(os.path.join(fakebin, "xdg-open"), "w") as f:
            f.write(f"#!/bin/sh\nprintf '%s\\n' \"$@\" > '{opened}'\n")
        os.chmod(os.path.join(fakebin, "xdg-open"), 0o755)
        home = os.path.join(work, "home with space")
        os.makedirs(home)
        argv = exec_argv(g.get("Desktop Action open-captures", {}).get("Exec", ""))
        r = run(argv, env={**os.environ, "HOME": home, "PATH": fakebin + ":" + os.environ["PATH"]})
        folder = os.path.join(home, "Videos", "SpringLab")
        got = open(opened).read().strip() if os.path.exists(opened) else None
        check(r.returncode == 0 and os.path.isdir(folder) and got == folder,
              f"Open Captures Folder makes and opens {folder}: got {got!r} {r.stderr.strip()}")

        print("== a second install")
        r = install(prefix)
        check(r.returncode == 0, f"a second install exits 0: {r.stderr.strip()[-300:]}")
        check(set(tree(prefix)) == set(after), "a second install lays out the same files")

        print("== the window: WM class and icon under Xvfb")
        window_checks(work, binary)

        print("== --uninstall")
        r = run([INSTALL, "--uninstall", "--prefix", prefix], cwd="/")
        check(r.returncode == 0, f"--uninstall exits 0: {r.stderr.strip()}")
        now = tree(prefix)
        check(now == before, "the tree after --uninstall is the tree before the install: "
              + f"left {sorted(set(now) - set(before))}, lost {sorted(set(before) - set(now))}")
        r = run([INSTALL, "--uninstall", "--prefix", prefix], cwd="/")
        check(r.returncode == 1 and "nothing to uninstall" in r.stderr, f"a second --uninstall says so: {r.stderr.strip()}")

        print("== a prefix with spaces and quoting characters; a user's file inside")
        odd = os.path.join(work, 'my apps $HOME "q" 100%')
        r = install(odd)
        check(r.returncode == 0, f"install exits 0: {r.stderr.strip()[-300:]}")
        odd_desktop = os.path.join(odd, "share/applications/springlab.desktop")
        r2 = run(["desktop-file-validate", odd_desktop])
        check(r2.returncode == 0 and "error" not in r2.stdout + r2.stderr, f"still valid: {(r2.stdout + r2.stderr).strip()}")
        odd_argv = exec_argv(desktop_groups(odd_desktop)["Desktop Entry"]["Exec"])
        check(odd_argv == [os.path.join(odd, "bin", "springlab")], f"Exec quoted to the binary: {odd_argv}")
        r2 = run(odd_argv + ["--version"], cwd=elsewhere)
        check(r2.returncode == 0, "that Exec runs the binary")
        theirs = os.path.join(odd, "share/icons/hicolor/48x48/apps/other.png")
        shutil.copy(os.path.join(REPO, "Assets/Icons/springlab-48.png"), theirs)
        r = run([INSTALL, "--uninstall", f"--prefix={odd}"], cwd="/")
        left = {p for p, k in tree(odd).items() if k != "dir"}
        check(r.returncode == 0 and left == {"share/icons/hicolor/48x48/apps/other.png"},
              f"--uninstall removes SpringLab's files and keeps another's: left {sorted(left)}")

        print("== a failed install can still be removed")
        broken = os.path.join(work, "broken")
        os.makedirs(os.path.join(broken, "share/icons/hicolor/256x256/apps/springlab.png"))  # a directory in the way
        before_broken = tree(broken)
        r = install(broken)
        check(r.returncode == 1 and "is a directory" in r.stderr and "--uninstall" in r.stderr,
              f"install fails with a message: {r.stderr.strip()[-300:]}")
        r = run([INSTALL, "--uninstall", "--prefix", broken], cwd="/")
        check(r.returncode == 0 and tree(broken) == before_broken,
              f"--uninstall removes what the failed install wrote: {sorted(set(tree(broken)) - set(before_broken))}")

        print("== bad input")
        r = run([INSTALL, "--frobnicate"])
        check(r.returncode == 2 and "unknown argument '--frobnicate'" in r.stderr, f"unknown flag: {r.stderr.strip()}")
        r = run([INSTALL, "--prefix"])
        check(r.returncode == 2 and "--prefix needs a directory" in r.stderr, f"--prefix without a value: {r.stderr.strip()}")
        r = run([INSTALL, "--prefix", "--uninstall"])
        check(r.returncode == 2 and "--prefix needs a directory" in r.stderr, f"--prefix followed by a flag: {r.stderr.strip()}")
        afile = os.path.join(work, "a-file")
        open(afile, "w").close()
        r = run([INSTALL, "--prefix", os.path.join(afile, "sub")])
        check(r.returncode == 1 and "is not a directory" in r.stderr, f"a prefix under a file: {r.stderr.strip()}")
        r = run([INSTALL, "--prefix", "/proc/springlab-install-test"])
        check(r.returncode == 1 and "/proc" in r.stderr and not os.path.exists("/proc/springlab-install-test"),
              f"an unwritable prefix: {r.stderr.strip()[-200:]}")
        # A manifest that points outside the prefix is refused, nothing removed.
        evil = os.path.join(work, "evil")
        os.makedirs(os.path.join(evil, "share/springlab"))
        with open(os.path.join(evil, "share/springlab/install-manifest.txt"), "w") as f:
            f.write("file ../notes-outside.txt\n")
        outside = os.path.join(work, "notes-outside.txt")
        open(outside, "w").close()
        r = run([INSTALL, "--uninstall", "--prefix", evil])
        check(r.returncode == 1 and "refusing" in r.stderr and os.path.exists(outside),
              f"a manifest entry outside the prefix is refused: {r.stderr.strip()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    if failures:
        print(f"install test: {len(failures)} failed")
        sys.exit(1)
    print("install test: all passed")


def stop(proc):
    """Ask the process to end; kill it if it has not within 5 s."""
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def window_checks(work, installed):
    # A copy under another name: SDL's own default class is the executable's name, so
    # only the app's setting makes this one "springlab". The installed binary finds its
    # icon in the hicolor theme above it.
    renamed = os.path.join(work, "renamed-lab")
    shutil.copy(installed, renamed)
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    display = ":" + xvfb.stdout.readline().decode().strip()
    env = {**os.environ, "DISPLAY": display, "XDG_CONFIG_HOME": os.path.join(work, "cfg"),
           "XDG_DATA_HOME": os.path.join(work, "data")}
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("SPRINGLAB_ASSETS", None)
    try:
        for label, argv, extra in (("renamed copy", [renamed], {"SPRINGLAB_ASSETS": os.path.join(REPO, "Assets")}),
                                   ("installed", [installed], {})):
            started = time.time()
            proc = subprocess.Popen([*argv, "--fresh", "--quit-after", str(WINDOW_WAIT_S + 10)], env={**env, **extra}, cwd=work,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            wid = None
            deadline = time.time() + WINDOW_WAIT_S
            while time.time() < deadline and wid is None and proc.poll() is None:
                r = run(["xdotool", "search", "--class", "springlab"], env=env)
                ids = r.stdout.split()
                wid = ids[0] if ids else None
                if wid is None:
                    time.sleep(0.1)
            why = ""
            if wid is None:
                # Say why: the process's state and what it wrote (read once it has ended).
                state = (f"still running after {WINDOW_WAIT_S} s" if proc.poll() is None
                         else f"exited {proc.returncode} after {time.time() - started:.1f} s")
                if proc.poll() is None and shutil.which("gdb"):
                    # Where it is: the main thread's innermost frames.
                    bt = run(["gdb", "-p", str(proc.pid), "-batch", "-ex", "bt 12"], env=env).stdout
                    state += "; at " + " < ".join(l.split(" in ")[-1].split(" (")[0] for l in bt.splitlines()
                                                  if l.startswith("#"))[:800]
                stop(proc)
                err = proc.stderr.read().decode(errors="replace").strip()[-600:]
                why = f" ({state}; stderr: {err!r})"
            check(wid is not None, f"{label}: xdotool search --class springlab finds the window{why}")
            if wid:
                cls = run(["xprop", "-id", wid, "WM_CLASS"], env=env).stdout.strip()
                check(cls == 'WM_CLASS(STRING) = "springlab", "springlab"', f"{label}: {cls}")
                icon = run(["xprop", "-id", wid, "_NET_WM_ICON"], env=env).stdout
                check("Icon (64 x 64)" in icon, f"{label}: _NET_WM_ICON holds the 64 px icon")
            stop(proc)   # a no-op when it was stopped above
    finally:
        xvfb.terminate()
        xvfb.wait(5)


if __name__ == "__main__":
    main()
