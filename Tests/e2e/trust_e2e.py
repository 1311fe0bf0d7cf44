#!/usr/bin/env python3
"""End-to-end: trust under the hand (docs/behaviour.md §15.1–§15.4, issue 36).

Each case is one defect a new user met, driven the way they met it — real clicks, keys and
wheel notches through xdotool on the real window — and read back from the trace, the
remembered session and the clipboard:

- the wheel scrolls the inspector and never retunes a spring; Ctrl+wheel steps the slider
  its gesture started on, one undo step a run (§15.2);
- a click on the stage gives the keyboard back to it; a click on a switch never takes it;
  Escape peels the inspector's focus before the scene's cancel (§15.1);
- a dropped replay plays in a sandbox and puts the window back whole (§15.3);
- a scrubbed pose rests, Play continues from it, ←/→ step it (§15.4);
- Ctrl+C copies the group under the pointer (§15.3);
- a take changes no choice (§15.3); Ctrl+Q quits as the close button does (§15.4).

    python3 Tests/e2e/trust_e2e.py .build/debug/springlab
"""
import json, os, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, App, case, click_control, summary, xdo  # noqa: E402

LABEL_W, VALUE_W = 92, 62  # a slider row: label, track, number (Slider.swift's layout)


def latest_layout(app, after=0):
    return [e for e in app.events()[after:] if e["event"] == "layout"][-1]


def track_point(frame, fraction):
    """The point `fraction` along a slider row's track."""
    x, y, w, h = frame
    x0, x1 = x + LABEL_W, x + w - VALUE_W - 8
    return int(x0 + fraction * (x1 - x0)), int(y + h / 2)


def settings_named(app, name, after=0):
    return [e for e in app.events()[after:] if e["event"] == "setting" and e["name"] == name]


def wait_quiet(app, seconds=0.4):
    """Gives the window time to take what was sent (xdotool returns when X has it)."""
    time.sleep(seconds)


def frames_drawn(app, after):
    """Frames the window drew since event `after`, by its once-a-second `frames` reports."""
    return sum(e["count"] for e in app.events()[after:] if e["event"] == "frames")


# §15.2 — the defect: with alert.response focused, 24 notches over the rows above it changed
# alert.response 21 times, each its own undo step.
@case("wheel: scrolling the inspector over a focused slider's column never changes a value")
def _(app):
    frame = app.layout["alert.response"]
    xdo(app.display, "mousemove", *track_point(frame, 0.6), "click", "1")  # focuses it (and sets it)
    app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "alert.response", 5)
    n = len(app.events())
    # 60 pt above the slider, in the inspector: the rows below scroll up under the pointer.
    x, y = int(frame[0] + frame[2] / 2), int(frame[1] - 60)
    xdo(app.display, "mousemove", x, y)
    for button in ("5",) * 12 + ("4",) * 12:
        xdo(app.display, "click", button)
        time.sleep(0.03)
    wait_quiet(app)
    changed = [e for e in app.events()[n:] if e["event"] == "setting"]
    assert not changed, f"{len(changed)} settings changed by the plain wheel: {changed[:3]}"
    scrolled = [e for e in app.events()[n:] if e["event"] == "layout"]
    assert scrolled and scrolled[0]["alert.response"][1] < frame[1], "the inspector did not scroll"
    assert latest_layout(app, n)["alert.response"][1] == frame[1], "the 12 notches back did not scroll back"


@case("wheel: Ctrl+wheel steps the slider under the pointer, keeps it while the pointer drifts, one undo step")
def _(app):
    damping, response = app.layout["gap.damping"], app.layout["gap.response"]
    n = len(app.events())
    xdo(app.display, "mousemove", *track_point(damping, 0.5), "keydown", "ctrl")
    # Three notches up, 0.15 s apart, the pointer moving onto gap.response between them.
    xdo(app.display, "click", "4", "sleep", "0.15", "mousemove", *track_point(response, 0.5), "sleep", "0.05",
        "click", "4", "sleep", "0.15", "click", "4", "keyup", "ctrl")
    wait_quiet(app)
    steps = settings_named(app, "gap.damping", n)
    assert len(steps) == 3 and abs(steps[-1]["new"] - 0.88) < 1e-9, steps
    assert not settings_named(app, "gap.response", n), "a row the pointer drifted onto was changed"
    target = [e for e in app.events()[n:] if e["event"] == "wheelTarget"]
    assert [e["target"] for e in target] == ["gap.damping"], target
    m = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    undo = app.wait_for(lambda e: e["event"] == "undo", 5, m)
    assert undo["name"] == "gap.damping" and abs(undo["value"] - 0.85) < 1e-9, undo
    m = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    nothing = app.wait_for(lambda e: e["event"] == "undo", 5, m)
    assert nothing.get("nothing") is True, f"three notches were more than one undo step: {nothing}"


