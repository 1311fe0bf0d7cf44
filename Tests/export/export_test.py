#!/usr/bin/env python3
"""`springlab export` through the real binary (docs/behaviour.md §12.2, §12.4).

Every format's text is read back here with this file's own patterns and judged by the
platform's documented semantics, computed here (not by SpringLab's converter):
  SwiftUI .spring(response:dampingFraction:)  k = (2π/R)², c = 4πζ/R, mass 1
  SwiftUI Spring(duration:bounce:)            response = duration, ζ = 1 − bounce (bounce ≥ 0)
  UIKit, Flutter, Motion                      mass, stiffness, damping coefficient
  Compose, Android                            stiffness and damping ratio, unit mass
  react-spring                                tension = stiffness, friction = damping (per s²/s)
  CSS linear()                                piecewise-linear between the points (CSS Easing 2)
  Origami POP bounciness, speed               Facebook Rebound's BouncyConversion and
                                              OrigamiValueConverter, written out below
A preset holding every scene's springs prints one block per spring headed by its id; the
error paths exit 2 (usage, naming the flag) or 1 (a file), with one line and no output.
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile

BIN = sys.argv[1]
failures = []
passed = 0


def case(name, ok, detail=""):
    global passed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failures.append(name)
        print(f"FAIL {name} {detail}")


def run(*args):
    p = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


NUM = r"(-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)"


def num(pattern, text):
    m = re.search(pattern.replace("N", NUM), text)
    return float(m.group(1)) if m else None


def step(m, k, c, t):
    """x(t) of m x'' + c x' + k x = 0 from x = 0 toward 1 at rest: the unit step response."""
    w0 = math.sqrt(k / m)
    z = c / (2 * math.sqrt(m * k))
    if abs(z - 1) < 1e-9:
        return 1 - math.exp(-w0 * t) * (1 + w0 * t)
    if z < 1:
        wd = w0 * math.sqrt(1 - z * z)
        return 1 - math.exp(-z * w0 * t) * (math.cos(wd * t) + z * w0 / wd * math.sin(wd * t))
    s = w0 * math.sqrt(z * z - 1)
    r1, r2 = -z * w0 + s, -z * w0 - s
    # x = 1 + A e^{r1 t} + B e^{r2 t}, x(0) = 0, x'(0) = 0
    a = r2 / (r1 - r2)
    b = -r1 / (r1 - r2)
    return 1 + a * math.exp(r1 * t) + b * math.exp(r2 * t)


def settle(m, k, c):
    """docs/behaviour.md §1.4: 6 / (ζω0) underdamped; the slowest exponential within 0.3 % otherwise."""
    w0 = math.sqrt(k / m)
    z = c / (2 * math.sqrt(m * k))
    if z < 1:
        return 6 / (z * w0)
    slow = z * w0 - w0 * math.sqrt(max(z * z - 1, 0))
    return math.log(1 / 0.003) / slow if z > 1 else None


def rel(a, b):
    return abs(a - b) / max(abs(b), 1e-300)


def rebound(bounciness, speed):
    """(tension, friction) of Rebound's SpringConfig.fromBouncinessAndSpeed: the published
    BouncyConversion (normalize, project_normal, quadratic_out_interpolation, b3_nobounce)
    and OrigamiValueConverter formulas, written here from the Java source's text."""
    def normalize(v, lo, hi):
        return (v - lo) / (hi - lo)

    def project_normal(n, lo, hi):
        return lo + n * (hi - lo)

    def linear_interpolation(t, lo, hi):
        return t * hi + (1.0 - t) * lo

    def quadratic_out_interpolation(t, lo, hi):
        return linear_interpolation(2 * t - t * t, lo, hi)

    def b3_nobounce(x):
        if x <= 18:
            return 0.0007 * x ** 3 - 0.031 * x ** 2 + 0.64 * x + 1.28
        if x <= 44:
            return 0.000044 * x ** 3 - 0.006 * x ** 2 + 0.36 * x + 2.
        return 0.00000045 * x ** 3 - 0.000332 * x ** 2 + 0.1078 * x + 5.84

    b = project_normal(normalize(bounciness / 1.7, 0, 20.), 0.0, 0.8)
    s = normalize(speed / 1.7, 0, 20.)
    tension_qc = project_normal(s, 0.5, 200)
    friction_qc = quadratic_out_interpolation(b, b3_nobounce(tension_qc), 0.01)
    tension = 0 if tension_qc == 0 else (tension_qc - 30.0) * 3.62 + 194.0
    friction = 0 if friction_qc == 0 else (friction_qc - 8.0) * 3.0 + 25.0
    return tension, friction


