#!/usr/bin/env python3
"""End-to-end: the minimum window and the truth of numbers and the trace (docs/behaviour.md §15.6,
§15.7; issue 36, defects 8 and 9), under Xvfb with real pointer and keys (xdotool),
read from the trace, the files the window writes and the window's own pixels (the X
server's copy of the window, `import -window`).

Defect 8, at 900×560 (the minimum):
- every scene's page is whole on the stage: its frames lie inside the stage and its
  drawing leaves the stage's first and last columns plain background (a cut page shows
  its cards and tracks there);
- the scrub bar is at least 200 px wide, drawn so, and the transport's buttons stay
  inside the bar without overlapping; the compact time-scale button still steps;
- the inspector shows a scrollbar (its thumb's pixels), and dragging the thumb scrolls
  the inspector, followed by a `layout` with the moved controls.

Defect 9:
- a bounce of 0.07 typed in the duration/bounce form stores damping 1 − 0.07, which is
  0.9299999999999999 as a double: state.json, a saved preset and the trace say 0.93,
  and the trace holds no number with more than 10 significant digits;
- a bounce of −0.0004 reads 0.000 in its field, never −0.000;
- `layout` follows an inspector scroll with the alert panel as drawn (not height 0), and
  follows switches to Neck and Spring Lab;
- the trace's t never goes back, a take's start included;
- undo and redo of a dropped preset name every setting moved and its value;
- the neck's trace numbers shapes as the screen does, from 1;
- the shortcut overlay's R line follows the capture panel (PNG at 50 fps changes it).

    python3 Tests/e2e/trust_window_e2e.py .build/debug/springlab
    E2E_ONLY=text runs the cases whose name contains text.
"""
import json, os, re, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import App, capture_choices, case, check, click_control, summary, xdo  # noqa: E402

MIN = ["--size", "900x560"]
MIN_SCREEN = (900, 560)  # the window fills the screen: pointer positions are window points
STAGE_W, STAGE_H = 900 - 340, 560 - 52  # docs/behaviour.md §6's inspector 340 pt and bar 52 pt


def grab(app):
    """The window's pixels as the X server holds them: (width, height, rgb bytes)."""
    wid = subprocess.run(["xdotool", "search", "--name", "SpringLab"], capture_output=True, text=True, check=True,
                         env={**os.environ, "DISPLAY": app.display}).stdout.split()[0]
    ppm = subprocess.run(["import", "-window", wid, "-depth", "8", "ppm:-"], capture_output=True, check=True,
                         env={**os.environ, "DISPLAY": app.display}).stdout
    # P6 header: magic, width, height, maxval, each followed by whitespace.
    fields, i = [], 0
    while len(fields) < 4:
        while ppm[i:i + 1].isspace():
            i += 1
        j = i
        while not ppm[j:j + 1].isspace():
            j += 1
        fields.append(ppm[i:j])
        i = j
    w, h = int(fields[1]), int(fields[2])
    return w, h, ppm[i + 1:]


def pixel(shot, x, y):
    w, _, data = shot
    k = (y * w + x) * 3
    return tuple(data[k:k + 3])


