#!/usr/bin/env python3
"""Capture and replay through the real binary (issue 7): determinism, MP4 and GIF frame
counts and rates by ffprobe, the replay round trip, and every failure path — no ffmpeg,
ffmpeg dying midway (a full disk), unwritable outputs, malformed replay files."""
import hashlib, json, os, re, shutil, subprocess, sys, tempfile

BIN = os.path.abspath(sys.argv[1])
TMP = tempfile.mkdtemp(prefix="springlab-capture-")
results = []

def run(*args, env=None):
    p = subprocess.run([BIN, *map(str, args)], capture_output=True, text=True, env={**os.environ, **(env or {})})
    return p.returncode, p.stdout, p.stderr

def case(name):
    def wrap(fn):
        if os.environ.get("CAPTURE_ONLY", "") not in name:
            return fn
        try:
            fn()
            results.append((name, None)); print(f"ok   {name}")
        except Exception as e:  # noqa: BLE001 — report every failure, keep going
            results.append((name, e)); print(f"FAIL {name}: {e}")
        return fn
    return wrap

def path(name):
    return os.path.join(TMP, name)

def probe(file):
    out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                          "stream=nb_read_frames,r_frame_rate,codec_name,pix_fmt,width,height", "-of", "json", file],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["streams"][0]

def digests(folder):
    return [hashlib.sha256(open(os.path.join(folder, f), "rb").read()).hexdigest() for f in sorted(os.listdir(folder))]

@case("deterministic: two renders of a take give the same bytes, frame by frame")
def _():
    for d in ("d1/", "d2/"):
        code, out, err = run("record", "--scene", "liquid", "--script", "spread", "--duration", "0.6", "--out", path(d))
        assert code == 0, err
    a, b = digests(path("d1")), digests(path("d2"))
    assert len(a) == 36, len(a)          # 0.6 s at 60 fps
    assert a == b, "frames differ between runs"
    assert len(set(a)) > 10, "the pile should move between frames"

@case("MP4: H.264 yuv420p, exactly duration × fps frames at 60/1")
def _():
    code, out, err = run("record", "--scene", "push-alert", "--script", "swipe-left", "--out", path("a.mp4"))
    assert code == 0, err
    s = probe(path("a.mp4"))
    assert s["codec_name"] == "h264" and s["pix_fmt"] == "yuv420p", s
    assert s["r_frame_rate"] == "60/1" and int(s["nb_read_frames"]) == 144, s    # 2.4 s
    assert (s["width"], s["height"]) == (420, 300), s
    assert not os.path.exists(path("a.mp4.partial"))
    print("     ", out.strip())

@case("GIF: 33 fps is 100/3 (3 cs a frame), 50 fps is 2 cs; frames = duration × fps")
def _():
    for fps, rate, frames in ((33, "100/3", 80), (50, "50/1", 120)):
        code, out, err = run("record", "--scene", "push-alert", "--script", "dismiss-tap", "--fps", fps, "--out", path(f"g{fps}.gif"))
        assert code == 0, err
        s = probe(path(f"g{fps}.gif"))
        assert s["r_frame_rate"] == rate and int(s["nb_read_frames"]) == frames, (fps, s)

@case("replay round trip: a take's replay renders the same frames, every state hash checked")
def _():
    code, out, err = run("record", "--scene", "presence", "--script", "show", "--out", path("r1/"), "--save-replay", path("take.slreplay"))
    assert code == 0, err
    code, out, err = run("record", "--replay", path("take.slreplay"), "--out", path("r2/"))
    assert code == 0, err
    assert "replay verified: 156/156 frame hashes match" in out, out
    assert digests(path("r1")) == digests(path("r2")), "replayed frames differ"
    # One changed hash: the replay says it diverged, and where, and renders nothing.
    lines = open(path("take.slreplay")).read().splitlines()
    i = next(k for k, l in enumerate(lines) if '"frame"' in l and '"t": 1.5,' in l)
    lines[i] = re.sub(r'"hash": "[0-9a-f]+"', '"hash": "0000000000000000"', lines[i])
    open(path("bad.slreplay"), "w").write("\n".join(lines) + "\n")
    code, out, err = run("record", "--replay", path("bad.slreplay"), "--out", path("r3/"))
    assert code == 1 and "155/156 frame hashes match" in err and "1.5000 s" in err, (code, err)
    assert not os.path.exists(path("r3")) and not os.path.exists(path("r3.partial"))

