#!/usr/bin/env python3
"""End-to-end: the designer's library (issue 42) — the preset list's Rename, Duplicate and
Delete (to the desktop's trash, restorable), Save over a taken name, previews that apply
nothing until a click, and dragging a plot's peak and settle mark.

Every case clicks and types in the real window under Xvfb and reads back the trace, the
files and the pixels. What is expected comes from what the user did and from outside
definitions: the freedesktop.org Trash specification's `.trashinfo` (its `Path=` the
original absolute path, percent-encoded; `DeletionDate=` as YYYY-MM-DDThh:mm:ss), and a
spring's settle time scaling with its response at a fixed damping ratio.

    python3 Tests/e2e/library_e2e.py .build/release/springlab
"""
import json, os, re, subprocess, sys, tempfile, time, urllib.parse

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import App, at_each_scale_and_theme, capture_choices, case, screenshot, summary, xdo  # noqa: E402

CALM = {"pushAlert": {"gap": {"response": 0.4, "damping": 0.6}}}
BOUNCY = {"pushAlert": {"gap": {"response": 0.25, "damping": 0.45}, "alert": {"response": 0.3, "damping": 0.5}}}


def data_home():
    """A data folder holding the presets Calm and Bouncy."""
    data = tempfile.mkdtemp(prefix="springlab-library-")
    os.makedirs(os.path.join(data, "springlab", "presets"))
    for name, preset in (("Calm", CALM), ("Bouncy", BOUNCY)):
        with open(os.path.join(data, "springlab", "presets", name + ".preset.json"), "w") as f:
            json.dump(preset, f)
    return data


DATA = {}


def env_with_presets(key):
    DATA[key] = data_home()
    return {"XDG_DATA_HOME": DATA[key]}


def presets_dir(key):
    return os.path.join(DATA[key], "springlab", "presets")


def layout(app):
    return [e for e in app.events() if e["event"] == "layout"][-1]


def centre(app, id, scale=1):
    x, y, w, h = layout(app)[id]
    return int((x + w / 2) * scale), int((y + h / 2) * scale)


def click(app, id, scale=1):
    xdo(app.display, "mousemove", *centre(app, id, scale), "click", "1")


def to_foot(app, scale=1):
    xdo(app.display, "mousemove", 1100 * scale, 400 * scale, "click", "--repeat", "40", "--delay", "10", "5")
    time.sleep(0.6)


def to_top(app, scale=1):
    xdo(app.display, "mousemove", 1100 * scale, 400 * scale, "click", "--repeat", "40", "--delay", "10", "4")
    time.sleep(0.6)


def open_menu(app, button, shows, scale=1):
    """Clicks `button` and waits for the layout that has `shows` (the menu's rows)."""
    n = len(app.events())
    click(app, button, scale)
    return app.wait_for(lambda e: e["event"] == "layout" and shows in e, 5, n)


def open_actions(app, name, scale=1):
    return open_menu(app, "presetMenu." + name, "presetAction.delete", scale)


def rename(app, name, typed, key):
    """… then Rename on preset `name`: the row becomes a field with the name selected;
    types `typed` over it and presses `key`. Returns the trace's length before."""
    open_actions(app, name)
    n = len(app.events())
    click(app, "presetAction.rename")
    app.wait_for(lambda e: e["event"] == "layout" and "presetRename" in e, 5, n)
    time.sleep(0.2)
    xdo(app.display, "type", typed)
    xdo(app.display, "key", key)
    return n


def open_springs(app, group, scale=1):
    return open_menu(app, group + ".springs", f"{group}.spring.compose.highBouncy", scale)


def hover(app, region, entry, rest):
    """The pixels of `region` with the pointer resting at `rest`, then resting on `entry`
    (before its tooltip shows); the trace's length between, and the point on the entry."""
    xdo(app.display, "mousemove", *rest)
    time.sleep(0.6)
    before = pixels(app, region)
    m = len(app.events())
    x, y, w, h = layout(app)[entry]
    at = (int(x + 60), int(y + h / 2))
    xdo(app.display, "mousemove", *at)
    time.sleep(0.5)
    return before, pixels(app, region), m, at


