#!/usr/bin/env python3
"""End-to-end: undo and redo of settings under Xvfb (docs/behaviour.md §11.3, issue 13).

A slider dragged with the real pointer through 40 moves is one undo step: Ctrl+Z puts
the gap response back to 0.32, Ctrl+Shift+Z brings the dragged value back, Ctrl+Y as
well; in another scene a track click is undone by its key. Read from the trace.

    python3 Tests/e2e/undo_e2e.py .build/debug/springlab
"""
import os, sys, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import App, case, summary, xdo  # noqa: E402


def track(frame):
    fx, fy, fw, fh = frame
    return fx + 92, fw - 92 - 62 - 8, int(fy + fh / 2)


@case("undo: a 40-move drag of the gap response is one step; Ctrl+Z restores 0.32, Ctrl+Shift+Z and Ctrl+Y redo")
def _(app):
    x0, w, y = track(app.layout["gap.response"])
    knob = x0 + (0.32 - 0.05) / 1.95 * w
    n = len(app.events())
    cmd = ["mousemove", int(knob), y, "mousedown", "1"]
    for k in range(1, 41):
        cmd += ["sleep", "0.01", "mousemove", int(knob + k * w / 160), y]
    xdo(app.display, *cmd, "mouseup", "1")
    time.sleep(0.4)  # the last moves reach the trace
    changes = [e for e in app.events()[n:] if e["event"] == "setting" and e["name"] == "gap.response"]
    assert len(changes) > 5, f"the drag made {len(changes)} setting events"
    dragged = changes[-1]["new"]
    m = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    undo = app.wait_for(lambda e: e["event"] == "undo", 5, m)
    assert undo["name"] == "gap.response" and undo["value"] == 0.32, undo
    # One step: a second Ctrl+Z finds nothing left to undo.
    xdo(app.display, "key", "ctrl+z")
    deadline = time.time() + 5
    while time.time() < deadline and len([e for e in app.events()[m:] if e["event"] == "undo"]) < 2:
        time.sleep(0.05)
    undos = [e for e in app.events()[m:] if e["event"] == "undo"]
    assert len(undos) == 2 and undos[1].get("nothing") is True, undos
    k = len(app.events())
    xdo(app.display, "key", "ctrl+shift+z")
    redo = app.wait_for(lambda e: e["event"] == "redo", 5, k)
    assert redo["name"] == "gap.response" and redo["value"] == dragged, (redo, dragged)
    xdo(app.display, "key", "ctrl+z")
    j = len(app.events())
    xdo(app.display, "key", "ctrl+y")
    redo = app.wait_for(lambda e: e["event"] == "redo", 5, j)
    assert redo["value"] == dragged, redo


@case("undo in another scene: a click on the pile's merge track, then Ctrl+Z", extra=["--scene", "liquid"])
def _(app):
    layout = [e for e in app.events() if e["event"] == "layout"][-1]
    # The merge slider sits low in the inspector: scroll it into view.
    xdo(app.display, "mousemove", 1100, 400, "click", "--repeat", "30", "--delay", "10", "5")
    time.sleep(0.5)
    layout = [e for e in app.events() if e["event"] == "layout"][-1]
    x0, w, y = track(layout["pile.merge"])
    n = len(app.events())
    xdo(app.display, "mousemove", int(x0 + 0.9 * w), y, "click", "1")
    change = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "pile.merge", 5, n)
    assert change["new"] > 15, change
    m = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    undo = app.wait_for(lambda e: e["event"] == "undo", 5, m)
    assert undo["name"] == "pile.merge" and undo["value"] == 8, undo


@case("the shortcut overlay: ? (Shift+/) shows it, Escape hides it, F1 shows it again")
def _(app):
    n = len(app.events())
    xdo(app.display, "key", "shift+slash")
    shown = app.wait_for(lambda e: e["event"] == "shortcuts", 5, n)
    assert shown["shown"] is True, shown
    m = len(app.events())
    xdo(app.display, "key", "Escape")
    assert app.wait_for(lambda e: e["event"] == "shortcuts", 5, m)["shown"] is False
    k = len(app.events())
    xdo(app.display, "key", "F1")
    assert app.wait_for(lambda e: e["event"] == "shortcuts", 5, k)["shown"] is True


@case("a named spring from the gap group's menu: SwiftUI .bouncy sets 0.5 / 0.7, Ctrl+Z puts 0.32 / 0.85 back")
def _(app):
    x, y, w, h = app.layout["gap.springs"]
    n = len(app.events())
    xdo(app.display, "mousemove", int(x + w / 2), int(y + h / 2), "click", "1")
    menu = app.wait_for(lambda e: e["event"] == "layout" and "gap.spring.swiftui.bouncy" in e, 5, n)
    bx, by, bw, bh = menu["gap.spring.swiftui.bouncy"]
    m = len(app.events())
    xdo(app.display, "mousemove", int(bx + bw / 2), int(by + bh / 2), "click", "1")
    app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.damping", 5, m)
    got = {e["name"]: e["new"] for e in app.events()[m:] if e["event"] == "setting"}
    assert got == {"gap.response": 0.5, "gap.damping": 0.7}, got
    k = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    undo = app.wait_for(lambda e: e["event"] == "undo", 5, k)
    assert undo["settings"] == ["gap.response", "gap.damping"] and undo["value"] == 0.32, undo


@case("hover: resting 0.6 s over play shows its tooltip, one line with its key (Space)")
def _(app):
    x, y, w, h = app.layout["play"]
    n = len(app.events())
    xdo(app.display, "mousemove", int(x + w / 2), int(y + h / 2))
    tip = app.wait_for(lambda e: e["event"] == "tooltip" and e["id"] == "play", 5, n)
    assert "Space" in tip["text"], tip
    xdo(app.display, "mousemove", 5, 5)


summary()
