#!/usr/bin/env python3
"""Fuzzing the real binary with mutated inputs (docs/behaviour.md §13, issue 11): a valid replay, a
valid preset, a valid velocity CSV and valid command lines, each mutated (byte flips,
truncation, duplicated/deleted lines, huge numbers, NaN/Infinity, negative numbers, long
strings, control characters, wrong types) and run through the binary.

Every case must: exit 0, 1 or 2 within the time bound; on a non-zero exit print exactly
one line on stderr, at most 300 characters, without raw control characters; leave its
output folder empty on failure (only the requested output on success); leave its input
file unchanged.

    python3 Tests/robustness/fuzz_test.py .build/debug/springlab
    FUZZ_KEEP=/tmp/fuzz-failures python3 Tests/robustness/fuzz_test.py BIN   # keep failing inputs

A fixed seed (random.Random(11)) makes the cases the same on every run. Python 3
standard library only.
"""
import hashlib, json, os, random, re, shutil, stat, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True          # no __pycache__ beside the tests
from harness import CONTROL, communicate, popen, sandbox

BIN = os.path.abspath(sys.argv[1])
KEEP = os.environ.get("FUZZ_KEEP", "")
TMP, HOME, ENV = sandbox("springlab-fuzz-")
# Per case: a case that runs longer is a failure (a hang). The slowest honest cases (a
# replay with a line repeated 3000 times, in a debug build) take seconds alone and came
# near 10 s while other test files shared the two cores; a hang runs for ever, so 30 s
# still tells the two apart.
TIMEOUT = float(os.environ.get("FUZZ_TIMEOUT", "30"))
SCALE = float(os.environ.get("FUZZ_SCALE", "1"))    # a smaller or larger sample (other cases)
rng = random.Random(11)

# Values that are out of range, not numbers, or at the edge of a double. Deliberately no
# large *valid* values (a 24 h replay or 100,000 bench frames are slow by right).
NUMBERS = ["0", "-0", "-1", "-0.5", "-1e9", "1e308", "1.8e308", "-1e308", "1e-320", "4.9e-324", "NaN", "nan",
           "Infinity", "-Infinity", "inf", "1e9", "1e15", "123456789012345678901234567890", "86401", "100001",
           "0x10", "1_000", "+1", ".5", "5.", "1e", "--1", "1e+", "0.0000001", "2e-9", "3", "0.2", "1,5"]
STRINGS = ["", "a" * 10000, "x" * 201, "\x00", "\x1b[2J\x1b[31m", "tab\there", "new\nline", "cr\rlf",
           "é漢字🙂", "\u202egnp.exe", "../../../etc/passwd", "%s%n%x", "null", "\x7f\x80\x9f", "\ud800"]
WRONG = ["null", "true", "false", "[]", "{}", "[1, 2]", '"0.5"', '{"a": 1}', "-", '""']


def jstr(s):
    """A JSON string literal; a lone surrogate written as its escape."""
    return json.dumps(s)


def weird_json_value():
    k = rng.random()
    if k < 0.5:
        return rng.choice(NUMBERS)          # raw text: may be invalid JSON, which is fine
    if k < 0.8:
        return jstr(rng.choice(STRINGS))
    return rng.choice(WRONG)


# ---------------------------------------------------------------------------- files

def listing(folder):
    out = {}
    for root, dirs, files in os.walk(folder):
        for n in dirs + files:
            full = os.path.join(root, n)
            out[os.path.relpath(full, folder)] = stat.S_IFMT(os.lstat(full).st_mode)
    return out


