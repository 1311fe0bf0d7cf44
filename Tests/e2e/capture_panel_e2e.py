#!/usr/bin/env python3
"""Issue 17 end to end, under Xvfb with real clicks and keys: the capture panel chosen by
clicking it (GIF at 33 fps with the pointer overlay), R, a swipe, R → a GIF at 100/3 fps
whose frames of the press show the pointer's ring around the press (pixel check); S with
"whole window" off → a stage-only PNG; a click on the badge opens the captures folder
(xdg-open, a stand-in here, given the folder); the choices come back after a restart.
Then the panel itself at 1× and 2×, light and dark (PANEL_SHOTS=DIR keeps them).

    python3 Tests/e2e/capture_panel_e2e.py .build/debug/springlab
"""
import json, os, stat, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(__file__))
from harness import (App, at_each_scale_and_theme, capture_choices, case, check, click_control,  # noqa: E402
                     panel_point, summary, xdo)

CAPTURES = tempfile.mkdtemp(prefix="springlab-panel-captures-")


def frame_png(video, index, out):
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", video, "-vf", f"select=eq(n\\,{index})", "-frames:v", "1", out],
                   check=True)
    return out


def pixels(path):
    """(width, height, rgb bytes) of an image, through ImageMagick."""
    w, h = map(int, subprocess.run(["identify", "-format", "%w %h", path], capture_output=True, text=True,
                                   check=True).stdout.split())
    raw = subprocess.run(["convert", path, "-depth", "8", "rgb:-"], capture_output=True, check=True).stdout
    return w, h, raw


def ring_pixels(img, cx, cy, r0, r1):
    """Pixels of the ring's blue (the accent, #0A84FF) between radii r0 and r1 of (cx, cy)."""
    w, h, raw = img
    n = 0
    for y in range(max(0, int(cy - r1)), min(h, int(cy + r1) + 1)):
        for x in range(max(0, int(cx - r1)), min(w, int(cx + r1) + 1)):
            d = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
            if r0 <= d <= r1:
                i = (y * w + x) * 3
                r, g, b = raw[i], raw[i + 1], raw[i + 2]
                if b > 180 and r < 150 and b - r > 80:
                    n += 1
    return n


@case("GIF at 33 fps with the pointer overlay: R, a swipe, R → 100/3 fps, the ring on the frames of the press",
      extra=["--scene", "push-alert", "--captures", CAPTURES])
def _(app):
    capture_choices(app, format="gif", fps=33, pointer=True)
    n = len(app.events())
    xdo(app.display, "key", "r")
    started = app.wait_for(lambda e: e["event"] == "recordingStarted", 5, n)
    app.wait_for(lambda e: e["event"] == "settled" and e.get("state") == "shown", 10, n)
    x, y = panel_point(app)
    cmd = ["mousemove", x, y, "sleep", "0.3", "mousedown", "1", "sleep", "0.25"]
    for k in range(1, 7):
        cmd += ["sleep", "0.016", "mousemove", x - 30 * k, y]
    xdo(app.display, *cmd, "mouseup", "1", "sleep", "0.6")
    xdo(app.display, "key", "r")
    app.wait_for(lambda e: e["event"] == "recordingStopped", 5, n)
    done = app.wait_for(lambda e: e["event"] == "captureRendered", 60, n)
    assert done["ok"] is True and done["path"].endswith(".gif"), done
    probe = json.loads(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=r_frame_rate,width,height", "-of",
                                       "json", done["path"]], capture_output=True, text=True, check=True).stdout)["streams"][0]
    assert probe["r_frame_rate"] == "100/3", probe
    # Where and when the hand pressed, from the take itself.
    lines = [json.loads(line) for line in open(started["replay"]) if line.startswith("{")]
    downs = [ln for ln in lines if ln.get("e") == "down"]
    assert downs, lines[:5]
    t, px, py = downs[0]["t"], downs[0]["x"], downs[0]["y"]
    fps = 100 / 3
    tmp = tempfile.mkdtemp(prefix="springlab-gif-frames-")
    press = pixels(frame_png(done["path"], int(t * fps) + 3, os.path.join(tmp, "press.png")))  # ~0.09 s after the press
    assert press[0] == probe["width"], (press[0], probe)
    ring = ring_pixels(press, px, py, 11, 24)
    assert ring >= 40, f"{ring} ring pixels around the press at ({px}, {py})"
    # Before the press the pointer was elsewhere; long after, the press's ring is gone.
    late = pixels(frame_png(done["path"], int((t + 0.9) * fps), os.path.join(tmp, "late.png")))
    assert ring_pixels(late, px, py, 11, 24) < 5, "the ring outlived its 0.45 s"


