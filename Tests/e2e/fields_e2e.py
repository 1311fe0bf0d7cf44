#!/usr/bin/env python3
"""End-to-end: the inspector's number fields behave like a desktop tool's (docs/behaviour.md §11.1,
issue 13), under Xvfb with real clicks and keys (xdotool), read from the trace.

Click the gap response number (its whole text selected), type 0.5, Enter: a `setting`
of 0.5. Type 5, Enter: refused (a `refused` event with the range, no setting), then fix
it to 1.5: applied. Tab commits and moves to the damping field, all of it selected. A
click elsewhere commits. Ctrl+C puts the field's text on the X clipboard (read back with
xclip) and Ctrl+V pastes the clipboard's. Then screenshots at 1× and 2×, light and dark,
of a field in edit with its refusal under it, checked for the refusal's red.

    python3 Tests/e2e/fields_e2e.py .build/debug/springlab
    FIELDS_SHOTS=DIR keeps the screenshots in DIR.
"""
import json, os, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, App, at_each_scale_and_theme, case, results, summary, xdo  # noqa: E402


def number(app, id, scale=1):
    """Centre of a slider row's number box (the row's last 62 pt, as Slider.swift lays it
    out), in screen pixels."""
    x, y, w, h = app.layout[id]
    return int((x + w - 31) * scale), int((y + h / 2) * scale)


def settings(app, after, name):
    return [e for e in app.events()[after:] if e["event"] == "setting" and e["name"] == name]


def clipboard(display):
    return subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, text=True, timeout=5,
                          env={**os.environ, "DISPLAY": display}).stdout


@case("gap response: click and type 0.5 → 0.5; 5 refused with its range; then 1.5 applies; Ctrl+Z twice → 0.32, Ctrl+Shift+Z → 0.5")
def _(app):
    n = len(app.events())
    xdo(app.display, "mousemove", *number(app, "gap.response"), "click", "1", "type", "0.5")
    xdo(app.display, "key", "Return")
    applied = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.response", 5, n)
    assert applied["new"] == 0.5 and applied["old"] == 0.32, applied
    m = len(app.events())
    xdo(app.display, "mousemove", *number(app, "gap.response"), "click", "1", "type", "5")
    xdo(app.display, "key", "Return")
    refused = app.wait_for(lambda e: e["event"] == "refused", 5, m)
    assert refused["name"] == "gap.response" and refused["text"] == "5", refused
    assert refused["reason"] == "out of range: 0.05 – 2 s", refused
    time.sleep(0.2)
    assert not settings(app, m, "gap.response"), "a refused value was applied"
    # The way to fix it: Backspace, 1.5, Enter (refused for good before).
    k = len(app.events())
    xdo(app.display, "key", "BackSpace", "type", "1.5")
    xdo(app.display, "key", "Return")
    fixed = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.response", 5, k)
    assert fixed["new"] == 1.5 and fixed["old"] == 0.5, fixed
    # Each typed value is one undo step (docs/behaviour.md §11.3): Ctrl+Z twice restores 0.32, and
    # Ctrl+Shift+Z brings 0.5 back.
    j = len(app.events())
    xdo(app.display, "mousemove", 300, 500, "click", "1")   # leave the field
    xdo(app.display, "key", "ctrl+z")
    first = app.wait_for(lambda e: e["event"] == "undo", 5, j)
    assert first["name"] == "gap.response" and first["value"] == 0.5, first
    j = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    second = app.wait_for(lambda e: e["event"] == "undo", 5, j)
    assert second["value"] == 0.32, second
    j = len(app.events())
    xdo(app.display, "key", "ctrl+shift+z")
    redo = app.wait_for(lambda e: e["event"] == "redo", 5, j)
    assert redo["value"] == 0.5, redo


@case("Tab commits and moves to the next field with its text selected")
def _(app):
    n = len(app.events())
    xdo(app.display, "mousemove", *number(app, "gap.response"), "click", "1", "type", "0.6")
    xdo(app.display, "key", "Tab")
    first = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.response", 5, n)
    assert first["new"] == 0.6, first
    # Typing goes to the damping field, over all of its text.
    m = len(app.events())
    xdo(app.display, "type", "0.9")
    xdo(app.display, "key", "Return")
    second = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.damping", 5, m)
    assert second["new"] == 0.9 and second["old"] == 0.85, second