def pixels(app, rect):
    """The window's pixels in `rect` (x, y, w, h), as RGB bytes."""
    x, y, w, h = (int(round(v)) for v in rect)
    out = subprocess.run(["import", "-display", app.display, "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "-depth", "8", "rgb:-"],
                         capture_output=True, check=True).stdout
    assert len(out) == w * h * 3, (len(out), w, h)
    return out


def drag_peak_up(app, handle, setting, steps):
    """Rests on the handle (the pointer turns vertical), drags it up 2 pt a step and lets
    go; returns the drag's `setting` events, each of `setting` and rounded as shown."""
    x, y = centre(app, handle)
    n = len(app.events())
    xdo(app.display, "mousemove", x, y)
    shape = app.wait_for(lambda e: e["event"] == "pointerShape", 5, n)
    assert shape["shape"] == "vertical", shape
    xdo(app.display, "mousedown", "1")
    for i in range(1, steps + 1):
        xdo(app.display, "mousemove", x, y - 2 * i)
        time.sleep(0.03)
    xdo(app.display, "mouseup", "1")
    time.sleep(0.4)
    moves = [e for e in app.events()[n:] if e["event"] == "setting"]
    assert moves and all(e["name"] == setting for e in moves), moves
    assert all(round(e["new"], 3) == e["new"] for e in moves), "values are rounded as shown"
    return moves


def undo_is_one_step(app, setting, value):
    """Ctrl+Z restores `setting` to `value`; a second Ctrl+Z finds no more of the drag."""
    m = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    undo = app.wait_for(lambda e: e["event"] == "undo", 5, m)
    assert undo["settings"] == [setting] and undo["values"][setting] == value, undo
    xdo(app.display, "key", "ctrl+z")
    time.sleep(0.4)
    steps = [e for e in app.events()[m:] if e["event"] == "undo" and setting in (e.get("settings") or [])]
    assert len(steps) == 1, f"the drag took {len(steps)} undo steps"


def differing(a, b):
    return sum(1 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3])


@case("rename in place: … then Rename selects the name; typing and Enter renames the file; Escape keeps it",
      env=env_with_presets("rename"))
def _(app):
    to_foot(app)
    n = rename(app, "Calm", "Soft landing", "Return")
    renamed = app.wait_for(lambda e: e["event"] == "presetRenamed", 5, n)
    assert renamed["from"] == "Calm" and renamed["to"] == "Soft landing", renamed
    folder = presets_dir("rename")
    assert sorted(os.listdir(folder)) == ["Bouncy.preset.json", "Soft landing.preset.json"], os.listdir(folder)
    assert json.load(open(os.path.join(folder, "Soft landing.preset.json"))) == CALM
    app.wait_for(lambda e: e["event"] == "layout" and "preset.Soft landing" in e, 5, n)
    # Escape abandons: the name stays.
    m = rename(app, "Bouncy", "Other", "Escape")
    time.sleep(0.5)
    assert not [e for e in app.events()[m:] if e["event"] in ("presetRenamed", "presetFailed")]
    assert "Bouncy.preset.json" in os.listdir(folder)
    # A name another preset has is refused, and nothing is renamed.
    k = rename(app, "Bouncy", "Soft landing", "Return")
    failed = app.wait_for(lambda e: e["event"] == "presetFailed", 5, k)
    assert "already exists" in failed["error"], failed
    assert json.load(open(os.path.join(folder, "Soft landing.preset.json"))) == CALM, "the other preset was kept"
    assert json.load(open(os.path.join(folder, "Bouncy.preset.json"))) == BOUNCY


@case("duplicate: a copy named “Calm copy” with the same settings; a built-in one becomes the user's",
      env=env_with_presets("duplicate"))