# §15.1 — the defect: after touching a slider, a click on the stage kept the keyboard in the
# inspector: Enter reopened the slider's field and "2" was typed into it.
@case("focus: a click on the stage gives the keyboard back — Enter plays the drive, 2 switches scenes")
def _(app):
    xdo(app.display, "mousemove", *track_point(app.layout["alert.response"], 0.3), "click", "1")
    focus = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "alert.response", 5)
    stage_x, stage_y = 40, int(app.layout["window"][1] - 52 - 40)  # the stage's bottom-left, empty
    n = len(app.events())
    xdo(app.display, "mousemove", stage_x, stage_y, "click", "1")
    wait_quiet(app)
    m = len(app.events())
    xdo(app.display, "key", "Return")
    wait_quiet(app)
    drive = [e for e in app.events()[m:] if e["event"] == "drive"]
    assert drive and drive[0]["label"] == "Show alert", f"Enter did not play the drive: {app.events()[m:][:3]}"
    xdo(app.display, "key", "2")
    wait_quiet(app)
    typed = [e for e in app.events()[n:] if e["event"] in ("setting", "refused")]
    assert not typed, f"the keys went into the inspector: {typed}"
    app.wait_for(lambda e: e["event"] == "scene" and e["scene"] == "presence", 5, m)
    # The trace says where the keyboard went: to the slider, then back to the stage.
    moves = [e["focus"] for e in app.events() if e["event"] == "focus"]
    assert moves[:2] == ["alert.response", "stage"], moves
    assert focus


@case("focus: Escape gives a slider's keyboard back to the stage before anything else")
def _(app):
    xdo(app.display, "mousemove", *track_point(app.layout["gap.response"], 0.4), "click", "1")
    app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.response", 5)
    n = len(app.events())
    xdo(app.display, "key", "Right")  # the focused slider takes the arrows
    app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.response", 5, n)
    xdo(app.display, "key", "Escape")
    wait_quiet(app)
    m = len(app.events())
    xdo(app.display, "key", "Right")  # now the transport's: one frame forward
    wait_quiet(app)
    assert not settings_named(app, "gap.response", m), "Right still stepped the slider"
    app.wait_for(lambda e: e["event"] == "stepped" and e["frames"] == 1, 5, m)
    app.wait_for(lambda e: e["event"] == "focus" and e["focus"] == "stage", 5, n)


@case("focus: in the Spring Lab, a click on A/B then Enter plays — it does not flip A/B back")
def _(app):
    n = len(app.events())
    xdo(app.display, "key", "5")
    app.wait_for(lambda e: e["event"] == "scene" and e["scene"] == "spring", 5, n)
    click_control(app, "springLab.ab", n)
    flipped = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "springLab.ab", 5, n)
    assert flipped["new"] is True, flipped
    m = len(app.events())
    xdo(app.display, "key", "Return")
    drive = app.wait_for(lambda e: e["event"] == "drive", 5, m)
    assert drive["scene"] == "spring", drive
    assert not settings_named(app, "springLab.ab", m), "Enter flipped A/B"


# §15.3 — the defect: a dropped replay replaced theme, scene, form and settings, lost the undo
# history, overwrote state.json and restarted the trace clock at 0.
REPLAY_DIR = tempfile.mkdtemp(prefix="springlab-trust-")
REPLAY = os.path.join(REPLAY_DIR, "take.slreplay")
subprocess.run([BIN, "record", "--scene", "presence", "--script", "hide", "--out", os.path.join(REPLAY_DIR, "still.png"),
                "--save-replay", REPLAY], check=True, capture_output=True, env={**os.environ, "SDL_VIDEODRIVER": "offscreen"})
DROP_FILE = os.path.join(REPLAY_DIR, "drop-request")


