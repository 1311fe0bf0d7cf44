"""The end-to-end harness: a private Xvfb per case, the real app started with --trace,
real pointer and key events through xdotool, and the trace read back (issue 3)."""
import json, math, os, subprocess, sys, tempfile, time

BIN = sys.argv[1]
results = []

def xdo(display, *args):
    subprocess.run(["xdotool", *map(str, args)], check=True, env={**os.environ, "DISPLAY": display})

class App:
    def __init__(self, extra=(), env_extra=None, screen=(1280, 800), quit_after=30):
        self.tmp = tempfile.mkdtemp(prefix="springlab-e2e-")
        self.trace = os.path.join(self.tmp, "trace.jsonl")
        # A private Xvfb per case: no state leaks between cases. `screen` larger for a 2×
        # window, whose pixels do not fit 1280x800.
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", f"{screen[0]}x{screen[1]}x24", "-nolisten", "tcp"],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.display = ":" + self.xvfb.stdout.readline().decode().strip()
        # Its own XDG folders per case, so a remembered session (docs/behaviour.md §11.5) or a saved
        # preset never leaks from one run into the next; env_extra may point two starts at
        # one folder (the session test).
        env = {**os.environ, "DISPLAY": self.display, "XDG_CONFIG_HOME": os.path.join(self.tmp, "config"),
               "XDG_DATA_HOME": os.path.join(self.tmp, "data")}
        env.pop("SDL_VIDEODRIVER", None)
        # SPRINGLAB_DEBUG_EVENTS makes the app print each pointer event's raw X server time:
        # the true-time case measures the truth from them.
        self.log = open(os.path.join(self.tmp, "events.log"), "w")
        self.proc = subprocess.Popen([BIN, "run", "--trace", self.trace, "--quit-after", str(quit_after), *extra],
                                     env={**env, "SPRINGLAB_DEBUG_EVENTS": "1", **(env_extra or {})},
                                     stdout=self.log, stderr=self.log)
        # Ready at the first frame; the Push Alert (as the trace's `started` says, whether a
        # flag or a remembered session chose it) once its alert has settled in.
        self.wait_for(lambda e: e["event"] == "firstFrame", 15)
        self.started = next(e for e in self.events() if e["event"] == "started")
        if self.started.get("scene") == "push-alert" and "--replay" not in extra:
            self.wait_for(lambda e: e["event"] == "settled" and e.get("state") == "shown", 15)
        self.layout = next(e for e in self.events() if e["event"] == "layout")

    def events(self):
        try:
            with open(self.trace) as f:
                text = f.read()
        except FileNotFoundError:
            return []
        # A line the app is still writing has no newline yet: it is read on the next poll
        # (read half-written, a long line failed to parse: "Expecting ',' delimiter").
        complete = text[:text.rfind("\n") + 1]
        return [json.loads(line) for line in complete.splitlines() if line.strip()]

    def wait_for(self, predicate, timeout, after=0):
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = [e for e in self.events()[after:] if predicate(e)]
            if found:
                return found[0]
            time.sleep(0.05)
        raise AssertionError("timed out waiting; trace: " + json.dumps(self.events()[-6:]))

    def close(self):
        self.log.close()
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.xvfb.terminate()
        self.xvfb.wait(5)

def panel_point(app):
    x, y, w, h = app.layout["panel"]
    return int(x + 60), int(y + h / 2)

def drag(app, dx_per_step, steps, step_s, rest_s=0.0, extra=()):
    x0, y = panel_point(app)
    cmd = ["mousemove", x0, y, "mousedown", "1"]
    for i in range(1, steps + 1):
        cmd += ["sleep", step_s, "mousemove", x0 + dx_per_step * i, y]
    cmd += list(extra)
    if rest_s:
        cmd += ["sleep", rest_s]
    cmd += ["mouseup", "1"]
    xdo(app.display, *cmd)

def click_control(app, name, after=0):
    """Clicks the control `name` where the latest layout event (after event `after`) puts it."""
    layout = [e for e in app.events()[after:] if e["event"] == "layout" and name in e]
    if not layout:
        layout = [app.wait_for(lambda e: e["event"] == "layout" and name in e, 5, after)]
    x, y, w, h = layout[-1][name]
    k = app.started.get("scale", 1)  # layout is in points; the pointer moves in pixels
    xdo(app.display, "mousemove", int((x + w / 2) * k), int((y + h / 2) * k), "click", "1")