@case("a click elsewhere commits the typed value")
def _(app):
    n = len(app.events())
    xdo(app.display, "mousemove", *number(app, "gap.response"), "click", "1", "type", "0.7")
    time.sleep(0.1)
    assert not settings(app, n, "gap.response"), "applied before the click away"
    x, y, w, h = app.layout["panel"]
    # The stage's bottom-left corner, clear of the alert.
    xdo(app.display, "mousemove", 30, int(app.layout["window"][1]) - 52 - 30, "click", "1")
    away = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.response", 5, n)
    assert away["new"] == 0.7, away


@case("Ctrl+C puts the selected field's text on the clipboard; Ctrl+V pastes it back")
def _(app):
    xdo(app.display, "mousemove", *number(app, "gap.response"), "click", "1")
    time.sleep(0.1)
    xdo(app.display, "key", "ctrl+c")
    time.sleep(0.2)
    got = clipboard(app.display)
    assert got == "0.320", repr(got)
    xdo(app.display, "key", "Escape")
    # Put 1.25 on the clipboard and paste it into the damping field (all selected).
    feeder = subprocess.Popen(["xclip", "-quiet", "-selection", "clipboard"], stdin=subprocess.PIPE,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env={**os.environ, "DISPLAY": app.display})
    try:
        feeder.stdin.write(b"1.25")
        feeder.stdin.close()
        time.sleep(0.3)
        n = len(app.events())
        xdo(app.display, "mousemove", *number(app, "gap.damping"), "click", "1", "key", "ctrl+v")
        time.sleep(0.3)
        xdo(app.display, "key", "Return")
        pasted = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.damping", 5, n)
        assert pasted["new"] == 1.25, pasted
    finally:
        feeder.terminate()
        feeder.wait(5)


@case("a track click stores at most the 3 decimals shown")
def _(app):
    x, y, w, h = app.layout["gap.response"]
    track_x, track_w = x + 92, w - 92 - 62 - 8
    n = len(app.events())
    xdo(app.display, "mousemove", int(track_x + 0.7729 * track_w), int(y + h / 2), "click", "1")
    got = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.response", 5, n)
    assert round(got["new"], 3) == got["new"], got


def refusal_screenshot(scale, theme, out_dir):
    """The window at `scale` in `theme` with the gap response field refusing 5, on a
    private Xvfb as large as the window's pixels; returns the PNG's path and the red
    pixels found around the field."""
    app = App(["--scale", str(scale), "--theme", theme, "--size", "1280x800"], screen=(1280 * scale, 800 * scale))
    try:
        layout = app.layout
        xdo(app.display, "mousemove", *number(app, "gap.response", scale), "click", "1", "type", "5")
        xdo(app.display, "key", "Return")
        app.wait_for(lambda e: e["event"] == "refused", 15)
        time.sleep(0.4)
        path = os.path.join(out_dir, f"field-refused-{scale}x-{theme}.png")
        subprocess.run(["import", "-window", "root", path], check=True, env={**os.environ, "DISPLAY": app.display})
        # The refusal's one line sits under the number box: count its red there.
        x, y, fw, fh = layout["gap.response"]
        region = f"{int(200 * scale)}x{int(30 * scale)}+{int((x + fw - 200) * scale)}+{int((y + fh / 2 + 11) * scale)}"
        txt = subprocess.run(["convert", path, "-crop", region, "+repage", "-fx", "(r>0.85 && g<0.45 && b<0.4) ? 1 : 0",
                              "-format", "%[fx:mean*w*h]", "info:"], capture_output=True, text=True, check=True).stdout
        return path, float(txt)
    finally:
        app.close()


def refusal_case(scale, theme, out_dir):
    path, red = refusal_screenshot(scale, theme, out_dir)
    # The line's red border and text: dozens of pixels at 1×, four times that at 2×.
    assert red > 60 * scale * scale, f"{path}: only {red:.0f} red pixels under the field"
    return path


def screenshots():
    at_each_scale_and_theme("screenshot at {scale}× {theme}: a field in edit with its refusal under it", "FIELDS_SHOTS",
                            "springlab-fields-shots-", refusal_case)


screenshots()
summary()