def save(shot, path):
    w, h, data = shot
    with open(path + ".ppm", "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (w, h) + data)
    subprocess.run(["convert", path + ".ppm", path], check=True)
    os.remove(path + ".ppm")


def differs(a, b, tol=6):
    return any(abs(p - q) > tol for p, q in zip(a, b))


def latest(app, after=0, key=None):
    found = [e for e in app.events()[after:] if e["event"] == "layout" and (key is None or key in e)]
    return found[-1] if found else None


SHOTS = os.environ.get("TRUST_SHOTS") or tempfile.mkdtemp(prefix="springlab-trust-")
os.makedirs(SHOTS, exist_ok=True)


@case("minimum window: every scene's page is whole on the stage — its edge columns plain, its frames inside it",
      extra=MIN, screen=MIN_SCREEN)
def _(app):
    for key, scene in (("2", "presence"), ("3", "liquid"), ("4", "neck"), ("5", "spring"), ("1", "push-alert")):
        n = len(app.events())
        xdo(app.display, "key", key)
        app.wait_for(lambda e: e["event"] == "scene" and e["scene"] == scene, 5, n)
        time.sleep(1.2)  # whatever the switch started has landed
        shot = grab(app)
        save(shot, os.path.join(SHOTS, f"min-{scene}.png"))
        assert shot[:2] == (900, 560), shot[:2]
        # A page cut by the stage's edge shows its content in the edge columns; a whole
        # page leaves them one colour, the stage's background.
        for x in (0, 1, STAGE_W - 2, STAGE_W - 1):
            column = {pixel(shot, x, y) for y in range(0, STAGE_H - 1)}
            ref = pixel(shot, x, 0)
            stray = [c for c in column if differs(c, ref)]
            assert not stray, f"{scene}: column {x} of the stage is not plain background: {sorted(column)[:6]}"
        layout = app.wait_for(lambda e: e["event"] == "layout", 5, n)
        assert layout["window"] == [900, 560], layout["window"]
        # The page's frames: those starting on the stage (the inspector's start at its right
        # edge, the bar's below it).
        page = {k: v for k, v in layout.items() if isinstance(v, list) and len(v) == 4 and k != "window"
                and v[0] < STAGE_W and v[1] < STAGE_H}
        assert page, f"{scene}: no page frames in {sorted(layout)}"
        for k, (x, y, w, h) in page.items():
            assert x >= 0 and x + w <= STAGE_W + 0.5 and y >= 0 and y + h <= STAGE_H + 0.5, f"{scene}: {k} {x, y, w, h} leaves the stage"


@case("minimum window: the scrub bar keeps 200 px, drawn so; the buttons fit the bar; the compact time scale steps",
      extra=MIN, screen=MIN_SCREEN)
def _(app):
    layout = app.layout
    x, y, w, h = layout["scrub"]
    assert w >= 200, f"the scrub bar is {w} px wide"
    ids = [k for k in layout if k in ("showAlert", "stepBack", "play", "stepForward", "loop", "hud", "capture", "rate")
           or k.startswith("rate.")]
    frames = sorted((layout[k] for k in ids + ["scrub"]), key=lambda f: f[0])
    for a, b in zip(frames, frames[1:]):
        assert a[0] + a[2] <= b[0], f"transport controls overlap: {a} {b}"
    assert frames[-1][0] + frames[-1][2] <= 900 and all(508 <= f[1] and f[1] + f[3] <= 560 for f in frames), frames
    shot = grab(app)
    save(shot, os.path.join(SHOTS, "min-transport.png"))
    # The track is drawn along the whole frame: its row differs from the bar's colour
    # over at least 200 px.
    row = int(y + h / 2)
    bar = pixel(shot, int(x) - 4, row)
    drawn = sum(1 for px in range(int(x), int(x + w)) if differs(pixel(shot, px, row), bar))
    assert drawn >= 200, f"only {drawn} px of the scrub track are drawn"
    # The time scale, compacted to one button at this width, steps to 0.5×.
    n = len(app.events())
    rate = "rate" if "rate" in layout else "rate.0.5"
    click_control(app, rate)
    changed = app.wait_for(lambda e: e["event"] == "timeScale", 5, n)
    assert changed["new"] == 0.5, changed


@case("minimum window: the inspector shows a scrollbar; dragging its thumb scrolls, and a layout says where", extra=MIN, screen=MIN_SCREEN)
def _(app):
    layout = app.layout
    assert "inspectorScroll" in layout, "no scrollbar in the layout (the inspector can scroll at 900x560)"
    tx, ty, tw, th = layout["inspectorScroll"]
    assert 560 <= tx and tx + tw <= 900 and th > 100, layout["inspectorScroll"]
    shot = grab(app)
    save(shot, os.path.join(SHOTS, "min-scrollbar.png"))
    cx = int(tx + tw / 2)
    panel = pixel(shot, cx, int(ty + th - 2))  # the track's far end, past the thumb at scroll 0
    # The thumb: far darker (lighter in dark) than the panel beside it; the track only a shade.
    thumb = [y for y in range(int(ty), int(ty + th)) if differs(pixel(shot, cx, y), pixel(shot, int(tx) - 6, y), 45)]
    assert len(thumb) > 24, f"no thumb drawn in the scrollbar ({len(thumb)} px); track end {panel}"
    top = min(thumb)
    before = layout["gap.response"]
    n = len(app.events())
    xdo(app.display, "mousemove", cx, top + 8, "mousedown", "1", "mousemove", cx, top + 40, "mousemove", cx, top + 90,
        "mouseup", "1")
    moved = app.wait_for(lambda e: e["event"] == "layout" and e["gap.response"][1] < before[1], 5, n)
    assert moved["panel"] == layout["panel"], "the page did not move"
    time.sleep(0.3)  # the frame after the drag is on the screen
    shot2 = grab(app)
    save(shot2, os.path.join(SHOTS, "min-scrollbar-dragged.png"))
    thumb2 = [y for y in range(int(ty), int(ty + th)) if differs(pixel(shot2, cx, y), pixel(shot2, int(tx) - 6, y), 45)]
    assert thumb2 and min(thumb2) > top + 20, f"the thumb did not move: {top} → {min(thumb2) if thumb2 else None}"


def type_bounce(app, text):
    """Chooses duration/bounce and types `text` into the gap's bounce field; returns the
    `setting` event of the damping it stores (ζ = 1 − bounce, or 1 / (1 + bounce))."""
    n = len(app.events())
    click_control(app, "form.duration")
    layout = app.wait_for(lambda e: e["event"] == "layout" and "gap.bounce" in e, 5, n)
    x, y, w, h = layout["gap.bounce"]
    box = (int(x + w - 31), int(y + h / 2))  # the number box: the row's last 62 pt (Slider.swift)
    m = len(app.events())
    keys = ["key", "minus", "type", text[1:]] if text.startswith("-") else ["type", text]  # xdotool reads "-…" as a flag
    xdo(app.display, "mousemove", *box, "click", "1", *keys)
    xdo(app.display, "key", "Return")
    return box, app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.damping", 5, m)


LONG = re.compile(r"-?\d+\.\d+(?:e-?\d+)?")


def significant(text):
    mantissa = text.lstrip("-").split("e")[0].replace(".", "").lstrip("0")
    return len(mantissa)


@case("numbers: bounce 0.07 stores damping 0.93 — state.json, a saved preset and the trace say 0.93, never "
      "0.9299999999999999; no trace number has more than 10 significant digits")
def _(app):
    n = len(app.events())
    _, setting = type_bounce(app, "0.07")
    state_path = os.path.join(app.tmp, "config", "springlab", "state.json")
    app.wait_for(lambda e: e["event"] == "sessionSaved", 6, n)
    with open(state_path) as f:
        state_text = f.read()
    gap = json.loads(state_text)["settings"]["pushAlert"]["gap"]
    assert gap["damping"] == 0.93, gap
    assert "0.9299999999999999" not in state_text and not re.search(r"\d\.\d{11,}", state_text), state_text[:400]
    # Save preset (at the inspector's foot: scrolled to over its left margin): the file
    # written is as plain.
    n = len(app.events())
    xdo(app.display, "mousemove", 1280 - 340 + 8, 400, "click", "--repeat", "40", "--delay", "10", "5")
    app.wait_for(lambda e: e["event"] == "layout" and e["savePreset"][1] < 700, 5, n)
    time.sleep(0.3)  # the last notches' layout
    click_control(app, "savePreset", n)
    saved = app.wait_for(lambda e: e["event"] == "presetSaved", 5, n)
    with open(saved["path"]) as f:
        preset_text = f.read()
    assert json.loads(preset_text)["pushAlert"]["gap"]["damping"] == 0.93, preset_text[:300]
    assert "0.9299999999999999" not in preset_text and not re.search(r"\d\.\d{11,}", preset_text), preset_text[:400]
    with open(app.trace) as f:
        trace_text = f.read()
    assert setting["new"] == 0.93 and '"new": 0.93}' in trace_text, setting
    worst = max((m for m in LONG.findall(trace_text)), key=significant)
    assert significant(worst) <= 10, f"the trace holds {worst}"


@case("numbers: a bounce of -0.0004 reads 0.000 in its field, never -0.000")
def _(app):
    box, changed = type_bounce(app, "-0.0004")
    assert changed["new"] > 1, changed
    time.sleep(0.3)
    xdo(app.display, "mousemove", *box, "click", "1")
    time.sleep(0.2)
    xdo(app.display, "key", "ctrl+c")
    time.sleep(0.3)
    shown = subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, text=True, timeout=5,
                           env={**os.environ, "DISPLAY": app.display}).stdout
    xdo(app.display, "key", "Escape")
    assert shown == "0.000", f"the bounce reads {shown!r}"