def drop(path):
    """Asks the app to drop `path` on its window (through SDL's queue, as XDND would)."""
    tmp = DROP_FILE + ".tmp"
    with open(tmp, "w") as f:
        f.write(path)
    os.replace(tmp, DROP_FILE)


@case("drop: a dropped replay plays in a sandbox; scene, theme, form, settings, undo and state.json are as before",
      env={"SPRINGLAB_TEST_DROP_FILE": DROP_FILE})
def _(app):
    state = os.path.join(app.tmp, "config", "springlab", "state.json")
    # A window of one's own: dark, the neck sandbox, springs as stiffness, one change to undo.
    xdo(app.display, "key", "d")
    app.wait_for(lambda e: e["event"] == "theme" and e["theme"] == "dark", 5)
    n = len(app.events())
    click_control(app, "form.stiffness")
    app.wait_for(lambda e: e["event"] == "form" and e["form"] == "stiffness", 5, n)
    n = len(app.events())
    xdo(app.display, "mousemove", *track_point(latest_layout(app)["alert.coefficient"], 0.8), "click", "1")
    change = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "alert.damping", 5, n)
    n = len(app.events())
    xdo(app.display, "key", "4")
    app.wait_for(lambda e: e["event"] == "scene" and e["scene"] == "neck", 5, n)
    saved = app.wait_for(lambda e: e["event"] == "sessionSaved", 10, n)
    before = json.load(open(state))
    n = len(app.events())
    drop(REPLAY)
    started = app.wait_for(lambda e: e["event"] == "replayStarted", 10, n)
    assert started["path"] == REPLAY and started["scene"] == "presence", started
    app.wait_for(lambda e: e["event"] == "toggled", 10, n)  # the take's own Show/Hide played
    ended = app.wait_for(lambda e: e["event"] == "replayEnded", 15, n)
    assert ended.get("restored") is True, ended
    wait_quiet(app, 1.5)
    times = [e["t"] for e in app.events()]
    back = [(a, b) for a, b in zip(times, times[1:]) if b < a - 1e-9]
    assert not back, f"the trace's t went back: {back[:3]}"
    during = [e for e in app.events()[n:] if e["event"] == "sessionSaved"]
    assert json.load(open(state)) == before, f"state.json changed ({len(during)} saves after the drop)"
    # The undo history survived: Ctrl+Z takes back the change made before the drop.
    m = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    undo = app.wait_for(lambda e: e["event"] == "undo", 5, m)
    assert undo["name"] == "alert.damping" and undo["value"] == change["old"], undo
    # And the window is the one left: neck, dark, stiffness — as the session says on the way out.
    xdo(app.display, "key", "ctrl+q")
    app.proc.wait(10)
    after = json.load(open(state))
    assert (after["scene"], after["theme"], after["form"]) == ("neck", "dark", "stiffness"), after
    assert saved


# §15.4 — the defect: a click on the scrub bar drew the same frame 150–200 times a second;
# Play did not go on from the scrubbed pose; ←/→ did nothing while scrubbed.
@case("scrub: a scrubbed pose rests, ←/→ and Shift+→ step it, Play continues from it")
def _(app):
    x, y, w, h = app.layout["scrub"]
    n = len(app.events())
    xdo(app.display, "mousemove", int(x + 0.3 * w), int(y + h / 2), "click", "1")
    scrub = app.wait_for(lambda e: e["event"] == "scrub", 5, n)
    p = scrub["progress"]
    xdo(app.display, "mousemove", 40, 40)  # off the bar: no hover to redraw
    time.sleep(1.2)
    m = len(app.events())
    time.sleep(3)
    drawn = frames_drawn(app, m)
    assert drawn <= 3, f"a scrubbed pose drew {drawn} frames in 3 s at rest"
    duration = 32 / 15  # the Push Alert's drive: the catalog loop, 32 frames at 15 fps (docs/behaviour.md §3.5)
    m = len(app.events())
    xdo(app.display, "key", "Right")
    one = app.wait_for(lambda e: e["event"] == "stepped", 5, m)
    assert abs(one["progress"] - (p + 1 / 60 / duration)) < 1e-9, (p, one)
    m = len(app.events())
    xdo(app.display, "key", "shift+Right")
    ten = app.wait_for(lambda e: e["event"] == "stepped", 5, m)
    assert ten["frames"] == 10 and abs(ten["progress"] - (one["progress"] + 10 / 60 / duration)) < 1e-9, ten
    m = len(app.events())
    xdo(app.display, "key", "space")
    play = app.wait_for(lambda e: e["event"] == "paused", 5, m)
    assert play["paused"] is False and abs(play["progress"] - ten["progress"]) < 1e-9, play
    time.sleep(1.5)
    assert frames_drawn(app, m) >= 10, "Play did not play the drive on"