def _(app):
    to_foot(app)
    open_actions(app, "Calm")
    n = len(app.events())
    click(app, "presetAction.duplicate")
    done = app.wait_for(lambda e: e["event"] == "presetDuplicated", 5, n)
    assert done["copy"] == "Calm copy", done
    folder = presets_dir("duplicate")
    assert json.load(open(os.path.join(folder, "Calm copy.preset.json"))) == CALM
    assert json.load(open(os.path.join(folder, "Calm.preset.json"))) == CALM
    # A built-in preset: … holds only Duplicate; the copy is a file of the user's.
    app.wait_for(lambda e: e["event"] == "layout" and "preset.Calm copy" in e, 5, n)
    m = len(app.events())
    click(app, "builtInMenu.Defaults")
    shown = app.wait_for(lambda e: e["event"] == "layout" and "presetAction.duplicate" in e, 5, m)
    assert "presetAction.delete" not in shown and "presetAction.rename" not in shown, "a built-in preset is not the user's to delete"
    click(app, "presetAction.duplicate")
    done = app.wait_for(lambda e: e["event"] == "presetDuplicated", 5, m)
    assert done["copy"] == "Defaults copy", done
    copy = json.load(open(os.path.join(folder, "Defaults copy.preset.json")))
    # The Push Alert's defaults (its gap: response 0.32 s, damping 0.85).
    assert copy["pushAlert"]["gap"] == {"response": 0.32, "damping": 0.85}, copy["pushAlert"]["gap"]


@case("delete: the file goes to the Trash with a .trashinfo naming its original path and date",
      env=env_with_presets("delete"))
def _(app):
    to_foot(app)
    open_actions(app, "Calm")
    n = len(app.events())
    before = time.time()
    click(app, "presetAction.delete")
    trashed = app.wait_for(lambda e: e["event"] == "presetTrashed", 5, n)
    folder = presets_dir("delete")
    original = os.path.join(folder, "Calm.preset.json")
    trash = os.path.join(DATA["delete"], "Trash")
    assert not os.path.exists(original), "still in the presets folder"
    assert trashed["file"] == os.path.join(trash, "files", "Calm.preset.json"), trashed
    assert json.load(open(trashed["file"])) == CALM, "the trashed file is the preset, whole"
    info = os.path.join(trash, "info", "Calm.preset.json.trashinfo")
    assert trashed["info"] == info, trashed
    lines = open(info).read().splitlines()
    assert lines[0] == "[Trash Info]", lines
    fields = dict(line.split("=", 1) for line in lines[1:])
    assert urllib.parse.unquote(fields["Path"]) == original, fields
    assert " " not in fields["Path"], "the path is percent-encoded"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", fields["DeletionDate"]), fields
    stamped = time.mktime(time.strptime(fields["DeletionDate"], "%Y-%m-%dT%H:%M:%S"))
    assert before - 2 <= stamped <= time.time() + 1, (fields["DeletionDate"], before)
    # Gone from the list; a second Calm deleted later gets its own name in the trash.
    app.wait_for(lambda e: e["event"] == "layout" and "preset.Calm" not in e, 5, n)  # gone
    with open(original, "w") as f:
        json.dump(BOUNCY, f)
    to_foot(app)  # (the shorter list scrolled the panel: the rows are where the latest layout says)
    open_actions(app, "Bouncy")  # (any action refreshes the list from the folder)
    m = len(app.events())
    click(app, "presetAction.duplicate")
    app.wait_for(lambda e: e["event"] == "layout" and "preset.Calm" in e, 5, m)
    to_foot(app)
    open_actions(app, "Calm")
    k = len(app.events())
    click(app, "presetAction.delete")
    again = app.wait_for(lambda e: e["event"] == "presetTrashed", 5, k)
    assert again["file"] == os.path.join(trash, "files", "Calm 2.preset.json"), again
    assert json.load(open(os.path.join(trash, "files", "Calm.preset.json"))) == CALM, "the first one was kept"


@case("save over a taken name asks first: Cancel keeps the file, Replace writes the settings in force over it",
      env=env_with_presets("replace"))
