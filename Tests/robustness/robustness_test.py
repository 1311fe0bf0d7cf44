#!/usr/bin/env python3
"""Files, signals and bad input through the real binary (docs/behaviour.md §13, issue 11).

Every output is written whole or not at all (a full disk by `ulimit -f` and by a small
tmpfs, a directory where a file is meant, two processes on one target, a user's own
`.partial` files); replays, presets, flags and standard input with values that used to
crash or hang; SIGINT/SIGTERM for record, filmstrip, bench and run; one-line messages.

    python3 Tests/robustness/robustness_test.py .build/debug/springlab
    ROBUST_ONLY=signal python3 Tests/robustness/robustness_test.py BIN     # a subset

Each case prints `ok   <name>` or `FAIL <name>: why`; exit status 1 if any failed.
Python 3 standard library only; `ffprobe` is used to check MP4s.
"""
import hashlib, json, os, re, resource, shutil, signal, stat, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True          # no __pycache__ beside the tests
from harness import CONTROL, alive, comm, communicate, descendants, kill_tree, popen, sandbox

BIN = os.path.abspath(sys.argv[1])
ONLY = os.environ.get("ROBUST_ONLY", "")
TMP, HOME, ENV = sandbox("springlab-robust-")
MOUNTS = []            # tmpfs mounts to undo at the end
CASES = []             # (name, function)
results = []           # (name, None | "why" | "skip")


class Fail(Exception):
    pass


class Skip(Exception):
    pass


def check(cond, why):
    if not cond:
        raise Fail(why)


def case(name):
    def wrap(fn):
        CASES.append((name, fn))
        return fn
    return wrap


# ---------------------------------------------------------------------------- running the binary

class Result:
    def __init__(self, code, out, err, secs, timed_out, rss_kb=None):
        self.code, self.out, self.err, self.secs, self.timed_out, self.rss_kb = code, out, err, secs, timed_out, rss_kb

    def __str__(self):
        e = self.err if len(self.err) < 240 else self.err[:240] + f"…[{len(self.err)} chars]"
        return f"exit {'TIMEOUT' if self.timed_out else self.code} after {self.secs:.1f} s, stderr {e!r}"


def run(*args, timeout=20, stdin=None, fsize=None, cwd=None, env=None):
    """Runs the binary in its own process group; a timeout kills the whole tree."""
    def limit():
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
    t0 = time.monotonic()
    p = popen([BIN, *map(str, args)], stdin=subprocess.DEVNULL if stdin is None else stdin,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env={**ENV, **(env or {})},
                         start_new_session=True, preexec_fn=limit if fsize is not None else None)
    out, err, timed_out = communicate(p, timeout)
    return Result(p.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
                  time.monotonic() - t0, timed_out)


def one_line(r, limit=300):
    """Exactly one line on stderr, bounded, no raw control characters."""
    e = r.err[:-1] if r.err.endswith("\n") else r.err
    check(e.strip() != "", f"no message on stderr ({r})")
    check("\n" not in e and "\r" not in e, f"{e.count(chr(10)) + 1} lines on stderr ({r})")
    check(len(e) <= limit, f"stderr line is {len(e)} chars (> {limit}): {e[:120]!r}…")
    check(not CONTROL.search(e), f"raw control character in stderr: {e[:200]!r}")


VERBOSE = os.environ.get("ROBUST_VERBOSE", "") not in ("", "0")


def expect_fail(r, codes=(1,), words=(), banned=(), within=None, any_words=()):
    if VERBOSE:
        print(f"      [{r.code}, {r.secs:.2f} s] {r.err.strip()[:200]}")
    check(not r.timed_out, f"did not finish ({r})")
    check(r.code in codes, f"expected exit {' or '.join(map(str, codes))}, got {r}")
    one_line(r)
    for w in words:
        check(w.lower() in r.err.lower(), f"message does not name {w!r}: {r.err.strip()[:200]!r}")
    if any_words:
        check(any(w.lower() in r.err.lower() for w in any_words),
              f"message names none of {list(any_words)}: {r.err.strip()[:200]!r}")
    for w in banned:
        check(w.lower() not in r.err.lower(), f"message says {w!r}: {r.err.strip()[:200]!r}")
    if within is not None:
        check(r.secs <= within, f"took {r.secs:.1f} s (> {within} s) to fail")


def expect_ok(r, within=None):
    check(not r.timed_out and r.code == 0, f"expected exit 0, got {r}")
    if within is not None:
        check(r.secs <= within, f"took {r.secs:.1f} s (> {within} s)")


# ---------------------------------------------------------------------------- files

_n = [0]


def fresh(tag="case"):
    _n[0] += 1
    d = os.path.join(TMP, f"{_n[0]:02d}-{tag}")
    os.makedirs(d)
    return d


def snapshot(folder):
    """Every entry under folder (hidden ones too): kind, size and content digest."""
    snap = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            full = os.path.join(root, name)
            rel = os.path.relpath(full, folder)
            st = os.lstat(full)
            if stat.S_ISREG(st.st_mode):
                snap[rel] = ("file", st.st_size, hashlib.sha256(open(full, "rb").read()).hexdigest())
            elif stat.S_ISDIR(st.st_mode):
                snap[rel] = ("dir",)
            else:
                snap[rel] = ("other", stat.S_IFMT(st.st_mode))
    return snap


def same_listing(before, folder, what="the folder", allow=()):
    after = {k: v for k, v in snapshot(folder).items() if k not in allow}
    new = sorted(set(after) - set(before))
    gone = sorted(set(before) - set(after))
    changed = sorted(k for k in set(before) & set(after) if before[k] != after[k])
    check(not (new or gone or changed),
          f"{what} changed: new {new[:6]}, gone {gone[:6]}, changed {changed[:6]}")


def probe_frames(file):
    """The number of video frames ffprobe reads, or None if the file does not parse."""
    p = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                        "stream=nb_read_frames", "-of", "json", file], capture_output=True, text=True)
    try:
        return int(json.loads(p.stdout)["streams"][0]["nb_read_frames"])
    except (ValueError, KeyError, IndexError, TypeError):
        return None


def png_width(file):
    b = open(file, "rb").read(24)
    return int.from_bytes(b[16:20], "big") if b[:8] == b"\x89PNG\r\n\x1a\n" else None


def write(path, text, mode="w"):
    with open(path, mode) as f:
        f.write(text)
    return path


_mount_ok = [None]


def tmpfs(size="200k"):
    """A fresh small tmpfs, or Skip if mounting is refused here."""
    if _mount_ok[0] is False:
        raise Skip("mount refused")
    d = fresh("tmpfs")
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", d], capture_output=True, text=True)
    if p.returncode != 0:
        _mount_ok[0] = False
        raise Skip(f"mount refused ({p.stderr.strip()[:80]})")
    _mount_ok[0] = True
    MOUNTS.append(d)
    return d


def fill(folder, leave):
    """Fills a tmpfs until only `leave` bytes are free (a file named filler.bin)."""
    st = os.statvfs(folder)
    n = max(0, st.f_bavail * st.f_frsize - leave)
    with open(os.path.join(folder, "filler.bin"), "wb") as f:
        try:
            while n > 0:
                k = min(n, 65536)
                f.write(b"\0" * k)
                n -= k
            f.flush()
        except OSError:
            pass


