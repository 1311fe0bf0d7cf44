#!/usr/bin/env python3
"""End-to-end: the Spring Lab (docs/behaviour.md §12.1) in the real app under Xvfb, thrown with real X
pointer events (xdotool), judged by its --trace output.

Key 5 shows the lab; a throw of card A lands on the right stop and its `settled` comes at
spring A's settle time, 6 / (ζω0) (docs/behaviour.md §1.4); a click on a stop sends the card there;
Escape mid-drag cancels; with A/B on (the inspector's switch) one throw moves both cards
and each settles at its own spring's time. Then the window at 1× and 2×, light and dark,
with A/B on and a ghost curve, saved by the app's S key (into $SPRINGLAB_SHOTS if set).

    python3 Tests/e2e/springlab_e2e.py .build/debug/springlab
"""
import math, os, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import App, at_each_scale_and_theme, case, screenshot, summary, xdo  # noqa: E402

# The default springs (SpringLabSettings): A is (0.5 s, ζ 0.825), B (0.5 s, ζ 0.7); an
# underdamped spring settles at 6 / (ζω0) with ω0 = 2π / response (docs/behaviour.md §1.1, §1.4).
SETTLE_A = 6 / (0.825 * 2 * math.pi / 0.5)
SETTLE_B = 6 / (0.7 * 2 * math.pi / 0.5)


def centre(frame, scale=1):
    x, y, w, h = frame
    return int((x + w / 2) * scale), int((y + h / 2) * scale)


def latest_layout(app):
    return [e for e in app.events() if e["event"] == "layout"][-1]


def throw(app, x, y, dx=24, steps=12, step_s=0.008):
    """A fast throw from (x, y): `steps` moves of `dx` px, `step_s` apart, let go moving."""
    cmd = ["mousemove", x, y, "mousedown", "1"]
    for i in range(1, steps + 1):
        cmd += ["sleep", step_s, "mousemove", x + dx * i, y]
    xdo(app.display, *cmd, "mouseup", "1")


def settled_pair(app, after):
    """The next two `settled` lines after event `after`, by card."""
    deadline = time.time() + 5
    while time.time() < deadline:
        found = [e for e in app.events()[after:] if e["event"] == "settled"]
        if len(found) >= 2:
            return {e["card"]: e for e in found[:2]}
        time.sleep(0.05)
    raise AssertionError("two cards never settled: " + str(app.events()[-6:]))


@case("key 5 shows the Spring Lab; a throw lands on the right stop and settles at spring A's settle time")
def _(app):
    n = len(app.events())
    xdo(app.display, "key", "5")
    scene = app.wait_for(lambda e: e["event"] == "scene", 5, n)
    assert scene["scene"] == "spring", scene
    # The 640 pt page is centred on the stage (the window less the 340 pt inspector);
    # card A rests on the left stop, its centre at (100, 76) on the page.
    w, _ = app.layout["window"]
    x, y = round((w - 340 - 640) / 2) + 100, 76
    time.sleep(0.3)
    m = len(app.events())
    throw(app, x, y)   # 288 px right in about 0.1 s
    began = app.wait_for(lambda e: e["event"] == "dragBegan", 5, m)
    assert began["card"] == "a" and began["x"] >= x + 8, began   # claimed past the 8 pt slop
    thrown = app.wait_for(lambda e: e["event"] == "thrown", 5, m)
    # Rightwards, at the speed of the hand: at most 288 px over the 96 ms the moves took,
    # and well above what a slow drag lets go at.
    # (xdotool's sleeps stretch on a busy machine: the floor leaves room for that.)
    assert 400 < thrown["velocity"] < 4500, thrown
    assert thrown["to"] == "right" and thrown["cards"] == 1, thrown
    # (The trace writes derived values at 10 significant digits, docs/behaviour.md §15.7: relative 1e-9.)
    expected = thrown["velocity"] / (thrown["target"] - thrown["from"])
    assert abs(thrown["normalized"] - expected) < 1e-9 * abs(expected), thrown
    settled = app.wait_for(lambda e: e["event"] == "settled", 5, m)
    assert settled["card"] == "a" and settled["stop"] == "right", settled
    assert abs(settled["settle"] - SETTLE_A) < 1e-6, settled
    assert abs(settled["t"] - thrown["t"] - SETTLE_A) < 1e-6, (thrown, settled)
    # The throw moved where card A rests: a fresh layout says so.
    layout = app.wait_for(lambda e: e["event"] == "layout" and "card.a" in e, 5, m)
    assert layout["card.a"] == layout["stop.right"], layout
    assert [e for e in app.events()[m:] if e["event"] == "settled"] == [settled], "settled once"