def _(app):
    to_foot(app)
    folder = presets_dir("replace")
    fx, fy, fw, fh = layout(app)["presetName"]
    xdo(app.display, "mousemove", int(fx + fw - 40), int(fy + fh / 2), "click", "1", "key", "ctrl+a", "type", "Calm")
    xdo(app.display, "key", "Return")
    n = len(app.events())
    click(app, "savePreset")
    asked = app.wait_for(lambda e: e["event"] == "presetReplaceAsked", 5, n)
    assert asked["name"] == "Calm", asked
    app.wait_for(lambda e: e["event"] == "layout" and "replacePreset.replace" in e, 5, n)
    time.sleep(0.3)
    assert not [e for e in app.events()[n:] if e["event"] == "presetSaved"], "saved before the answer"
    m = len(app.events())
    click(app, "replacePreset.cancel")
    app.wait_for(lambda e: e["event"] == "layout" and "replacePreset.replace" not in e, 5, m)
    assert json.load(open(os.path.join(folder, "Calm.preset.json"))) == CALM
    assert sorted(os.listdir(folder)) == ["Bouncy.preset.json", "Calm.preset.json"]
    k = len(app.events())
    click(app, "savePreset")
    app.wait_for(lambda e: e["event"] == "presetReplaceAsked", 5, k)
    app.wait_for(lambda e: e["event"] == "layout" and "replacePreset.replace" in e, 5, k)
    click(app, "replacePreset.replace")
    saved = app.wait_for(lambda e: e["event"] == "presetSaved", 5, k)
    assert saved["path"] == os.path.join(folder, "Calm.preset.json") and saved["replaced"] is True, saved
    written = json.load(open(saved["path"]))
    # The settings in force: the Push Alert's defaults, every scene.
    assert written["pushAlert"]["gap"] == {"response": 0.32, "damping": 0.85}, written["pushAlert"]["gap"]
    assert {"pushAlert", "presence", "pile"} <= set(written), sorted(written)
    assert sorted(os.listdir(folder)) == ["Bouncy.preset.json", "Calm.preset.json"], "replaced, not saved beside it"


@case("hovering a Springs… entry draws its curve dashed over the plot and applies nothing; leaving takes it away")
def _(app):
    open_springs(app, "gap")
    plot = layout(app)["plot"]
    # The pointer off the menu, on the panel's empty left margin.
    before, during, m, (x, y) = hover(app, plot, "gap.spring.compose.highBouncy", (int(plot[0] - 8), 600))
    changed = differing(before, during)
    assert changed >= 60, f"only {changed} pixels of the plot changed under the hover"
    # Dashed: along the curve, runs drawn and runs left out. Each column of the plot's inside
    # that the dashes touch; a dashed curve leaves columns untouched between its dashes.
    pw, ph = int(round(plot[2])), int(round(plot[3]))
    touched = [any(before[(r * pw + c) * 3:(r * pw + c) * 3 + 3] != during[(r * pw + c) * 3:(r * pw + c) * 3 + 3]
                   for r in range(ph)) for c in range(12, pw - 12)]
    gaps = sum(1 for a, b in zip(touched, touched[1:]) if a and not b)
    assert gaps >= 4, f"the preview is not dashed: {gaps} breaks"
    # Leaving the entry: the plot is as it was; no setting moved at any time.
    xdo(app.display, "mousemove", int(plot[0] - 8), 600)
    time.sleep(0.5)
    assert differing(before, pixels(app, plot)) == 0, "the preview stayed"
    assert not [e for e in app.events()[m:] if e["event"] in ("setting", "presetLoaded")], "the hover applied something"
    # Escape closes the menu under a pointer at rest on the entry: the preview goes with it.
    xdo(app.display, "mousemove", x, y)
    time.sleep(0.5)
    assert differing(before, pixels(app, plot)) >= 60
    xdo(app.display, "key", "Escape")
    time.sleep(0.5)
    assert differing(before, pixels(app, plot)) == 0, "the preview outlived its menu"
    open_springs(app, "gap")
    # A click applies it (one undo step, the platform's values).
    k = len(app.events())
    click(app, "gap.spring.compose.highBouncy")
    damping = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.damping", 5, k)
    assert damping["new"] == 0.2, damping  # Compose's DampingRatioHighBouncy


@case("in the Spring Lab, hovering a Springs… entry draws A's motion with it dashed on the stage's plots; nothing applied",
      extra=["--scene", "spring"])
