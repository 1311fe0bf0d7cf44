#!/usr/bin/env python3
"""The documentation lives in the project and is current.

- scripts/docs regenerates every picture and docs/cli.md into a scratch folder; each
  committed picture has the same size as its regenerated twin and differs in at most
  0.1 % of its pixels (by more than 1 % of a channel) — a GIF frame by frame — and
  docs/cli.md is the same text byte for byte;
- every link and image in README.md and docs/*.md resolves to a file in the project (and
  an anchor to a heading of that file, by GitHub's slug rules), and none leaves it;
- no file outside .git (and the build folder) mentions the spec folder outside the project
  or cites a spec or design file instead of the project's own docs.

    python3 Tests/docs/docs_test.py path/to/springlab
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = 0
passes = 0


def check(cond, what):
    global failures, passes
    if cond:
        passes += 1
        print(f"  ok    {what}")
    else:
        failures += 1
        print(f"  FAIL  {what}")


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL, **kw)


# --- pictures -----------------------------------------------------------------------

def size(path):
    r = run(["identify", "-format", "%w %h %n\n", path])
    first = r.stdout.splitlines()[0].split()
    return int(first[0]), int(first[1]), len(r.stdout.splitlines())


def differing_pixels(a, b):
    """Pixels whose colour differs by more than 1 % of a channel (ImageMagick's AE)."""
    r = run(["compare", "-metric", "AE", "-fuzz", "1%", a, b, "null:"])
    # compare prints the count on stderr; exit 0 same, 1 different, 2 error.
    if r.returncode == 2:
        raise RuntimeError(r.stderr.strip()[-300:])
    return float(r.stderr.split()[0])


def frames(path, into):
    os.makedirs(into, exist_ok=True)
    r = run(["convert", path, "-coalesce", os.path.join(into, "f%03d.png")])
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip()[-300:])
    return sorted(os.path.join(into, f) for f in os.listdir(into))


def pictures(binary):
    print("== the pictures and docs/cli.md are what scripts/docs makes today")
    scratch = tempfile.mkdtemp(prefix="springlab-docs-test-")
    try:
        r = run([os.path.join(REPO, "scripts", "docs"), "--out", scratch, "--bin", binary], cwd=REPO)
        check(r.returncode == 0, f"scripts/docs --out exits 0 ({(r.stderr or r.stdout).strip()[-300:]!r})")
        if r.returncode != 0:
            return
        committed_dir = os.path.join(REPO, "docs", "images")
        committed = sorted(os.listdir(committed_dir))
        made = sorted(os.listdir(os.path.join(scratch, "images")))
        check(committed == made, f"docs/images holds exactly the pictures scripts/docs makes: {committed} vs {made}")
        for name in sorted(set(committed) & set(made)):
            old = os.path.join(committed_dir, name)
            new = os.path.join(scratch, "images", name)
            (w0, h0, n0), (w1, h1, n1) = size(old), size(new)
            check((w0, h0, n0) == (w1, h1, n1), f"{name}: {w0}x{h0}, {n0} frame(s), as regenerated ({w1}x{h1}, {n1})")
            if (w0, h0, n0) != (w1, h1, n1):
                continue
            if name.endswith(".gif"):
                pairs = zip(frames(old, os.path.join(scratch, "old-" + name)),
                            frames(new, os.path.join(scratch, "new-" + name)))
            else:
                pairs = [(old, new)]
            worst = max(differing_pixels(a, b) for a, b in pairs)
            limit = 0.001 * w0 * h0
            check(worst <= limit, f"{name}: at most {worst:.0f} pixels differ in a frame (limit {limit:.0f}, 0.1 %)")
        with open(os.path.join(REPO, "docs", "cli.md"), encoding="utf-8") as f:
            committed_cli = f.read()
        with open(os.path.join(scratch, "cli.md"), encoding="utf-8") as f:
            made_cli = f.read()
        check(committed_cli == made_cli, "docs/cli.md is the help text of this build (run scripts/docs)")
        check("## springlab run" in made_cli and "## springlab fit" in made_cli,
              "docs/cli.md has a section for run and for fit")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# --- links ------------------------------------------------------------------------------

def slug(heading):
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped (but - and
    _), each space a hyphen."""
    text = re.sub(r"`([^`]*)`", r"\1", heading.strip())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    found, counts = set(), {}
    in_code = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                in_code = not in_code
                continue
            m = None if in_code else re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
            if m:
                s = slug(m.group(2))
                n = counts.get(s, 0)
                counts[s] = n + 1
                found.add(s if n == 0 else f"{s}-{n}")
    return found


LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def links():
    print("== every link and picture in README.md and docs/ resolves inside the project")
    pages = [os.path.join(REPO, "README.md")] + sorted(
        os.path.join(REPO, "docs", f) for f in os.listdir(os.path.join(REPO, "docs")) if f.endswith(".md"))
    total = 0
    for page in pages:
        rel_page = os.path.relpath(page, REPO)
        with open(page, encoding="utf-8") as f:
            text = f.read()
        # Code blocks and inline code are not links.
        text = re.sub(r"```.*?```", "", text, flags=re.S)
        text = re.sub(r"`[^`\n]*`", "", text)
        bad = []
        for target in LINK.findall(text):
            total += 1
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                bad.append(f"{target} (leaves the project)")
                continue
            path, _, anchor = target.partition("#")
            dest = page if path == "" else os.path.normpath(os.path.join(os.path.dirname(page), path))
            if not (dest == REPO or dest.startswith(REPO + os.sep)):
                bad.append(f"{target} (outside the project)")
            elif not os.path.exists(dest):
                bad.append(f"{target} (no such file)")
            elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                bad.append(f"{target} (no such heading)")
        check(not bad, f"{rel_page}: every link resolves{': ' + '; '.join(bad) if bad else ''}")
    check(total >= 20, f"the pages link to each other and to their pictures ({total} links)")
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    shown = set(re.findall(r"!\[[^\]]*\]\(docs/images/([^)]+)\)", readme))
    scenes = {"scene-push-alert.png", "scene-presence.png", "scene-liquid.png", "scene-neck.png",
              "scene-spring.png", "throw.gif"}
    check(scenes <= shown, f"README shows every scene and the throw: missing {sorted(scenes - shown)}")


# --- nothing outside -------------------------------------------------------------------

def nothing_outside():
    print("== no file points outside the project")
    outside = ".." + "/shared"                       # spelled apart so this file does not match
    cites = re.compile(r"\b" + "SP" + r"EC(\.md)?\b|\b" + "DE" + r"SIGN\.md\b")
    hits_outside, hits_cites, scanned = [], [], 0
    for root, dirs, files in os.walk(REPO):
        dirs[:] = [d for d in dirs if d not in (".git", ".build")]
        for name in files:
            path = os.path.join(root, name)
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except (UnicodeDecodeError, OSError):
                continue                                      # pictures, fonts
            scanned += 1
            rel = os.path.relpath(path, REPO)
            if outside in text:
                hits_outside.append(rel)
            if rel != "Assets/Fonts/LICENSE.txt" and cites.search(text):
                hits_cites.append(rel)
    check(scanned > 200, f"read {scanned} text files")
    check(not hits_outside, f"no file mentions {outside}: {hits_outside[:10]}")
    check(not hits_cites, f"no file cites a spec or design file instead of docs/: {hits_cites[:10]}")


def main():
    if len(sys.argv) != 2:
        print("usage: docs_test.py path/to/springlab", file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    pictures(binary)
    links()
    nothing_outside()
    print(f"{passes} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
