#!/usr/bin/env python3
"""End-to-end: the flight recorder (docs/behaviour.md §17) in the real app under Xvfb.

About 40 s of use — the push alert swiped, a setting changed by a click on its slider,
the scene switched to the liquid pile and a card dragged — then F9, never having pressed
R. The bundle folder appears in the captures folder with its four files; its replay's
frame hashes verify; its capture, rendered in the background, lasts the last 30 s
(ffprobe, ± one frame); about.txt names the OpenGL renderer (llvmpipe here); and its
preset, given to a new window, reproduces every setting (that window's own F9 bundle
holds the same preset). Then the bad input: F9 with a captures folder that cannot be
written says so in one line and leaves nothing.

    python3 Tests/e2e/flight_e2e.py .build/release/springlab
"""
import json, os, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, case, click_control, drag, summary, xdo  # noqa: E402

FILES = {"replay.slreplay", "capture.mp4", "trace.jsonl", "about.txt"}
SAVED = {}
ROOT = tempfile.mkdtemp(prefix="springlab-flight-")
CAPTURES = os.path.join(ROOT, "captures")
BLOCKER = os.path.join(ROOT, "not-a-folder")
open(BLOCKER, "w").write("x")


def bundle_folders(captures):
    return sorted(d for d in os.listdir(captures) if d.endswith("last-30s")) if os.path.isdir(captures) else []


@case("F9 after 40 s of use saves the last 30 s: four files, hashes verify, a 30 s capture, llvmpipe, the preset",
      extra=["--fresh", "--captures", CAPTURES], quit_after=300)
def _(app):
    captures = CAPTURES
    start = time.time() - 2
    # A swipe on the alert, and a setting changed by a click on its slider.
    drag(app, -30, 10, 0.01)
    time.sleep(1.0)
    m = len(app.events())
    x, y, w, h = [e for e in app.events() if e["event"] == "layout" and "gap.response" in e][-1]["gap.response"]
    # 60 % along the slider's track (the row less its label and its value field)
    x0, x1 = x + 92, x + w - 62 - 8
    xdo(app.display, "mousemove", int(x0 + 0.6 * (x1 - x0)), int(y + h / 2), "click", "1")
    changed = app.wait_for(lambda e: e["event"] == "setting", 5, m)
    # The liquid pile, and a card dragged off to the left: 16 s in, inside the last 30 s.
    while time.time() - start < 16:
        time.sleep(0.2)
    m = len(app.events())
    xdo(app.display, "key", "3")
    app.wait_for(lambda e: e["event"] == "scene" and e["scene"] == "liquid", 5, m)
    time.sleep(1)
    cmd = ["mousemove", 470, 150, "mousedown", "1"]
    for i in range(1, 12):
        cmd += ["sleep", 0.012, "mousemove", 470 - 22 * i, 150]
    xdo(app.display, *cmd, "mouseup", "1")
    while time.time() - start < 42:
        time.sleep(0.2)
    m = len(app.events())
    xdo(app.display, "key", "F9")
    saved = app.wait_for(lambda e: e["event"] == "bundleSaved", 10, m)
    assert saved["seconds"] == 30, saved
    folder = saved["path"]
    assert os.path.dirname(folder) == captures and folder.endswith("liquid last-30s"), folder
    rendered = app.wait_for(lambda e: e["event"] == "captureRendered", 240, m)
    assert rendered["ok"] is True and "replay verified" in rendered["verified"], rendered
    assert FILES <= set(os.listdir(folder)), os.listdir(folder)
    # The capture is the last 30 s, to a frame.
    duration = float(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                                     os.path.join(folder, "capture.mp4")], capture_output=True, text=True, check=True).stdout)
    assert abs(duration - 30) <= 1 / 60 + 1e-3, duration
    # The replay holds the whole session (the setting changed before the span) and verifies.
    check = subprocess.run([BIN, "record", "--replay", os.path.join(folder, "replay.slreplay"), "--to", "0.05",
                            "--out", os.path.join(app.tmp, "check/")], capture_output=True, text=True)
    assert check.returncode == 0 and "replay verified" in check.stdout, check
    about = open(os.path.join(folder, "about.txt")).read()
    assert "llvmpipe" in about and "SDL: 2." in about and "Scene: liquid" in about, about[:400]
    trace = [json.loads(l) for l in open(os.path.join(folder, "trace.jsonl")) if l.strip()]
    assert any(e["event"] == "scene" and e["scene"] == "liquid" for e in trace), "the span's trace misses the switch"
    assert not any(e["event"] == "setting" for e in trace), "the setting changed before the span is not in its trace"
    SAVED["preset"] = os.path.join(folder, "settings.preset.json")
    # (the next case's window is started with it: a copy at the path it was given)
    open(os.path.join(ROOT, "bundle.preset.json"), "w").write(open(SAVED["preset"]).read())
    SAVED["changed"] = changed


