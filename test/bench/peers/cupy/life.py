"""Game of Life (test/bench/apl/life.apl) with CuPy array operations: N generations of an
R×C torus (rolls for the wrap-around), the 3×3 box sum with the cell itself, then
(t = 3) or (alive and t = 4). Prints the population before, returns it after."""
from peer import print_double, print_int, run_timed, setup

xp, o = setup(__doc__)
R, C, N = (20, 24, 10) if o.small else (1200, 1200, 100)


def compute():
    i = xp.arange(1, R + 1, dtype=xp.int32)[:, None]
    j = xp.arange(1, C + 1, dtype=xp.int32)[None, :]
    b = ((31 * i * i + 17 * j * j + 7 * i * j) % 13 < 4).astype(xp.uint8)
    before = xp.sum(b, dtype=xp.int64)
    for _ in range(N):
        s = xp.roll(b, 1, 0) + b + xp.roll(b, -1, 0)
        t = xp.roll(s, 1, 1) + s + xp.roll(s, -1, 1)
        b = ((t == 3) | ((b == 1) & (t == 4))).astype(xp.uint8)
    return before, xp.sum(b, dtype=xp.int64)


before, after = run_timed(xp, o, compute)
print_int(before)
print_double(float(after))