# ---------------------------------------------------------------------------- fixtures

FIX = os.path.join(TMP, "fixtures")
os.makedirs(FIX)
_fixtures = {}


def fixture(name):
    """Files made once by the binary itself: a replay per scene, an MP4 and a PNG."""
    if name in _fixtures:
        return _fixtures[name]
    p = os.path.join(FIX, name)
    if name == "push.slreplay":
        r = run("record", "--scene", "push-alert", "--script", "swipe-left", "--out", os.path.join(FIX, "push-end.png"),
                "--save-replay", p)
    elif name == "liquid.slreplay":
        r = run("record", "--scene", "liquid", "--script", "spread", "--out", os.path.join(FIX, "liquid-end.png"),
                "--save-replay", p)
    elif name == "old.mp4":     # 0.5 s of the presentation: 30 frames
        r = run("record", "--scene", "push-alert", "--script", "present", "--duration", "0.5", "--out", p)
    elif name == "old.png":
        r = run("render", "--scene", "push-alert", "--progress", "0.3", "--out", p)
    else:
        raise KeyError(name)
    if r.code != 0 or not os.path.isfile(p):
        raise Fail(f"could not make the fixture {name}: {r}")
    _fixtures[name] = p
    return p


def copy_fixture(name, to):
    shutil.copyfile(fixture(name), to)
    return to


def replay_lines(scene="push"):
    return open(fixture(f"{scene}.slreplay")).read().splitlines()


def raw(literal):
    """A number written into JSON exactly as given (1.8e308 is not a Python float)."""
    return f"@@raw:{literal}@@"


def dumps(obj):
    return re.sub(r'"@@raw:([^@]*)@@"', r"\1", json.dumps(obj))


def edited_replay(path, scene="push", settings=None, replace_end=None, insert=None):
    """A copy of a fixture replay: settings edited by a function, the end line replaced,
    or lines inserted before the first event."""
    lines = replay_lines(scene)
    if settings:
        s = json.loads(lines[1])
        settings(s["settings"])
        lines[1] = dumps(s)
    if replace_end is not None:
        i = max(k for k, l in enumerate(lines) if '"end"' in l)
        lines[i] = replace_end
    if insert:
        lines[2:2] = insert
    return write(path, "\n".join(lines) + "\n")


def preset_from_replay(edit):
    """A full preset (every key of pushAlert, pile, presence and neck) with one edit."""
    s = json.loads(replay_lines()[1])["settings"]
    preset = {k: s[k] for k in ("pushAlert", "pile", "presence", "neck") if k in s}
    edit(preset)
    return preset


# ============================================================================ full disk

PNG_ARGS = ["render", "--scene", "push-alert", "--progress", "0.5"]            # ≈ 9 KB
REC_PNG = ["record", "--scene", "push-alert", "--script", "swipe-left"]           # the end frame, ≈ 2.7 KB
REC_SHORT = ["record", "--scene", "push-alert", "--script", "present", "--duration", "0.5"]   # 30 frames
REC_MP4 = ["record", "--scene", "push-alert", "--script", "swipe-left"]           # 144 frames, ≈ 50 KB


def failed_write(r, folder, before, what="the folder"):
    expect_fail(r)
    same_listing(before, folder, what)


def failed_over_old(d, fixture_name, name, args, fsize=None, fill_to=None, frames=None):
    """args --out d/name, over a copy of an old fixture, on a disk made full by fsize (ulimit -f)
    or by filling the tmpfs d to fill_to free bytes: fails whole, d as it was (the old file
    identical); with frames, the old MP4 still reads as that many frames."""
    target = copy_fixture(fixture_name, os.path.join(d, name))
    if fill_to is not None:
        fill(d, fill_to)
    before = snapshot(d)
    failed_write(run(*args, "--out", target, fsize=fsize), d, before)
    if frames is not None:
        check(probe_frames(target) == frames,
              f"the old MP4 no longer reads as {frames} frames: {probe_frames(target)}")


def failed_save_replay(d, outs, extra=(), fsize=None):
    """record --out outs/x.png --save-replay d/take.slreplay on a full disk fails whole: d as it
    was (no replay file). A PNG left in outs is only noted."""
    before = snapshot(d)
    r = run(*REC_PNG, *extra, "--out", os.path.join(outs, "x.png"), "--save-replay", os.path.join(d, "take.slreplay"),
            fsize=fsize)
    failed_write(r, d, before)
    if os.listdir(outs):
        print(f"      note: the PNG was left after the failed command: {os.listdir(outs)}")


@case("ulimit -f: render over an existing valid PNG fails whole, the old PNG kept")
def _():
    failed_over_old(fresh("ulimit-render"), "old.png", "v.png", PNG_ARGS, fsize=2000)


@case("ulimit -f: record .png (absent and over an existing PNG) fails whole")
def _():
    d = fresh("ulimit-recpng")
    before = snapshot(d)
    failed_write(run(*REC_PNG, "--out", os.path.join(d, "x.png"), fsize=1000), d, before)
    copy_fixture("old.png", os.path.join(d, "y.png"))
    before = snapshot(d)
    failed_write(run(*REC_PNG, "--out", os.path.join(d, "y.png"), fsize=1000), d, before)


@case("ulimit -f: record DIR/ (frames over the limit midway) fails whole, no folder left")
def _():
    d = fresh("ulimit-folder")
    before = snapshot(d)
    failed_write(run(*REC_SHORT, "--out", os.path.join(d, "frames") + "/", fsize=3000), d, before)


@case("ulimit -f: record .mp4 over an existing MP4 fails whole, the old MP4 identical and valid")
def _():
    failed_over_old(fresh("ulimit-mp4"), "old.mp4", "take.mp4", REC_MP4, fsize=20000, frames=30)


@case("ulimit -f: record .gif fails whole")
def _():
    d = fresh("ulimit-gif")
    before = snapshot(d)
    failed_write(run(*REC_SHORT, "--out", os.path.join(d, "a.gif"), fsize=5000), d, before)


@case("ulimit -f: --save-replay that cannot be written fails whole (exit 1, no replay file)")
def _():
    # The 200x150 PNG (≈ 500 B) fits under the limit; the replay (≈ 1.8 KB) does not.
    failed_save_replay(fresh("ulimit-replay"), fresh("ulimit-replay-png"), ["--size", "200x150"], fsize=1000)


@case("tmpfs full: render over an existing PNG fails whole, the old PNG kept")
def _():
    failed_over_old(tmpfs(), "old.png", "v.png", [*PNG_ARGS, "--size", "800x600"], fill_to=8192)


@case("tmpfs full: record DIR/ fails whole (no folder with 0-byte frames)")
def _():
    d = tmpfs()
    fill(d, 8192)
    before = snapshot(d)
    failed_write(run(*REC_SHORT, "--out", os.path.join(d, "frames") + "/"), d, before)


@case("tmpfs full: record .mp4 over an existing MP4 fails whole, the old MP4 identical and valid")
def _():
    failed_over_old(tmpfs(), "old.mp4", "take.mp4", REC_MP4, fill_to=8192, frames=30)