@case("record --replay --from/--to: frame i of the span is frame round(from·fps)+i of the whole render, byte for byte (docs/behaviour.md §17)")
def _():
    for scene, script, frm, to, fps in (("liquid", "swipe-left", 0.5, 1.0, 60), ("push-alert", "swipe-left", 1.25, 1.9, 30)):
        take = path(f"span-{scene}.slreplay")
        code, out, err = run("record", "--scene", scene, "--script", script, "--out", path(f"span-{scene}-0/"), "--save-replay", take)
        assert code == 0, err
        code, out, err = run("record", "--replay", take, "--fps", fps, "--out", path(f"span-{scene}-whole/"))
        assert code == 0, err
        code, out, err = run("record", "--replay", take, "--fps", fps, "--from", frm, "--to", to, "--out", path(f"span-{scene}-part/"))
        assert code == 0, err
        whole, part = digests(path(f"span-{scene}-whole")), digests(path(f"span-{scene}-part"))
        first, last = round(frm * fps), round(to * fps)
        assert len(part) == last - first, (scene, len(part), last - first)
        assert part == whole[first:last], f"{scene}: the span's frames differ from the whole render's {first}…{last - 1}"
        assert len(set(part)) > 3, f"{scene}: the span should move"

@case("record --from/--to refused: --from after --to, a span past the take's end, with --save-replay, on a .png")
def _():
    take = path("span-refuse.slreplay")
    code, out, err = run("record", "--scene", "presence", "--script", "show", "--out", path("span-refuse/"), "--save-replay", take)
    assert code == 0, err
    for args, want_code, words in ((["--from", 2, "--to", 1, "--out", path("x1/")], 2, "must come after --from"),
                                   (["--from", 50, "--out", path("x2/")], 1, "past the take's end"),
                                   (["--from", 0.2, "--to", 90, "--out", path("x3/")], 1, "past the take's end"),
                                   (["--from", 0.2, "--save-replay", path("x4.slreplay"), "--out", path("x4/")], 2, "--save-replay"),
                                   (["--from", 0.2, "--out", path("x5.png")], 2, "--time")):
        code, out, err = run("record", "--replay", take, *args)
        assert code == want_code and words in err and len(err.strip().splitlines()) == 1, (args, code, err)
        target = [a for a in args if isinstance(a, str) and a.startswith(TMP)]
        assert not any(os.path.exists(t) for t in target), f"{args}: something was written"

@case("transparent folder: the page's background is alpha 0, the cards are opaque")
def _():
    code, out, err = run("record", "--scene", "presence", "--script", "next", "--duration", "0.05", "--transparent", "--out", path("t/"))
    assert code == 0, err
    first = os.path.join(path("t"), sorted(os.listdir(path("t")))[0])
    corner = subprocess.run(["convert", first, "-format", "%[fx:p{2,590}.a]", "info:"], capture_output=True, text=True).stdout
    card = subprocess.run(["convert", first, "-format", "%[fx:p{200,200}.a]", "info:"], capture_output=True, text=True).stdout
    assert float(corner) == 0 and float(card) == 1, (corner, card)

