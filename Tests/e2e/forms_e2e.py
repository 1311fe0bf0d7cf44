#!/usr/bin/env python3
"""End-to-end: one spring, three ways to write it (docs/behaviour.md §11.2, issue 13 item 2), under
Xvfb with real clicks and keys (xdotool), read from the trace.

Choose duration/bounce at the top of the inspector (a `form` event, then a `layout` with
the new controls); type duration 0.5 and bounce 0.3 into the gap group: the `setting`
events still name the stored settings — gap.response 0.5, then gap.damping 0.7 and the
response left alone. Choose mass/stiffness/damping: the numbers shown (read back through
the clipboard, Ctrl+C with xclip) are docs/behaviour.md §1.1's k 157.9 and c 17.59. The choice is
remembered: the state file says `"form": "stiffness"` and the next start opens on it.
Then screenshots of each form at 1× and 2×, light and dark (the app's S key), each
checked for being the window and kept for looking at.

    python3 Tests/e2e/forms_e2e.py .build/debug/springlab
    FORMS_SHOTS=DIR keeps the screenshots in DIR.
"""
import json, os, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import BIN, App, at_each_scale_and_theme, case, results, screenshot, summary, xdo  # noqa: E402
from rebound import rebound  # noqa: E402

SHARED = tempfile.mkdtemp(prefix="springlab-forms-e2e-")
ENV = {"XDG_CONFIG_HOME": os.path.join(SHARED, "config"), "XDG_DATA_HOME": os.path.join(SHARED, "data")}
STATE = os.path.join(SHARED, "config", "springlab", "state.json")


def number(layout, id, scale=1):
    """Centre of a slider row's number box (the row's last 62 pt, as Slider.swift lays it out)."""
    x, y, w, h = layout[id]
    return int((x + w - 31) * scale), int((y + h / 2) * scale)


def centre(layout, id, scale=1):
    x, y, w, h = layout[id]
    return int((x + w / 2) * scale), int((y + h / 2) * scale)


def latest_layout(app):
    return [e for e in app.events() if e["event"] == "layout"][-1]


def choose(app, form):
    """Clicks the form's segment; returns the layout that follows its `form` event."""
    n = len(app.events())
    xdo(app.display, "mousemove", *centre(latest_layout(app), "form." + form), "click", "1")
    chosen = app.wait_for(lambda e: e["event"] == "form", 5, n)
    assert chosen["form"] == form, chosen
    return app.wait_for(lambda e: e["event"] == "layout", 5, n)


def type_into(app, layout, id, text):
    n = len(app.events())
    xdo(app.display, "mousemove", *number(layout, id), "click", "1", "type", text)
    xdo(app.display, "key", "Return")
    return n


def shown(app, layout, id):
    """The text a number box shows: click it (all selected), Ctrl+C, read the X clipboard."""
    xdo(app.display, "mousemove", *number(layout, id), "click", "1")
    time.sleep(0.15)
    xdo(app.display, "key", "ctrl+c")
    time.sleep(0.25)
    got = subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, text=True, timeout=5,
                         env={**os.environ, "DISPLAY": app.display}).stdout
    xdo(app.display, "key", "Escape")
    time.sleep(0.1)
    return got


@case("duration/bounce: typing duration 0.5 and bounce 0.3 in the gap group sets gap.response 0.5 and gap.damping 0.7; "
      "mass/stiffness/damping then shows k 157.9 and c 17.59 (docs/behaviour.md §1.1)", env=ENV)
def _(app):
    assert app.started.get("form") == "response", app.started
    assert "gap.response" in app.layout and "gap.bounce" not in app.layout
    layout = choose(app, "duration")
    assert "gap.duration" in layout and "gap.bounce" in layout and "gap.response" not in layout, sorted(layout)
    assert "leave.ratio" in layout and "leave.bounce" in layout, "a ratio group keeps its ratio"
    n = type_into(app, layout, "gap.duration", "0.5")
    d = app.wait_for(lambda e: e["event"] == "setting", 5, n)
    assert d["name"] == "gap.response" and d["new"] == 0.5 and d["old"] == 0.32, d
    m = type_into(app, layout, "gap.bounce", "0.3")
    b = app.wait_for(lambda e: e["event"] == "setting", 5, m)
    assert b["name"] == "gap.damping" and abs(b["new"] - 0.7) < 1e-9 and b["old"] == 0.85, b
    time.sleep(0.3)
    others = [e for e in app.events()[m:] if e["event"] == "setting" and e is not b and e != b]
    assert not others, f"the bounce moved more than the damping: {others}"
    layout = choose(app, "stiffness")
    assert {"gap.mass", "gap.stiffness", "gap.coefficient"} <= set(layout), sorted(layout)
    k, c, mass = shown(app, layout, "gap.stiffness"), shown(app, layout, "gap.coefficient"), shown(app, layout, "gap.mass")
    assert (k, c, mass) == ("157.9", "17.59", "1.00"), (k, c, mass)
    # Remembered with the session.
    deadline = time.time() + 5
    while time.time() < deadline:
        try:
            with open(STATE) as f:
                if json.load(f).get("form") == "stiffness":
                    break
        except (FileNotFoundError, ValueError):
            pass
        time.sleep(0.1)
    else:
        raise AssertionError("the state file never said form stiffness")