@case("tmpfs full: record .gif and record .png fail whole")
def _():
    d = tmpfs()
    fill(d, 0)
    before = snapshot(d)
    failed_write(run(*REC_SHORT, "--out", os.path.join(d, "a.gif")), d, before)
    failed_write(run(*REC_PNG, "--out", os.path.join(d, "x.png")), d, before)


@case("tmpfs full: --save-replay fails whole (exit 1, no replay file)")
def _():
    d, outs = tmpfs(), fresh("tmpfs-replay-png")
    fill(d, 0)
    failed_save_replay(d, outs)


# ============================================================================ wrong kind of target

def dir_with_content(path):
    os.makedirs(os.path.join(path, "inner"))
    write(os.path.join(path, "keep.txt"), "mine")
    write(os.path.join(path, "inner", "deep.txt"), "also mine")
    return path


def refused_over_directories(tag, rows):
    """rows: (args, name). Makes every d/name a directory with content, then runs each
    `args --out d/name`: exit 1 or 2 naming "directory", and d as it was."""
    d = fresh(tag)
    targets = [dir_with_content(os.path.join(d, name)) for _, name in rows]
    before = snapshot(d)
    for (args, name), target in zip(rows, targets):
        try:
            expect_fail(run(*args, "--out", target), codes=(1, 2), words=["directory"])
        except Fail as e:
            raise Fail(f"{args[0]} --out {name}: {e}")
    same_listing(before, d)


@case("render --out v.png where v.png is a directory: refused, the directory untouched")
def _():
    refused_over_directories("dir-render", [(PNG_ARGS, "v.png")])


@case("filmstrip --out v.png where v.png is a directory: refused, the directory untouched")
def _():
    refused_over_directories("dir-filmstrip", [(["filmstrip", "--scene", "push-alert", "--frames", "4"], "v.png")])


@case("record --out x.mp4 / x.png where that is a directory: refused, the directory untouched")
def _():
    refused_over_directories("dir-record", [(REC_SHORT, "x.mp4"), (REC_PNG, "x.png")])


@case("--save-replay over an existing MP4: refused, the MP4 untouched")
def _():
    d = fresh("replay-over-mp4")
    movie = copy_fixture("old.mp4", os.path.join(d, "movie.mp4"))
    before = snapshot(d)
    r = run(*REC_PNG, "--out", os.path.join(d, "x.png"), "--save-replay", movie)
    expect_fail(r, codes=(1, 2))
    same_listing(before, d)
    check(probe_frames(movie) == 30, "the MP4 no longer reads as 30 frames")


@case("--save-replay over an old replay: allowed, the file is the new replay")
def _():
    d = fresh("replay-over-replay")
    old = write(os.path.join(d, "take.slreplay"), open(fixture("liquid.slreplay")).read())
    r = run(*REC_PNG, "--out", os.path.join(d, "x.png"), "--save-replay", old)
    expect_ok(r)
    text = open(old).read()
    check(text.startswith("springlab-replay 1\n") and '"scene":"push-alert"' in text.replace(" ", ""),
          "the replay file is not the new take")
    check(sorted(os.listdir(d)) == ["take.slreplay", "x.png"], f"leftovers: {sorted(os.listdir(d))}")


@case("--save-replay same.mp4 --out same.mp4 (also spelled ./same.mp4): refused with exit 2, nothing written")
def _():
    d = fresh("replay-same-target")
    before = snapshot(d)
    same = os.path.join(d, "same.mp4")
    expect_fail(run(*REC_SHORT, "--save-replay", same, "--out", same), codes=(2,))
    same_listing(before, d)
    expect_fail(run(*REC_SHORT, "--save-replay", os.path.join(d, ".", "same.mp4"), "--out", same), codes=(2,))
    same_listing(before, d)


@case("run --trace over a PNG (and over a directory): refused, untouched")
def _():
    d = fresh("trace-over-png")
    png = copy_fixture("old.png", os.path.join(d, "shot.png"))
    dir_with_content(os.path.join(d, "traces"))
    before = snapshot(d)
    expect_fail(run("run", "--quit-after", "0.5", "--trace", png), codes=(1, 2))
    same_listing(before, d)
    expect_fail(run("run", "--quit-after", "0.5", "--trace", os.path.join(d, "traces")), codes=(1, 2),
                words=["directory"])
    same_listing(before, d)


@case("run --trace over an old trace: allowed, the file is whole JSON lines")
def _():
    d = fresh("trace-over-trace")
    t = os.path.join(d, "t.jsonl")
    expect_ok(run("run", "--quit-after", "0.5", "--trace", t))
    expect_ok(run("run", "--quit-after", "0.5", "--trace", t))
    lines = open(t).read().splitlines()
    check(lines, "the trace is empty")
    for i, l in enumerate(lines):
        try:
            json.loads(l)
        except ValueError:
            raise Fail(f"trace line {i + 1} is not JSON: {l[:80]!r}")
    check(any('"started"' in l for l in lines), "no 'started' event in the trace")
    check(os.listdir(d) == ["t.jsonl"], f"leftovers: {os.listdir(d)}")


# ============================================================================ two writers, users' files

def concurrent(argsets, timeout=60):
    procs = [popen([BIN, *a], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=ENV, start_new_session=True) for a in argsets]
    rs = []
    t0 = time.monotonic()
    for p in procs:
        out, err, timed_out = communicate(p, max(1, timeout - (time.monotonic() - t0)))
        rs.append(Result(p.returncode, out.decode(errors="replace"), err.decode(errors="replace"),
                         time.monotonic() - t0, timed_out))
    return rs


def check_pair(rs):
    check(all(not r.timed_out for r in rs), f"did not finish: {[str(r) for r in rs]}")
    check(any(r.code == 0 for r in rs), f"neither succeeded: {[str(r) for r in rs]}")
    for r in rs:
        if r.code != 0:
            expect_fail(r)


@case("two records to the same .mp4 at once: each whole or failed, the survivor valid (144 frames)")
def _():
    d = fresh("two-mp4")
    target = os.path.join(d, "x.mp4")
    rs = concurrent([[*REC_MP4, "--out", target]] * 2)
    check_pair(rs)
    check(os.path.isfile(target), f"no x.mp4 after {[r.code for r in rs]}")
    n = probe_frames(target)
    check(n == 144, f"the surviving MP4 reads as {n} frames, expected 144")
    check(os.listdir(d) == ["x.mp4"], f"leftovers: {sorted(os.listdir(d))}")


@case("two records to the same DIR/ at once: one whole take survives (30 frames, one size, none empty)")
def _():
    d = fresh("two-folder")
    target = os.path.join(d, "frames")
    # The takes differ by width, so frames of two takes cannot hide in one folder.
    rs = concurrent([[*REC_SHORT, "--size", "420x300", "--out", target + "/"],
                     [*REC_SHORT, "--size", "424x300", "--out", target + "/"]])
    check_pair(rs)
    check(os.listdir(d) == ["frames"], f"expected only frames/, found {sorted(os.listdir(d))}")
    files = sorted(os.listdir(target))
    check(len(files) == 30, f"{len(files)} frames, expected 30")
    sizes = [os.path.getsize(os.path.join(target, f)) for f in files]
    check(min(sizes) > 0, f"{sizes.count(0)} empty frames")
    widths = {png_width(os.path.join(target, f)) for f in files}
    check(len(widths) == 1 and None not in widths, f"frames of two takes mixed (widths {sorted(map(str, widths))})")


