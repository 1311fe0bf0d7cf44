#!/usr/bin/env python3
"""End-to-end: Copy as code and Paste in the spring groups (docs/behaviour.md §12.2, §12.3, issue 14).

Real keys and clicks under Xvfb: Ctrl+C over the gap group puts the gap spring on the X
clipboard (read back with `xclip -o -selection clipboard`); a Compose text put on the
clipboard with xclip and pasted with Ctrl+V sets the gap exactly (the `setting` events)
as one undo step; the Code menu copies CSS and its Paste button reads the clipboard; a
text that is no spring changes nothing and says why. Screenshots of the open menu and a
toast at 1× and 2×, light and dark.

    python3 Tests/e2e/code_e2e.py .build/debug/springlab
"""
import math, os, re, subprocess, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import App, at_each_scale_and_theme, case, screenshot, summary, xdo  # noqa: E402
from rebound import rebound  # noqa: E402


def centre(layout, id, scale=1):
    x, y, w, h = layout[id]
    return int((x + w / 2) * scale), int((y + h / 2) * scale)


def over_group(layout, group, scale=1):
    """A point on the group's title row, left of its buttons (the pointer over the group)."""
    x, y, w, h = layout[group + ".reset"]
    return int((x - 250) * scale), int((y + h / 2) * scale)


def clipboard(app):
    return subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, text=True, timeout=5,
                          env={**os.environ, "DISPLAY": app.display}).stdout


def set_clipboard(app, text):
    # xclip forks and serves the selection until another client takes it.
    # (Its stderr closed: the server going away at the case's end is no failure.)
    subprocess.run(["xclip", "-i", "-selection", "clipboard"], input=text, text=True, timeout=5, check=True,
                   stderr=subprocess.DEVNULL, env={**os.environ, "DISPLAY": app.display})


def latest_layout(app):
    return [e for e in app.events() if e["event"] == "layout"][-1]


def copy_from_menu(app, group, fmt):
    """Opens `group`'s Code… menu, clicks Copy as `fmt`, and returns the clipboard."""
    n = len(app.events())
    xdo(app.display, "mousemove", *centre(latest_layout(app), f"{group}.code"), "click", "1")
    layout = app.wait_for(lambda e: e["event"] == "layout" and f"{group}.copy.{fmt}" in e, 5, n)
    m = len(app.events())
    xdo(app.display, "mousemove", *centre(layout, f"{group}.copy.{fmt}"), "click", "1")
    app.wait_for(lambda e: e["event"] == "copied" and e["format"] == fmt, 5, m)
    time.sleep(0.2)
    return clipboard(app)


def number(pattern, text):
    m = re.search(pattern + r"\s*(-?[0-9.]+(?:[eE][-+]?[0-9]+)?)", text)
    return float(m.group(1)) if m else None


@case("Ctrl+C over the gap group puts the gap spring on the X clipboard as SwiftUI, with a `copied` event")
def _(app):
    n = len(app.events())
    xdo(app.display, "mousemove", *over_group(app.layout, "gap"), "key", "ctrl+c")
    copied = app.wait_for(lambda e: e["event"] == "copied", 5, n)
    assert copied["group"] == "pushAlert.gap" and copied["format"] == "swiftui", copied
    time.sleep(0.2)
    text = clipboard(app)
    # The gap spring's defaults (docs/behaviour.md §3): response 0.32, damping 0.85.
    assert number(r"response:", text) == 0.32 and number(r"dampingFraction:", text) == 0.85, text


@case("paste a Compose text with Ctrl+V: the gap is set exactly, one undo step puts it back")
def _(app):
    set_clipboard(app, "spring(\n    dampingRatio = Spring.DampingRatioMediumBouncy,\n    stiffness = 400f\n)")
    n = len(app.events())
    xdo(app.display, "mousemove", *over_group(app.layout, "gap"), "key", "ctrl+v")
    pasted = app.wait_for(lambda e: e["event"] == "pasted", 5, n)
    settings = {e["name"]: e for e in app.events()[n:] if e["event"] == "setting"}
    # Compose: DampingRatioMediumBouncy = 0.5, stiffness 400 at unit mass → ω0 20, response 2π/20.
    assert abs(settings["gap.response"]["new"] - 2 * math.pi / 20) < 1e-9, settings
    assert settings["gap.damping"]["new"] == 0.5, settings
    assert pasted["group"] == "pushAlert.gap", pasted
    m = len(app.events())
    xdo(app.display, "key", "ctrl+z")
    undo = app.wait_for(lambda e: e["event"] == "undo", 5, m)
    assert sorted(undo["settings"]) == ["gap.damping", "gap.response"], undo


@case("the Code menu copies CSS linear(); its Paste reads the clipboard; prose is refused with a reason")
def _(app):
    css = copy_from_menu(app, "alert", "css")
    assert re.search(r"transition: transform [0-9.]+m?s linear\(0, ", css) and ", 1)" in css, css
    set_clipboard(app, "0.5, 0.7")
    m = len(app.events())
    xdo(app.display, "mousemove", *centre(latest_layout(app), "alert.code"), "click", "1")
    layout = app.wait_for(lambda e: e["event"] == "layout" and "alert.paste" in e, 5, m)
    xdo(app.display, "mousemove", *centre(layout, "alert.paste"), "click", "1")
    app.wait_for(lambda e: e["event"] == "pasted" and e["group"] == "pushAlert.alert", 5, m)
    got = {e["name"]: e["new"] for e in app.events()[m:] if e["event"] == "setting"}
    assert got == {"alert.response": 0.5, "alert.damping": 0.7}, got
    set_clipboard(app, "a calm spring, please")
    k = len(app.events())
    xdo(app.display, "mousemove", *over_group(app.layout, "gap"), "key", "ctrl+v")
    refused = app.wait_for(lambda e: e["event"] == "pasteRefused", 5, k)
    assert refused["reason"] and "\n" not in refused["reason"], refused
    assert not [e for e in app.events()[k:] if e["event"] == "setting"], "a refused paste changed something"