@check("S saves the stage alone (940x748 at 1280x800); a click on its badge opens the captures folder")
def _():
    """S (stage only) and the badge's Open folder, with a stand-in xdg-open on PATH."""
    bindir = tempfile.mkdtemp(prefix="springlab-fake-open-")
    log = os.path.join(bindir, "opened.txt")
    fake = os.path.join(bindir, "xdg-open")
    with open(fake, "w") as f:
        f.write(f"#!/bin/sh\nprintf '%s\\n' \"$@\" >> '{log}'\n")
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
    app = None
    try:
        app = App(["--scene", "neck", "--captures", CAPTURES], {"PATH": bindir + ":" + os.environ["PATH"]})
        n = len(app.events())
        xdo(app.display, "key", "s")
        shot = app.wait_for(lambda e: e["event"] == "screenshot", 10, n)
        assert shot["size"] == [940, 748], shot
        got = subprocess.run(["identify", "-format", "%w %h", shot["path"]], capture_output=True, text=True,
                             check=True).stdout.split()
        assert got == ["940", "748"], got
        # The badge names the file, bottom right of the stage; a click on it opens the folder.
        m = len(app.events())
        xdo(app.display, "mousemove", 940 - 40, 748 - 26, "click", "1")
        opened = app.wait_for(lambda e: e["event"] == "folderOpened", 5, m)
        assert opened["error"] is None and opened["path"] == CAPTURES, opened
        deadline = time.time() + 5
        while not os.path.exists(log) and time.time() < deadline:
            time.sleep(0.05)
        assert open(log).read().split("\n")[0] == CAPTURES
    finally:
        if app:
            app.close()



@check("the panel's choices come back after a restart (remembered with the session)")
def _():
    home = tempfile.mkdtemp(prefix="springlab-panel-home-")
    env = {"XDG_CONFIG_HOME": os.path.join(home, "config"), "XDG_DATA_HOME": os.path.join(home, "data")}
    first = second = None
    try:
        first = App(["--scene", "neck", "--captures", CAPTURES], env)
        capture_choices(first, format="png", fps=30, scale=2, area="window", pointer=True)
        first.close()
        first = None
        second = App(["--scene", "neck", "--captures", CAPTURES], env)
        n = len(second.events())
        click_control(second, "capture")
        shown = second.wait_for(lambda e: e["event"] == "capturePanel" and e["shown"], 5, n)
        got = {k: shown[k] for k in ("format", "fps", "scale", "area", "pointer")}
        assert got == {"format": "png", "fps": 30, "scale": 2, "area": "window", "pointer": True}, got
    finally:
        for a in (first, second):
            if a:
                a.close()



def panel_shot(scale, theme, out_dir):
    app = App(["--scale", str(scale), "--theme", theme, "--size", "1280x800", "--captures", CAPTURES],
              screen=(1280 * scale, 800 * scale))
    try:
        n = len(app.events())
        click_control(app, "capture")
        app.wait_for(lambda e: e["event"] == "capturePanel" and e["shown"], 5, n)
        time.sleep(0.5)
        out = os.path.join(out_dir, f"capture-panel-{scale}x-{theme}.png")
        subprocess.run(["import", "-window", "root", out], env={**os.environ, "DISPLAY": app.display}, check=True)
        got = subprocess.run(["identify", "-format", "%w %h", out], capture_output=True, text=True, check=True).stdout.split()
        assert got == [str(1280 * scale), str(800 * scale)], got
        return out
    finally:
        app.close()


at_each_scale_and_theme("screenshot at {scale}× {theme}: the capture panel open", "PANEL_SHOTS", "springlab-panel-shots-",
                        panel_shot)
summary()
