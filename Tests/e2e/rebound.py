"""Facebook Rebound's spring conversion, recomputed from its published formulas
(rebound-core `BouncyConversion` and `OrigamiValueConverter`, reached through
`SpringConfig.fromBouncinessAndSpeed`): the outside reference the e2e checks Origami by."""


def rebound(bounciness, speed):
    """Tension and friction (unit mass) of Rebound's SpringConfig.fromBouncinessAndSpeed,
    from its BouncyConversion and OrigamiValueConverter formulas."""
    b = 0.8 * (bounciness / 1.7) / 20
    s = (speed / 1.7) / 20
    tq = 0.5 + s * (200 - 0.5)
    if tq <= 18:
        nobounce = 0.0007 * tq ** 3 - 0.031 * tq ** 2 + 0.64 * tq + 1.28
    elif tq <= 44:
        nobounce = 0.000044 * tq ** 3 - 0.006 * tq ** 2 + 0.36 * tq + 2
    else:
        nobounce = 0.00000045 * tq ** 3 - 0.000332 * tq ** 2 + 0.1078 * tq + 5.84
    u = 2 * b - b * b
    fq = u * 0.01 + (1 - u) * nobounce
    return (tq - 30) * 3.62 + 194, (fq - 8) * 3 + 25