@case("Origami: speed 12 then bounciness 5 typed into the gap group make the spring Rebound makes of them; "
      "a ratio group keeps its ratio beside its bounciness")
def _(app):
    layout = choose(app, "origami")
    assert {"gap.bounciness", "gap.speed"} <= set(layout) and "gap.response" not in layout, sorted(layout)
    assert "leave.ratio" in layout and "leave.bounciness" in layout and "leave.speed" not in layout, "a ratio group keeps its ratio"
    n = type_into(app, layout, "gap.speed", "12")
    app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.response", 5, n)
    time.sleep(0.3)
    moved = {e["name"] for e in app.events()[n:] if e["event"] == "setting"}
    assert moved == {"gap.response", "gap.damping"}, f"speed moves the tension and, through the friction curve, ζ: {moved}"
    m = type_into(app, layout, "gap.bounciness", "5")
    app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "gap.damping", 5, m)
    time.sleep(0.3)
    assert {e["name"] for e in app.events()[m:] if e["event"] == "setting"} == {"gap.damping"}, "bounciness moves only ζ"
    last = {}
    for e in app.events():
        if e["event"] == "setting":
            last[e["name"]] = e["new"]
    import math
    k = (2 * math.pi / last["gap.response"]) ** 2
    c = 2 * last["gap.damping"] * math.sqrt(k)
    tension, friction = rebound(5, 12)
    assert abs(k - tension) < 1e-6 * tension and abs(c - friction) < 1e-6 * friction, (k, c, tension, friction)
    assert shown(app, layout, "gap.speed") == "12.00" and shown(app, layout, "gap.bounciness") == "5.00"


@case("the next start opens on the remembered form with the spring typed before", env=ENV)
def _(app):
    assert app.started.get("form") == "stiffness", app.started
    assert "gap.stiffness" in app.layout and "gap.response" not in app.layout, sorted(app.layout)
    assert shown(app, app.layout, "gap.stiffness") == "157.9"
    # Typing a stiffness sets the response it means: k 100 → 2π/10 = 0.628 s.
    n = type_into(app, app.layout, "gap.stiffness", "100")
    r = app.wait_for(lambda e: e["event"] == "setting", 5, n)
    assert r["name"] == "gap.response" and abs(r["new"] - 0.6283185307) < 1e-6, r
    # Out of range: a stiffness whose response would be under 0.05 s is refused.
    m = type_into(app, app.layout, "gap.stiffness", "20000")
    refused = app.wait_for(lambda e: e["event"] == "refused", 5, m)
    assert refused["name"] == "gap.stiffness" and refused["reason"].startswith("out of range: 9.8696"), refused
    xdo(app.display, "key", "Escape")


def form_screenshots(scale, theme, out_dir):
    """The window at `scale` in `theme` in each form, saved by the app's S key into
    --captures, on a private Xvfb as large as the window's pixels. Returns the paths."""
    w, h = 1280 * scale, 800 * scale
    captures = tempfile.mkdtemp(prefix="springlab-forms-captures-")
    app = App(["--scale", str(scale), "--theme", theme, "--size", "1280x800", "--captures", captures], screen=(w, h))
    paths = []
    try:
        layout = app.layout
        for form in ("response", "duration", "stiffness", "origami"):
            n = len(app.events())
            if form != "response":
                xdo(app.display, "mousemove", *centre(layout, "form." + form, scale), "click", "1")
                app.wait_for(lambda e: e["event"] == "form", 15, n)
                layout = app.wait_for(lambda e: e["event"] == "layout", 15, n)
            # Overdamped in the first: the bounce reads negative, the coefficient past critical.
            if form == "response":
                xdo(app.display, "mousemove", *number(layout, "alert.damping", scale), "click", "1", "type", "1.4")
                xdo(app.display, "key", "Return")
                app.wait_for(lambda e: e["event"] == "setting", 15, n)
            xdo(app.display, "mousemove", 5, 5)  # off the inspector
            time.sleep(0.4)
            paths.append(screenshot(app, os.path.join(out_dir, f"form-{form}-{scale}x-{theme}.png"), (w, h)))
        return paths
    finally:
        app.close()


def screenshots():
    at_each_scale_and_theme("screenshots at {scale}× {theme}: each form", "FORMS_SHOTS", "springlab-forms-shots-",
                            lambda scale, theme, out_dir: ", ".join(form_screenshots(scale, theme, out_dir)))


screenshots()
summary()
