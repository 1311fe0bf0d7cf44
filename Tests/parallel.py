#!/usr/bin/env python3
"""Runs test files side by side and says how each went.

Each job is one command (a test file with its arguments). Up to WORKERS run at once; each
one's output is kept and printed whole when it ends, under a header with its time, so
two files never interleave their lines. The jobs start in the order given: put the
longest first, so that the last to start is short and the pool ends together.

The end-to-end files can share the machine because every case starts its own Xvfb
(`-displayfd`, a free display number), its own config folder and its own trace; nothing
they read or write is shared.

usage: parallel.py WORKERS -- CMD ARGS... -- CMD ARGS... ...
Exits 1 when any job failed (its output is printed in full), 0 when all passed.
"""
import os, subprocess, sys, threading, time
from concurrent.futures import ThreadPoolExecutor


def parse(argv):
    if len(argv) < 3 or argv[1] != "--":
        sys.exit("usage: parallel.py WORKERS -- CMD ARGS... [-- CMD ARGS...]")
    try:
        workers = int(argv[0])
    except ValueError:
        sys.exit(f"parallel.py: the worker count must be a whole number, not '{argv[0]}'")
    if workers < 1:
        sys.exit(f"parallel.py: the worker count must be at least 1, not {workers}")
    jobs, current = [], []
    for word in argv[2:]:
        if word == "--":
            if current:
                jobs.append(current)
            current = []
        else:
            current.append(word)
    if current:
        jobs.append(current)
    return workers, jobs


def name_of(job):
    """The test file a job runs, as the header names it."""
    files = [w for w in job if w.endswith(".py")]
    return os.path.relpath(files[0]) if files else " ".join(job)


def main():
    workers, jobs = parse(sys.argv[1:])
    lock = threading.Lock()
    results = []
    started = time.monotonic()

    def run(job):
        t0 = time.monotonic()
        # Unbuffered, so a job killed mid-way still shows what it printed.
        p = subprocess.run(job, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                           env={**os.environ, "PYTHONUNBUFFERED": "1"})
        seconds = time.monotonic() - t0
        status = "ok" if p.returncode == 0 else f"FAILED (exit {p.returncode})"
        with lock:
            print(f"== {name_of(job)}: {status} in {seconds:.0f} s", flush=True)
            sys.stdout.write(p.stdout.decode(errors="replace"))
            sys.stdout.flush()
            results.append((name_of(job), p.returncode, seconds))

    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(run, jobs))
    failed = [r for r in results if r[1] != 0]
    print(f"== {len(jobs)} test files in {time.monotonic() - started:.0f} s with {workers} at a time: "
          + ", ".join(f"{n} {s:.0f} s" for n, _, s in sorted(results, key=lambda r: -r[2])))
    if failed:
        print("== failed: " + ", ".join(n for n, _, _ in failed), flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