def platform_spring(fmt, text):
    """(mass, stiffness, damping coefficient) as the platform reads the text."""
    if fmt == "swiftui":
        r, z = num(r"response:\s*N", text), num(r"dampingFraction:\s*N", text)
        w0 = 2 * math.pi / r
        return 1, w0 * w0, 2 * z * w0
    if fmt in ("uikit", "flutter"):
        return num(r"mass:\s*N", text), num(r"stiffness:\s*N", text), num(r"damping:\s*N", text)
    if fmt == "motion":
        return num(r"mass:\s*N", text), num(r"stiffness:\s*N", text), num(r"damping:\s*N", text)
    if fmt == "react-spring":
        return num(r"mass:\s*N", text), num(r"tension:\s*N", text), num(r"friction:\s*N", text)
    if fmt == "compose":
        k, z = num(r"stiffness\s*=\s*Nf", text), num(r"dampingRatio\s*=\s*Nf", text)
        return 1, k, 2 * z * math.sqrt(k)
    if fmt == "android":
        k, z = num(r"setStiffness\(Nf\)", text), num(r"setDampingRatio\(Nf\)", text)
        return 1, k, 2 * z * math.sqrt(k)
    if fmt == "json":
        o = json.loads(text)
        return o["mass"], o["stiffness"], o["damping"]
    if fmt == "origami":
        k, c = rebound(num(r"bounciness:\s*N", text), num(r"speed:\s*N", text))
        return 1, k, c
    raise ValueError(fmt)


def css_points(text):
    """The duration (s) and the (progress, value) points of a `linear()` easing, with
    omitted progresses spread evenly between their neighbours (CSS Easing Level 2)."""
    d = re.search(r"transform\s+" + NUM + r"(ms|s)\s+linear\(", text)
    duration = float(d.group(1)) / (1000 if d.group(2) == "ms" else 1)
    body = re.search(r"linear\(([^)]*)\)", text).group(1)
    pts = []
    for item in body.split(","):
        parts = item.split()
        value = float(parts[0])
        progress = [float(p.rstrip("%")) / 100 for p in parts[1:]]
        if not progress:
            pts.append([value, None])
        for p in progress:
            pts.append([value, p])
    if pts[0][1] is None:
        pts[0][1] = 0.0
    if pts[-1][1] is None:
        pts[-1][1] = 1.0
    i = 0
    while i < len(pts):
        if pts[i][1] is None:
            j = i
            while pts[j][1] is None:
                j += 1
            a, b = pts[i - 1][1], pts[j][1]
            for n in range(i, j):
                pts[n][1] = a + (b - a) * (n - i + 1) / (j - i + 1)
            i = j
        i += 1
    return duration, [(p, v) for v, p in pts]


def css_value(points, x):
    for (p0, v0), (p1, v1) in zip(points, points[1:]):
        if p0 <= x <= p1:
            return v0 if p1 == p0 else v0 + (v1 - v0) * (x - p0) / (p1 - p0)
    return points[-1][1]


FORMATS = ["swiftui", "uikit", "compose", "android", "flutter", "motion", "react-spring", "css", "json", "origami",
           "keyframes", "waapi"]
# (flags, (m, k, c) computed here from the platforms' definitions)
SPRINGS = [
    (["--response", "0.5", "--damping", "0.7"], (1, (2 * math.pi / 0.5) ** 2, 2 * 0.7 * 2 * math.pi / 0.5)),
    # docs/behaviour.md §1.1 check value: duration 0.5 / bounce 0.3 → k 157.91, c 17.59
    (["--duration", "0.5", "--bounce", "0.3"], (1, 157.9136704174297, 17.59291886010284)),
    (["--stiffness", "100", "--friction", "10"], (1, 100, 10)),
    (["--stiffness", "300", "--friction", "60", "--mass", "2"], (2, 300, 60)),
    (["--response", "0.3", "--damping", "1.6"], (1, (2 * math.pi / 0.3) ** 2, 2 * 1.6 * 2 * math.pi / 0.3)),
]

