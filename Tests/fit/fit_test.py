#!/usr/bin/env python3
"""`springlab fit` through the real binary: a spring read back from a video or a CSV.

Every clip and CSV is made here from a spring this file chose, and judged against that
spring (the truth), never against the binary's own numbers:
  videos   ffmpeg renders an element over a background with `overlay=x='EXPR':eval=frame`,
           EXPR the closed-form damped spring of `t` rounded to whole pixels (overlay in
           yuv444 so odd columns are allowed; the solid-background clips are decoded here
           to confirm every frame's left edge is the rounded truth): H.264 at 60 fps and
           30 fps (solid and textured backgrounds), variable frame rate (irregular drops
           from 60 fps), a GIF (palettegen/paletteuse, ordered dither, on a gradient),
           critically damped and overdamped, vertical, thrown starts, two elements with
           and without --region;
  CSVs     60 Hz samples with seeded 0.5 px Gaussian noise (t and t_ms, extra columns,
           comments, blank lines), a thrown start, CSS cubic-bezier curves (ease-in-out
           must be `not-a-spring`; `ease` is only recorded), two moves (the larger is fitted).
Bounds: video |response err| <= 2 %, |damping err| <= 0.02, travel and from/to (the
element's centre) within 2 px, start within 0.03 s, initial velocity within 15 %; CSV
response within 1 %, damping within 0.01. Every successful output is also checked for its
key order and its derived keys (duration, bounce, stiffness, damping_coefficient, verdict).
`--samples` and `--format`; bad input exits 1 with one stderr line, no stdout, and no
samples file created or touched; usage errors exit 2.

    python3 Tests/fit/fit_test.py .build/release/springlab

Each check prints `ok   <name>` or `FAIL <name> <why>`; then a table
`case | truth | fitted | error | time_s`, and exit status 1 if any check failed.
Python 3 standard library plus ffmpeg/ffprobe on PATH.
"""
import concurrent.futures
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import traceback

BIN = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else None
FF = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
X264 = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "16", "-pix_fmt", "yuv420p"]
KEYS = ["response", "damping", "duration", "bounce", "stiffness", "damping_coefficient", "from", "to",
        "axis", "start", "initial_velocity", "samples", "rms_error_pct", "max_error_pct", "verdict"]
W, H = 640, 360
BG = "0x202020"          # the solid background
BLUE = "0x3366ff"        # the element, with a yellow box inside it for detail
YELLOW = "0xffcc00"


# ---------------------------------------------------------------------------- the spring (truth)

class Spring:
    """At rest at x0 until t0, then the unit-mass damped spring toward x1 with velocity v0:
    x'' + 2ζω0 x' + ω0² x = 0 for the displacement from x1, ω0 = 2π / response."""

    def __init__(self, x0, x1, t0, response, damping, v0=0.0):
        self.x0, self.x1, self.t0, self.response, self.damping, self.v0 = x0, x1, t0, response, damping, v0
        self.w0 = 2 * math.pi / response

    def at(self, t):
        if t < self.t0:
            return self.x0
        tau, z, w0, d0, v0 = t - self.t0, self.damping, self.w0, self.x0 - self.x1, self.v0
        if abs(z - 1) < 1e-12:
            return self.x1 + math.exp(-w0 * tau) * (d0 + (v0 + w0 * d0) * tau)
        if z < 1:
            wd = w0 * math.sqrt(1 - z * z)
            return self.x1 + math.exp(-z * w0 * tau) * (d0 * math.cos(wd * tau) + (v0 + z * w0 * d0) / wd * math.sin(wd * tau))
        s = w0 * math.sqrt(z * z - 1)
        r1, r2 = -z * w0 + s, -z * w0 - s
        a = (v0 - r2 * d0) / (r1 - r2)
        return self.x1 + a * math.exp(r1 * tau) + (d0 - a) * math.exp(r2 * tau)

    def pixel(self, t):
        """The whole-pixel position overlay draws: floor(x + 0.5), as in expr()."""
        return math.floor(self.at(t) + 0.5)

    def settle(self):
        """Seconds after t0 until within 0.2 px of x1 for good (a generous estimate)."""
        amp = abs(self.x0 - self.x1) + abs(self.v0) / self.w0 + 1
        z = self.damping
        rate = z * self.w0 if z <= 1 else self.w0 * (z - math.sqrt(z * z - 1))
        return math.log(amp / 0.2) / rate * (1.3 if abs(z - 1) < 0.05 else 1.0)

    def expr(self):
        """The same spring in ffmpeg's expression language of t, rounded to whole pixels."""
        g = lambda v: f"{v:.12g}"
        z, w0, d0, v0 = self.damping, self.w0, self.x0 - self.x1, self.v0
        tau = f"(t-{g(self.t0)})"
        if abs(z - 1) < 1e-12:
            moving = f"{g(self.x1)}+exp(-{g(w0)}*{tau})*({g(d0)}+{g(v0 + w0 * d0)}*{tau})"
        elif z < 1:
            wd = w0 * math.sqrt(1 - z * z)
            moving = (f"{g(self.x1)}+exp(-{g(z * w0)}*{tau})*({g(d0)}*cos({g(wd)}*{tau})"
                      f"+{g((v0 + z * w0 * d0) / wd)}*sin({g(wd)}*{tau}))")
        else:
            s = w0 * math.sqrt(z * z - 1)
            r1, r2 = -z * w0 + s, -z * w0 - s
            a = (v0 - r2 * d0) / (r1 - r2)
            moving = f"{g(self.x1)}+{g(a)}*exp({g(r1)}*{tau})+{g(d0 - a)}*exp({g(r2)}*{tau})"
        return f"floor(if(lt(t,{g(self.t0)}),{g(self.x0)},{moving})+0.5)"

    def label(self):
        v = f" v0 {self.v0:+g}" if self.v0 else ""
        return f"R {self.response:g} ζ {self.damping:g} {self.x0:g}→{self.x1:g}{v}"


