"""What robustness_test.py and fuzz_test.py share: a scratch folder with its own home and
XDG folders, the environment the binary runs in, the process helpers (a process tree read
from /proc, killing it by id, Popen that waits out a relinking binary, a bounded
communicate), and the pattern of a raw control character on stderr.

Python 3 standard library only.
"""
import os, re, signal, subprocess, tempfile, time

# A raw control character (C0 but tab and newline, DEL, C1) in a message.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")


def sandbox(prefix):
    """A fresh scratch folder (its real path) with a home inside, and the environment to run
    the binary in: offscreen SDL, HOME and the XDG folders inside the scratch folder (nothing
    of the user's is read or written), no Swift backtraces. Returns (tmp, home, env)."""
    tmp = os.path.realpath(tempfile.mkdtemp(prefix=prefix))
    home = os.path.join(tmp, "home")
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "HOME": home,
           "XDG_CONFIG_HOME": os.path.join(home, ".config"), "XDG_DATA_HOME": os.path.join(home, ".local/share"),
           "XDG_STATE_HOME": os.path.join(home, ".local/state"), "XDG_CACHE_HOME": os.path.join(home, ".cache"),
           "SWIFT_BACKTRACE": "enable=no"}
    os.makedirs(home, exist_ok=True)
    return tmp, home, env


# ---------------------------------------------------------------------------- processes

def proc_table():
    """pid → (ppid, comm, state) for every process."""
    table = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            s = open(f"/proc/{d}/stat").read()
            comm = s[s.index("(") + 1:s.rindex(")")]
            rest = s[s.rindex(")") + 2:].split()
            table[int(d)] = (int(rest[1]), comm, rest[0])
        except (OSError, ValueError, IndexError):     # gone, or caught mid-exit
            continue
    return table


def descendants(pid):
    """Every process below pid (children, theirs, …)."""
    table, found, todo = proc_table(), [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, (pp, _, _) in table.items() if pp == p]
        found += kids
        todo += kids
    return found


def alive(pid):
    """Running (a zombie counts as gone: it holds no file and does no work)."""
    try:
        s = open(f"/proc/{pid}/stat").read()
    except OSError:
        return False
    return s[s.rindex(")") + 2:].split()[0] != "Z"


def comm(pid):
    try:
        return open(f"/proc/{pid}/comm").read().strip()
    except OSError:
        return ""


def kill_tree(pid):
    """SIGKILL a process we started and everything it started (by id)."""
    for p in [pid] + descendants(pid):
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    try:
        os.killpg(pid, signal.SIGKILL)      # its own session/group: start_new_session
    except OSError:
        pass


def popen(argv, **kw):
    """subprocess.Popen, waiting out a binary that is being relinked (ETXTBSY) for up to 2 min."""
    end = time.monotonic() + 120
    while True:
        try:
            return subprocess.Popen(argv, **kw)
        except OSError as e:
            if e.errno != 26 or time.monotonic() > end:
                raise
            time.sleep(0.5)


def communicate(p, timeout):
    """p.communicate() within timeout seconds; past it, p's whole tree is killed and what it
    wrote so far is read. Returns (out, err, timed_out)."""
    try:
        out, err = p.communicate(timeout=timeout)
        return out, err, False
    except subprocess.TimeoutExpired:
        kill_tree(p.pid)
        out, err = p.communicate()
        return out, err, True
