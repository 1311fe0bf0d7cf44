#!/usr/bin/env python3
"""Same time, same frame through the real binary (docs/behaviour.md §15.5; issue 36, defect 5).

For every scene and every one of its scripts: `springlab record --fps 30` frame i and
`--fps 60` frame 2i show the same instant, i / 30 s, so their PNGs must be the same bytes;
and `springlab render --script NAME --time i/30` (one jump to that instant, a fresh process)
must give the same bytes again. Every frame pair of the two recordings is compared; the
renders sample every RENDER_STRIDE-th frame of the 30 fps take, and always its last, so each
script is covered from start to end.

The reference is the comparison: neither recording is assumed right, only equal to the other
and to the jump. A scene that takes a scheduled event (a refill, a card leaving the list) at
the first frame after its time, instead of at its time, draws another pose at 30 fps than at
60 fps from that moment on.

Usage: determinism_test.py BIN   (DETERMINISM_ONLY=liquid limits it to matching takes)
"""
import os, re, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

BIN = os.path.abspath(sys.argv[1])
TMP = tempfile.mkdtemp(prefix="springlab-determinism-")
ENV = {**os.environ, "SDL_VIDEODRIVER": "offscreen"}
# One render in thirty frames at 30 fps (every second), plus each take's last frame: each
# render is a fresh process (the point of it), so their number is most of this file's
# time. Every pair of the two recordings is still compared frame by frame, so a pose that
# drifts between the rates is caught wherever it starts; the renders check that one jump
# to an instant lands on the same pose. DETERMINISM_STRIDE=1 renders every frame.
RENDER_STRIDE = int(os.environ.get("DETERMINISM_STRIDE", "30"))
WORKERS = 2  # the machine's cores; each process renders on llvmpipe's threads too
# Half scale: a debug build spends two thirds of a take encoding PNGs (11.4 s for the
# pile's 126-frame clear-all at 1×, 3.8 s at 0.5×). A pose moved by a step-dependent start
# is off by points, far above the 1/128 pt a half-scale pixel still resolves on llvmpipe's
# 1/256-pixel grid. DETERMINISM_SCALE=1 compares at full size.
SCALE = os.environ.get("DETERMINISM_SCALE", "0.5")


def run(*args):
    p = subprocess.run([BIN, *map(str, args)], capture_output=True, text=True, env=ENV)
    if p.returncode != 0:
        raise RuntimeError(f"springlab {' '.join(map(str, args))}: exit {p.returncode}: {p.stderr.strip()}")
    return p.stdout


def takes():
    """(scene, script) for every script `springlab help render` lists: "Scripts: push-alert
    present, loop, …; presence hide, …" — the binary's own registry, so a new scene or script
    is covered without touching this file."""
    text = " ".join(run("help", "render").split())
    m = re.search(r"Scripts: (.*?)\.?$", text)
    assert m, "help render lists no scripts"
    out = []
    for group in m.group(1).split("; "):
        scene, names = group.split(" ", 1)
        out += [(scene, n.strip()) for n in names.split(",")]
    only = os.environ.get("DETERMINISM_ONLY", "")
    return [t for t in out if only in f"{t[0]} {t[1]}"]


def frames(folder):
    names = sorted(f for f in os.listdir(folder) if f.endswith(".png"))
    return [open(os.path.join(folder, f), "rb").read() for f in names]


def record(scene, script, fps):
    folder = os.path.join(TMP, f"{scene}-{script}-{fps}") + "/"
    run("record", "--scene", scene, "--script", script, "--fps", fps, "--scale", SCALE, "--out", folder)
    return frames(folder)


def render(scene, script, i):
    out = os.path.join(TMP, f"{scene}-{script}-t{i}.png")
    # repr(i / 30) reads back as exactly the double record's frame i is drawn at.
    run("render", "--scene", scene, "--script", script, "--time", repr(i / 30), "--scale", SCALE, "--out", out)
    return open(out, "rb").read()


def check(take):
    """The frames of `take` that differ, by kind, as strings ("60 fps 57/30")."""
    scene, script = take
    f30, f60 = record(scene, script, 30), record(scene, script, 60)
    problems = []
    if len(f60) < 2 * len(f30) - 1:
        problems.append(f"{len(f30)} frames at 30 fps but {len(f60)} at 60")
    pairs = [i for i in range(len(f30)) if 2 * i < len(f60)]
    problems += [f"60 fps {i}/30" for i in pairs if f30[i] != f60[2 * i]]
    sampled = sorted(set(range(0, len(f30), RENDER_STRIDE)) | {len(f30) - 1})
    problems += [f"render {i}/30" for i in sampled if render(scene, script, i) != f30[i]]
    return take, len(pairs), len(sampled), problems


def main():
    started = time.monotonic()
    failures, compared, rendered = [], 0, 0
    with ThreadPoolExecutor(WORKERS) as pool:
        for (scene, script), pairs, sampled, problems in pool.map(check, takes()):
            compared += pairs
            rendered += sampled
            if problems:
                failures.append((scene, script))
                print(f"FAIL {scene} {script}: {len(problems)} differ: {', '.join(problems[:10])}"
                      + (" …" if len(problems) > 10 else ""))
            else:
                print(f"ok   {scene} {script}: {pairs} frame pairs, {sampled} renders")
    elapsed = time.monotonic() - started
    print(f"{compared} frame pairs and {rendered} renders compared in {elapsed:.1f} s; "
          f"{len(failures)} take(s) differ")
    if failures:
        print(f"(frames kept in {TMP})")
        sys.exit(1)
    subprocess.run(["rm", "-rf", TMP])


if __name__ == "__main__":
    main()
