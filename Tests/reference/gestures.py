#!/usr/bin/env python3
"""Recorded-style gestures for Tests/AppTests and their reference velocities.

Writes Tests/AppTests/Fixtures/gestures.csv (t_ms,x,y,kind) and prints the
expected `springlab velocity` rows, computed here with numpy.polyfit (degree 2,
unweighted, slope at the newest sample) over the window docs/behaviour.md §2 defines. Independent of
the Swift tracker.
"""
import random, numpy as np, pathlib
random.seed(7)
rows = []
def gesture(t0, x0, y0, vx, vy, ax, n, pause_ms=0.0):
    t = t0; x = x0; y = y0
    rows.append((t, x, y, "down"))
    for i in range(n):
        dt = random.choice([7, 8, 8, 9, 16])  # irregular, like a busy X server
        t += dt
        s = (t - t0) / 1000
        x = x0 + vx * s + 0.5 * ax * s * s + random.uniform(-0.4, 0.4)
        y = y0 + vy * s + random.uniform(-0.4, 0.4)
        rows.append((t, round(x, 3), round(y, 3), "move"))
    rows.append((t + 4 + pause_ms, round(x, 3), round(y, 3), "up"))
    return t + 4 + pause_ms
end = gesture(1_764_400_000_000.0, 200, 300, 900, -120, 4000, 14)        # accelerating throw
end = gesture(end + 500, 640, 310, -1400, 60, -2000, 9)                  # fast flick left
end = gesture(end + 500, 400, 300, 300, 0, 0, 10, pause_ms=60)           # stopped before release
end = gesture(end + 500, 100, 100, 50, 700, 0, 1)                        # two samples
end = gesture(end + 500, 10, 10, 0, 0, 0, 0)                             # one sample
end = gesture(end + 500, 300, 300, 250, 400, 0, 40)                      # long drag: > 20 samples
# A drag with a 60 ms stall in the middle: the fit must start after the gap.
t0 = end + 500; rows.append((t0, 50.0, 50.0, "down"))
for i in range(1, 8): rows.append((t0 + 8 * i, 50.0 + 0.8 * i, 50.0, "move"))
for i in range(0, 5): rows.append((t0 + 56 + 60 + 8 * i, 60.0 + 9 * i + 0.3 * (i % 2), 50.0 - 2 * i, "move"))
end = t0 + 56 + 60 + 32 + 5; rows.append((end, 96.0, 42.0, "up"))

path = pathlib.Path(__file__).resolve().parents[1] / "AppTests/Fixtures/gestures.csv"
with open(path, "w") as f:
    f.write("t_ms,x,y,kind\n")
    for t, x, y, k in rows:
        f.write(f"{t:.0f},{x},{y},{k}\n")

samples = []
for t, x, y, k in rows:
    if k == "down": samples = [(t, x, y)]
    elif k == "move": samples.append((t, x, y))
    else:
        w = [samples[-1]]
        for s in reversed(samples[:-1]):
            if w[0][0] - s[0] > 40 or samples[-1][0] - s[0] > 100 or len(w) == 20: break
            w.insert(0, s)
        if len(w) < 2 or t - w[-1][0] > 40: v = (0.0, 0.0)
        else:
            tt = np.array([(s[0] - w[-1][0]) / 1000 for s in w])
            deg = min(2, len(w) - 1)
            v = tuple(float(np.polyfit(tt, np.array([s[i] for s in w]), deg)[-2]) for i in (1, 2))
        print(f"{t:.0f},{v[0]!r},{v[1]!r}")