@case("a user's own frames.partial/ and take.mp4.partial are never touched (success and failure)")
def _():
    d = fresh("user-partial")
    dir_with_content(os.path.join(d, "frames.partial"))
    write(os.path.join(d, "take.mp4.partial"), "my notes, not a video\n")
    write(os.path.join(d, "a.gif.partial"), "mine too\n")

    def mine():
        s = snapshot(d)
        return {k: v for k, v in s.items() if ".partial" in k}
    keep = mine()
    expect_ok(run(*REC_SHORT, "--out", os.path.join(d, "frames") + "/"))
    expect_ok(run(*REC_SHORT, "--out", os.path.join(d, "take.mp4")))
    check(mine() == keep, "a .partial file of the user's changed after a successful record")
    shutil.rmtree(os.path.join(d, "frames"))
    os.remove(os.path.join(d, "take.mp4"))
    before = snapshot(d)
    expect_fail(run(*REC_SHORT, "--out", os.path.join(d, "frames") + "/", fsize=3000))
    expect_fail(run(*REC_MP4, "--out", os.path.join(d, "take.mp4"), fsize=20000))
    expect_fail(run(*REC_SHORT, "--out", os.path.join(d, "a.gif"), fsize=5000))
    same_listing(before, d)


@case("relative output paths (cwd-relative PNG, DIR/, MP4) work")
def _():
    d = fresh("relative")
    expect_ok(run(*PNG_ARGS, "--out", "r.png", cwd=d))
    expect_ok(run(*REC_SHORT, "--out", "frames/", cwd=d))
    expect_ok(run(*REC_SHORT, "--out", "m.mp4", cwd=d))
    check(sorted(os.listdir(d)) == ["frames", "m.mp4", "r.png"], f"found {sorted(os.listdir(d))}")
    check(len(os.listdir(os.path.join(d, "frames"))) == 30, "the folder does not hold 30 frames")


# ============================================================================ replays that crashed or hung

@case("replay end at t=1e300: exit 1, one line (not a trap), for .png and .mp4")
def _():
    d = fresh("replay-1e300")
    f = edited_replay(os.path.join(d, "r.slreplay"), replace_end='{"t": 1e300, "e": "end"}')
    before = snapshot(d)
    expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.png")), within=10)
    expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.mp4")), within=10)
    same_listing(before, d)


@case("replay end at t=1e9 (over 24 h): refused quickly, for .mp4 and .png")
def _():
    d = fresh("replay-1e9")
    f = edited_replay(os.path.join(d, "r.slreplay"), replace_end='{"t": 1e9, "e": "end"}')
    before = snapshot(d)
    expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.mp4"), timeout=8), within=5)
    expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.png"), timeout=8), within=5)
    same_listing(before, d)


@case("replay resize to 1e308 x 1e308: exit 1 for PNG, MP4 and filmstrip --replay (no hang)")
def _():
    d = fresh("replay-resize")
    f = edited_replay(os.path.join(d, "r.slreplay"), insert=['{"t": 0, "e": "resize", "w": 1e308, "h": 1e308}'])
    before = snapshot(d)
    expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.png")), within=10)
    expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.mp4")), within=10)
    expect_fail(run("filmstrip", "--scene", "push-alert", "--replay", f, "--out", os.path.join(d, "s.png")), within=10)
    same_listing(before, d)


@case("replay settings alert.response 1e9: record --replay and run --replay exit 1 quickly naming the key")
def _():
    d = fresh("replay-response")
    f = edited_replay(os.path.join(d, "r.slreplay"),
                      settings=lambda s: s["pushAlert"]["alert"].__setitem__("response", 1e9))
    before = snapshot(d)
    expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.png"), timeout=8),
                words=["alert", "response"], within=5)
    expect_fail(run("run", "--replay", f, "--quit-after", "0.5", timeout=8), words=["alert", "response"], within=5)
    same_listing(before, d)


@case("replay settings pile press/home/morph response 1e308 and 1.8e308: record --replay exits 1 quickly naming the key")
def _():
    d = fresh("replay-pile")
    before = snapshot(d)
    for spring in ("press", "home", "morph"):
        # 1e308 is a double: the range check must name the key. 1.8e308 overflows a double:
        # the key, or the number / that it is out of range, must be named (not a vague
        # "expected {settings}").
        for value in ("1e308", "1.8e308"):
            f = edited_replay(os.path.join(TMP, f"pile-{spring}.slreplay"), scene="liquid",
                              settings=lambda s: s["pile"][spring].__setitem__("response", raw(value)))
            r = run("record", "--replay", f, "--out", os.path.join(d, "x.png"), timeout=8)
            try:
                if value == "1e308":
                    expect_fail(r, words=[spring, "response"], within=5)
                else:
                    expect_fail(r, any_words=[spring, value, "range", "too large"], within=5)
            except Fail as e:
                raise Fail(f"pile.{spring}.response {value}: {e}")
    same_listing(before, d)


@case("replay settings with a 10,000-character title: exit 1 quickly naming the title")
def _():
    d = fresh("replay-title")
    f = edited_replay(os.path.join(TMP, "title.slreplay"),
                      settings=lambda s: s["pushAlert"].__setitem__("title", "W" * 10000))
    before = snapshot(d)
    expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.png"), timeout=8), words=["title"], within=5)
    same_listing(before, d)


# ============================================================================ standard input

@case("velocity - and record --replay - with a directory on stdin: exit 1, one line")
def _():
    d = fresh("stdin-dir")
    before = snapshot(d)
    fd = os.open(d, os.O_RDONLY)
    try:
        expect_fail(run("velocity", "-", stdin=fd, timeout=10))
        expect_fail(run("record", "--replay", "-", "--out", os.path.join(d, "x.png"), stdin=fd, timeout=10))
    finally:
        os.close(fd)
    same_listing(before, d)


@case("velocity - < /dev/zero: exit 1, one line, within a few seconds")
def _():
    with open("/dev/zero", "rb") as z:
        expect_fail(run("velocity", "-", stdin=z, timeout=8), within=5)


@case("record --replay - < /dev/zero: exit 1, one line, within a few seconds")
def _():
    d = fresh("stdin-zero")
    with open("/dev/zero", "rb") as z:
        expect_fail(run("record", "--replay", "-", "--out", os.path.join(d, "x.png"), stdin=z, timeout=8), within=5)
    check(os.listdir(d) == [], f"leftovers: {os.listdir(d)}")


# ============================================================================ presets

def preset_file(name, edit):
    return write(os.path.join(TMP, name), dumps(preset_from_replay(edit)))


@case("preset pushAlert.leaveRatio 1e15: run --preset exits 1 within 2 s naming the key")
def _():
    f = preset_file("leave.json", lambda p: p["pushAlert"].__setitem__("leaveRatio", 1e15))
    expect_fail(run("run", "--preset", f, "--quit-after", "0.5", timeout=8), words=["leaveRatio"], within=2)


