"""Signal (test/bench/apl/signal.apl) with CuPy array operations: x = (7 i) mod 100,
the sum of clip(50 (x_i - x_{i-1}) / (0.01 + x_i), -50, 50) with x_0 = 0."""
from peer import print_double, run_timed, setup

xp, o = setup(__doc__)
n = 1000 if o.small else 50_000_000


def compute():
    x = (7 * xp.arange(1, n + 1, dtype=xp.int32)) % 100
    d = xp.empty_like(x)
    d[0] = x[0]
    d[1:] = x[1:] - x[:-1]
    s = 50.0 * (d / (0.01 + x))
    return xp.sum(xp.maximum(-50.0, xp.minimum(50.0, s)))


print_double(run_timed(xp, o, compute))