@case("layout: an inspector scroll reports the alert panel as drawn; switches to Neck and Spring Lab are followed by one",
      extra=MIN, screen=MIN_SCREEN)
def _(app):
    panel = app.layout["panel"]
    assert panel[3] > 40, panel
    x, y, w, h = app.layout["gap.response"]
    n = len(app.events())
    # Wheel down over the inspector's left margin, where no control takes the wheel.
    xdo(app.display, "mousemove", STAGE_W + 8, int(y + 40), "click", "5")
    scrolled = app.wait_for(lambda e: e["event"] == "layout" and e["gap.response"][1] < y, 5, n)
    assert scrolled["panel"] == panel, f"after the scroll the panel is {scrolled['panel']}, drawn at {panel}"
    for key, scene, own in (("4", "neck", "neck.piece.1"), ("5", "spring", "card.a")):
        m = len(app.events())
        xdo(app.display, "key", key)
        switched = app.wait_for(lambda e: e["event"] == "scene" and e["scene"] == scene, 5, m)
        i = app.events().index(switched)
        after = app.wait_for(lambda e: e["event"] == "layout", 5, i)
        assert own in after, f"the layout after switching to {scene} has no {own}: {sorted(after)[:12]}"


TAKES = tempfile.mkdtemp(prefix="springlab-trust-takes-")