def digest(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest() if os.path.isfile(path) else None


# ---------------------------------------------------------------------------- one case

failures = []
stats = {"cases": 0, "exit": {}, "slowest": (0.0, "")}


def case(kind, desc, argv, input_path=None, expected_output=None, out_dir=None):
    """Runs one case and checks it. expected_output: the path (file or folder) the command
    is asked to write, allowed in out_dir on success only."""
    stats["cases"] += 1
    n = stats["cases"]
    # argv cannot hold NUL; a lone surrogate goes through as the bytes it would be (invalid UTF-8).
    argv = [a.replace("\x00", "\x01") for a in argv]
    bargv = [a.encode("utf-8", "surrogatepass") for a in argv]
    before_input = digest(input_path) if input_path else None
    t0 = time.monotonic()
    p = popen([BIN.encode(), *bargv], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV,
              cwd=out_dir or TMP, start_new_session=True)
    out, err, timed_out = communicate(p, TIMEOUT)
    secs = time.monotonic() - t0
    code = p.returncode
    stats["exit"][code] = stats["exit"].get(code, 0) + 1
    if secs > stats["slowest"][0]:
        stats["slowest"] = (secs, f"#{n} {kind}: {desc}")
    e = err.decode("utf-8", "replace")
    problems = []
    if timed_out:
        problems.append(f"no exit within {TIMEOUT:.0f} s")
    elif code not in (0, 1, 2):
        problems.append(f"exit status {code}" + (" (killed by a signal)" if code < 0 else ""))
    if not timed_out and code != 0:
        line = e[:-1] if e.endswith("\n") else e
        if not line.strip():
            problems.append("no message on stderr")
        elif "\n" in line or "\r" in line:
            problems.append(f"{line.count(chr(10)) + 1} lines on stderr")
        if len(line) > 300:
            problems.append(f"stderr line of {len(line)} chars")
        if CONTROL.search(line):
            problems.append("raw control character on stderr")
    if out_dir is not None:
        found = listing(out_dir)
        allowed = set()
        if code == 0 and expected_output:
            rel = os.path.relpath(expected_output.rstrip("/"), out_dir)
            allowed = {k for k in found if k == rel or k.startswith(rel + "/")}
        extra = sorted(set(found) - allowed)
        if extra:
            problems.append(f"left in the output folder after exit {code}: {extra[:4]}")
    if input_path and digest(input_path) != before_input:
        problems.append("the input file changed")
    if problems:
        shown = " ".join(repr(a[:40]) if len(a) > 40 or not a.isprintable() or not a else a for a in argv)
        msg = f"#{n} {kind} [{desc}]: {'; '.join(problems)} — {shown[:200]} — stderr {e.strip()[:160]!r}"
        failures.append(msg)
        print(f"FAIL {msg}", flush=True)
        if KEEP and input_path:
            os.makedirs(KEEP, exist_ok=True)
            shutil.copy(input_path, os.path.join(KEEP, f"case{n}-{kind}{os.path.splitext(input_path)[1]}"))
    return code, secs


def fresh_out(n):
    d = os.path.join(TMP, "out", str(n))
    os.makedirs(d)
    return d


# ---------------------------------------------------------------------------- text mutations

def flip(text):
    b = bytearray(text.encode("utf-8", "surrogatepass"))
    for _ in range(rng.randint(1, 4)):
        if b:
            b[rng.randrange(len(b))] = rng.choice([0, 1, 9, 10, 13, 27, 34, 44, 45, 46, 48, 57, 92, 123, 125, 127,
                                                   0x80, 0xC3, 0xFF, rng.randrange(256)])
    return bytes(b), "byte flips"


def truncate(text):
    k = rng.randrange(len(text) + 1)
    return text[:k], f"truncated at {k}"


def line_ops(lines, protect=0):
    lines = list(lines)
    op = rng.choice(["dup", "dup-many", "delete", "swap", "reverse", "blank"])
    i = rng.randrange(len(lines))
    if op == "dup":
        lines.insert(i, lines[i])
    elif op == "dup-many":
        lines[i:i] = [lines[i]] * rng.choice([10, 200, 3000])
    elif op == "delete":
        del lines[i]
    elif op == "swap":
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "reverse":
        lines = lines[:protect] + lines[protect:][::-1]
    else:
        lines.insert(i, rng.choice(["", "   ", "\t", "#", "\x00"]))
    return lines, f"line {op} at {i + 1}"


NUM_RE = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def number_swap(line):
    spots = list(NUM_RE.finditer(line))
    if not spots:
        return line, "no number"
    m = rng.choice(spots)
    v = rng.choice(NUMBERS)
    return line[:m.start()] + v + line[m.end():], f"number {m.group()} → {v!r}"


def leaf_paths(obj, prefix=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from leaf_paths(v, prefix + (k,))
        if not obj:
            yield prefix
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from leaf_paths(v, prefix + (i,))
    else:
        yield prefix


RAW = "@@raw{}@@"


def set_path(obj, path, value):
    o = obj
    for k in path[:-1]:
        o = o[k]
    if value is DELETE:
        if isinstance(o, dict):
            del o[path[-1]]
        else:
            o.pop(path[-1])
    else:
        o[path[-1]] = value


DELETE = object()


def json_mutate(obj):
    """Sets a random leaf (or a whole section) to a weird value, deletes it, or adds junk;
    returns JSON text. Raw values may make it invalid JSON, which is a case too."""
    obj = json.loads(json.dumps(obj))
    raws = []

    def raw(text):
        raws.append(text)
        return RAW.format(len(raws) - 1)
    paths = list(leaf_paths(obj))
    op = rng.random()
    if op < 0.6 and paths:
        path = rng.choice(paths)
        v = weird_json_value()
        set_path(obj, path, raw(v))
        desc = f"{'.'.join(map(str, path))} = {v[:30]!r}"
    elif op < 0.75 and paths:
        path = rng.choice(paths)
        if rng.random() < 0.5 and len(path) > 1:
            path = path[:rng.randrange(1, len(path))]       # a whole section
        set_path(obj, path, DELETE if rng.random() < 0.5 else raw(rng.choice(WRONG)))
        desc = f"{'.'.join(map(str, path))} deleted or wrong type"
    elif op < 0.85:
        target = obj
        if isinstance(obj, dict) and obj and rng.random() < 0.7:
            k = rng.choice(list(obj))
            target = obj[k] if isinstance(obj[k], dict) else obj
        key = rng.choice(["bogus", "", "a" * 300, "\u0000", "response"])
        if isinstance(target, dict):
            target[key] = raw(weird_json_value())
        desc = f"extra key {key[:20]!r}"
    else:
        path = rng.choice(paths) if paths else ()
        v = rng.choice(["1e308", "1.8e308", "-1", "NaN", "0"])
        for p in rng.sample(paths, min(len(paths), 5)):
            set_path(obj, p, raw(v))
        desc = f"five leaves = {v}"
    text = json.dumps(obj, ensure_ascii=rng.random() < 0.5)
    text = re.sub(r'"@@raw(\d+)@@"', lambda m: raws[int(m.group(1))], text)
    return text, desc


# ---------------------------------------------------------------------------- bases

def make_bases():
    base = os.path.join(TMP, "base")
    os.makedirs(base)
    replays = []
    for scene, script in (("push-alert", "swipe-left"), ("liquid", "spread"), ("presence", "show")):
        f = os.path.join(base, f"{scene}.slreplay")
        p = popen([BIN, "record", "--scene", scene, "--script", script, "--out", os.path.join(base, f"{scene}.png"),
                   "--save-replay", f], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
        out, err = p.communicate(timeout=60)
        if p.returncode != 0 or not os.path.isfile(f):
            print(f"cannot make the base replay for {scene}: exit {p.returncode}: {err.decode(errors='replace')[:200]}")
            continue
        replays.append(open(f).read())
    return replays


CSV = "\n".join(["t_ms,x,y,kind"] + [
    row for g in range(4) for row in
    [f"{1000 * g},{10 * g},0,down"] + [f"{1000 * g + 8 * k},{10 * g + 4 * k * k},{k},move" for k in range(1, 12)] +
    [f"{1000 * g + 92},{10 * g + 500},11,up"]]) + "\n"


# ---------------------------------------------------------------------------- the four families

def fuzz_replays(bases, count):
    for _ in range(count):
        base = rng.choice(bases)
        lines = base.splitlines()
        op = rng.random()
        if op < 0.12:
            data, desc = flip(base)
        elif op < 0.2:
            data, desc = truncate(base)
        elif op < 0.32:
            ls, desc = line_ops(lines, protect=2)
            data = "\n".join(ls) + "\n"
        elif op < 0.5:                                      # a number in an event line
            i = rng.randrange(2, len(lines))
            lines[i], desc = number_swap(lines[i])
            data, desc = "\n".join(lines) + "\n", f"line {i + 1}: {desc}"
        elif op < 0.72:                                     # the settings
            s = json.loads(lines[1])["settings"]
            text, desc = json_mutate(s)
            lines[1] = '{"settings": ' + text + "}"
            data, desc = "\n".join(lines) + "\n", f"settings: {desc}"
        elif op < 0.86:                                     # an event's fields
            i = rng.randrange(2, len(lines))
            try:
                ev = json.loads(lines[i])
            except ValueError:
                ev = {"t": 0.5, "e": "end"}
            text, desc = json_mutate(ev)
            lines[i] = text
            data, desc = "\n".join(lines) + "\n", f"line {i + 1}: {desc}"
        elif op < 0.93:                                     # a new event
            e = rng.choice(["down", "move", "up", "wheel", "key", "text", "shift", "focusLost", "captureLost",
                            "resize", "present", "frame", "end", "teleport", ""])
            fields = {"t": rng.choice(["0", "0.5", "1.3", "2.39", rng.choice(NUMBERS)]), "e": jstr(e)}
            for k in rng.sample(["x", "y", "dy", "w", "h", "at", "key", "text", "hash", "shift", "down"], 3):
                fields[k] = rng.choice([rng.choice(NUMBERS), jstr(rng.choice(STRINGS + ["a", "escape", "return"])),
                                        rng.choice(["true", "false", "50", "200"])])
            line = "{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}"
            i = rng.randrange(2, len(lines) + 1)
            lines.insert(i, line)
            data, desc = "\n".join(lines) + "\n", f"inserted at {i + 1}: {line[:60]!r}"
        else:                                               # the header
            lines[0] = rng.choice(["springlab-replay 2", "springlab-replay", "springlab-replay -1",
                                   "springlab-replay 1e308", "SPRINGLAB-REPLAY 1", "\ufeffspringlab-replay 1",
                                   "springlab-replay 1\r", "springlab-replay 01", ""])
            data, desc = "\n".join(lines) + "\n", f"header {lines[0][:30]!r}"
        n = stats["cases"] + 1
        d = fresh_out(n)
        f = os.path.join(TMP, "in", f"{n}.slreplay")
        with open(f, "wb") as fh:
            fh.write(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
        how = rng.random()
        if how < 0.8:
            out = os.path.join(d, "x.png")
            case("replay", desc, ["record", "--replay", f, "--out", out], f, out, d)
        elif how < 0.9:
            out = os.path.join(d, "s.png")
            case("replay", desc, ["filmstrip", "--scene", "push-alert", "--replay", f, "--frames", "4", "--out", out],
                 f, out, d)
        else:
            case("replay", desc, ["run", "--replay", f, "--quit-after", "0.2"], f, None, d)


def fuzz_presets(bases, count):
    s = json.loads(bases[0].splitlines()[1])["settings"]
    full = {k: s[k] for k in ("pushAlert", "pile", "presence", "neck") if k in s}
    for _ in range(count):
        op = rng.random()
        if op < 0.65:
            text, desc = json_mutate(full if rng.random() < 0.7 else {k: full[k] for k in rng.sample(list(full), 1)})
            data = text.encode("utf-8", "surrogatepass")
        elif op < 0.8:
            data, desc = flip(json.dumps(full, indent=1))
        elif op < 0.9:
            t, desc = truncate(json.dumps(full, indent=1))
            data = t.encode()
        else:
            data = rng.choice([b"", b"[]", b"3", b'"x"', b"null", b"{" * 5000 + b"}" * 5000, b"[" * 100000,
                               b"\xef\xbb\xbf{}", b"{}", b"\x00" * 100, b'{"pushAlert": 1e999}'])
            desc = f"whole file {data[:20]!r}"
        n = stats["cases"] + 1
        d = fresh_out(n)
        f = os.path.join(TMP, "in", f"{n}.json")
        open(f, "wb").write(data)
        if rng.random() < 0.3:
            # `springlab export --preset` reads the same files (docs/behaviour.md §12.4).
            fmt = rng.choice(["swiftui", "css", "json", "compose"])
            case("preset", desc, ["export", "--preset", f, "--format", fmt], f, None, d)
            continue
        scene = rng.choice(["push-alert", "liquid", "presence", "neck"])
        case("preset", desc, ["run", "--scene", scene, "--preset", f, "--quit-after", "0.2"], f, None, d)


def fuzz_csv(count):
    lines = CSV.splitlines()
    for _ in range(count):
        op = rng.random()
        ls = list(lines)
        if op < 0.15:
            data, desc = flip(CSV)
        elif op < 0.25:
            t, desc = truncate(CSV)
            data = t.encode()
        elif op < 0.4:
            ls, desc = line_ops(ls, protect=1)
            data = ("\n".join(ls) + "\n").encode("utf-8", "surrogatepass")
        elif op < 0.85:                                     # a field
            i = rng.randrange(1, len(ls))
            fields = ls[i].split(",")
            j = rng.randrange(4)
            v = rng.choice(NUMBERS + STRINGS + ["down", "up", "move", "DOWN", " up", "up "]) if j < 3 else \
                rng.choice(["down", "up", "move", "", "Up", "cancel", "x" * 5000, "\x00", "up\r", "\x1b[2J"])
            fields[j] = v
            if rng.random() < 0.1:
                fields = fields[:rng.randrange(4)] if rng.random() < 0.5 else fields + ["extra"]
            ls[i] = ",".join(fields)
            data = ("\n".join(ls) + "\n").encode("utf-8", "surrogatepass")
            desc = f"line {i + 1} field {j + 1} = {v[:30]!r}"
        else:
            data = rng.choice([b"", b"\n\n\n", b"t_ms,x,y,kind\n", CSV.replace("\n", "\r\n").encode(),
                               b"\xef\xbb\xbf" + CSV.encode(), CSV.encode()[:-1], b"0,0,0,up\n" * 5000,
                               b"1e308,1e308,1e308,down\n2e308,0,0,move\n3e308,0,0,up\n",
                               b"0,0,0,down\n" + b"".join(b"%d,%d,0,move\n" % (k, k) for k in range(1, 3000)) + b"3000,0,0,up\n",
                               b"# comment\n\n0,0,0,down\n-5,0,0,up\n", b"," * 100000 + b"\n"])
            desc = f"whole file {data[:24]!r}…"
        n = stats["cases"] + 1
        f = os.path.join(TMP, "in", f"{n}.csv")
        open(f, "wb").write(data)
        d = fresh_out(n)
        strategy = [] if rng.random() < 0.5 else ["--strategy", rng.choice(["lsq2", "impulse"])]
        case("csv", desc, ["velocity", *strategy, f], f, None, d)


SIZES = ["0x0", "-5x10", "1e308x1", "8193x100", "16x16", "100x", "x", "100X100", "100×100", "nanxnan",
         "infxinf", "15x15", "200x150x3", "0x16"]


def flag_templates(d, csv_path):
    return [
        ("spring", ["--response", "0.5", "--damping", "0.8", "--times", "0,0.1,0.2"], None),
        ("spring", ["--duration", "0.5", "--bounce", "0.2", "--until", "1", "--fps", "30"], None),
        ("spring", ["--stiffness", "170", "--friction", "26", "--mass", "1", "--from", "0", "--to", "1",
                    "--velocity", "0", "--times", "0.5", "--info"], None),
        ("spring", ["--response", "0.4", "--damping", "1", "--normalized-velocity", "2", "--until", "0.5",
                    "--fps", "10"], None),
        ("export", ["--response", "0.5", "--damping", "0.8", "--format", "css"], None),
        ("export", ["--stiffness", "170", "--friction", "26", "--mass", "2", "--format", "uikit"], None),
        ("export", ["--duration", "0.4", "--bounce", "-0.3", "--format", "json"], None),
        ("neck", ["--shape", "capsule", "--size", "100x40", "--gap", "10", "--merge", "20", "--count", "2"], None),
        ("render", ["--scene", "push-alert", "--progress", "0.5", "--size", "200x150", "--out",
                    os.path.join(d, "x.png")], os.path.join(d, "x.png")),
        ("render", ["--scene", "liquid", "--script", "spread", "--time", "0.3", "--size", "200x150",
                    "--theme", "dark", "--out", os.path.join(d, "x.png")], os.path.join(d, "x.png")),
        ("record", ["--scene", "push-alert", "--script", "present", "--duration", "0.3", "--size", "200x150",
                    "--fps", "30", "--out", os.path.join(d, "x.png")], os.path.join(d, "x.png")),
        ("record", ["--scene", "presence", "--script", "show", "--duration", "0.2", "--size", "200x150",
                    "--out", os.path.join(d, "f") + "/"], os.path.join(d, "f")),
        ("filmstrip", ["--scene", "push-alert", "--frames", "4", "--columns", "2", "--fps", "15", "--size",
                       "200x150", "--out", os.path.join(d, "s.png")], os.path.join(d, "s.png")),
        ("velocity", ["--strategy", "lsq2", csv_path], None),
        ("run", ["--scene", "neck", "--scale", "1", "--quit-after", "0.2"], None),
    ]


def fuzz_flags(count):
    csv_path = os.path.join(TMP, "in", "flags.csv")
    open(csv_path, "w").write(CSV)
    for _ in range(count):
        n = stats["cases"] + 1
        d = fresh_out(n)
        templates = flag_templates(d, csv_path)
        # bench is slow (a warm-up cycle): only now and then.
        if rng.random() < 0.04:
            templates = [("bench", ["--scene", "push-alert", "--frames", "10", "--size", "200x150"], None)]
        cmd, args, out = rng.choice(templates)
        args = list(args)
        # Never touch run's --quit-after (without it the window stays open: a timeout by right)
        # nor bench's --frames (the default 600 frames take seconds by right).
        locked = {len(args) - 2, len(args) - 1} if cmd == "run" else {2, 3} if cmd == "bench" else set()
        values = [i for i in range(len(args)) if not args[i].startswith("--") and i not in locked
                  and not args[i].startswith(d) and args[i] != csv_path]
        flags = [i for i in range(len(args)) if args[i].startswith("--") and i not in locked]
        op = rng.random()
        if op < 0.6 and values:
            i = rng.choice(values)
            v = rng.choice(SIZES) if args[i - 1] == "--size" and rng.random() < 0.6 else \
                rng.choice(NUMBERS + STRINGS + ["push-alert", "liquid", "gl", "software", "moonwalk", "-"])
            desc = f"{args[i - 1]} {v[:30]!r}"
            args[i] = v
        elif op < 0.7 and flags:
            i = rng.choice(flags)
            drop_value = i + 1 < len(args) and not args[i + 1].startswith("--") and rng.random() < 0.7
            desc = f"without {args[i]}" + (" and its value" if drop_value else " (value left)")
            del args[i:i + 2 if drop_value else i + 1]
        elif op < 0.8 and flags:
            i = rng.choice(flags)
            dup = [args[i]] + ([args[i + 1]] if i + 1 < len(args) and not args[i + 1].startswith("--") else [])
            if len(dup) > 1 and rng.random() < 0.5:
                dup[1] = rng.choice(NUMBERS)
            args += dup
            desc = f"{' '.join(dup)[:30]!r} twice"
        elif op < 0.9:
            extra = rng.choice([["--bogus"], ["--bogus", "1"], ["--"], ["-"], [""], ["stray"], ["--out"],
                                ["--size"], ["-h"], ["--help"], ["--version"], ["--" + "z" * 5000],
                                ["--fps=30"], ["--scale", "2"], ["--renderer", "software"]])
            k = rng.randrange(len(args) + 1) if cmd != "run" else 0
            args[k:k] = extra
            desc = f"plus {' '.join(extra)[:30]!r}"
        else:
            i = rng.choice(values) if values else 0
            v = rng.choice(["\n", "\x1b[2J", "a\nb\nc", "\t", "\x7f", "é" * 30000])
            args[i] = args[i] + v if values else args[i]
            desc = f"value with {v[:8]!r}"
        case(f"flags:{cmd}", desc, [cmd, *args], None, out, d)


# ---------------------------------------------------------------------------- main

def main():
    t0 = time.monotonic()
    os.makedirs(os.path.join(TMP, "in"))
    try:
        bases = make_bases()
        if not bases:
            print("FAIL no base replay could be made; the replay and preset families cannot run")
            failures.append("no base replay")
        else:
            fuzz_replays(bases, round(140 * SCALE))
            fuzz_presets(bases, round(45 * SCALE))
        fuzz_csv(round(200 * SCALE))
        fuzz_flags(round(170 * SCALE))
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
    total = time.monotonic() - t0
    codes = ", ".join(f"{k}: {v}" for k, v in sorted(stats["exit"].items(), key=lambda kv: (kv[0] is None, kv[0])))
    print(f"fuzz: {stats['cases']} cases, {len(failures)} failures in {total:.0f} s (exit statuses {codes}); "
          f"slowest {stats['slowest'][0]:.2f} s ({stats['slowest'][1][:100]})")
    sys.exit(1 if failures else 0)


main()