def _(app):
    open_springs(app, "a")
    # The stage left of where any tooltip reaches.
    stage = (0, 0, 800, 740)
    before, during, m, _ = hover(app, stage, "a.spring.compose.highBouncy", (1000, 20))
    changed = differing(before, during)
    assert changed >= 200, f"only {changed} stage pixels changed under the hover"
    xdo(app.display, "mousemove", 1000, 20)
    time.sleep(0.6)
    assert differing(before, pixels(app, stage)) == 0, "the stage's preview stayed"
    assert not [e for e in app.events()[m:] if e["event"] in ("setting", "presetLoaded")], "the hover applied something"


@case("in the Spring Lab, dragging A's peak up on the stage's plot lowers its damping with the vertical pointer; "
      "Ctrl+Z undoes the drag as one step", extra=["--scene", "spring"])
def _(app):
    moves = drag_peak_up(app, "stage.a.plot.peak", "a.damping", steps=10)
    assert moves[-1]["new"] < moves[0]["old"], moves
    undo_is_one_step(app, "a.damping", moves[0]["old"])


@case("hovering a built-in preset draws its springs dashed over the groups' plots; nothing is loaded",
      env=env_with_presets("hover"))
def _(app):
    to_foot(app)
    L = layout(app)
    # The Return group's small plot: its settle strip's top is the plot's inside top (8 pt in).
    sx, sy, sw, sh = L["return.plot.settle"]
    plot = (1264 - 96, sy - 8, 96, 36)
    before = pixels(app, plot)
    n = len(app.events())
    x, y, w, h = L["builtIn.Every spring SwiftUI .bouncy"]
    xdo(app.display, "mousemove", int(x + 40), int(y + h / 2))
    time.sleep(0.5)
    changed = differing(before, pixels(app, plot))
    assert changed >= 20, f"only {changed} pixels of the Return plot changed"
    xdo(app.display, "mousemove", int(x - 8), int(y + h / 2))
    time.sleep(0.5)
    assert differing(before, pixels(app, plot)) == 0, "the preview stayed"
    assert not [e for e in app.events()[n:] if e["event"] in ("setting", "presetLoaded")], "the hover applied something"


@case("dragging a group's peak up lowers its damping with the vertical pointer; Ctrl+Z undoes the drag as one step")
def _(app):
    moves = drag_peak_up(app, "gap.plot.peak", "gap.damping", steps=15)
    assert moves[0]["old"] == 0.85, moves[0]
    final = moves[-1]["new"]
    assert final < 0.85 and all(b["new"] < a["new"] for a, b in zip(moves, moves[1:])), [e["new"] for e in moves]
    # The pointer rose 30 pt: on the group's small plot a point moves the overshoot 0.01, so
    # the peak overshoots by about 0.3 more — the damping ratio of an overshoot of
    # exp(-ζπ/√(1-ζ²)) (the step response of a second-order system).
    import math
    os0 = math.exp(-0.85 * math.pi / math.sqrt(1 - 0.85 ** 2))
    expected_os = math.exp(-final * math.pi / math.sqrt(1 - final ** 2))
    assert abs(expected_os - os0 - 0.30) < 0.03, (final, expected_os - os0)
    undo_is_one_step(app, "gap.damping", 0.85)