@case("trace: t never goes back, across a take's start and stop", extra=["--captures", TAKES])
def _(app):
    time.sleep(1.0)
    n = len(app.events())
    xdo(app.display, "key", "r")
    started = app.wait_for(lambda e: e["event"] == "recordingStarted", 5, n)
    time.sleep(0.6)
    m = len(app.events())
    xdo(app.display, "key", "r")
    app.wait_for(lambda e: e["event"] == "recordingStopped", 5, m)
    time.sleep(0.3)
    events = app.events()
    i = events.index(started)
    assert started["t"] >= events[i - 1]["t"], f"recordingStarted at t {started['t']} after {events[i - 1]}"
    back = [(a, b) for a, b in zip(events, events[1:]) if b["t"] < a["t"]]
    assert not back, f"t goes back: {back[0]}"


DROP = os.path.join(tempfile.mkdtemp(prefix="springlab-trust-drop-"), "Two.preset.json")
with open(DROP, "w") as f:
    json.dump({"pushAlert": {"gap": {"response": 0.4, "damping": 0.6}}}, f)


@case("undo and redo of a dropped preset name every setting it moved, with its value", env={"SPRINGLAB_TEST_DROP": DROP})
def _(app):
    loaded = app.wait_for(lambda e: e["event"] == "presetLoaded", 10)
    assert sorted(loaded["changed"]) == ["pushAlert.gap.damping", "pushAlert.gap.response"], loaded
    n = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    undo = app.wait_for(lambda e: e["event"] == "undo", 5, n)
    assert sorted(undo["settings"]) == ["pushAlert.gap.damping", "pushAlert.gap.response"], undo
    assert undo["values"] == {"pushAlert.gap.damping": 0.85, "pushAlert.gap.response": 0.32}, undo
    assert undo["value"] is not None and undo["name"] != "preset", undo
    m = len(app.events())
    xdo(app.display, "key", "ctrl+y")
    redo = app.wait_for(lambda e: e["event"] == "redo", 5, m)
    assert redo["values"] == {"pushAlert.gap.damping": 0.6, "pushAlert.gap.response": 0.4}, redo