@case("no ffmpeg: a clear message saying how to install it; PNG output still works")
def _():
    empty = path("nopath"); os.makedirs(empty, exist_ok=True)
    env = {"PATH": empty}
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--out", path("n.mp4"), env=env)
    assert code == 1 and "sudo apt install ffmpeg" in err and len(err.strip().splitlines()) == 1, (code, err)
    assert not os.path.exists(path("n.mp4")) and not os.path.exists(path("n.mp4.partial"))
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--out", path("n.png"), env=env)
    assert code == 0 and os.path.getsize(path("n.png")) > 0, err
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--duration", "0.1", "--out", path("nf/"), env=env)
    assert code == 0 and len(os.listdir(path("nf"))) == 6, err

@case("ffmpeg dying midway (a full disk): its words, the partial output removed")
def _():
    fake = path("fakebin"); os.makedirs(fake, exist_ok=True)
    script = os.path.join(fake, "ffmpeg")
    with open(script, "w") as f:
        # Take about ten frames, leave half a file, and fail the way a full disk does.
        f.write("#!/bin/sh\nfor a in \"$@\"; do out=\"$a\"; done\nhead -c 5000000 > \"$out\"\n"
                "echo \"$out: No space left on device\" >&2\nexit 1\n")
    os.chmod(script, 0o755)
    code, out, err = run("record", "--scene", "push-alert", "--script", "swipe-left", "--out", path("full.mp4"),
                         env={"PATH": fake + ":" + os.environ["PATH"]})
    assert code == 1 and "No space left on device" in err, (code, err)
    assert not os.path.exists(path("full.mp4")) and not os.path.exists(path("full.mp4.partial")), os.listdir(TMP)

@case("unwritable outputs: a clear error and nothing left behind")
def _():
    open(path("afile"), "w").write("x")
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--out", path("afile/x.mp4"))
    # The folder named is a file: said as such (docs/behaviour.md §13 names what a path is).
    assert code == 1 and "afile is a file, not a folder" in err, (code, err)
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--out", path("nowhere/x.mp4"))
    assert code == 1 and "does not exist" in err, (code, err)
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--out", path("afile/x.png"))
    assert code == 1 and "cannot write" in err, (code, err)
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--out", path("afile") + "/")
    assert code == 1 and "is a file" in err and open(path("afile")).read() == "x", (code, err)
    os.makedirs(path("full_dir"), exist_ok=True); open(path("full_dir/keep.txt"), "w").write("mine")
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--out", path("full_dir/"))
    assert code == 1 and "not empty" in err and open(path("full_dir/keep.txt")).read() == "mine", (code, err)

@case("malformed replay files: the line number and what is wrong")
def _():
    good = open(path("take.slreplay")).read().splitlines()
    cases = [
        (["nonsense 1"] + good[1:], ":1: not a SpringLab replay"),
        (["springlab-replay 9"] + good[1:], ":1: replay version 9"),
        (good[:1] + ["{\"settings\": 3}"] + good[2:], ":2:"),
        (good[:1] + ['{"settings": {"scene": "presence"}}'] + good[2:], ":2: settings:"),
        (good[:4] + ["{not json"] + good[4:], ":5: not a JSON object"),
        (good[:4] + ['{"t": 0.1, "e": "teleport"}'] + good[4:], ":5: unknown event 'teleport'"),
        (good[:4] + ['{"t": 0.1, "e": "down", "y": 3, "shift": false}'] + good[4:], ":5: 'x' must be a finite number"),
        (good[:4] + ['{"t": -1, "e": "end"}'] + good[4:], ":5: 't' must be in [0, 86400], got -1"),
    ]
    for lines, want in cases:
        open(path("m.slreplay"), "w").write("\n".join(lines) + "\n")
        code, out, err = run("record", "--replay", path("m.slreplay"), "--out", path("m.mp4"))
        assert code == 1 and want in err and len(err.strip().splitlines()) == 1, (want, code, err)
    # A window that is not [width, height]: refused before any window opens.
    bad = good[:1] + [re.sub(r'"window":\[[^\]]*\]', '"window":[900]', good[1])] + good[2:]
    open(path("w.slreplay"), "w").write("\n".join(bad) + "\n")
    for cmd in (["record", "--replay", path("w.slreplay"), "--out", path("w.mp4")], ["run", "--replay", path("w.slreplay")]):
        code, out, err = run(*cmd)
        assert code == 1 and "window must be [width, height]" in err, (cmd, code, err)
    code, out, err = run("record", "--replay", path("missing.slreplay"), "--out", path("m.mp4"))
    assert code == 1 and "no such file" in err, err

