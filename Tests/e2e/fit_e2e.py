#!/usr/bin/env python3
"""End-to-end: a recording dropped on the window is fitted to spring B (docs/behaviour.md §16).

In the real app under Xvfb, files reach the window through SDL's own drop event (the
SPRINGLAB_TEST_DROP hooks push SDL_DROPFILE; xdotool has no XDND). A CSV of a known
spring dropped on the Spring Lab sets B to it with A/B on (the `fitted` event and the
inspector's B group), draws the samples as dots on the plot (read back from the pixels),
copies as code from B's group (the X clipboard), and Ctrl+Z undoes it in one step. A
video dropped on another scene shows its reading progress, switches to the lab and fits
within docs/behaviour.md §16's video bounds. A file that is no motion is refused with its reason and
changes nothing. Then the lab with a fit at 1× and 2×, light and dark, saved by the
app's S key (into $SPRINGLAB_SHOTS if set).

The truths are the springs the files were made from here (the textbook closed form of
x'' + 2ζω0 x' + ω0² x = 0, ω0 = 2π / response), never the app's own numbers.

    python3 Tests/e2e/fit_e2e.py .build/release/springlab
"""
import math, os, re, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import App, at_each_scale_and_theme, case, screenshot, summary, xdo  # noqa: E402

DIR = tempfile.mkdtemp(prefix="springlab-fit-e2e-")
DROP_FILE = os.path.join(DIR, "drop-here")


def spring_x(t, response, ratio, t0, x0, x1):
    """The underdamped closed form from rest (ζ < 1)."""
    tau = t - t0
    if tau <= 0:
        return x0
    w0 = 2 * math.pi / response
    wd = w0 * math.sqrt(1 - ratio * ratio)
    y0 = x0 - x1
    return x1 + math.exp(-ratio * w0 * tau) * (y0 * math.cos(wd * tau) + ratio * w0 * y0 / wd * math.sin(wd * tau))


# A CSV of a spring the lab does not start with (B is 0.5 s, ζ 0.7): 0.42 s, ζ 0.55.
CSV_TRUTH = (0.42, 0.55)
CSV = os.path.join(DIR, "throw.csv")
with open(CSV, "w") as f:
    f.write("t,x\n")
    for i in range(150):
        t = i / 60
        f.write(f"{t:.6f},{spring_x(t, *CSV_TRUTH, 0.2, 40, 340):.4f}\n")

STILL = os.path.join(DIR, "still.csv")
with open(STILL, "w") as f:
    f.write("t,x\n" + "".join(f"{i / 60:.6f},120\n" for i in range(60)))

# A video of a card on a spring of 0.6 s, ζ 0.8, moved by ffmpeg's overlay at whole pixels.
VIDEO_TRUTH = (0.6, 0.8)
VIDEO = os.path.join(DIR, "card.mp4")
r, z = VIDEO_TRUTH
w0 = 2 * math.pi / r
wd = w0 * math.sqrt(1 - z * z)
expr = (f"floor(if(lt(t\\,0.3)\\,60\\,400+exp(-{z * w0}*(t-0.3))*(-340*cos({wd}*(t-0.3))"
        f"+{-340 * z * w0 / wd}*sin({wd}*(t-0.3))))+0.5)")
subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", "color=c=0xf2f2f2:s=640x360:r=60:d=2.2",
                "-f", "lavfi", "-i", "color=c=0x3366ff:s=96x64:r=60:d=2.2,drawbox=x=20:y=14:w=48:h=20:c=0xffcc00:t=fill",
                "-filter_complex", f"[0][1]overlay=x='{expr}':y=150:eval=frame,format=yuv444p",
                "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", VIDEO], check=True)


def drop(path):
    """Asks the app to drop `path` on its window (through SDL's queue, as XDND would)."""
    tmp = DROP_FILE + ".tmp"
    with open(tmp, "w") as f:
        f.write(path)
    os.replace(tmp, DROP_FILE)


def latest_layout(app):
    return [e for e in app.events() if e["event"] == "layout"][-1]


def clipboard(app):
    return subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, text=True, timeout=5,
                          env={**os.environ, "DISPLAY": app.display}).stdout


def number(pattern, text):
    m = re.search(pattern + r"\s*(-?[0-9.]+(?:[eE][-+]?[0-9]+)?)", text)
    return float(m.group(1)) if m else None


def dark_pixels(path, box):
    """How many pixels of `box` (x, y, w, h) in the PNG are near black (the fit's dots)."""
    x, y, w, h = box
    out = subprocess.run(["convert", path, "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-colorspace", "gray",
                          "-threshold", "30%", "-negate", "-format", "%[fx:mean*w*h]", "info:"],
                         capture_output=True, text=True, check=True).stdout
    return float(out)


@case("a CSV dropped on the Spring Lab: B is its spring with A/B on, dots on the plot, Copy as code, one undo",
      extra=["--scene", "spring"], env={"SPRINGLAB_TEST_DROP_FILE": DROP_FILE})