# §15.3 — the defect: Ctrl+C copied the group last focused, not the one under the pointer.
@case("clipboard: Ctrl+C copies the spring group under the pointer, not the focused one")
def _(app):
    xdo(app.display, "mousemove", *track_point(app.layout["gap.response"], 0.3), "click", "1")  # focuses gap
    app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.response", 5)
    n = len(app.events())
    xdo(app.display, "mousemove", *track_point(app.layout["alert.damping"], 0.5), "key", "ctrl+c")
    copied = app.wait_for(lambda e: e["event"] == "copied", 5, n)
    assert copied["group"].endswith(".alert"), copied
    deadline, clip = time.time() + 3, None
    while clip != copied["text"] and time.time() < deadline:  # the trace line comes just before the clipboard
        time.sleep(0.1)
        clip = subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, text=True,
                              env={**os.environ, "DISPLAY": app.display}).stdout
    assert clip == copied["text"], (clip, copied["text"])
    # Over the stage, the group holding the focus: a click on a group's title focuses it.
    n = len(app.events())
    x, y, w, h = app.layout["alert.reset"]
    xdo(app.display, "mousemove", int(app.layout["alert.response"][0] + 10), int(y + h / 2), "click", "1")
    app.wait_for(lambda e: e["event"] == "focus" and e["focus"] == "alert.title", 5, n)
    xdo(app.display, "mousemove", 40, 40, "key", "ctrl+c")
    copied = app.wait_for(lambda e: e["event"] == "copied", 5, n)
    assert copied["group"].endswith(".alert"), copied
    # And the pointer over another group wins over the focus.
    n = len(app.events())
    xdo(app.display, "mousemove", *track_point(app.layout["gap.damping"], 0.5), "key", "ctrl+c")
    copied = app.wait_for(lambda e: e["event"] == "copied", 5, n)
    assert copied["group"].endswith(".gap"), copied


# §15.3 — the defect: starting a take reset the spring form to Response, and saved that.
@case("take: starting and stopping a take changes no choice (the spring form stays Stiffness)")
def _(app):
    n = len(app.events())
    click_control(app, "form.stiffness")
    app.wait_for(lambda e: e["event"] == "form" and e["form"] == "stiffness", 5, n)
    n = len(app.events())
    xdo(app.display, "mousemove", 40, 40, "key", "r")
    started = app.wait_for(lambda e: e["event"] == "recordingStarted", 10, n)
    layout = app.wait_for(lambda e: e["event"] == "layout", 5, n)
    assert "gap.stiffness" in layout and "gap.response" not in layout, sorted(k for k in layout if k.startswith("gap."))
    time.sleep(1)
    xdo(app.display, "key", "r")
    app.wait_for(lambda e: e["event"] == "recordingStopped", 10, n)
    xdo(app.display, "key", "ctrl+q")
    app.proc.wait(30)
    state = json.load(open(os.path.join(app.tmp, "config", "springlab", "state.json")))
    assert state["form"] == "stiffness", state
    with open(started["replay"]) as f:
        f.readline()
        settings = json.loads(f.readline())["settings"]
    assert settings.get("form") == "stiffness", settings.get("form")


@case("Ctrl+Q and Ctrl+W close the window as the close button does: status 0, a quit event, the session saved")
def _(app):
    n = len(app.events())
    xdo(app.display, "key", "d", "key", "ctrl+q")  # a change just before: saved on the way out
    code = app.proc.wait(10)
    assert code == 0, code
    names = [e["event"] for e in app.events()[n:]]
    assert "quitRequested" in names and names[-1] == "quit", names
    state = json.load(open(os.path.join(app.tmp, "config", "springlab", "state.json")))
    assert state["theme"] == "dark", state
    again = App()
    try:
        xdo(again.display, "key", "ctrl+w")
        assert again.proc.wait(10) == 0
        assert again.events()[-1]["event"] == "quit", again.events()[-1]
    finally:
        again.close()


summary()