@case("preset pushAlert.closeRatio 1e6: run --preset exits 1 within 2 s naming the key")
def _():
    f = preset_file("close.json", lambda p: p["pushAlert"].__setitem__("closeRatio", 1e6))
    expect_fail(run("run", "--preset", f, "--quit-after", "0.5", timeout=8), words=["closeRatio"], within=2)


@case("preset with a 10,000-character title: exit 1 quickly naming the title; 200 characters accepted")
def _():
    f = preset_file("title.json", lambda p: p["pushAlert"].__setitem__("title", "W" * 10000))
    expect_fail(run("run", "--preset", f, "--quit-after", "0.5", timeout=8), words=["title"], within=2)
    f = preset_file("title200.json", lambda p: p["pushAlert"].__setitem__("title", "W" * 200))
    expect_ok(run("run", "--preset", f, "--quit-after", "0.3", timeout=20), within=10)


@case("preset pile.press.response 1e308 / 1.8e308 and pile.merge 1e300: exit 1 naming the key")
def _():
    f = preset_file("press.json", lambda p: p["pile"]["press"].__setitem__("response", raw("1e308")))
    expect_fail(run("run", "--scene", "liquid", "--preset", f, "--quit-after", "0.5", timeout=8),
                words=["press"], within=2)
    f = preset_file("press2.json", lambda p: p["pile"]["press"].__setitem__("response", raw("1.8e308")))
    expect_fail(run("run", "--scene", "liquid", "--preset", f, "--quit-after", "0.5", timeout=8),
                any_words=["press", "1.8e308", "range", "too large"], within=2)
    f = preset_file("merge.json", lambda p: p["pile"].__setitem__("merge", 1e300))
    expect_fail(run("run", "--scene", "liquid", "--preset", f, "--quit-after", "0.5", timeout=8),
                words=["merge"], within=2)


# ============================================================================ flags out of range

@case("flag numbers out of range (duration 1e9, size 9000, scale 5, fps 0/nan, frames 1e12): exit 2 naming the flag")
def _():
    d = fresh("flags")
    before = snapshot(d)
    png, mp4 = os.path.join(d, "x.png"), os.path.join(d, "x.mp4")
    cases = [
        (["record", "--scene", "push-alert", "--script", "present", "--duration", "1e9", "--out", mp4], "--duration"),
        (["record", "--scene", "push-alert", "--script", "present", "--duration", "-1", "--out", mp4], "--duration"),
        (["record", "--scene", "push-alert", "--script", "present", "--fps", "0", "--out", mp4], "--fps"),
        (["record", "--scene", "push-alert", "--script", "present", "--fps", "nan", "--out", mp4], "--fps"),
        (["record", "--scene", "push-alert", "--script", "present", "--time", "1e300", "--out", png], "--time"),
        (["render", "--scene", "push-alert", "--progress", "0.5", "--size", "9000x300", "--out", png], "--size"),
        (["render", "--scene", "push-alert", "--progress", "0.5", "--size", "1e308x1e308", "--out", png], "--size"),
        (["render", "--scene", "push-alert", "--progress", "0.5", "--scale", "5", "--out", png], "--scale"),
        (["render", "--scene", "push-alert", "--progress", "inf", "--out", png], "--progress"),
        (["filmstrip", "--scene", "push-alert", "--frames", "1000000000000", "--out", png], "--frames"),
        (["bench", "--scene", "push-alert", "--frames", "1e12"], "--frames"),
        (["run", "--quit-after", "1e300"], "--quit-after"),
    ]
    for args, flag in cases:
        r = run(*args, timeout=8)
        try:
            expect_fail(r, codes=(2,), words=[flag], within=5)
        except Fail as e:
            raise Fail(f"{args[0]} {flag} {args[args.index(flag) + 1][:20]}: {e}")
    same_listing(before, d)


@case("spring table times beyond 24 h (--until 100000, --times 0,100000): exit 2 naming the flag")
def _():
    for args, flag in ((["--until", "100000", "--fps", "1"], "--until"), (["--times", "0,100000"], "--times")):
        r = run("spring", "--response", "0.5", "--damping", "1", *args, timeout=8)
        try:
            expect_fail(r, codes=(2,), words=[flag], within=5)
        except Fail as e:
            raise Fail(f"spring {' '.join(args)}: {e}")


# ============================================================================ velocity at scale

@case("velocity with 1M rows: well under 10 s in a debug build, bounded memory (time and RSS printed)")
def _():
    d = fresh("velocity-big")
    f = os.path.join(d, "big.csv")
    nrows, ups, t = 0, 0, 0
    with open(f, "w") as fh:
        while nrows < 1_000_000:
            chunk = []
            for _ in range(1000):
                x = 0.0
                chunk.append(f"{t},{x:.1f},5,down")
                for k in range(8):
                    t += 8
                    x += 3.5 + k * 0.5
                    chunk.append(f"{t},{x:.1f},5,move")
                t += 4
                chunk.append(f"{t},{x:.1f},5,up")
                ups += 1
                t += 200
            fh.write("\n".join(chunk) + "\n")
            nrows += len(chunk)
        del chunk
    out_path = os.path.join(d, "out.txt")
    with open(out_path, "wb") as out, open(os.path.join(d, "err.txt"), "wb") as err:
        t0 = time.monotonic()
        p = popen([BIN, "velocity", f], stdout=out, stderr=err, env=ENV, start_new_session=True)
        # The peak resident set of the binary itself (VmHWM starts afresh at exec), read
        # until it exits.
        hwm_kb = 0
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                p.returncode = os.waitstatus_to_exitcode(status)
                break
            try:
                m = re.search(r"VmHWM:\s+(\d+) kB", open(f"/proc/{p.pid}/status").read())
                hwm_kb = max(hwm_kb, int(m.group(1))) if m else hwm_kb
            except OSError:
                pass
            if time.monotonic() - t0 > 30:
                kill_tree(p.pid)
                p.wait()
                raise Fail("still running after 30 s")
            time.sleep(0.02)
        secs = time.monotonic() - t0
    cpu = usage.ru_utime + usage.ru_stime       # CPU time: steadier than wall time on a busy machine
    rss = hwm_kb / 1024
    print(f"      velocity: {nrows:,} rows ({os.path.getsize(f) / 1e6:.0f} MB) in {secs:.2f} s"
          f" ({cpu:.2f} s CPU), max RSS {rss:.0f} MB")
    check(p.returncode == 0, f"exit {p.returncode}: {open(os.path.join(d, 'err.txt')).read()[:200]!r}")
    n = sum(1 for _ in open(out_path))
    check(n == ups, f"{n} estimates for {ups} up rows")
    check(cpu < 10, f"took {cpu:.1f} s of CPU (≥ 10 s)")
    check(rss < 100, f"max RSS {rss:.0f} MB for a 20 MB input: not streamed (bound 100 MB; a tiny input takes ≈ 30 MB)")


# ============================================================================ path shapes (issue 37)

def temporaries(folder):
    """The writer's temporaries left anywhere under folder (`.NAME-springlab-XXXXXX`)."""
    return [os.path.join(r, n) for r, ds, fs in os.walk(folder) for n in ds + fs if "-springlab-" in n]