for flags, (m, k, c) in SPRINGS:
    label = " ".join(flags)
    w0, z = math.sqrt(k / m), c / (2 * math.sqrt(m * k))
    horizon = settle(m, k, c) or 8 / w0
    times = [horizon * i / 199 for i in range(200)]
    truth = [step(m, k, c, t) for t in times]
    for fmt in FORMATS:
        code, out, err = run("export", *flags, "--format", fmt)
        if code != 0 or err:
            case(f"{fmt} {label}: exits 0", False, err.strip())
            continue
        if fmt == "keyframes":
            # A CSS @keyframes rule: P% { transform: translateX(calc(var(--travel) * X)); }
            # run linearly (animation-timing-function linear between keyframes).
            rows = re.findall(r"^  " + NUM + r"% \{ transform: translateX\(calc\(var\(--travel\) \* " + NUM + r"\)\); \}$",
                              out, re.M)
            pts = [(float(p) / 100, float(x)) for p, x in rows]
            a = re.search(r"^animation: spring " + NUM + r"s linear;", out, re.M)
            duration = float(a.group(1)) if a else 0
            shaped = out.startswith("@keyframes spring {\n") and len(rows) == out.count("%") and a is not None
            ok_ends = bool(pts) and pts[0] == (0.0, 0.0) and pts[-1] == (1.0, 1.0) and all(
                p0 < p1 for (p0, _), (p1, _) in zip(pts, pts[1:]))
            worst = max(abs(css_value(pts, x / duration) - step(m, k, c, x))
                        for x in [duration * i / 199 for i in range(200)]) if shaped and ok_ends else 1
            case(f"keyframes {label}: {len(pts)} keyframes 0%…100%, `animation: spring {duration}s linear;`, "
                 f"within 0.005 of the travel (worst {worst:.5f})",
                 shaped and ok_ends and duration >= horizon - 1e-9 and worst <= 0.005, out[:300])
            continue
        if fmt == "waapi":
            w = re.match(r'element\.animate\(\[\{ transform: "translateX\(0\)" \}, \{ transform: "translateX\(var\(--travel\)\)" \}\], '
                         r'\{ duration: ([0-9]+), easing: "(linear\([^)]*\))" \}\)', out)
            if not w:
                case(f"waapi {label}: element.animate([…], {{ duration: MS, easing: \"linear(…)\" }})", False, out[:300])
                continue
            ms = int(w.group(1))
            duration, pts = css_points(f"transform {ms}ms {w.group(2)}")
            worst = max(abs(css_value(pts, x / duration) - step(m, k, c, x)) for x in [duration * i / 199 for i in range(200)])
            code2, css, _ = run("export", *flags, "--format", "css")
            case(f"waapi {label}: {ms} ms (the CSS export's duration), the CSS easing, within 0.005 (worst {worst:.5f})",
                 duration >= horizon - 1e-9 and worst <= 0.005 and w.group(2) in css
                 and abs(css_points(css)[0] * 1000 - ms) < 1e-9, out[:300])
            continue
        if fmt == "css":
            duration, pts = css_points(out)
            ok_ends = pts[0] == (0.0, 0.0) and pts[-1][1] == 1.0 and pts[-1][0] == 1.0
            ok_dur = duration >= horizon - 1e-9 and abs(duration * 1000 - round(duration * 1000)) < 1e-6
            xs = [duration * i / 199 for i in range(200)]
            worst = max(abs(css_value(pts, x / duration) - step(m, k, c, x)) for x in xs)
            case(f"css {label}: starts at 0, ends at 1, {duration:.3f} s ≥ settle {horizon:.4f} s in whole ms",
                 ok_ends and ok_dur, out[:200])
            case(f"css {label}: within 0.005 of the travel at 200 times (worst {worst:.5f}, {len(pts)} points)",
                 worst <= 0.005)
            continue
        mm, kk, cc = platform_spring(fmt, out)
        if fmt in ("compose", "android", "swiftui", "origami"):
            # Unit mass: the same motion is the same ω0 and ζ.
            same = rel(math.sqrt(kk / mm), w0) < 1e-9 and rel(cc / (2 * math.sqrt(mm * kk)), z) < 1e-9
        else:
            same = rel(mm, m) < 1e-9 and rel(kk, k) < 1e-9 and rel(cc, c) < 1e-9
        worst = max(abs(step(mm, kk, cc, t) - x) for t, x in zip(times, truth))
        case(f"{fmt} {label}: the platform reads the same spring (1e-9), curve within 1e-4 (worst {worst:.2e})",
             same and worst <= 1e-4, out.strip())
        if fmt == "swiftui":
            d, b = num(r"duration:\s*N", out), num(r"bounce:\s*N", out)
            zb = 1 - b if b >= 0 else 1 / (1 + b)
            case(f"swiftui {label}: Spring(duration:bounce:) is the same spring",
                 d is not None and rel(d, 2 * math.pi / w0) < 1e-9 and rel(zb, z) < 1e-9, out.strip())