def _(app):
    before = screenshot(app, os.path.join(app.tmp, "before.png"))
    n = len(app.events())
    drop(CSV)
    fitted = app.wait_for(lambda e: e["event"] == "fitted", 15, n)
    assert fitted["path"] == CSV and fitted["verdict"] == "spring", fitted
    # docs/behaviour.md §16's CSV bounds hold a fortiori on exact samples: 1 % and 0.01.
    assert abs(fitted["response"] / CSV_TRUTH[0] - 1) < 0.01 and abs(fitted["damping"] - CSV_TRUTH[1]) < 0.01, fitted
    assert sorted(fitted["changed"]) == ["springLab.ab", "springLab.b.damping", "springLab.b.response"], fitted
    # The inspector now shows B (A/B on): its group is laid out.
    app.wait_for(lambda e: e["event"] == "layout" and "b.reset" in e, 5, n)
    after = screenshot(app, os.path.join(app.tmp, "after.png"))
    # The dots: the page's position plot (page x 24…616, y 262…400 from its top, the page
    # centred on the 940 pt stage) gains near-black pixels — the 48 samples of the move
    # within the plot's time axis, each a dot of 2.5 pt with a dark core of several pixels.
    plot = ((940 - 640) // 2 + 24, 262, 592, 138)
    gained = dark_pixels(after, plot) - dark_pixels(before, plot)
    assert gained > 100, f"only {gained} more dark pixels on the plot"
    # Copy as code over B's group: the fitted spring as SwiftUI on the X clipboard.
    layout = latest_layout(app)
    x, y, w, h = layout["b.reset"]
    n = len(app.events())
    xdo(app.display, "mousemove", int(x - 250), int(y + h / 2), "key", "ctrl+c")
    copied = app.wait_for(lambda e: e["event"] == "copied", 5, n)
    assert copied["group"] == "springLab.b", copied
    time.sleep(0.2)
    text = clipboard(app)
    assert abs(number(r"response:", text) / CSV_TRUTH[0] - 1) < 0.01, text
    # One undo step puts B and A/B back as they were (0.5 s, ζ 0.7, off).
    n = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    undo = app.wait_for(lambda e: e["event"] == "undo", 5, n)
    assert sorted(undo["settings"]) == ["springLab.ab", "springLab.b.damping", "springLab.b.response"], undo
    assert undo["values"] == {"springLab.ab": False, "springLab.b.damping": 0.7, "springLab.b.response": 0.5}, undo


@case("a video dropped on the Push Alert: its reading shows, the lab opens, B within docs/behaviour.md §16's video bounds",
      env={"SPRINGLAB_TEST_DROP_FILE": DROP_FILE})
def _(app):
    n = len(app.events())
    drop(VIDEO)
    fitted = app.wait_for(lambda e: e["event"] == "fitted", 30, n)
    events = app.events()[n:]
    progress = [e for e in events if e["event"] == "fitProgress"]
    assert progress and progress[-1]["frames"] >= 10, "no progress line while the video was read"
    scenes = [e["scene"] for e in events if e["event"] == "scene"]
    assert scenes == ["spring"], scenes
    assert abs(fitted["response"] / VIDEO_TRUTH[0] - 1) < 0.02 and abs(fitted["damping"] - VIDEO_TRUTH[1]) < 0.02, fitted


@case("a CSV with no motion: refused with its reason, nothing changes", extra=["--scene", "spring"],
      env={"SPRINGLAB_TEST_DROP": STILL})
def _(app):
    refused = app.wait_for(lambda e: e["event"] == "dropRefused", 10)
    assert "no motion" in refused["error"], refused
    assert not [e for e in app.events() if e["event"] in ("fitted", "setting")], "something changed"


def centre(layout, id):
    x, y, w, h = layout[id]
    return int(x + w / 2), int(y + h / 2)


@case("the Spring Lab's Fit… row: a path typed in the field and Fit… clicked fits it; an empty one says why",
      extra=["--scene", "spring"])
def _(app):
    layout = latest_layout(app)
    assert "fitPath" in layout and "fitRecording" in layout, sorted(k for k in layout if k.startswith("fit"))
    # Fit… with nothing typed: refused with its reason, nothing changes.
    n = len(app.events())
    xdo(app.display, "mousemove", *centre(layout, "fitRecording"), "click", "1")
    refused = app.wait_for(lambda e: e["event"] == "fitRefused", 5, n)
    assert "type the path" in refused["error"], refused
    # Click the field, type the CSV's path, click Fit….
    xdo(app.display, "mousemove", *centre(layout, "fitPath"), "click", "1")
    time.sleep(0.2)
    xdo(app.display, "type", "--delay", "5", CSV)
    n = len(app.events())
    xdo(app.display, "mousemove", *centre(layout, "fitRecording"), "click", "1")
    fitted = app.wait_for(lambda e: e["event"] == "fitted", 15, n)
    assert fitted["path"] == CSV and fitted["source"] == "field", fitted
    assert abs(fitted["response"] / CSV_TRUTH[0] - 1) < 0.01 and abs(fitted["damping"] - CSV_TRUTH[1]) < 0.01, fitted
    assert not [e for e in app.events()[n:] if e["event"] == "fitRefused"], "refused a good path"


def shots(scale, theme, out_dir):
    app = App(["--scene", "spring", "--scale", str(scale), "--theme", theme], {"SPRINGLAB_TEST_DROP": CSV},
              screen=(1280 * scale, 800 * scale))
    try:
        app.wait_for(lambda e: e["event"] == "fitted", 15)
        time.sleep(0.3)
        return screenshot(app, os.path.join(out_dir, f"fit-{scale}x-{theme}.png"), (1280 * scale, 800 * scale))
    finally:
        app.close()


at_each_scale_and_theme("the lab with a fitted recording at {scale}×, {theme}", "SPRINGLAB_SHOTS", "springlab-fit-shots-", shots)
summary()