@case("dragging the plot's settle mark right scales the response with it; Shift moves it a tenth as far")
def _(app):
    def drag(dx, shift):
        sx, sy, sw, sh = layout(app)["plot.gap.plot.settle"]
        x, y = int(sx + sw / 2), int(sy + sh / 2)
        n = len(app.events())
        xdo(app.display, "mousemove", x, y)
        time.sleep(0.2)
        if shift:
            xdo(app.display, "keydown", "shift")
        xdo(app.display, "mousedown", "1")
        for i in range(1, 11):
            xdo(app.display, "mousemove", x + dx * i // 10, y)
            time.sleep(0.03)
        xdo(app.display, "mouseup", "1")
        if shift:
            xdo(app.display, "keyup", "shift")
        time.sleep(0.4)
        moves = [e for e in app.events()[n:] if e["event"] == "setting"]
        assert moves and all(e["name"] == "gap.response" for e in moves), moves
        return sx + sw / 2, moves[-1]["new"]

    px, py, pw, ph = layout(app)["plot"]
    inner_x, inner_w = px + 8, pw - 16
    settle_x, response = drag(30, False)
    # The settle time is a fixed multiple of the response at a fixed damping ratio, so the
    # response grows as the settle mark's distance from the plot's start: × (d + 30) / d.
    d = settle_x - inner_x
    assert abs(response - 0.32 * (d + 30) / d) <= 0.0015, (response, 0.32 * (d + 30) / d)
    m = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    app.wait_for(lambda e: e["event"] == "undo", 5, m)
    time.sleep(0.3)
    settle_x, fine = drag(30, True)
    d = settle_x - inner_x
    assert abs(fine - 0.32 * (d + 3) / d) <= 0.0015, (fine, 0.32 * (d + 3) / d)


@case("a screenshot after the inspector changed shows it as the window does (not the last screenshot's)")
def _(app):
    captures = tempfile.mkdtemp(prefix="springlab-library-twice-")
    first = screenshot(app, os.path.join(captures, "first.png"), (1280, 800))
    n = len(app.events())
    click(app, "gap.springs")
    app.wait_for(lambda e: e["event"] == "layout" and "gap.spring.swiftui.bouncy" in e, 5, n)
    xdo(app.display, "mousemove", 600, 400)
    time.sleep(0.5)
    second = screenshot(app, os.path.join(captures, "second.png"), (1280, 800))
    window = os.path.join(captures, "window.png")
    subprocess.run(["import", "-display", app.display, "-window", "root", window], check=True)
    # The inspector's panel: the open menu is in the second screenshot exactly as on screen.
    crop = ["-crop", "340x700+940+0", "+repage"]

    def region(path):
        return subprocess.run(["convert", path, *crop, "-depth", "8", "rgb:-"], capture_output=True, check=True).stdout

    assert differing(region(first), region(second)) > 1000, "the menu did not open?"
    assert differing(region(second), region(window)) == 0, "the screenshot kept the last one's inspector"


def shots(scale, theme, out_dir):
    """The preset list with a row's actions open and a built-in preset's preview; a Springs…
    entry's preview; a peak drag, by the app's S key."""
    data = data_home()
    captures = tempfile.mkdtemp(prefix="springlab-library-captures-")
    app = App(["--scale", str(scale), "--theme", theme, "--size", "1280x800", "--captures", captures],
              {"XDG_DATA_HOME": data}, screen=(1280 * scale, 800 * scale))
    paths = []
    try:
        def shoot(name):
            paths.append(screenshot(app, os.path.join(out_dir, f"library-{name}-{scale}x-{theme}.png"), (1280 * scale, 800 * scale)))

        # The capture panel set to the whole window first: its clicks would undo a hover.
        capture_choices(app, area="window", scale=scale)
        app.whole_window_shots = True
        # The Springs… menu with an entry under the pointer (its curve dashed over the plot).
        open_springs(app, "gap", scale)
        x, y, w, h = layout(app)["gap.spring.compose.highBouncy"]
        xdo(app.display, "mousemove", int((x + 60) * scale), int((y + h / 2) * scale))
        time.sleep(0.4)
        shoot("springs-preview")
        xdo(app.display, "key", "Escape")
        time.sleep(0.3)
        # A peak being dragged: the ring on the handle, the curve bouncier.
        x, y = centre(app, "plot.gap.plot.peak", scale)
        xdo(app.display, "mousemove", x, y, "mousedown", "1")
        for i in range(1, 6):
            xdo(app.display, "mousemove", x, y - 4 * i * scale)
            time.sleep(0.03)
        time.sleep(0.3)
        shoot("peak-drag")
        xdo(app.display, "mouseup", "1")
        # The foot: Calm's actions open, a built-in preset under the pointer.
        to_foot(app, scale)
        open_actions(app, "Calm", scale)
        x, y, w, h = layout(app)["builtIn.Every spring SwiftUI .bouncy"]
        xdo(app.display, "mousemove", int((x + 40) * scale), int((y + h / 2) * scale))
        time.sleep(0.4)
        shoot("preset-list")
        return ", ".join(paths)
    finally:
        app.close()


at_each_scale_and_theme("screenshots at {scale}× {theme}: the preset list, the previews and a peak drag", "LIBRARY_SHOTS",
                        "springlab-library-shots-", shots)
summary()