# --- Origami POP: a spring given by bounciness and speed is Rebound's, and reads back.
for b, sp in [(8, 12), (0, 10), (5, 2), (20, 30), (42, 7), (12.5, 0.5)]:
    k, c = rebound(b, sp)
    code, out, err = run("export", "--bounciness", str(b), "--speed", str(sp), "--format", "flutter")
    mm, kk, cc = platform_spring("flutter", out)
    case(f"--bounciness {b} --speed {sp}: Rebound's tension {k:.4f} and friction {c:.4f} at mass 1 (1e-9)",
         code == 0 and mm == 1 and rel(kk, k) < 1e-9 and rel(cc, c) < 1e-9, out.strip() + err)
    code, out, err = run("export", "--bounciness", str(b), "--speed", str(sp), "--format", "origami")
    bb, ss = num(r"bounciness:\s*N", out), num(r"speed:\s*N", out)
    case(f"--bounciness {b} --speed {sp} --format origami gives them back",
         code == 0 and bb is not None and abs(bb - b) < 1e-7 and rel(ss, sp) < 1e-9, out.strip() + err)
# Bouncier than Rebound's quadratic reaches at its speed: said in a comment, no near miss.
code, out, err = run("export", "--response", "0.5", "--damping", "0.01", "--format", "origami")
case("origami: a spring no POP spring is says so", code == 0 and out.startswith("// no Origami POP spring") and
     "bounciness:" not in out, out)
error_args = [("--bounciness 50 (past 42.5)", ["export", "--bounciness", "50", "--speed", "3"], ["--bounciness", "42.5"]),
              ("--speed 0", ["export", "--bounciness", "5", "--speed", "0"], ["--speed"]),
              ("--speed without --bounciness", ["export", "--speed", "5"], ["--bounciness"]),
              ("--bounciness and --response", ["export", "--bounciness", "5", "--speed", "5", "--response", "0.5",
                                               "--damping", "1"], ["conflict"])]
for name, args, must in error_args:
    code, out, err = run(*args)
    case(f"error: {name} exits 2", code == 2 and out == "" and all(m in err for m in must), f"exit {code} {err.strip()}")

# --- A preset with every scene's springs.
preset = {
    "pushAlert": {"gap": {"response": 0.41, "damping": 0.93}, "alert": {"response": 0.37, "damping": 0.71}},
    "presence": {"animation": {"response": 0.44, "damping": 0.88}},
    "pile": {"reveal": {"response": 0.52, "damping": 0.81}},
    "neck": {"merge": 20},
    "springLab": {"a": {"response": 0.61, "damping": 0.55}},
}
d = tempfile.mkdtemp(prefix="springlab-export-")
path = os.path.join(d, "all.preset.json")
with open(path, "w") as f:
    json.dump(preset, f)
code, out, err = run("export", "--preset", path, "--format", "uikit")
blocks = {}
for block in out.strip().split("\n\n"):
    head, _, body = block.partition("\n")
    blocks[head.removeprefix("// ").strip()] = body
expect = {"pushAlert.gap": (0.41, 0.93), "pushAlert.alert": (0.37, 0.71), "presence.presence": (0.44, 0.88),
          "pile.reveal": (0.52, 0.81), "springLab.a": (0.61, 0.55)}
for sid, (r, z) in expect.items():
    body = blocks.get(sid)
    if body is None:
        case(f"preset: a block headed {sid}", False, f"blocks: {sorted(blocks)}")
        continue
    mm, kk, cc = platform_spring("uikit", body)
    w0 = 2 * math.pi / r
    case(f"preset: {sid} is response {r}, damping {z}",
         mm == 1 and rel(kk, w0 * w0) < 1e-9 and rel(cc, 2 * z * w0) < 1e-9, body)
prefixes = {s.split(".")[0] for s in blocks}
case("preset: every scene with springs has blocks (the neck has none)",
     code == 0 and prefixes == {"pushAlert", "presence", "pile", "springLab"}, f"{sorted(blocks)}")
