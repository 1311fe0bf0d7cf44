#!/usr/bin/env python3
"""Writes the compatibility fixtures beside this script with the binary given, through the
app's own writers: the remembered session (one per spring form), a preset saved from the
inspector for each scene, and a small replay. Run it only to make fixtures for a new file
version; the ones here were written by the commit their README names.

    python3 Tests/AppTests/Fixtures/compat/make_fixtures.py .build/debug/springlab
"""
import json, os, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "e2e"))
sys.dont_write_bytecode = True
from harness import BIN, App, xdo  # noqa: E402

BIN = os.path.abspath(BIN)
TMP = tempfile.mkdtemp(prefix="springlab-compat-")
# One changed value in every scene: what the fixtures' tests expect back.
CHANGES = {"pushAlert": {"gap": {"response": 0.5}}, "pile": {"merge": 12}, "presence": {"spacing": 20},
           "neck": {"merge": 30}, "springLab": {"a": {"response": 0.6, "damping": 0.9}, "ab": True}}
SEED = os.path.join(TMP, "changes.preset.json")
with open(SEED, "w") as f:
    json.dump(CHANGES, f)


def session(name, extra, seed=None):
    """Runs the window briefly on a fresh config folder and keeps the state file it wrote."""
    config = os.path.join(TMP, name, "config")
    if seed is not None:
        os.makedirs(os.path.join(config, "springlab"))
        with open(os.path.join(config, "springlab", "state.json"), "w") as f:
            json.dump(seed, f)
    env = {**os.environ, "XDG_CONFIG_HOME": config, "XDG_DATA_HOME": os.path.join(TMP, name, "data")}
    env.pop("SDL_VIDEODRIVER", None)
    subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", BIN, "run", "--quit-after", "1.5", *extra],
                   env=env, check=True, capture_output=True)
    shutil.copy(os.path.join(config, "springlab", "state.json"), os.path.join(HERE, f"{name}.state.json"))
    return json.load(open(os.path.join(HERE, f"{name}.state.json")))


# The response form: written from the defaults with the changes laid over them by --preset.
first = session("response", ["--scene", "liquid", "--theme", "dark", "--preset", SEED])
# The other two forms and copy formats have no flag: a state holding them is read, and the
# window writes it back because --theme and --scene differ from what it held.
for form, fmt, scene in (("duration", "css", "spring"), ("stiffness", "react-spring", "neck")):
    seed = dict(first, form=form, copyFormat=fmt)
    session(form, ["--scene", scene, "--theme", "light"], seed=seed)

# A preset saved by the inspector's Save preset on each scene, under the scene's own name,
# after a start that changed only that scene's value.
for scene, key in (("push-alert", "pushAlert"), ("presence", "presence"), ("liquid", "pile"), ("neck", "neck"),
                   ("spring", "springLab")):
    one = os.path.join(TMP, f"{key}.preset.json")
    with open(one, "w") as f:
        json.dump({key: CHANGES[key]}, f)
    app = App(extra=["--scene", scene, "--preset", one])
    try:
        xdo(app.display, "mousemove", 1100, 400, "click", "--repeat", "40", "--delay", "10", "5")
        time.sleep(0.5)
        layout = [e for e in app.events() if e["event"] == "layout"][-1]
        fx, fy, fw, fh = layout["presetName"]
        xdo(app.display, "mousemove", int(fx + fw - 40), int(fy + fh / 2), "click", "1", "key", "ctrl+a", "type", scene)
        xdo(app.display, "key", "Return")
        x, y, w, h = layout["savePreset"]
        n = len(app.events())
        xdo(app.display, "mousemove", int(x + w / 2), int(y + h / 2), "click", "1")
        saved = app.wait_for(lambda e: e["event"] == "presetSaved", 5, n)
        shutil.copy(saved["path"], os.path.join(HERE, os.path.basename(saved["path"])))
    finally:
        app.close()

# A short take of the Presence scene's hide script, with its frame hashes.
subprocess.run([BIN, "record", "--scene", "presence", "--script", "hide", "--duration", "0.5",
                "--out", os.path.join(TMP, "frames") + "/", "--save-replay", os.path.join(HERE, "presence-hide.slreplay")],
               check=True, capture_output=True, env={**os.environ, "SDL_VIDEODRIVER": "offscreen"})
print("written in", HERE)
