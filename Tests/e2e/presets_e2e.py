#!/usr/bin/env python3
"""End-to-end: dropping files on the window (docs/behaviour.md §11.4, issue 13).

A `.preset.json` dropped on the window loads in place as one undo step; a `.slreplay`
plays after its frame hashes check out; anything else is refused with a reason. The drop
goes through SDL's own event queue (SPRINGLAB_TEST_DROP makes the app push an
SDL_DROPFILE at start, as the window system would: xdotool cannot speak XDND), and
everything after it — the pump's translation, the runner, the workbench — is the real path.

    python3 Tests/e2e/presets_e2e.py .build/debug/springlab
"""
import json, os, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, App, case, summary, xdo  # noqa: E402

DIR = tempfile.mkdtemp(prefix="springlab-drop-")
PRESET = os.path.join(DIR, "Calm gap.preset.json")
with open(PRESET, "w") as f:
    json.dump({"pushAlert": {"gap": {"response": 0.4}}}, f)
REPLAY = os.path.join(DIR, "take.slreplay")
subprocess.run([BIN, "record", "--scene", "presence", "--script", "hide", "--out", os.path.join(DIR, "still.png"),
                "--save-replay", REPLAY], check=True, capture_output=True,
               env={**os.environ, "SDL_VIDEODRIVER": "offscreen"})
NOTE = os.path.join(DIR, "notes.txt")
open(NOTE, "w").write("not a preset")


@case("drop a partial .preset.json: it loads in place, names what changed, and Ctrl+Z undoes it",
      env={"SPRINGLAB_TEST_DROP": PRESET})
def _(app):
    loaded = app.wait_for(lambda e: e["event"] == "presetLoaded", 10)
    assert loaded["name"] == "Calm gap" and loaded["source"] == "drop", loaded
    assert loaded["changed"] == ["pushAlert.gap.response"], loaded
    n = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    undo = app.wait_for(lambda e: e["event"] == "undo", 5, n)
    # It names the setting the preset moved and the value it has again (docs/behaviour.md §15.7).
    assert undo["settings"] == ["pushAlert.gap.response"] and undo["value"] == 0.32, undo


@case("drop a .slreplay: its hashes are checked, then it plays in the window",
      extra=["--scene", "presence"], env={"SPRINGLAB_TEST_DROP": REPLAY})
def _(app):
    verified = app.wait_for(lambda e: e["event"] == "replayVerified", 10)
    assert verified["total"] > 0 and verified["matched"] == verified["total"], verified
    app.wait_for(lambda e: e["event"] == "toggled", 10)
    app.wait_for(lambda e: e["event"] == "replayEnded", 10)


@case("drop anything else: refused with its reason, nothing changes", env={"SPRINGLAB_TEST_DROP": NOTE})
def _(app):
    refused = app.wait_for(lambda e: e["event"] == "dropRefused", 10)
    assert "notes.txt" in refused["error"] and ".preset.json" in refused["error"], refused
    assert not [e for e in app.events() if e["event"] in ("presetLoaded", "setting")], "something changed"


@case("Save preset under a typed name lists it in the inspector; after a change, a click on it loads it back in place")
def _(app):
    xdo(app.display, "mousemove", 1100, 400, "click", "--repeat", "40", "--delay", "10", "5")   # to the foot
    time.sleep(0.5)
    layout = [e for e in app.events() if e["event"] == "layout"][-1]
    # Name it (docs/behaviour.md §11.4): the name field holds the scene's title; select all, type.
    fx, fy, fw, fh = layout["presetName"]
    xdo(app.display, "mousemove", int(fx + fw - 40), int(fy + fh / 2), "click", "1", "key", "ctrl+a", "type", "Calm set")
    xdo(app.display, "key", "Return")
    x, y, w, h = layout["savePreset"]
    n = len(app.events())
    xdo(app.display, "mousemove", int(x + w / 2), int(y + h / 2), "click", "1")
    saved = app.wait_for(lambda e: e["event"] == "presetSaved", 5, n)
    assert saved["path"].endswith("/springlab/presets/Calm set.preset.json"), saved
    listed = app.wait_for(lambda e: e["event"] == "layout" and "preset.Calm set" in e, 5, n)
    # Change the gap response by its track (scrolled back to the top), then load the preset.
    xdo(app.display, "mousemove", 1100, 400, "click", "--repeat", "40", "--delay", "10", "4")
    time.sleep(0.5)
    top = [e for e in app.events() if e["event"] == "layout"][-1]
    gx, gy, gw, gh = top["gap.response"]
    m = len(app.events())
    xdo(app.display, "mousemove", int(gx + 92 + 0.8 * (gw - 162)), int(gy + gh / 2), "click", "1")
    app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.response", 5, m)
    xdo(app.display, "mousemove", 1100, 400, "click", "--repeat", "40", "--delay", "10", "5")
    time.sleep(0.5)
    bottom = [e for e in app.events() if e["event"] == "layout"][-1]
    px, py, pw, ph = bottom["preset.Calm set"]
    k = len(app.events())
    xdo(app.display, "mousemove", int(px + pw / 2), int(py + ph / 2), "click", "1")
    loaded = app.wait_for(lambda e: e["event"] == "presetLoaded", 5, k)
    assert loaded["name"] == "Calm set" and loaded["source"] == "library", loaded
    assert loaded["changed"] == ["pushAlert.gap.response"], loaded


summary()