case("preset: the Push Alert's six springs, in the inspector's order",
     [s for s in blocks if s.startswith("pushAlert.")] ==
     ["pushAlert.gap", "pushAlert.alert", "pushAlert.leave", "pushAlert.close", "pushAlert.throw", "pushAlert.return"],
     f"{[s for s in blocks if s.startswith('pushAlert.')]}")
code, out, err = run("export", "--preset", path, "--format", "json")
try:
    doc = json.loads(out)
    ok = code == 0 and rel(doc["pushAlert.gap"]["response"], 0.41) < 1e-12 and rel(doc["springLab.a"]["dampingRatio"], 0.55) < 1e-12
except (ValueError, KeyError) as e:
    ok = False
case("preset as json: one object keyed by id that parses", ok, out[:300])
code, out, err = run("export", "--preset", path, "--spring", "pile.reveal", "--format", "compose")
k, zz = num(r"stiffness\s*=\s*Nf", out), num(r"dampingRatio\s*=\s*Nf", out)
case("--spring prints only the one named, with no heading",
     code == 0 and "//" not in out and k is not None and rel(k, (2 * math.pi / 0.52) ** 2) < 1e-9 and rel(zz, 0.81) < 1e-9, out)
code, out, err = run("export", "--preset", path)
case("the default format is swiftui", code == 0 and ".spring(response:" in out, out[:200])

# --- Errors: one line on stderr, nothing on stdout.
def error(name, want, args, must=()):
    code, out, err = run(*args)
    lines = err.strip().split("\n")
    # One line within 300 bytes (issue 37: the unknown-id line listed all 16 ids).
    ok = code == want and out == "" and len(lines) == 1 and all(m in err for m in must) and len(err.encode()) <= 300
    case(f"error: {name} exits {want}", ok, f"exit {code} out={out[:80]!r} err={err.strip()!r}")

error("an unknown format", 2, ["export", "--response", "0.5", "--damping", "1", "--format", "kotlin"], ["--format", "swiftui"])
error("an unknown spring id lists the ids", 2, ["export", "--preset", path, "--spring", "pushAlert.nope"],
      ["pushAlert.nope", "pushAlert.gap", "(16 springs)"])  # 6 alert, 7 pile, 1 presence, 2 lab springs
error("--spring without --preset", 2, ["export", "--spring", "pushAlert.gap"], ["--preset"])
error("a spring and a preset", 2, ["export", "--preset", path, "--response", "0.5"], ["--response", "--preset"])
error("no spring at all", 2, ["export", "--format", "css"], ["--response"])
error("--damping missing", 2, ["export", "--response", "0.5"], ["--damping"])
error("bounce 1", 2, ["export", "--duration", "0.5", "--bounce", "1"], ["--bounce"])
error("NaN", 2, ["export", "--stiffness", "nan", "--friction", "10"], ["--stiffness"])
# A spring the flags accept but no spring is (docs/behaviour.md §1.1: ζ ≥ 0.001, response ≥ 0.05 s) is
# refused with the range, never exported as the nearest spring quietly (issue 37).
error("--damping 0.0001 (below ζ 0.001)", 2, ["export", "--response", "0.5", "--damping", "0.0001"], ["--damping 0.0001", "0.001"])
error("--stiffness 1e9 (a 0.2 ms response)", 2, ["export", "--stiffness", "1e9", "--friction", "1e-9"], ["--stiffness", "0.05 s"])
error("--response 0.01", 2, ["export", "--response", "0.01", "--damping", "0.5"], ["--response 0.01", "0.05 s"])
error("--bounce 0.9995 (ζ 0.0005)", 2, ["export", "--duration", "0.5", "--bounce", "0.9995"], ["--bounce 0.9995", "0.001"])
error("a missing preset", 1, ["export", "--preset", os.path.join(d, "none.json")], ["none.json"])
bad = os.path.join(d, "bad.preset.json")
with open(bad, "w") as f:
    f.write('{"pushAlert": {"gap": {"response": 99}}}')
error("a preset out of range", 1, ["export", "--preset", bad], ["pushAlert.gap.response"])
with open(bad, "w") as f:
    f.write('{"pushAlert": ')
error("a broken preset", 1, ["export", "--preset", bad], ["bad.preset.json"])
code, out, err = run("help", "export")
case("help export shows both usages and every format",
     code == 0 and "--preset FILE" in out and all(f in out for f in FORMATS), out[:200])

print(f"{passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