@case("paths: one-character and odd output names (a, ./a, x/, spaces, a newline) write whole; never a crash, no temporary left")
def _():
    d = fresh("path-shapes")
    # --save-replay beside a still: the names Foundation trapped on (SIGILL, exit 132).
    for name in ["r", "./s", "t b", "new\nline", os.path.join(d, "u")]:
        r = run("record", "--scene", "neck", "--script", "stretch", "--out", "n.png", "--save-replay", name,
                "--time", "0.5", cwd=d)
        check(r.code not in (132, -4) and not r.timed_out, f"--save-replay {name!r} crashed (SIGILL): {r}")
        expect_ok(r)
        target = name if os.path.isabs(name) else os.path.join(d, name)
        check(open(target).read().startswith("springlab-replay 1\n"), f"--save-replay {name!r}: no replay")
    # A PNG folder named by one character, with and without ./ ; a trace named by one.
    for out in ["x/", "./y/"]:
        r = run("record", "--scene", "neck", "--script", "stretch", "--out", out, "--fps", "30", cwd=d, timeout=60)
        check(r.code not in (132, -4), f"--out {out!r} crashed: {r}")
        expect_ok(r)
        frames = os.listdir(os.path.join(d, out))
        check(len(frames) >= 60 and all(f.endswith(".png") for f in frames), f"--out {out!r}: {len(frames)} frames")
    r = run("run", "--trace", "a", "--quit-after", "1", "--fresh", cwd=d, timeout=30)
    check(r.code not in (132, -4), f"run --trace a crashed: {r}")
    expect_ok(r)
    check(json.loads(open(os.path.join(d, "a")).readline())["event"] == "started", "run --trace a: no trace")
    check(not temporaries(d), f"temporaries left: {temporaries(d)}")


@case("paths: '.', '..' and '/' as an output are refused with one line naming them; nothing written")
def _():
    d = fresh("path-dirs")
    os.makedirs(os.path.join(d, "sub"))
    before = snapshot(d)
    for name in [".", "..", "/"]:
        r = run("record", "--scene", "neck", "--script", "stretch", "--out", "n.png", "--save-replay", name, cwd=os.path.join(d, "sub"))
        check(r.code not in (132, -4), f"--save-replay {name!r} crashed: {r}")
        expect_fail(r, codes=(1, 2))
        check(name in r.err, f"the message does not name {name!r}: {r.err!r}")
    check(not temporaries(d), f"temporaries left: {temporaries(d)}")
    same_listing(before, d)


@case("start: a remembered 8192x8192 window at scale 4 that cannot open falls back to the default window, one line (docs/behaviour.md §11.5)")
def _():
    d = fresh("huge-window")
    cfg = os.path.join(d, "config")
    os.makedirs(os.path.join(cfg, "springlab"))
    with open(os.path.join(cfg, "springlab", "state.json"), "w") as f:
        json.dump({"version": 1, "scene": "neck", "theme": "dark", "window": [8192, 8192], "scale": 4,
                   "form": "response", "settings": {}}, f)
    r = run("run", "--quit-after", "1", "--trace", os.path.join(d, "t.jsonl"), cwd=d, env={"XDG_CONFIG_HOME": cfg}, timeout=30)
    expect_ok(r)
    one_line(r)
    check("8192x8192" in r.err and "1280x800" in r.err, f"the line does not say what opened: {r.err!r}")
    started = json.loads(open(os.path.join(d, "t.jsonl")).readline())
    check(started["scene"] == "neck" and started["scale"] == 1, started)


@case("velocity --strategy impulse: samples a denormal time apart are one sample, never nan")
def _():
    d = fresh("velocity-denormal")
    f = os.path.join(d, "denormal.csv")
    write(f, "0,0,0,down\n1e-310,5,0,move\n2e-310,10,0,move\n16,20,0,up\n")  # gave "16,nan,0.0"
    r = run("velocity", "--strategy", "impulse", f)
    expect_ok(r)
    check("nan" not in r.out.lower() and "inf" not in r.out.lower(), f"not a number: {r.out!r}")
    # Steps of 1e-13 ms within a 2.5 pt/ms throw: 5e16 pt/s before; the same throw's speed now.
    write(f, "0,0,0,down\n4,2,0,move\n4.0000000000001,5,0,move\n4.0000000000002,10,0,move\n12,20,0,move\n12,20,0,up\n")
    r = run("velocity", "--strategy", "impulse", f)
    expect_ok(r)
    vx = float(r.out.strip().split(",")[1])
    check(0 < vx < 5000, f"a throw of 2.5 pt/ms read as {vx:g} pt/s")


@case("a folder on the way that cannot be entered is 'permission denied', not 'does not exist' (as nobody: root enters anything)")
def _():
    if shutil.which("setpriv") is None:
        raise Skip("no setpriv (util-linux)")
    d = fresh("locked")
    os.chmod(d, 0o755)
    os.makedirs(os.path.join(d, "locked", "sub"))
    os.chmod(os.path.join(d, "locked"), 0)
    nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", BIN]
    try:
        for args, what in [(["render", "--scene", "neck", "--progress", "0.5", "--out", os.path.join(d, "locked", "sub", "x.png")], "render"),
                           (["record", "--scene", "neck", "--script", "stretch", "--out", os.path.join(d, "locked", "sub", "f") + "/"], "record DIR/"),
                           (["export", "--preset", os.path.join(d, "locked", "p.json")], "export --preset")]:
            # (Mesa would say on stderr that nobody cannot write its shader cache in our HOME.)
            p = subprocess.run(nobody + args, capture_output=True, text=True, env={**ENV, "MESA_SHADER_CACHE_DISABLE": "true"}, timeout=30)
            r = Result(p.returncode, p.stdout, p.stderr, 0, False)
            expect_fail(r, words=("permission denied",), banned=("does not exist", "no such file"))
    finally:
        os.chmod(os.path.join(d, "locked"), 0o755)


