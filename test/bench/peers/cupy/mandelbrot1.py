"""Mandelbrot1 (test/bench/apl/mandelbrot1.apl) with CuPy array operations, in the vectorised
style of the APL program: N steps over the whole H×W grid of points; a point's z is frozen
once |z| > 2 and its count stops. Each array operation is its own kernel, so every operation
is rounded on its own as in APL (no fused multiply-adds). Prints the row sums with --small,
returns the total."""
from peer import print_double, print_vec_double, run_timed, setup

xp, o = setup(__doc__)
W, H, N = (16, 12, 64) if o.small else (1000, 1000, 255)
xmin, xmax, ymin, ymax = -2.0, 0.5, -1.25, 1.25


def compute():
    dx, dy = (xmax - xmin) / W, (ymax - ymin) / H
    CX = xp.broadcast_to(xmin + dx * xp.arange(W, dtype=xp.float64), (H, W))
    CY = xp.broadcast_to((ymin + dy * xp.arange(H, dtype=xp.float64))[:, None], (H, W))
    X = xp.zeros((H, W))
    Y = xp.zeros((H, W))
    K = xp.zeros((H, W))
    for _ in range(N):
        m = 4.0 >= X * X + Y * Y
        X2 = CX + (X * X - Y * Y)
        Y2 = CY + 2.0 * (X * Y)
        X = xp.where(m, X2, X)
        Y = xp.where(m, Y2, Y)
        K = K + m
    return xp.sum(K, axis=1), xp.sum(K)


rows, total = run_timed(xp, o, compute)
if o.small:
    print_vec_double(rows)
print_double(total)
