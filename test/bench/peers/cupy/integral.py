"""Integral (test/bench/apl/integral.apl) with CuPy array operations: the midpoint rule for
the integral of 4/(1+x^2) over [0, 1] on n samples, h × f x summed by cupy.sum."""
from peer import print_double, run_timed, setup

xp, o = setup(__doc__)
n = 1000 if o.small else 10_000_000


def compute():
    h = 1.0 / n
    x = h * (xp.arange(1, n + 1, dtype=xp.float64) - 0.5)
    return xp.sum(h * (4.0 / (1.0 + x * x)))


print_double(run_timed(xp, o, compute))
