#!/usr/bin/env python3
"""Reference values for Tests/MotionTests/SpringTableTests.swift.

Written independently of the Swift code: the textbook solutions of m·x'' + c·x' + k·x = 0
in their classic forms (two real roots when overdamped, the damped sinusoid when
underdamped, (A + Bt)e^(rt) when critical), evaluated in 50-digit arithmetic with mpmath,
and cross-checked against scipy's numerical ODE integration. Run it to regenerate the
table printed into the test file.
"""
import mpmath as mp
from scipy.integrate import solve_ivp

mp.mp.dps = 50

def textbook(m, k, c, x0, x1, v0, t):
    m, k, c, x0, x1, v0, t = map(mp.mpf, (m, k, c, x0, x1, v0, t))
    y0 = x0 - x1
    disc = c * c - 4 * m * k
    if disc < 0:
        a = c / (2 * m); wd = mp.sqrt(4 * m * k - c * c) / (2 * m)
        A = y0; B = (v0 + a * y0) / wd
        y = mp.e ** (-a * t) * (A * mp.cos(wd * t) + B * mp.sin(wd * t))
        v = mp.diff(lambda s: mp.e ** (-a * s) * (A * mp.cos(wd * s) + B * mp.sin(wd * s)), t)
    elif disc == 0:
        r = -c / (2 * m); A = y0; B = v0 - r * y0
        y = (A + B * t) * mp.e ** (r * t)
        v = mp.diff(lambda s: (A + B * s) * mp.e ** (r * s), t)
    else:
        r1 = (-c + mp.sqrt(disc)) / (2 * m); r2 = (-c - mp.sqrt(disc)) / (2 * m)
        c2 = (v0 - r1 * y0) / (r2 - r1); c1 = y0 - c2
        y = c1 * mp.e ** (r1 * t) + c2 * mp.e ** (r2 * t)
        v = c1 * r1 * mp.e ** (r1 * t) + c2 * r2 * mp.e ** (r2 * t)
    return x1 + y, v

def numeric(m, k, c, x0, x1, v0, t):
    f = lambda _, s: [s[1], (-k * (s[0] - x1) - c * s[1]) / m]
    sol = solve_ivp(f, (0, t), [x0, v0], rtol=1e-12, atol=1e-12, method="DOP853")
    return sol.y[0][-1], sol.y[1][-1]

# (label, mass, stiffness, damping coefficient, from, to, v0 absolute, t)
cases = [
    ("under ζ0.25", 1, 100, 5, 0, 300, 0, 1.0),
    ("under ζ0.25 v", 1, 100, 5, 0, 300, 800, 0.37),
    ("under m2", 2, 300, 12, -40, 60, -250, 0.21),
    ("under alert", 1, (2*mp.pi/0.42)**2, 2*0.78*(2*mp.pi/0.42), 0, 1, 0, 0.3),
    ("critical", 1, 100, 20, 0, 500, 0, 0.25),
    ("critical v", 1, 400, 40, 10, -90, 1200, 0.13),
    ("over ζ1.25", 1, 100, 25, 0, 500, 0, 0.5),
    ("over ζ3 v", 1.5, 60, 3 * 2 * mp.sqrt(1.5 * 60), 100, 0, -500, 0.8),
]
for label, m, k, c, x0, x1, v0, t in cases:
    x, v = textbook(m, k, c, x0, x1, v0, t)
    nx, nv = numeric(float(m), float(k), float(c), x0, x1, v0, t)
    assert abs(float(x) - nx) < 1e-6 and abs(float(v) - nv) < 1e-5, label
    print(f'("{label}", {mp.nstr(m, 17)}, {mp.nstr(k, 17)}, {mp.nstr(c, 17)}, {x0}, {x1}, {v0}, {t}, '
          f'{mp.nstr(x, 17)}, {mp.nstr(v, 17)}),')