@case("neck: the trace numbers shapes as the screen does, from 1", extra=["--scene", "neck"])
def _(app):
    pieces = sorted((k for k in app.layout if k.startswith("neck.piece.")), key=lambda k: int(k.rsplit(".", 1)[1]))
    assert len(pieces) >= 3, pieces
    # The second shape in the sandbox's order is the one the stage labels "2".
    x, y, w, h = app.layout[pieces[1]]
    n = len(app.events())
    xdo(app.display, "mousemove", int(x + w / 2), int(y + h / 2), "mousedown", "1", "mousemove", int(x + w / 2 + 6),
        int(y + h / 2), "mousemove", int(x + w / 2 + 10), int(y + h / 2), "mouseup", "1")
    grabbed = app.wait_for(lambda e: e["event"] == "pieceGrabbed", 5, n)
    dropped = app.wait_for(lambda e: e["event"] == "pieceDropped", 5, n)
    assert grabbed["index"] == 2 and dropped["index"] == 2, (grabbed, dropped)
    assert pieces[1] == "neck.piece.2", pieces
    assert all(1 <= p <= len(pieces) for p in dropped["pair"]), dropped


@case("the shortcut overlay's R line says what R will make: PNG at 50 fps once the panel is set so")
def _(app):
    def overlay():
        n = len(app.events())
        xdo(app.display, "key", "F1")
        app.wait_for(lambda e: e["event"] == "shortcuts" and e["shown"], 5, n)
        time.sleep(0.4)
        shot = grab(app)
        m = len(app.events())
        xdo(app.display, "key", "Escape")
        app.wait_for(lambda e: e["event"] == "shortcuts" and not e["shown"], 5, m)
        return shot
    before = overlay()
    save(before, os.path.join(SHOTS, "shortcuts-mp4.png"))
    capture_choices(app, format="png", fps=50)
    time.sleep(0.3)
    after = overlay()
    save(after, os.path.join(SHOTS, "shortcuts-png50.png"))
    w, _, _ = before
    # The overlay is centred on the stage; only its R line may differ between the two.
    changed = [y for y in range(0, 800 - 52) for x in range(0, 1280 - 340, 3)
               if x < w and differs(pixel(before, x, y), pixel(after, x, y), 30)]
    assert changed, "the overlay reads the same with the panel at PNG 50 fps as at MP4 60 fps"


@check("the window repaints what changed in its own pixels (Mesa's software GLX keeps its back buffer) and shows what a window drawn whole shows")
def _():
    # The same run twice: in place (the default here) and drawn aside and copied whole
    # (SPRINGLAB_KEEP_PIXELS=0). The Push Alert's drive played (Enter: the alert arrives,
    # rests and leaves, every frame a partial repaint), the pointer across the inspector
    # (its rows light up and go dark again) and back on the stage: the window's pixels as
    # the X server holds them must be the same — a stale pixel left by a partial repaint
    # would differ. (The transport's bar, whose scrub position depends on when the keys
    # landed, is left out.)
    shots, said = [], []
    for keep, present in (("1", "in-place"), ("0", "whole")):
        app = App(env_extra={"SPRINGLAB_KEEP_PIXELS": keep})
        try:
            assert app.started.get("present") == present, app.started
            n = len(app.events())
            xdo(app.display, "mousemove", 600, 700, "key", "Return")
            app.wait_for(lambda e: e["event"] == "drive", 5, n)
            time.sleep(3.0)  # the drive's arrival, rest and departure: 2.1 s
            xdo(app.display, "mousemove", 1100, 250, "sleep", 0.3, "mousemove", 1100, 420, "sleep", 0.3,
                "mousemove", 1100, 560, "sleep", 0.3, "mousemove", 600, 700)
            time.sleep(1.0)
            shot = grab(app)
            save(shot, os.path.join(SHOTS, f"present-{present}.png"))
            shots.append(shot)
            said.append(present)
        finally:
            app.close()
    (w, h, a), (_, _, b) = shots
    rows = h - 52
    diff = [(i // 3 % w, i // 3 // w) for i in range(0, rows * w * 3, 3) if a[i:i + 3] != b[i:i + 3]]
    assert not diff, f"{len(diff)} pixels differ, the first at {diff[0]} (shots in {SHOTS})"
    return f"{' and '.join(said)}: {w}x{rows} px the same; shots in {SHOTS}"


summary()