@case("the bundle's preset given to a new window reproduces every setting",
      extra=["--fresh", "--preset", os.path.join(ROOT, "bundle.preset.json"), "--captures", os.path.join(ROOT, "again")])
def _(app):
    preset = SAVED.get("preset")
    assert preset, "no bundle from the case before"
    m = len(app.events())
    xdo(app.display, "key", "F9")
    saved = app.wait_for(lambda e: e["event"] == "bundleSaved", 10, m)
    again = json.load(open(os.path.join(saved["path"], "settings.preset.json")))
    assert again == json.load(open(preset)), "the new window's settings differ from the bundle's preset"
    assert SAVED["changed"]["new"] != SAVED["changed"]["old"], SAVED["changed"]


DROP_FILE = os.path.join(ROOT, "drop-request")


@case("a dropped bundle replay is brought to its span at once and plays only its last 30 s",
      extra=["--fresh"], env={"SPRINGLAB_TEST_DROP_FILE": DROP_FILE}, quit_after=120)
def _(app):
    preset = SAVED.get("preset")
    assert preset, "no bundle from the first case"
    replay = os.path.join(os.path.dirname(preset), "replay.slreplay")
    lines = [json.loads(l) for l in open(replay) if l.startswith("{")]
    span = [l["t"] for l in lines if l.get("e") == "span"][0]
    assert span > 10, span
    n = len(app.events())
    tmp = DROP_FILE + ".tmp"
    open(tmp, "w").write(replay)
    os.replace(tmp, DROP_FILE)
    t0 = time.time()
    started = app.wait_for(lambda e: e["event"] == "replayStarted", 20, n)
    assert abs(started["from"] - span) < 1e-3 and started["scene"] == "push-alert", started
    ended = app.wait_for(lambda e: e["event"] == "replayEnded", 60, n)
    took = time.time() - t0
    assert 28 <= took <= 36, f"the replay played {took:.1f} s (its span is 30 s)"
    during = app.events()[n:app.events().index(ended)]
    # The setting changed before the span was simulated, not played; the switch to the
    # pile, inside the span, plays.
    assert not [e for e in during if e["event"] == "setting"], "the change before the span was played, not simulated"
    assert [e["scene"] for e in during if e["event"] == "scene"][:1] == ["liquid"], "the span's switch did not play"
    assert ended.get("restored") is True, ended


FLIGHT_CAPTURES = os.path.join(ROOT, "flight-captures")


@case("past its bound the recorder drops its oldest lines after a checkpoint, and F9's bundle still verifies from it",
      extra=["--fresh", "--captures", FLIGHT_CAPTURES], env={"SPRINGLAB_TEST_FLIGHT": "60000,4,35"}, quit_after=200)
def _(app):
    # The bound made 60 KB, the window copied every 4 s, spans of up to 35 s kept: about
    # 50 s of a hand that never rests in the pile passes the bound many times over.
    m = len(app.events())
    xdo(app.display, "key", "3")
    app.wait_for(lambda e: e["event"] == "scene" and e["scene"] == "liquid", 5, m)
    start = time.time()
    k = 0
    while time.time() - start < 50:
        k += 1
        cmd = ["mousemove", 470, 150, "mousedown", "1"]
        for i in range(1, 16):
            cmd += ["sleep", 0.016, "mousemove", 470 - 14 * i, 150 + (k % 3) * 6 * i]
        cmd += ["mouseup", "1"]
        for i in range(40):
            cmd += ["sleep", 0.016, "mousemove", 300 + 4 * i, 420 - 3 * i]
        xdo(app.display, *cmd)
    m = len(app.events())
    xdo(app.display, "key", "F9")
    saved = app.wait_for(lambda e: e["event"] == "bundleSaved", 10, m)
    replay = os.path.join(saved["path"], "replay.slreplay")
    rows = open(replay).read().splitlines()
    assert '"e": "checkpoint"' in rows[2], rows[2][:120]
    cut = json.loads(rows[2])["t"]
    lines = [json.loads(r) for r in rows[3:]]
    span = [l["t"] for l in lines if l.get("e") == "span"][0]
    end = [l["t"] for l in lines if l.get("e") == "end"][0]
    # The checkpoint is older than any span (35 s) and newer than the window's first
    # minute's start: the oldest lines were dropped. Every line kept is after it (an input
    # handled after the frame it was taken at may be stamped up to a frame or so earlier).
    first = min(l["t"] for l in lines)
    assert end - 60 < cut <= end - 35 and first >= cut - 0.25, (cut, end, first)
    assert abs((end - span) - 30) < 1e-6, (span, end)
    moves = sum(1 for l in lines if l.get("e") == "move")
    # Read back from its checkpoint, the replay's every frame hash matches, and the span
    # renders: its last frame is the one the window drew at F9.
    out = os.path.join(app.tmp, "bound/")
    check = subprocess.run([BIN, "record", "--replay", replay, "--from", "29.9", "--to", "30", "--out", out],
                           capture_output=True, text=True)
    assert check.returncode == 0 and "replay verified" in check.stdout, check
    verified = check.stdout.split("replay verified: ")[1].split(" ")[0].split("/")
    assert verified[0] == verified[1] and int(verified[0]) >= 100, check.stdout
    assert len(os.listdir(out)) == 6, os.listdir(out)
    SAVED["bound"] = f"checkpoint at {cut:.1f} s of {end:.1f} s, {moves} moves kept, {verified[0]} hashes verified"