# ---------------------------------------------------------------------------- fixtures

class Element:
    """A w×h element; `spring` moves its top-left corner along `axis`, `fixed` is the other
    coordinate. Its centre is the corner plus half its size."""

    def __init__(self, spring, axis="x", fixed=150, w=96, h=64, colour=BLUE, detail=YELLOW):
        self.spring, self.axis, self.fixed, self.w, self.h, self.colour, self.detail = spring, axis, fixed, w, h, colour, detail
        self.half = (w if axis == "x" else h) / 2

    def source(self, fps, dur):
        dx, dy = self.w // 5 + 1, self.h // 5 + 1      # a detail box clear of the left/top edges
        return (f"color=c={self.colour}:s={self.w}x{self.h}:r={fps}:d={dur},"
                f"drawbox=x={dx}:y={dy}:w={self.w // 2}:h={self.h // 3}:c={self.detail}:t=fill")

    def overlay(self):
        e = f"'{self.spring.expr()}'"
        return f"x={e}:y={self.fixed}" if self.axis == "x" else f"x={self.fixed}:y={e}"

    def check_bounds(self, dur):
        size = self.w if self.axis == "x" else self.h
        span = W if self.axis == "x" else H
        xs = [self.spring.pixel(i / 240) for i in range(int(dur * 240) + 1)]
        if min(xs) < 0 or max(xs) + size > span:
            raise RuntimeError(f"fixture: element leaves the frame ({min(xs)}..{max(xs) + size})")


def ffmpeg(args, timeout=120):
    p = subprocess.run(FF + args, capture_output=True, text=True, timeout=timeout)
    if p.returncode != 0:
        raise RuntimeError(f"ffmpeg failed: {p.stderr.strip()[-400:]}")


def render(path, fps, dur, elements, bg=None, select=None, gif=False):
    """Renders the elements over the background (a lavfi source chain; solid BG if None)."""
    for e in elements:
        e.check_bounds(dur)
    bg = bg or f"color=c={BG}:s={W}x{H}:r={fps}:d={dur}"
    if gif:
        # A GIF keeps times in centiseconds: draw each frame at the time the GIF will show it.
        bg += f",settb=1/100,setpts='round(N*100/{fps})'"
    args = ["-f", "lavfi", "-i", bg]
    for e in elements:
        args += ["-f", "lavfi", "-i", e.source(fps, dur)]
    graph, last = [], "0:v"
    for i, e in enumerate(elements, 1):
        graph.append(f"[{last}][{i}:v]overlay={e.overlay()}:eval=frame:format=yuv444:shortest=1[o{i}]")
        last = f"o{i}"
    tail = f"[{last}]"
    if select:
        tail += f"select='{select}',"
    if gif:
        tail += "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=3[v]"
    else:
        tail += "format=yuv420p[v]"
    graph.append(tail)
    args += ["-filter_complex", ";".join(graph), "-map", "[v]"]
    if select:
        args += ["-fps_mode", "vfr"]
    args += (["-f", "gif"] if gif else X264 + ["-movflags", "+faststart"]) + [path]
    ffmpeg(args)


def frame_times(path):
    """Every video frame's timestamp (s) as ffprobe reads it."""
    p = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time,pkt_dts_time",
                        "-of", "csv=p=0", path], capture_output=True, text=True, timeout=60)
    out = []
    for line in p.stdout.split():
        fields = [f for f in line.split(",") if f and f != "N/A"]
        if fields:
            out.append(float(fields[0]))
    return out