def measured(args, cwd):
    """Runs the binary to its end; returns (exit code, stderr, seconds, max RSS in MB)."""
    t0 = time.monotonic()
    p = subprocess.Popen([BIN, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd, env=ENV)
    err = p.stderr.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, err, time.monotonic() - t0, usage.ru_maxrss / 1024


@case("a 60 MB preset or replay settings line holding a list of 15 million numbers is refused within 5 s and 600 MB")
def _():
    d = fresh("huge-list")
    junk = "[" + ",".join(["1.0"] * 15_000_000) + "]"
    preset = write(os.path.join(d, "big.preset.json"), '{"pushAlert": {"gap": {"response": 0.4}, "junk": ' + junk + '}}')
    code, err, secs, rss = measured(["export", "--preset", preset], d)
    print(f"      preset: exit {code} in {secs:.2f} s, max RSS {rss:.0f} MB: {err.strip()[:120]}")
    check(code == 1 and "pushAlert.junk" in err and "list" in err, f"exit {code}: {err!r}")
    check(secs < 5 and rss < 600, f"{secs:.1f} s and {rss:.0f} MB to refuse it")
    lines = replay_lines("push")
    lines[1] = lines[1].replace('"pushAlert":', '"junk": ' + junk + ', "pushAlert":', 1)
    replay = write(os.path.join(d, "big.slreplay"), "\n".join(lines) + "\n")
    code, err, secs, rss = measured(["record", "--replay", replay, "--out", os.path.join(d, "x.png")], d)
    print(f"      replay: exit {code} in {secs:.2f} s, max RSS {rss:.0f} MB: {err.strip()[:120]}")
    check(code == 1 and ":2:" in err and "list" in err, f"exit {code}: {err!r}")
    check(secs < 5 and rss < 600, f"{secs:.1f} s and {rss:.0f} MB to refuse it")
    check(not os.path.exists(os.path.join(d, "x.png")), "an output was written")


@case("tmpfs full: a trace that cannot be written is said once, in one line, and the run exits 1")
def _():
    d = tmpfs("64k")
    fill(d, 2048)  # room for the trace's first lines, not for a session's
    r = run("run", "--trace", os.path.join(d, "t.jsonl"), "--quit-after", "2", "--fresh", cwd=d, timeout=30)
    expect_fail(r, words=("trace",))  # one line (issue 37: it was two, "stopped" then "incomplete")


# ============================================================================ signals

def interrupt(name, args, sig, want, wait=2.0, folder=None, need_ffmpeg=False, allow=(), group=False):
    """Starts args, sends sig after `wait` s to the process alone (as kill(1) or timeout(1)
    would) or, with group, to its whole process group (Ctrl+C in a terminal), and checks: exit status `want` promptly, no ffmpeg left running, the folder
    as it was (no output, no temporaries)."""
    folder = folder or fresh(name)
    args = [a.replace("{dir}", folder) for a in args]
    before = snapshot(folder)
    errf = open(os.path.join(TMP, f"{name}.stderr"), "w+b")
    p = popen([BIN, *map(str, args)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errf,
                         env=ENV, cwd=folder, start_new_session=True)
    try:
        deadline = time.monotonic() + wait
        ff = set()
        while time.monotonic() < deadline and p.poll() is None:
            ff |= {q for q in descendants(p.pid) if comm(q) == "ffmpeg"}
            time.sleep(0.1)
        if p.poll() is not None:
            errf.seek(0)
            raise Skip(f"finished (exit {p.returncode}) before the signal; "
                       f"stderr {errf.read().decode(errors='replace')[:120]!r}")
        ff |= {q for q in descendants(p.pid) if comm(q) == "ffmpeg"}
        if need_ffmpeg and not ff:
            print(f"      note: no ffmpeg child seen after {wait} s")
        t0 = time.monotonic()
        if group:
            os.killpg(p.pid, sig)
        else:
            os.kill(p.pid, sig)
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            raise Fail(f"still running 5 s after {signal.Signals(sig).name}")
        dt = time.monotonic() - t0
        # A child killed and reaped by the binary is gone at once; give an orphan a moment.
        end = time.monotonic() + 0.3
        while time.monotonic() < end and any(alive(q) for q in ff):
            time.sleep(0.02)
        left = [q for q in ff if alive(q)]
        errf.seek(0)
        e = errf.read().decode(errors="replace")
        print(f"      {signal.Signals(sig).name} → exit {p.returncode} in {dt * 1000:.0f} ms"
              + (f" (over the 0.5 s target)" if dt > 0.5 else ""))
        check(p.returncode == want, f"exit {p.returncode}, expected {want}; stderr {e[:160]!r}")
        check(not left, f"ffmpeg still running after the exit: pids {left}")
        check(dt <= 1.0, f"took {dt:.2f} s to exit after the signal (target 0.5 s)")
        check(e.count("\n") <= 1 and len(e) <= 300, f"stderr not one short line: {e[:200]!r}")
        same_listing(before, folder, "the output folder", allow)
    finally:
        if p.poll() is None:
            kill_tree(p.pid)
            p.wait()
        for q in descendants(p.pid):
            kill_tree(q)
        errf.close()


LONG_MP4 = ["record", "--scene", "liquid", "--script", "spread", "--duration", "600", "--out", "{dir}/x.mp4"]
# (Long: about 6 s on the 2-core machine — 400 frames of 200x150, 3 s, ended before the
# signal in one run once the renderer got faster.)
LONG_STRIP = ["filmstrip", "--scene", "liquid", "--frames", "400", "--columns", "20", "--size", "400x300",
              "--scale", "1", "--out", "{dir}/sheet.png"]


@case("signal: SIGINT stops a long record .mp4: exit 130 within 0.5 s, ffmpeg gone, nothing left")
def _():
    interrupt("sigint-record", LONG_MP4, signal.SIGINT, 130, need_ffmpeg=True)


@case("signal: Ctrl+C (SIGINT to the process group, ffmpeg too) stops a long record .mp4: exit 130, nothing left")
def _():
    interrupt("ctrl-c-record", LONG_MP4, signal.SIGINT, 130, need_ffmpeg=True, group=True)


@case("signal: SIGTERM stops a long record .mp4: exit 143, ffmpeg gone, nothing left")
def _():
    interrupt("sigterm-record", LONG_MP4, signal.SIGTERM, 143, need_ffmpeg=True)


@case("signal: SIGTERM stops a long record DIR/: exit 143, no folder or temporary left")
def _():
    interrupt("sigterm-folder", ["record", "--scene", "liquid", "--script", "spread", "--duration", "600",
                                 "--out", "{dir}/frames/"], signal.SIGTERM, 143)


@case("signal: two quick SIGINTs stop a long record .mp4: exit 130, the writer's temporary removed (issue 37)")
def _():
    d = fresh("double-sigint")
    before = snapshot(d)
    p = popen([BIN, *[a.replace("{dir}", d) for a in LONG_MP4]], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
              stderr=subprocess.PIPE, env=ENV, cwd=d, start_new_session=True)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not temporaries(d):
            time.sleep(0.05)
        check(temporaries(d), "no temporary appeared: the encoder never started")
        time.sleep(0.3)
        p.send_signal(signal.SIGINT)
        time.sleep(0.01)
        p.send_signal(signal.SIGINT)
        code = p.wait(5)
    finally:
        kill_tree(p.pid)
    check(code == 130, f"exit {code}")
    check(not temporaries(d), f"left behind: {temporaries(d)}")
    same_listing(before, d)


@case("signal: SIGINT to the group during a GIF's last ffmpeg pass exits 130, never 1 'ffmpeg was stopped' (issue 37)")
def _():
    if shutil.which("ffmpeg") is None:
        raise Skip("no ffmpeg")
    d = fresh("gif-final-pass")
    args = ["record", "--scene", "neck", "--script", "stretch", "--duration", "6", "--fps", "50", "--out", os.path.join(d, "x.gif")]
    p = popen([BIN, *args], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV,
              cwd=d, start_new_session=True)
    try:
        # ffmpeg writes the GIF only in its last pass (the palette needs every frame first):
        # the moment its temporary has bytes, that pass is under way.
        deadline, writing = time.monotonic() + 120, False
        while time.monotonic() < deadline and p.poll() is None and not writing:
            writing = any(os.path.getsize(t) > 0 for t in temporaries(d) if os.path.isfile(t))
            time.sleep(0.01)
        check(writing, f"the last pass was not seen (exit {p.poll()})")
        os.killpg(p.pid, signal.SIGINT)  # Ctrl+C: ffmpeg gets it too
        code = p.wait(10)
        err = p.stderr.read().decode("utf-8", "replace")
    finally:
        kill_tree(p.pid)
    check(code == 130, f"exit {code}: {err.strip()[:160]!r}")
    check(not os.path.exists(os.path.join(d, "x.gif")) and not temporaries(d), f"left behind: {os.listdir(d)}")


@case("signal: SIGINT stops a long filmstrip: exit 130, nothing left")
def _():
    interrupt("sigint-filmstrip", LONG_STRIP, signal.SIGINT, 130)


@case("signal: SIGTERM stops a long filmstrip: exit 143, nothing left")
def _():
    interrupt("sigterm-filmstrip", LONG_STRIP, signal.SIGTERM, 143)


@case("signal: SIGINT stops bench --frames 100000: exit 130")
def _():
    interrupt("sigint-bench", ["bench", "--scene", "push-alert", "--frames", "100000"], signal.SIGINT, 130)


@case("signal: SIGTERM stops run (offscreen, no --quit-after): exit 143")
def _():
    interrupt("sigterm-run", ["run"], signal.SIGTERM, 143)


@case("signal: SIGINT stops run --trace: exit 130, the trace parses to its last line")
def _():
    d = fresh("sigint-run-trace")
    t = os.path.join(d, "t.jsonl")
    interrupt("sigint-run-trace", ["run", "--trace", t], signal.SIGINT, 130, folder=d, allow={"t.jsonl"})
    check(os.path.isfile(t), "no trace file")
    for i, l in enumerate(open(t).read().splitlines()):
        try:
            json.loads(l)
        except ValueError:
            raise Fail(f"trace line {i + 1} does not parse: {l[:80]!r}")


# ============================================================================ messages

@case("messages: a flag value with a newline, an escape sequence or 100 KB gives one short line")
def _():
    d = fresh("msg-flags")
    png = os.path.join(d, "x.png")
    for label, value in (("newline", "push\nalert"), ("escape", "\x1b[31mred\x1b[0m"), ("tab+cr", "a\tb\rc"),
                         ("100 KB", "a" * 100_000)):
        for args in (["render", "--scene", value, "--progress", "0.5", "--out", png],
                     ["render", "--scene", "push-alert", "--progress", "0.5", "--size", value, "--out", png],
                     ["record", "--scene", "push-alert", "--script", value, "--out", png],
                     ["spring", "--response", value, "--damping", "1", "--times", "0"]):
            r = run(*args, timeout=10)
            try:
                expect_fail(r, codes=(1, 2), within=5)
            except Fail as e:
                raise Fail(f"{label} in {args[0]} {args[args.index(value) - 1]}: {e}")
    r = run("render", "--scene", "push-alert", "--progress", "0.5", "--out", os.path.join(d, "b" * 100_000 + ".png"))
    expect_fail(r, codes=(1, 2))
    check(os.listdir(d) == [], f"leftovers: {os.listdir(d)}")


@case("messages: NUL bytes and control characters in a replay or CSV field are not echoed raw")
def _():
    d = fresh("msg-nul")
    lines = replay_lines()
    for label, line in (("escaped NUL in an event name", '{"t": 0.1, "e": "tele\\u0000port\\u001b[2J"}'),
                        ("raw NUL in a line", '{"t": 0.1, "e": "tele\x00port"}'),
                        ("escaped NUL in a key name", '{"t": 0.1, "e": "key", "key": "a\\u0000b", "shift": false}')):
        f = write(os.path.join(TMP, "nul.slreplay"), "\n".join(lines[:2] + [line] + lines[2:]) + "\n")
        try:
            expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.png")))
        except Fail as e:
            raise Fail(f"{label}: {e}")
    for label, text in (("NUL in kind", "0,0,0,do\x00wn\n"), ("ESC in t", "\x1b[2J,0,0,down\n"),
                        ("NUL in t", "1\x002,0,0,down\n"), ("10 MB field", "0,0,0," + "x" * 10_000_000 + "\n")):
        f = write(os.path.join(TMP, "nul.csv"), text)
        try:
            expect_fail(run("velocity", f, timeout=8), within=5)
        except Fail as e:
            raise Fail(f"velocity, {label}: {e}")
    check(os.listdir(d) == [], f"leftovers: {os.listdir(d)}")


@case("messages: a replay time of 1e250, or a divergence at a long time, is reported in one short line")
def _():
    d = fresh("msg-long-number")
    lines = replay_lines()
    f = write(os.path.join(TMP, "bigt.slreplay"), "\n".join(
        lines[:2] + ['{"t": 1e250, "e": "frame", "hash": "0000000000000000"}'] + lines[2:]) + "\n")
    expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.png")), within=10)
    f = write(os.path.join(TMP, "diverge.slreplay"), "\n".join(
        lines[:-1] + ['{"t": 1.2345678901234567, "e": "frame", "hash": "0123456789abcdef"}'] + lines[-1:]) + "\n")
    expect_fail(run("record", "--replay", f, "--out", os.path.join(d, "x.png")), within=10)
    check(os.listdir(d) == [], f"leftovers: {os.listdir(d)}")


@case("messages: /dev/null, /dev/zero, a FIFO and a directory as input are named as such")
def _():
    d = fresh("msg-kinds")
    fifo = os.path.join(d, "pipe")
    os.mkfifo(fifo)
    folder = os.path.join(d, "folder")
    os.makedirs(folder)
    out = os.path.join(d, "x.png")
    before = snapshot(d)
    problems = []
    for path, word in (("/dev/null", "device"), ("/dev/zero", "device"), (fifo, "fifo"), (folder, "directory")):
        for args in (["velocity", path], ["record", "--replay", path, "--out", out],
                     ["run", "--replay", path, "--quit-after", "0.5"]):
            r = run(*args, timeout=6)
            try:
                expect_fail(r, words=[word], banned=["permissions?"])
            except Fail as e:
                problems.append(f"{args[0]} {os.path.basename(path)}: {e}")
    same_listing(before, d)
    check(not problems, f"{len(problems)} of 12: " + " | ".join(problems)[:900])


# ============================================================================ main

def main():
    t_all = time.monotonic()
    try:
        for name, fn in CASES:
            if ONLY not in name:
                continue
            t0 = time.monotonic()
            try:
                fn()
                results.append((name, None))
                print(f"ok   {name}  [{time.monotonic() - t0:.1f} s]", flush=True)
            except Skip as e:
                results.append((name, "skip"))
                print(f"skip {name}: {e}", flush=True)
            except Fail as e:
                results.append((name, str(e)))
                print(f"FAIL {name}: {e}", flush=True)
            except Exception as e:  # noqa: BLE001 — a broken case is a failure, keep going
                results.append((name, repr(e)))
                print(f"FAIL {name}: {type(e).__name__}: {e}", flush=True)
    finally:
        for m in reversed(MOUNTS):
            subprocess.run(["umount", m], capture_output=True)
        shutil.rmtree(TMP, ignore_errors=True)
    failed = [n for n, e in results if e not in (None, "skip")]
    skipped = sum(1 for _, e in results if e == "skip")
    print(f"{len(results) - len(failed) - skipped} passed, {len(failed)} failed, {skipped} skipped"
          f" in {time.monotonic() - t_all:.0f} s")
    sys.exit(1 if failed else 0)


main()