@case("a click on the far stop sends the card there; Escape mid-drag cancels it home", extra=["--scene", "spring"])
def _(app):
    n = len(app.events())
    xdo(app.display, "mousemove", *centre(app.layout["stop.right"]), "click", "1")
    sent = app.wait_for(lambda e: e["event"] == "sent", 5, n)
    assert sent["to"] == "right" and sent["velocity"] == 0, sent
    settled = app.wait_for(lambda e: e["event"] == "settled", 5, n)
    assert settled["stop"] == "right" and abs(settled["t"] - sent["t"] - SETTLE_A) < 1e-6, settled
    m = len(app.events())
    x, y = centre(app.layout["stop.right"])
    xdo(app.display, "mousemove", x, y, "mousedown", "1", "sleep", "0.03", "mousemove", x - 60, y, "sleep", "0.03",
        "mousemove", x - 120, y, "sleep", "0.05", "key", "Escape", "sleep", "0.05", "mouseup", "1")
    cancelled = app.wait_for(lambda e: e["event"] == "dragCancelled", 5, m)
    assert cancelled["to"] == "right", cancelled
    app.wait_for(lambda e: e["event"] == "settled" and e["stop"] == "right", 5, m)
    assert not [e for e in app.events()[m:] if e["event"] == "thrown"], "a cancel is not a throw"


@case("A/B on: one throw moves both cards from the same release; each settles at its own spring's time",
      extra=["--scene", "spring"])
def _(app):
    n = len(app.events())
    xdo(app.display, "mousemove", *centre(app.layout["springLab.ab"]), "click", "1")
    switched = app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "springLab.ab", 5, n)
    assert switched["new"] is True, switched
    time.sleep(0.2)
    m = len(app.events())
    throw(app, *centre(app.layout["card.a"]))
    thrown = app.wait_for(lambda e: e["event"] == "thrown", 5, m)
    assert thrown["cards"] == 2 and thrown["to"] == "right", thrown
    both = settled_pair(app, m)
    assert both["a"]["stop"] == "right" and both["b"]["stop"] == "right", both
    assert abs(both["a"]["t"] - thrown["t"] - SETTLE_A) < 1e-6, both
    assert abs(both["b"]["t"] - thrown["t"] - SETTLE_B) < 1e-6, both
    # Thrown back by card B, leftwards: both go, B's release deciding for both.
    layout = latest_layout(app)
    k = len(app.events())
    throw(app, *centre(layout["card.b"]), dx=-24)
    back = app.wait_for(lambda e: e["event"] == "thrown", 5, k)
    # (Leftwards at the speed of the hand: xdotool's 8 ms sleeps stretch on a busy machine,
    # and the velocity is measured from the X server's times of the moves, so it can be
    # well under the nominal 3000 px/s — yet far above a slow drag's.)
    assert back["card"] == "b" and back["velocity"] < -400 and back["to"] == "left", back
    again = settled_pair(app, k)
    assert again["a"]["stop"] == "left" and again["b"]["stop"] == "left", again


def shoot(scale, theme, out_dir):
    """The window at `scale` in `theme` with A/B on, spring A made bouncier by its damping
    slider (so the old A is the ghost) and a throw's curves, saved with S. Returns its path."""
    w, h = 1280 * scale, 800 * scale
    captures = tempfile.mkdtemp(prefix="springlab-lab-captures-")
    app = App(["--scene", "spring", "--scale", str(scale), "--theme", theme, "--size", "1280x800", "--captures", captures],
              screen=(w, h))
    try:
        layout = app.layout
        n = len(app.events())
        xdo(app.display, "mousemove", *centre(layout["springLab.ab"], scale), "click", "1")
        app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "springLab.ab", 15, n)
        # Damping at 30 % of its track (the slider's label takes 92 pt, its number 62 + 8).
        gx, gy, gw, gh = layout["a.damping"]
        xdo(app.display, "mousemove", int((gx + 92 + 0.3 * (gw - 162)) * scale), int((gy + gh / 2) * scale), "click", "1")
        app.wait_for(lambda e: e["event"] == "setting" and e["name"] == "a.damping", 15, n)
        m = len(app.events())
        x, y = centre(layout["card.a"], scale)
        throw(app, x, y, dx=24 * scale)
        app.wait_for(lambda e: e["event"] == "thrown", 15, m)
        settled_pair(app, m)
        xdo(app.display, "mousemove", 5, 5)
        time.sleep(0.4)
        return screenshot(app, os.path.join(out_dir, f"springlab-ab-ghost-{scale}x-{theme}.png"), (w, h))
    finally:
        app.close()


at_each_scale_and_theme("screenshot at {scale}× {theme}: A/B on, a ghost, a throw's curves", "SPRINGLAB_SHOTS",
                        "springlab-lab-shots-", shoot)
summary()