@case("F9 with a captures folder that cannot be made: one line saying so, nothing written",
      extra=["--fresh", "--captures", os.path.join(BLOCKER, "captures")])
def _(app):
    # (A file where a folder of the path should be: refused for root as for anyone.)
    m = len(app.events())
    xdo(app.display, "key", "F9")
    failed = app.wait_for(lambda e: e["event"] == "captureFailed", 10, m)
    assert failed["error"].startswith("cannot save the last 30 s: ") and "\n" not in failed["error"], failed
    assert "captures folder" in failed["error"], failed
    assert open(BLOCKER).read() == "x" and not [e for e in app.events()[m:] if e["event"] == "bundleSaved"]


@case("a take rendering in the background is cancelled by its badge's ×: the renderer ends, no video or temporary is left",
      extra=["--fresh", "--captures", os.path.join(ROOT, "takes")], quit_after=120)
def _(app):
    takes = os.path.join(ROOT, "takes")
    n = len(app.events())
    xdo(app.display, "key", "r")
    app.wait_for(lambda e: e["event"] == "recordingStarted", 5, n)
    time.sleep(12)
    m = len(app.events())
    xdo(app.display, "key", "r")
    stopped = app.wait_for(lambda e: e["event"] == "recordingStopped", 5, m)
    video = stopped["replay"][:-len(".slreplay")] + ".mp4"
    time.sleep(1.5)
    # The badge sits 12 pt in from the stage's bottom-right corner (the stage: the window
    # less the 340 pt inspector and the 48 pt bar), 36 pt tall while rendering; its × is
    # its last 30 pt.
    m = len(app.events())
    xdo(app.display, "mousemove", 940 - 12 - 17, 800 - 48 - 12 - 36 + 15, "click", "1")
    cancelled = app.wait_for(lambda e: e["event"] == "captureCancelled", 10, m)
    assert cancelled["outputs"] == [video], cancelled
    left = subprocess.run(["pgrep", "-f", "record --replay " + stopped["replay"]], capture_output=True, text=True).stdout
    assert not left.strip(), "the renderer still runs: " + left
    names = os.listdir(takes)
    assert not os.path.exists(video) and not [f for f in names if "springlab-" in f], names
    assert not [e for e in app.events()[m:] if e["event"] == "captureRendered"], "it rendered anyway"
    # Still responsive: D switches the theme at once.
    k = len(app.events())
    xdo(app.display, "key", "d")
    app.wait_for(lambda e: e["event"] == "theme", 5, k)


@case("Ctrl+Shift+C copies the HUD's lines, frame number and scene time first, for a bug report", extra=["--fresh"])
def _(app):
    n = len(app.events())
    xdo(app.display, "key", "h")
    app.wait_for(lambda e: e["event"] == "hud", 5, n)
    time.sleep(0.5)
    m = len(app.events())
    xdo(app.display, "key", "ctrl+shift+c")
    copied = app.wait_for(lambda e: e["event"] == "reportCopied", 5, m)
    time.sleep(0.2)
    text = subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, text=True, timeout=5,
                          env={**os.environ, "DISPLAY": app.display}).stdout
    lines = text.splitlines()
    assert lines == copied["lines"], (lines, copied)
    assert lines[0].startswith("SpringLab ") and "push-alert" in lines[0], lines
    frame, t = lines[1].split("  ")
    assert int(frame.split()[1]) > 10 and t.startswith("t ") and float(t.split()[1]) > 0.5, lines[1]
    assert any(l.startswith("v ") and l.endswith("pt/s") for l in lines), lines


@case("the panel names takes and bundles (sanitised, never a path) and its 10 s choice and Save button save the last 10 s",
      extra=["--fresh", "--captures", os.path.join(ROOT, "named")], quit_after=200)