@case("usage errors exit 2 naming the flag")
def _():
    for args, want in ((["--fps", "30", "--out", path("x.gif")], "--fps for a GIF accepts 50, 33 or 25"),
                       (["--transparent", "--out", path("x.mp4")], "--transparent"),
                       (["--out", path("x.avi")], "--out accepts"),
                       (["--script", "moonwalk", "--out", path("x.mp4")], "swipe-left")):
        a = ["record", "--scene", "push-alert"] + (["--script", "present"] if "--script" not in args else []) + args
        code, out, err = run(*a)
        assert code == 2 and want in err, (args, code, err)

@case("filmstrip: a contact sheet of 32 frames in 8 columns")
def _():
    code, out, err = run("filmstrip", "--scene", "push-alert", "--out", path("sheet.png"))
    assert code == 0 and "32 frames" in out, err
    size = subprocess.run(["identify", "-format", "%w %h", path("sheet.png")], capture_output=True, text=True).stdout.split()
    # 8 columns of 420 pt + 9 gaps of 16 pt (8 × 2 at scale 0.5), at 0.5 px a point.
    assert int(size[0]) == round((8 * 420 + 9 * 16) * 0.5), size

def fake_ffmpeg(name, body):
    """A directory holding an `ffmpeg` shell script with `body`, for PATH."""
    fake = path(name); os.makedirs(fake, exist_ok=True)
    with open(os.path.join(fake, "ffmpeg"), "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(os.path.join(fake, "ffmpeg"), 0o755)
    return {"PATH": fake + ":" + os.environ["PATH"]}

def bt709_planes(rgb, w, h):
    """ITU-R BT.709-6 Y'CbCr at video range (item 3.6: Y' = 16 + 219 E'Y, C = 128 + 224 E'C)
    with Kr = 0.2126, Kb = 0.0722, 4:2:0 from each 2x2 block's mean R, G, B, rounded to the
    nearest level (halves up) - in integers, exactly (the coefficients have four decimals)."""
    r, g, b = rgb[0::3], rgb[1::3], rgb[2::3]
    dy = 255 * 10000
    y = bytes((16 * dy + 219 * (2126 * R + 7152 * G + 722 * B) + dy // 2) // dy for R, G, B in zip(r, g, b))
    def sums(c):
        rows = [c[k * w:(k + 1) * w] for k in range(h)]
        out = []
        for k in range(0, h, 2):
            a, z = rows[k], rows[k + 1]
            out += [a[x] + a[x + 1] + z[x] + z[x + 1] for x in range(0, w, 2)]
        return out
    sr, sg, sb = sums(r), sums(g), sums(b)
    db, dr = 4 * 255 * 18556, 4 * 255 * 15748   # 2 (1 - Kb), 2 (1 - Kr) in ten-thousandths
    cb = bytes((128 * db + 224 * (9278 * B - 2126 * R - 7152 * G) + db // 2) // db for R, G, B in zip(sr, sg, sb))
    cr = bytes((128 * dr + 224 * (7874 * R - 7152 * G - 722 * B) + dr // 2) // dr for R, G, B in zip(sr, sg, sb))
    return y + cb + cr

@case("MP4 frames: ffmpeg gets the folder's frames as BT.709 4:2:0 planes, in order, the last ones too (issue 16)")
def _():
    # A real ffmpeg behind a tee: the raw frames the pipe carried are kept.
    real = shutil.which("ffmpeg")
    dump = path("pipe.yuv")
    env = fake_ffmpeg("teebin", f'tee "{dump}" | "{real}" "$@"\n')
    # loop: moving frames and still ones (the still ones are repeated, not drawn again;
    # a moving one is read and converted only where it was repainted).
    code, out, err = run("record", "--scene", "push-alert", "--script", "loop", "--out", path("tee.mp4"), env=env)
    assert code == 0, err
    code, out, err = run("record", "--scene", "push-alert", "--script", "loop", "--out", path("tee/"))
    assert code == 0, err
    names = sorted(os.listdir(path("tee")))
    assert len(set(digests(path("tee")))) < len(names), "the take should have still frames"
    w, h = 420, 300
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", os.path.join(path("tee"), "frame-%05d.png"), "-f", "rawvideo",
                          "-pix_fmt", "rgb24", "-"], capture_output=True, check=True).stdout
    piped = open(dump, "rb").read()
    size = w * h * 3 // 2
    assert len(piped) == size * len(names) and len(raw) == w * h * 3 * len(names), (len(piped), len(raw), len(names))
    expected = {}
    for i in range(len(names)):
        frame = raw[i * w * h * 3:(i + 1) * w * h * 3]
        if frame not in expected:
            expected[frame] = bt709_planes(frame, w, h)
        got = piped[i * size:(i + 1) * size]
        if got != expected[frame]:
            diffs = [k for k in range(size) if got[k] != expected[frame][k]]
            raise AssertionError(f"frame {i}: {len(diffs)} bytes differ, the first at {diffs[0]} "
                                 f"({got[diffs[0]]} against {expected[frame][diffs[0]]})")
    # Colour bars through the same formulas: the published BT.709 100 % values.
    bars = bytes([255, 255, 255, 255, 255, 0, 0, 255, 255, 0, 255, 0, 255, 0, 255, 255, 0, 0, 0, 0, 255, 0, 0, 0])
    for (rgb_, want) in zip([bars[k:k + 3] for k in range(0, 24, 3)],
                            [(235, 128, 128), (219, 16, 138), (188, 154, 16), (173, 42, 26),
                             (78, 214, 230), (63, 102, 240), (32, 240, 118), (16, 128, 128)]):
        got = bt709_planes(bytes(rgb_) * 4, 2, 2)
        assert (got[0], got[4], got[5]) == want, (rgb_, tuple(got))

@case("ffmpeg failing after taking every frame: exit 1 with its words, nothing left")
def _():
    env = fake_ffmpeg("latebin", 'cat > /dev/null\necho "muxer: Invalid argument at the very end" >&2\nexit 1\n')
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--out", path("late.mp4"), env=env)
    assert code == 1 and "Invalid argument at the very end" in err, (code, err)
    assert not [f for f in os.listdir(TMP) if f.startswith("late.mp4")], os.listdir(TMP)

@case("ffmpeg gone before the first frame: exit 1 with its words, nothing left")
def _():
    env = fake_ffmpeg("deadbin", 'echo "Unknown encoder libx264" >&2\nexit 1\n')
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--size", "1280x800", "--out", path("dead.mp4"),
                         env=env)
    assert code == 1 and "Unknown encoder libx264" in err, (code, err)
    assert not [f for f in os.listdir(TMP) if f.startswith("dead.mp4")], os.listdir(TMP)

@case("recording speed at 1280x800, 60 fps, MP4 (reported)")
def _():
    code, out, err = run("record", "--scene", "liquid", "--script", "spread", "--size", "1280x800", "--out", path("speed.mp4"))
    assert code == 0, err
    ratio = float(re.search(r"\(([0-9.]+)× real time\)", out).group(1))
    print(f"      {out.strip()}  [ratio to real time: {ratio}]")

def rgb(png):
    w, h = map(int, subprocess.run(["identify", "-format", "%w %h", png], capture_output=True, text=True, check=True).stdout.split())
    return w, h, subprocess.run(["convert", png, "-depth", "8", "rgb:-"], capture_output=True, check=True).stdout


def flat_medians(ref, dec, colours, r=6):
    """For each colour, the median of `dec` over the pixels of `ref` inside a flat field of
    that colour (the same colour r pixels around): what the colour decodes to, without
    the encoder's ringing at edges."""
    w, h, a = ref
    _, _, b = dec
    found = {c: [[], [], []] for c in colours}
    for y in range(r, h - r, 2):
        for x in range(r, w - r, 2):
            i = (y * w + x) * 3
            c = tuple(a[i:i + 3])
            if c not in found:
                continue
            if all(tuple(a[((y + dy) * w + x + dx) * 3:((y + dy) * w + x + dx) * 3 + 3]) == c
                   for dy in (-r, 0, r) for dx in (-r, 0, r)):
                for k in range(3):
                    found[c][k].append(b[i + k])
    return {c: tuple(sorted(v)[len(v) // 2] for v in found[c]) if found[c][0] else None for c in colours}


@case("MP4 colour: BT.709 at video range, tagged; decoded as BT.709 the alert's surface and orange are within a level (issue 17)")
def _():
    mp4 = path("colour.mp4")
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--scale", "2", "--out", mp4)
    assert code == 0, err
    tags = json.loads(subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                                      "stream=color_space,color_transfer,color_primaries,color_range", "-of", "json", mp4],
                                     capture_output=True, text=True, check=True).stdout)["streams"][0]
    assert tags == {"color_space": "bt709", "color_transfer": "bt709", "color_primaries": "bt709", "color_range": "tv"}, tags
    png = path("colour-80.png")
    code, out, err = run("record", "--scene", "push-alert", "--script", "present", "--scale", "2", "--time", 80 / 60, "--out", png)
    assert code == 0, err
    surface, orange = (255, 244, 229), (255, 159, 10)  # #FFF4E5 and the alert's #FF9F0A
    for matrix, within in (("bt709", True), ("bt601", False)):
        dec = path(f"colour-80-{matrix}.png")
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", mp4, "-vf",
                        f"select=eq(n\\,80),scale=in_color_matrix={matrix}:in_range=tv:flags=accurate_rnd+full_chroma_int,format=rgb24",
                        "-frames:v", "1", dec], check=True)
        got = flat_medians(rgb(png), rgb(dec), [surface, orange])
        off = {}
        for want in (surface, orange):
            assert got[want] is not None, f"no flat field of {want}"
            off[want] = max(abs(g - w) for g, w in zip(got[want], want))
        # Read with the matrix it was written with, both within a level; with the other one
        # (a player guessing wrong), the saturated orange is visibly off.
        if within:
            assert max(off.values()) <= 1, f"decoded as {matrix}: {got}"
        else:
            assert off[orange] >= 3, f"decoded as {matrix}: {got}"


@case("record --window: the whole window (inspector and bar around the stage) — R's choice in the capture panel (issue 17)")
def _():
    stage, window = path("stage.png"), path("window.png")
    for out, extra in ((stage, []), (window, ["--window"])):
        code, _, err = run("record", "--scene", "push-alert", "--script", "present", "--time", 1.0, *extra, "--out", out)
        assert code == 0, err
    # The Push Alert's stage is 420x300; its window adds the 340 pt inspector and the 52 pt bar.
    assert rgb(stage)[:2] == (420, 300), rgb(stage)[:2]
    w, h, px = rgb(window)
    assert (w, h) == (760, 352), (w, h)
    # The stage's pixels are the window's top-left corner, the same bytes.
    sw, sh, spx = rgb(stage)
    assert all(px[(y * w) * 3:(y * w + sw) * 3] == spx[(y * sw) * 3:(y * sw + sw) * 3] for y in range(sh))
    # And the inspector is drawn beside it: not the stage's background colour throughout.
    column = {tuple(px[(y * w + 600) * 3:(y * w + 600) * 3 + 3]) for y in range(h)}
    assert len(column) > 3, column


shutil.rmtree(TMP, ignore_errors=True)
failed = sum(1 for _, e in results if e)
print(f"{len(results) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
