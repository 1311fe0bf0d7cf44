#!/usr/bin/env python3
"""Reference for `springlab spring --response 0.42 --damping 0.78 --until 1 --fps 60`.

The damped sinusoid x(t) = 1 − e^(−ζω0 t)(cos ωd t + ζω0/ωd · sin ωd t) and its
derivative, with ω0 = 2π/0.42, evaluated in 40-digit arithmetic (mpmath). Writes
Tests/AppTests/Fixtures/alert_spring_60fps.csv.
"""
import mpmath as mp, pathlib
mp.mp.dps = 40
w0 = 2 * mp.pi / mp.mpf("0.42"); z = mp.mpf("0.78")
a = z * w0; wd = w0 * mp.sqrt(1 - z * z)
path = pathlib.Path(__file__).resolve().parents[1] / "AppTests/Fixtures/alert_spring_60fps.csv"
with open(path, "w") as f:
    f.write("t,position,velocity\n")
    for i in range(61):
        t = mp.mpf(i) / 60
        e = mp.e ** (-a * t)
        x = 1 - e * (mp.cos(wd * t) + a / wd * mp.sin(wd * t))
        v = e * (w0 ** 2 / wd) * mp.sin(wd * t)
        f.write(f"{mp.nstr(t, 20)},{mp.nstr(x, 20)},{mp.nstr(v, 20)}\n")