@case("Copy as Origami gives the gap as bounciness and speed Rebound turns back into it; Rebound's call pastes")
def _(app):
    text = copy_from_menu(app, "gap", "origami")
    b, s = number(r"bounciness:", text), number(r"speed:", text)
    k, c = rebound(b, s)
    # The gap's defaults (docs/behaviour.md §3): response 0.32, damping 0.85, at unit mass.
    w0 = 2 * math.pi / 0.32
    assert abs(k / (w0 * w0) - 1) < 1e-8 and abs(c / (2 * 0.85 * w0) - 1) < 1e-8, (text, k, c)
    set_clipboard(app, "SpringConfig.fromBouncinessAndSpeed(8, 12)")
    m = len(app.events())
    xdo(app.display, "mousemove", *over_group(latest_layout(app), "gap"), "key", "ctrl+v")
    app.wait_for(lambda e: e["event"] == "pasted" and e["group"] == "pushAlert.gap", 5, m)
    got = {e["name"]: e["new"] for e in app.events()[m:] if e["event"] == "setting"}
    k, c = rebound(8, 12)
    assert abs(got["gap.response"] - 2 * math.pi / math.sqrt(k)) < 1e-6, got
    assert abs(got["gap.damping"] - c / (2 * math.sqrt(k))) < 1e-6, got


@case("Copy as CSS keyframes and Web Animations from the menu; each pastes back as the same spring")
def _(app):
    for fmt, must in [("keyframes", "@keyframes spring {"), ("waapi", "element.animate([")]:
        text = copy_from_menu(app, "alert", fmt)
        assert text.startswith(must) and "linear" in text, text[:200]
        # Pasted over the gap, the gap becomes the alert's spring (docs/behaviour.md §3: 0.42 s, 0.78).
        k = len(app.events())
        xdo(app.display, "mousemove", *over_group(latest_layout(app), "gap"), "key", "ctrl+v")
        app.wait_for(lambda e: e["event"] == "pasted" and e["group"] == "pushAlert.gap", 5, k)
        got = {e["name"]: e["new"] for e in app.events()[k:] if e["event"] == "setting"}
        assert got == {"gap.response": 0.42, "gap.damping": 0.78}, (fmt, got)
        xdo(app.display, "key", "ctrl+z")
        time.sleep(0.3)


@case("Ctrl+V with an empty clipboard says so; a clipboard holding just 'r' is a refused paste, not the take key")
def _(app):
    n = len(app.events())
    xdo(app.display, "mousemove", *over_group(app.layout, "gap"), "key", "ctrl+v")
    refused = app.wait_for(lambda e: e["event"] == "pasteRefused", 5, n)
    assert "empty" in refused["reason"], refused
    set_clipboard(app, "r")
    n = len(app.events())
    xdo(app.display, "key", "ctrl+v")
    refused = app.wait_for(lambda e: e["event"] == "pasteRefused", 5, n)
    time.sleep(0.5)
    assert not [e for e in app.events()[n:] if e["event"] == "recordingStarted"], "the pasted 'r' started a take"


@case("a refused paste quotes the clipboard safely: ESC, BEL and U+202E escaped, a 400-character name cut (docs/behaviour.md §13)")
def _(app):
    set_clipboard(app, "spring(stiffness = Spring.Stiffness\x1b\x07\u202eEvil" + "X" * 400 + ")")
    n = len(app.events())
    xdo(app.display, "mousemove", *over_group(app.layout, "gap"), "key", "ctrl+v")
    refused = app.wait_for(lambda e: e["event"] == "pasteRefused", 5, n)
    reason = refused["reason"]
    assert not any(c in reason for c in "\x1b\x07\u202e"), repr(reason)
    assert "\\u{1B}" in reason and len(reason) <= 240 + 1, (len(reason), reason)


def shots(scale, theme, out_dir):
    """The open Code menu with a refusal's toast, then a copy's toast, by the app's S key."""
    captures = tempfile.mkdtemp(prefix="springlab-code-captures-")
    app = App(["--scale", str(scale), "--theme", theme, "--size", "1280x800", "--captures", captures],
              screen=(1280 * scale, 800 * scale))
    paths = []
    try:
        def shoot(name):
            size = (1280 * scale, 800 * scale)
            paths.append(screenshot(app, os.path.join(out_dir, f"code-{name}-{scale}x-{theme}.png"), size))

        n = len(app.events())
        xdo(app.display, "mousemove", *centre(app.layout, "gap.code", scale), "click", "1")
        app.wait_for(lambda e: e["event"] == "layout" and "gap.copy.css" in e, 5, n)
        set_clipboard(app, "spring(stiffness = -4f)")
        xdo(app.display, "key", "ctrl+v")
        app.wait_for(lambda e: e["event"] == "pasteRefused", 5, n)
        time.sleep(0.3)
        shoot("menu-refused")
        # (The open menu moved the alert group down: aim by the latest layout.)
        xdo(app.display, "mousemove", *over_group(latest_layout(app), "alert", scale), "key", "ctrl+c")
        copied = app.wait_for(lambda e: e["event"] == "copied", 5, n)
        assert copied["group"] == "pushAlert.alert", copied
        time.sleep(0.3)
        shoot("copied")
        return ", ".join(paths)
    finally:
        app.close()


at_each_scale_and_theme("screenshots at {scale}× {theme}: the Code menu and its toasts", "CODE_SHOTS",
                        "springlab-code-shots-", shots)
summary()