def capture_choices(app, **choices):
    """Sets the capture panel's choices by clicking them (docs/behaviour.md §14): e.g. area="window",
    scale=2, format="gif", fps=33, pointer=True. Opens the panel and closes it again."""
    n = len(app.events())
    click_control(app, "capture")
    shown = app.wait_for(lambda e: e["event"] == "capturePanel" and e["shown"], 5, n)
    state = {"format": shown["format"], "fps": shown["fps"], "scale": shown["scale"], "area": shown["area"],
             "pointer": shown["pointer"]}
    for key in ("format", "fps", "scale", "area"):
        if key in choices and str(choices[key]) != str(state[key]).replace(".0", ""):
            m = len(app.events())
            click_control(app, f"capture.{key}.{choices[key]}", n)
            app.wait_for(lambda e: e["event"] == "captureOptions", 5, m)
    if "pointer" in choices and choices["pointer"] != state["pointer"]:
        m = len(app.events())
        click_control(app, "capture.pointer", n)
        app.wait_for(lambda e: e["event"] == "captureOptions" and e["pointer"] == choices["pointer"], 5, m)
    m = len(app.events())
    xdo(app.display, "key", "Escape")
    return app.wait_for(lambda e: e["event"] == "capturePanel" and not e["shown"], 5, m)


def screenshot(app, path, size=None):
    """Saves the whole window by the app's S key (it writes into --captures) at the window's
    scale — the capture panel set to Window and that scale first — and moves the PNG to
    `path`; with `size` (w, h), checks it has exactly that many pixels. Returns `path`."""
    if not getattr(app, "whole_window_shots", False):
        capture_choices(app, area="window", scale=int(app.started.get("scale", 1)))
        app.whole_window_shots = True
    n = len(app.events())
    xdo(app.display, "key", "s")
    shot = app.wait_for(lambda e: e["event"] == "screenshot", 15, n)
    deadline = time.time() + 5
    while not os.path.exists(shot["path"]) and time.time() < deadline:
        time.sleep(0.05)
    os.replace(shot["path"], path)
    if size:
        got = subprocess.run(["identify", "-format", "%w %h", path], capture_output=True, text=True, check=True).stdout
        assert got.split() == [str(size[0]), str(size[1])], f"{path} is {got}, not {size[0]}x{size[1]}"
    return path

def at_each_scale_and_theme(title, shots_env, prefix, shoot):
    """Runs `shoot(scale, theme, out_dir)` at 1× and 2×, light and dark, as one case each
    named by `title.format(scale=…, theme=…)`; `shoot` returns what it saved (printed)
    and raises to fail. The PNGs go to $`shots_env`, else a new temporary folder."""
    out_dir = os.environ.get(shots_env) or tempfile.mkdtemp(prefix=prefix)
    os.makedirs(out_dir, exist_ok=True)
    for scale in (1, 2):
        for theme in ("light", "dark"):
            name = title.format(scale=scale, theme=theme)
            if os.environ.get("E2E_ONLY", "") not in name:
                continue
            try:
                saved = shoot(scale, theme, out_dir)
                results.append((name, None))
                print(f"ok   {name} ({saved})")
            except Exception as e:  # noqa: BLE001 — report every failure, keep going
                results.append((name, e))
                print(f"FAIL {name}: {e}")

def summary():
    """Prints "N passed, N failed" and exits non-zero on any failure."""
    failed = sum(1 for _, e in results if e)
    print(f"{len(results) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)

def case(name, extra=(), env=None, screen=(1280, 800), quit_after=30):
    """Runs the case at once (E2E_ONLY=text runs only the cases whose name contains it).
    `screen` is the Xvfb screen: the window's size, so that it sits at the origin and
    pointer positions are window points."""
    def wrap(fn):
        if os.environ.get("E2E_ONLY", "") not in name:
            return fn
        app = None
        try:
            app = App(extra, env, screen, quit_after)
            fn(app)
            results.append((name, None))
            print(f"ok   {name}")
        except Exception as e:  # noqa: BLE001 — report every failure, keep going
            results.append((name, e))
            print(f"FAIL {name}: {e}")
            if os.environ.get("E2E_TRACEBACK"):
                import traceback
                traceback.print_exc()
        finally:
            if app:
                app.close()
        return fn
    return wrap


def check(name):
    """Runs `fn()` at once as a case without a window of its own (it opens what it needs);
    what it returns is printed beside "ok". E2E_ONLY=text runs only the cases whose name
    contains it."""
    def wrap(fn):
        if os.environ.get("E2E_ONLY", "") not in name:
            return fn
        try:
            said = fn()
            results.append((name, None))
            print(f"ok   {name}" + (f"  ({said})" if said else ""))
        except Exception as e:  # noqa: BLE001 — report every failure, keep going
            results.append((name, e))
            print(f"FAIL {name}: {e}")
        return fn
    return wrap