def leading_edges(path, element, size=(W, H)):
    """Per decoded frame, the first row/column (along the element's axis) on the line through
    the element's middle whose grey level differs from the solid background by > 30."""
    w, h = size
    p = subprocess.run(FF + ["-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "gray", "-"], capture_output=True, timeout=120)
    data, n = p.stdout, w * h
    out = []
    for k in range(len(data) // n):
        f = data[k * n:(k + 1) * n]
        if element.axis == "x":
            y = element.fixed + element.h // 2
            line = f[y * w:(y + 1) * w]
        else:
            x = element.fixed + element.w // 2
            line = f[x::w]
        ref = line[0]
        out.append(next((i for i, v in enumerate(line) if abs(v - ref) > 30), None))
    return out


def check_fixture(ctx, path, element, fps_times):
    """The rendered clip shows the truth: every frame's leading edge is the rounded spring
    (±1 px for the codec's blur), so a failure below is the binary's, not the fixture's."""
    edges = leading_edges(path, element)
    if len(edges) != len(fps_times):
        ctx.check("fixture: decoded frames match ffprobe's", False, f"{len(edges)} vs {len(fps_times)}")
        return
    worst = max(abs(e - element.spring.pixel(t)) if e is not None else 99 for e, t in zip(edges, fps_times))
    ctx.check(f"fixture: {len(edges)} frames at the rounded spring (worst {worst} px)", worst <= 1)


def write_csv(path, header, rows, pre=(), mid=()):
    """rows are tuples; `pre` lines go before the header, `mid` after the first 3 rows."""
    lines = list(pre) + [header]
    for i, r in enumerate(rows):
        if i == 3:
            lines += list(mid)
        lines.append(",".join(x if isinstance(x, str) else f"{x:.6f}" for x in r))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def bezier_y(x1, y1, x2, y2, u):
    """CSS cubic-bezier(x1, y1, x2, y2) at input progress u, solved for the curve parameter
    by bisection (x(s) is monotone for x1, x2 in [0, 1])."""
    bx = lambda s: 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if bx(mid) < u:
            lo = mid
        else:
            hi = mid
    s = (lo + hi) / 2
    return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3


# ---------------------------------------------------------------------------- running the binary

class Result:
    def __init__(self, code, out, err, secs):
        self.code, self.out, self.err, self.secs = code, out, err, secs

    def __str__(self):
        return f"exit {self.code} after {self.secs:.1f} s, stdout {self.out[:300]!r}, stderr {self.err[:300]!r}"


def run(*args, env=None, timeout=120):
    t0 = time.monotonic()
    try:
        p = subprocess.run([BIN, *map(str, args)], capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL, env=env)
        return Result(p.returncode, p.stdout, p.stderr, time.monotonic() - t0)
    except subprocess.TimeoutExpired as e:
        return Result("TIMEOUT", (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or ""),
                      "", time.monotonic() - t0)


def parse(out):
    """key=value lines, in order; numbers as floats (`samples` an int)."""
    pairs = []
    for line in out.splitlines():
        if not line.strip():
            continue
        k, sep, v = line.partition("=")
        if not sep:
            raise ValueError(f"not key=value: {line!r}")
        k, v = k.strip(), v.strip()
        if k in ("axis", "verdict"):
            pairs.append((k, v))
        elif k == "samples":
            pairs.append((k, int(v)))
        else:
            pairs.append((k, float(v)))
    return pairs


def close(a, b, rel=0.0, abs_=0.0):
    return abs(a - b) <= max(rel * abs(b), abs_)


class Ctx:
    """One case's checks and table rows."""

    def __init__(self, title, tmp):
        self.title, self.tmp = title, tmp
        self.checks, self.rows, self.lock = [], [], threading.Lock()

    def check(self, name, ok, detail=""):
        self.checks.append((f"{self.title}: {name}", bool(ok), "" if ok else detail))
        return ok

    def row(self, case, truth, fitted, error, secs):
        self.rows.append((case, truth, fitted, error, f"{secs:.2f}" if isinstance(secs, float) else str(secs)))

    def path(self, name):
        return os.path.join(self.tmp, name)


def fit_ok(ctx, r, what):
    """Exit 0 and a well-formed output: the keys in the contract's order, the derived keys
    consistent with response and damping, the verdict consistent with rms_error_pct."""
    if not ctx.check(f"{what}: exits 0", r.code == 0, str(r)):
        return None
    try:
        pairs = parse(r.out)
    except ValueError as e:
        ctx.check(f"{what}: key=value output", False, f"{e}; {r}")
        return None
    keys = [k for k, _ in pairs]
    if not ctx.check(f"{what}: the keys in order", keys == KEYS, f"got {keys}"):
        return None
    o = dict(pairs)
    R, Z = o["response"], o["damping"]
    w0 = 2 * math.pi / R
    bounce = 1 - Z if Z <= 1 else 1 / Z - 1
    ok = (R > 0 and Z > 0 and close(o["duration"], R, 1e-3, 1e-4) and close(o["bounce"], bounce, 0, 2e-3)
          and close(o["stiffness"], w0 * w0, 2e-3) and close(o["damping_coefficient"], 2 * Z * w0, 2e-3, 2e-3)
          and o["axis"] in ("x", "y") and o["samples"] >= 6
          and math.isfinite(o["rms_error_pct"]) and math.isfinite(o["max_error_pct"])
          and o["max_error_pct"] >= o["rms_error_pct"] - 0.01
          and o["verdict"] == ("spring" if o["rms_error_pct"] <= 1 else "not-a-spring"))
    ctx.check(f"{what}: duration, bounce, stiffness, damping_coefficient, verdict agree with R {R:g}, ζ {Z:g}",
              ok, r.out.replace("\n", " "))
    return o


def judge(ctx, case, r, spring, half=0.0, axis="x", r_tol=0.02, z_tol=0.02, px_tol=2.0, start_tol=0.03,
          t_first=0.0, v_tol=0.15, verdict="spring"):
    """The fitted spring against the truth; the table row."""
    o = fit_ok(ctx, r, case)
    if o is None:
        ctx.row(case, spring.label(), f"exit {r.code}: {(r.err or r.out).strip()[:60]}", "-", r.secs)
        return None
    chk = lambda name, ok: ctx.check(f"{case.split(':')[0]}: {name}", ok)
    er, ez = o["response"] / spring.response - 1, o["damping"] - spring.damping
    f0, f1 = spring.x0 + half, spring.x1 + half
    travel = o["to"] - o["from"]
    chk(f"response {o['response']:.4f} within {r_tol:.0%} of {spring.response:g} ({er:+.2%})", abs(er) <= r_tol)
    chk(f"damping {o['damping']:.4f} within {z_tol} of {spring.damping:g} ({ez:+.4f})", abs(ez) <= z_tol)
    chk(f"axis {o['axis']} is {axis}", o["axis"] == axis)
    chk(f"travel {travel:.2f} within {px_tol} of {f1 - f0:g}", abs(travel - (f1 - f0)) <= px_tol)
    chk(f"from {o['from']:.2f} / to {o['to']:.2f} within {px_tol} of {f0:g} / {f1:g}",
        abs(o["from"] - f0) <= px_tol and abs(o["to"] - f1) <= px_tol)
    chk(f"start {o['start']:.4f} within {start_tol} s of {spring.t0 - t_first:.4f}",
        abs(o["start"] - (spring.t0 - t_first)) <= start_tol)
    if verdict:
        chk(f"verdict {o['verdict']} (rms {o['rms_error_pct']:g} %)", o["verdict"] == verdict)
    err = f"R {er:+.2%} ζ {ez:+.4f} Δ {travel - (f1 - f0):+.2f}"
    if spring.v0:
        ev = o["initial_velocity"] / spring.v0 - 1
        chk(f"initial_velocity {o['initial_velocity']:.1f} within {v_tol:.0%} of {spring.v0:g} ({ev:+.1%})",
            abs(ev) <= v_tol)
        err += f" v0 {ev:+.1%}"
    fitted = (f"R {o['response']:.4f} ζ {o['damping']:.4f} {o['from']:.1f}→{o['to']:.1f} {o['axis']}"
              + (f" v0 {o['initial_velocity']:+.0f}" if spring.v0 else "") + f" rms {o['rms_error_pct']:g}% {o['verdict']}")
    truth = spring.label().replace(f"{spring.x0:g}→{spring.x1:g}", f"{f0:g}→{f1:g}")
    ctx.row(case, truth, fitted, err, r.secs)
    return o


def read_samples(path):
    with open(path) as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    rows = [tuple(float(v) for v in l.split(",")) for l in lines[1:]]
    return lines[0] if lines else None, rows


# ---------------------------------------------------------------------------- video cases

def video_case(ctx, case, element, fps, name, bg=None, select=None, gif=False, fixture=True, samples=False,
               dur=None, extra=()):
    s = element.spring
    dur = dur or round(s.t0 + s.settle() + 0.4, 2)
    path = ctx.path(name)
    render(path, fps, dur, [element], bg=bg, select=select, gif=gif)
    times = frame_times(path)
    t_first = times[0] if times else 0.0
    if fixture:
        check_fixture(ctx, path, element, times)
    args = [path, *extra]
    out_csv = ctx.path(name + ".samples.csv")
    if samples:
        args += ["--samples", out_csv]
    r = run("fit", *args)
    o = judge(ctx, case, r, s, element.half, element.axis, t_first=t_first)
    return path, times, o, out_csv


def case_60fps(ctx):
    e = Element(Spring(80, 400, 0.25, 0.5, 0.7))
    path, times, o, out_csv = video_case(ctx, "1 mp4 60 fps", e, 60, "c1.mp4", samples=True)
    if o is None:
        return
    # --samples on a video: times from the first frame, positions the element's centre.
    if not ctx.check("--samples file written", os.path.exists(out_csv)):
        return
    head, rows = read_samples(out_csv)
    ctx.check("--samples header", head == "t,position,fitted", repr(head))
    ctx.check(f"--samples has samples={o['samples']} rows ({len(rows)})", len(rows) == o["samples"])
    worst_t = worst_p = worst_f = 0.0
    for t, pos, fitted in rows:
        n = min(range(len(times)), key=lambda i: abs(times[i] - times[0] - t))
        tt = times[n]
        worst_t = max(worst_t, abs(tt - times[0] - t))
        worst_p = max(worst_p, abs(pos - (e.spring.pixel(tt) + e.half)))
        worst_f = max(worst_f, abs(fitted - (e.spring.at(tt) + e.half)))
    ctx.check(f"--samples t are frame times from the first frame (worst {worst_t * 1000:.2f} ms)", worst_t <= 0.002)
    ctx.check(f"--samples positions are the element's centre (worst {worst_p:.2f} px)", worst_p <= 1.5)
    ctx.check(f"--samples fitted values follow the true spring (worst {worst_f:.2f} px)", worst_f <= 2.0)


def case_30fps_texture(ctx):
    tex = (f"color=c=gray:s={W}x{H}:r=30:d=DUR,format=yuv444p,"
           "geq=lum='128+45*sin(X/5.3)*sin(Y/3.7)+35*sin((X+2*Y)/17)+20*sin(X*Y/900)':cb=128:cr=128")
    s = Spring(100, 420, 0.3, 0.6, 0.5)
    dur = round(s.t0 + s.settle() + 0.4, 2)
    e = Element(s)
    video_case(ctx, "2 mp4 30 fps textured", e, 30, "c2.mp4", bg=tex.replace("DUR", str(dur)), fixture=False, dur=dur)


def case_vfr(ctx):
    e = Element(Spring(60, 380, 0.3, 0.45, 0.85))
    # frame 0 kept; then a 7-of-11 irregular pattern (n·4 mod 11 ≥ 4): 60 → ~38 fps
    path, times, o, _ = video_case(ctx, "3 mp4 VFR", e, 60, "c3.mp4", select="eq(n,0)+gte(mod(n*4,11),4)")
    gaps = sorted({round(b - a, 4) for a, b in zip(times, times[1:])})
    fps = (len(times) - 1) / (times[-1] - times[0]) if len(times) > 1 else 0
    ctx.check(f"ffprobe: {len(gaps)} distinct frame intervals {gaps[:4]} s, mean {fps:.1f} fps", len(gaps) >= 2 and 30 < fps < 50)


def case_gif(ctx):
    s = Spring(70, 390, 0.3, 0.5, 0.9)
    dur = round(s.t0 + s.settle() + 0.4, 2)
    grad = (f"color=c=black:s={W}x{H}:r=30:d={dur},format=gbrp,"
            "geq=r='40+X/4':g='50+Y/2.5':b='200-X/5-Y/6'")
    path, times, o, _ = video_case(ctx, "4 gif 30 fps gradient", Element(s), 30, "c4.gif", bg=grad, gif=True,
                                   fixture=False, dur=dur)
    gaps = sorted({round(b - a, 3) for a, b in zip(times, times[1:])})
    ctx.check(f"ffprobe: GIF frame intervals {gaps} s", set(gaps) <= {0.03, 0.04} and len(times) > 30)


def case_critical(ctx):
    video_case(ctx, "5a mp4 critical ζ 1.0", Element(Spring(90, 390, 0.25, 0.5, 1.0)), 60, "c5a.mp4")


def case_overdamped(ctx):
    video_case(ctx, "5b mp4 overdamped ζ 1.3", Element(Spring(90, 390, 0.25, 0.5, 1.3)), 60, "c5b.mp4")


def case_vertical(ctx):
    video_case(ctx, "6 mp4 vertical", Element(Spring(30, 260, 0.25, 0.4, 0.8), axis="y", fixed=280), 60, "c6.mp4")


def case_thrown(ctx):
    video_case(ctx, "7a mp4 thrown away v0 -1500", Element(Spring(230, 480, 0.25, 0.5, 0.7, v0=-1500)), 60, "c7a.mp4")


def case_thrown_toward(ctx):
    video_case(ctx, "7b mp4 thrown toward v0 +2000", Element(Spring(60, 360, 0.25, 0.55, 0.8, v0=2000)), 60, "c7b.mp4")


def case_region(ctx):
    big = Element(Spring(40, 380, 0.3, 0.6, 0.8), fixed=30, w=160, h=100, colour="0x33cc66", detail="0x114422")
    small = Element(Spring(60, 360, 0.5, 0.35, 0.55), fixed=280, w=40, h=40, colour="0xff5533", detail="0xffffff")
    dur = round(max(big.spring.t0 + big.spring.settle(), small.spring.t0 + small.spring.settle()) + 0.4, 2)
    path = ctx.path("c8.mp4")
    render(path, 60, dur, [big, small])
    times = frame_times(path)
    check_fixture(ctx, path, big, times)
    check_fixture(ctx, path, small, times)
    judge(ctx, "8a two elements: the largest", run("fit", path), big.spring, big.half, t_first=times[0])
    region = f"{small.spring.x0},{small.fixed},{small.w},{small.h}"
    judge(ctx, f"8b --region {region}: the small one", run("fit", path, "--region", region), small.spring,
          small.half, t_first=times[0])


# ---------------------------------------------------------------------------- CSV cases

def samples_60hz(springs, end, noise, seed, t_offset=0.0):
    rng = random.Random(seed)
    out = []
    for k in range(int(round(end * 60)) + 1):
        t = k / 60
        x = springs(t) + (rng.gauss(0, noise) if noise else 0.0)
        out.append((t + t_offset, x))
    return out


def csv_tol(ctx, case, r, s, **kw):
    return judge(ctx, case, r, s, r_tol=0.01, z_tol=0.01, px_tol=1.0, start_tol=0.02, **kw)


def case_csv(ctx):
    # t in seconds, the motion in x, a near-constant y, an extra column, a comment and a blank line
    s = Spring(100, 400, 0.3, 0.55, 0.75)
    end = s.t0 + s.settle() + 0.5
    rng = random.Random(7)
    rows = [(t, x, 120 + rng.gauss(0, 0.5), "a") for t, x in samples_60hz(s.at, end, 0.5, 1)]
    path = ctx.path("c9a.csv")
    write_csv(path, "t,x,y,note", rows, pre=["# made by fit_test.py"], mid=["", "# a comment"])
    csv_tol(ctx, "9a CSV t, 0.5 px noise", run("fit", path), s)

    # t_ms, starting at 1000 ms (times are from the first sample), the motion in y
    s2 = Spring(50, -250, 0.4, 0.55, 0.75)
    rows = [(f"{t * 1000:.3f}", y) for t, y in samples_60hz(s2.at, s2.t0 + s2.settle() + 0.5, 0.5, 2, t_offset=1.0)]
    path = ctx.path("c9b.csv")
    write_csv(path, "t_ms,y", rows)
    csv_tol(ctx, "9b CSV t_ms from 1000 ms, y", run("fit", path), s2, axis="y")

    # a thrown start
    s3 = Spring(0, 300, 0.3, 0.5, 0.7, v0=-1500)
    path = ctx.path("c9c.csv")
    write_csv(path, "t,x", samples_60hz(s3.at, s3.t0 + s3.settle() + 0.5, 0.5, 3))
    csv_tol(ctx, "9c CSV thrown v0 -1500", run("fit", path), s3)


def case_bezier(ctx):
    def curve(p):
        return lambda t: 0.0 if t < 0.3 else 300.0 if t >= 0.8 else 300 * bezier_y(*p, (t - 0.3) / 0.5)

    for label, p in (("ease-in-out", (0.42, 0, 0.58, 1)), ("ease", (0.25, 0.1, 0.25, 1))):
        path = ctx.path(f"c10-{label}.csv")
        write_csv(path, "t,x", samples_60hz(curve(p), 1.6, 0, 0))
        r = run("fit", path)
        o = fit_ok(ctx, r, f"CSS {label}")
        case = f"10 CSS {label} 0.5 s"
        if o is None:
            ctx.row(case, f"cubic-bezier{p}", f"exit {r.code}: {r.err.strip()[:60]}", "-", r.secs)
            continue
        fitted = f"R {o['response']:.4f} ζ {o['damping']:.4f} rms {o['rms_error_pct']:g}% max {o['max_error_pct']:g}% {o['verdict']}"
        if label == "ease-in-out":
            ctx.check(f"{label}: verdict not-a-spring (rms {o['rms_error_pct']:g} %)", o["verdict"] == "not-a-spring")
        else:
            ctx.check(f"{label}: rms_error_pct finite, max_error_pct ≥ it",
                      math.isfinite(o["rms_error_pct"]) and o["max_error_pct"] >= o["rms_error_pct"])
        ctx.row(case, f"cubic-bezier{p} 0→300", fitted, "(recorded)" if label == "ease" else "-", r.secs)


def case_outputs(ctx):
    s = Spring(100, 400, 0.3, 0.5, 0.7)
    path = ctx.path("c11.csv")
    write_csv(path, "t,x", samples_60hz(s.at, s.t0 + s.settle() + 0.5, 0.5, 11))
    out_csv = ctx.path("c11.samples.csv")
    r = run("fit", path, "--samples", out_csv)
    o = csv_tol(ctx, "11 CSV --samples", r, s)
    if o is not None and ctx.check("--samples file written", os.path.exists(out_csv)):
        head, rows = read_samples(out_csv)
        travel = abs(s.x1 - s.x0)
        ctx.check("--samples header is t,position,fitted", head == "t,position,fitted", repr(head))
        ctx.check(f"--samples rows {len(rows)} = samples {o['samples']}", len(rows) == o["samples"])
        worst = max((abs(f - p) for _, p, f in rows), default=99) / travel
        worst_truth = max((abs(f - s.at(t)) for t, _, f in rows), default=99) / travel
        ctx.check(f"--samples fitted within 3 % of travel of positions (worst {worst:.2%})", worst <= 0.03)
        ctx.check(f"--samples fitted within 1 % of travel of the truth (worst {worst_truth:.2%})", worst_truth <= 0.01)
        ctx.check("--samples t increasing, within the file's times", all(a[0] < b[0] for a, b in zip(rows, rows[1:]))
                  and rows and rows[0][0] >= -1e-9 and rows[-1][0] <= s.t0 + s.settle() + 0.5 + 1e-6)
    for fmt in ("swiftui", "compose"):
        r2 = run("fit", path, "--format", fmt)
        text = r2.out
        ok = r2.code == 0
        N = r"(-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)"
        if fmt == "swiftui":
            m1, m2 = re.search(r"response:\s*" + N, text), re.search(r"dampingFraction:\s*" + N, text)
            rr = float(m1.group(1)) if m1 else None
            zz = float(m2.group(1)) if m2 else None
        else:
            m1, m2 = re.search(r"stiffness\s*=\s*" + N, text), re.search(r"dampingRatio\s*=\s*" + N, text)
            rr = 2 * math.pi / math.sqrt(float(m1.group(1))) if m1 else None
            zz = float(m2.group(1)) if m2 else None
        ok = ok and rr is not None and zz is not None and abs(rr / s.response - 1) <= 0.02 and abs(zz - s.damping) <= 0.02
        if ok and o is not None:
            ok = abs(rr - o["response"]) <= 0.006 and abs(zz - o["damping"]) <= 0.006
        ctx.check(f"--format {fmt}: code with the fitted spring (response {rr}, damping {zz})", ok, str(r2))
        ctx.check(f"--format {fmt}: no key=value lines", "verdict=" not in text and "rms_error_pct" not in text, text[:200])
        ctx.row(f"11 --format {fmt}", f"R {s.response:g} ζ {s.damping:g}", text.strip().replace("\n", " ⏎ ")[:70],
                f"R {rr / s.response - 1:+.2%}" if rr else "-", r2.secs)


def case_two_moves(ctx):
    small = Spring(0, 80, 0.2, 0.3, 0.9)
    big = Spring(80, 380, 1.4, 0.55, 0.7)
    both = lambda t: small.at(t) if t < big.t0 else big.at(t)
    path = ctx.path("c13.csv")
    write_csv(path, "t,x", samples_60hz(both, big.t0 + big.settle() + 0.5, 0.2, 13))
    r = run("fit", path)
    judge(ctx, "13 CSV small then big move", r, big, r_tol=0.02, z_tol=0.02, px_tol=1.0, start_tol=0.02)
    e = r.err.rstrip("\n")
    ctx.check("one stderr line mentioning the motions", e.strip() != "" and "\n" not in e and "motion" in e.lower(), repr(r.err))
    r2 = run("fit", path, "--from", "0", "--to", "1.2")
    judge(ctx, "13b --from 0 --to 1.2: the small move", r2, small, r_tol=0.02, z_tol=0.02, px_tol=1.0, start_tol=0.02)


# ---------------------------------------------------------------------------- errors

def listing(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = f.read()
    return out


def expect_error(ctx, label, want, args, env=None, word=None):
    """Exit `want`, nothing on stdout, exactly one non-empty stderr line (naming `word` if
    given); with --samples to a new path nothing is created, and an existing samples file is
    left byte-identical."""
    results = []
    for pre in (False, True):
        d = ctx.path(f"err-{len(os.listdir(ctx.tmp))}")
        os.makedirs(d)
        target = os.path.join(d, "samples.csv")
        if pre:
            with open(target, "wb") as f:
                f.write(b"t,position,fitted\n0,1,2\nkeep me\n")
        before = listing(d)
        r = run(*args, "--samples", target, env=env) if args and args[0] == "fit" else run(*args, env=env)
        e = r.err[:-1] if r.err.endswith("\n") else r.err
        ok = r.code == want and r.out == "" and e.strip() != "" and "\n" not in e
        results.append(r)
        which = "existing samples file" if pre else "new samples path"
        ctx.check(f"{label} ({which}): exit {want}, no stdout, one stderr line", ok, str(r))
        ctx.check(f"{label} ({which}): samples {'left byte-identical' if pre else 'not created'}, nothing else written",
                  listing(d) == before, f"{sorted(os.listdir(d))}")
        if word and not pre:
            ctx.check(f"{label}: the message says {word!r}", word in r.err.lower(), repr(r.err))
    r = results[0]
    ctx.row(f"12 {label}", f"exit {want}", f"exit {r.code}: {r.err.strip()[:60]}",
            "ok" if all(x.code == want for x in results) else "WRONG", r.secs)


def case_errors(ctx):
    # a static clip: the element never moves
    still = ctx.path("still.mp4")
    render(still, 30, 1.5, [Element(Spring(200, 200, 0.2, 0.5, 0.7))])
    moving = ctx.path("moving.mp4")
    render(moving, 30, 1.5, [Element(Spring(100, 300, 0.2, 0.4, 0.8))])
    constant = ctx.path("constant.csv")
    write_csv(constant, "t,x", [(k / 60, 100.0) for k in range(120)])
    five = ctx.path("five.csv")
    write_csv(five, "t,x", [(k / 60, 10.0 * k) for k in range(5)])
    empty = ctx.path("empty.csv")
    open(empty, "w").close()
    s = Spring(0, 300, 0.3, 0.5, 0.7)
    z_only = ctx.path("z.csv")
    write_csv(z_only, "t,z", samples_60hz(s.at, 1.5, 0, 0))
    nan = ctx.path("nan.csv")
    rows = samples_60hz(s.at, 1.5, 0, 0)
    rows[40] = (rows[40][0], "nan")
    write_csv(nan, "t,x", rows)
    text_mp4 = ctx.path("notes.mp4")
    with open(text_mp4, "w") as f:
        f.write("this is not a video\n" * 20)
    good = ctx.path("good.csv")
    write_csv(good, "t,x", samples_60hz(s.at, 1.5, 0, 0))

    expect_error(ctx, "static video (no motion)", 1, ["fit", still], word="motion")
    expect_error(ctx, "constant CSV (no motion)", 1, ["fit", constant], word="motion")
    expect_error(ctx, "CSV with 5 rows", 1, ["fit", five])
    expect_error(ctx, "empty file", 1, ["fit", empty])
    expect_error(ctx, "nonexistent file", 1, ["fit", ctx.path("missing.csv")])
    expect_error(ctx, "CSV header t,z", 1, ["fit", z_only])
    expect_error(ctx, "CSV with nan", 1, ["fit", nan])
    expect_error(ctx, "text file named .mp4", 1, ["fit", text_mp4])
    expect_error(ctx, "video with no ffmpeg on PATH", 1, ["fit", moving], env={**os.environ, "PATH": "/nonexistent"})
    expect_error(ctx, "usage: no FILE", 2, ["fit"])
    expect_error(ctx, "usage: --region 1,2", 2, ["fit", good, "--region", "1,2"])
    expect_error(ctx, "usage: --axis z", 2, ["fit", good, "--axis", "z"])
    expect_error(ctx, "usage: --from 2 --to 1", 2, ["fit", good, "--from", "2", "--to", "1"])
    expect_error(ctx, "usage: unknown flag", 2, ["fit", good, "--bogus"])
    r = run("help", "fit")
    ctx.check("help fit exits 0 and names --region, --axis, --samples, --format",
              r.code == 0 and all(f in r.out + r.err for f in ("--region", "--axis", "--samples", "--format")), str(r))
    # the good CSV itself fits (so the usage errors above are about the flags)
    judge(ctx, "12 control: the good CSV", run("fit", good), s, r_tol=0.01, z_tol=0.01, px_tol=1.0)


# ---------------------------------------------------------------------------- main

CASES = [case_60fps, case_30fps_texture, case_vfr, case_gif, case_critical, case_overdamped, case_vertical,
         case_thrown, case_thrown_toward, case_region, case_csv, case_bezier, case_outputs, case_errors, case_two_moves]


def run_case(fn, root):
    tmp = os.path.join(root, fn.__name__)
    os.makedirs(tmp, exist_ok=True)
    ctx = Ctx(fn.__name__.removeprefix("case_"), tmp)
    t0 = time.monotonic()
    try:
        fn(ctx)
    except Exception as e:  # a fixture or parse error fails the case, the others go on
        ctx.check("ran without an exception", False, f"{type(e).__name__}: {e} | {traceback.format_exc().splitlines()[-3:]}")
    ctx.elapsed = time.monotonic() - t0
    return ctx


def main():
    if BIN is None:
        print("usage: python3 Tests/fit/fit_test.py BINARY")
        return 2
    only = os.environ.get("FIT_ONLY", "")
    cases = [c for c in CASES if only in c.__name__]
    t0 = time.monotonic()
    keep = os.environ.get("FIT_KEEP")  # a folder to keep the generated clips in, for a look
    if keep:
        os.makedirs(keep, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="springlab-fit-") as scratch:
        root = keep or scratch
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            ctxs = list(pool.map(lambda fn: run_case(fn, root), cases))
    failed = passed = 0
    for ctx in ctxs:
        for name, ok, detail in ctx.checks:
            if ok:
                passed += 1
                print(f"ok   {name}")
            else:
                failed += 1
                print(f"FAIL {name} {detail}")
    rows = [("case", "truth", "fitted", "error", "time_s")] + [r for c in ctxs for r in c.rows]
    widths = [max(len(str(r[i])) for r in rows) for i in range(5)]
    print()
    for i, r in enumerate(rows):
        print(" | ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip())
        if i == 0:
            print("-|-".join("-" * w for w in widths))
    print()
    print(f"{passed} passed, {failed} failed ({time.monotonic() - t0:.1f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