def _(app):
    named = os.path.join(ROOT, "named")
    n = len(app.events())
    click_control(app, "capture")
    app.wait_for(lambda e: e["event"] == "capturePanel" and e["shown"], 5, n)
    # A click on the name field, a name with a slash and "..": it can never leave the folder.
    m = len(app.events())
    click_control(app, "capture.name", n)
    time.sleep(0.3)
    xdo(app.display, "type", "--delay", "30", "../Bounce / QA:7")
    xdo(app.display, "key", "Return")
    chosen = app.wait_for(lambda e: e["event"] == "captureOptions", 5, m)
    assert chosen["name"] == "Bounce - QA-7", chosen
    m = len(app.events())
    click_control(app, "capture.last.10", n)
    chosen = app.wait_for(lambda e: e["event"] == "captureOptions" and e["last"] == 10, 5, m)
    time.sleep(11)
    m = len(app.events())
    click_control(app, "capture.saveLast", n)
    saved = app.wait_for(lambda e: e["event"] == "bundleSaved", 10, m)
    assert saved["seconds"] == 10 and saved["path"].endswith(" push-alert Bounce - QA-7 last-10s"), saved
    assert os.path.dirname(saved["path"]) == named, saved
    replay = [json.loads(l) for l in open(os.path.join(saved["path"], "replay.slreplay")) if l.startswith("{")]
    span = [l for l in replay if l.get("e") == "span"][0]["t"]
    end = [l for l in replay if l.get("e") == "end"][0]["t"]
    assert abs(end - span - 10) < 1e-6, (span, end)
    rendered = app.wait_for(lambda e: e["event"] == "captureRendered", 120, m)
    assert rendered["ok"] is True, rendered
    duration = float(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                                     os.path.join(saved["path"], "capture.mp4")], capture_output=True, text=True,
                                    check=True).stdout)
    assert abs(duration - 10) <= 1 / 60 + 1e-3, duration
    # F9 follows the panel too; a take (R) carries the name.
    xdo(app.display, "key", "Escape")
    m = len(app.events())
    xdo(app.display, "key", "r")
    started = app.wait_for(lambda e: e["event"] == "recordingStarted", 5, m)
    assert os.path.basename(started["replay"]).endswith(" push-alert Bounce - QA-7.slreplay"), started
    assert os.path.dirname(started["replay"]) == named, started
    xdo(app.display, "key", "r")
    app.wait_for(lambda e: e["event"] == "recordingStopped", 5, m)
    xdo(app.display, "key", "F9")
    again = app.wait_for(lambda e: e["event"] == "bundleSaved", 10, m)
    assert again["seconds"] == 10 and again["path"].endswith("last-10s"), again
    assert not [f for f in os.listdir(ROOT) if f.startswith("Bounce")], os.listdir(ROOT)


# A captures folder on a small tmpfs with room for the bundle's first file but not all of
# it (docs/behaviour.md §13): the disk fills mid-bundle and nothing of it is left.
FULL = tempfile.mkdtemp(prefix="springlab-flight-full-")
FULL_MOUNTED = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", FULL],
                              capture_output=True).returncode == 0
ROOMY = os.path.join(ROOT, "roomy")


@case("F9 on a disk that fills mid-bundle: one line with the reason, nothing half-written; with room, the same bundle saves",
      extra=["--fresh", "--captures", FULL])
def _(app):
    assert FULL_MOUNTED, "mount -t tmpfs was refused (needs root): the full-disk case cannot run here"
    leave = 12 * 1024
    st = os.statvfs(FULL)
    with open(os.path.join(FULL, "filler"), "wb") as f:
        f.write(b"\0" * (st.f_bavail * st.f_frsize - leave))
    drag(app, -30, 10, 0.01)
    time.sleep(2)
    m = len(app.events())
    xdo(app.display, "key", "F9")
    failed = app.wait_for(lambda e: e["event"] == "captureFailed", 10, m)
    assert "No space left on device" in failed["error"] and "\n" not in failed["error"], failed
    assert failed["error"].startswith("cannot save the last 30 s: "), failed
    time.sleep(0.3)
    assert sorted(os.listdir(FULL)) == ["filler"], os.listdir(FULL)
    assert not [e for e in app.events()[m:] if e["event"] == "bundleSaved"]
    # With room (the filler gone), the same window saves its bundle: the disk filled
    # part-way through it — its first file fitted in what was left, the whole did not.
    os.remove(os.path.join(FULL, "filler"))
    m = len(app.events())
    xdo(app.display, "key", "F9")
    saved = app.wait_for(lambda e: e["event"] == "bundleSaved", 10, m)
    # (What a file takes of the disk: whole blocks.)
    sizes = {f: os.stat(os.path.join(saved["path"], f)).st_blocks * 512 for f in os.listdir(saved["path"])}
    assert sizes["replay.slreplay"] < leave and sum(sizes.values()) > leave, sizes
    app.wait_for(lambda e: e["event"] in ("captureRendered", "captureFailed"), 120, m)


if FULL_MOUNTED:
    subprocess.run(["umount", FULL], capture_output=True)


summary()
