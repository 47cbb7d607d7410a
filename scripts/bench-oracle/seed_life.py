"""Conway's Game of Life on a 6×6 torus: a glider, after 1 and 4 generations (explicit
neighbour counting, not the 3×3 box-sum trick of the APL program)."""
import numpy as np
from common import args, emit


def step(b):
    n = sum(np.roll(np.roll(b, dr, 0), dc, 1) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0))
    return ((n == 3) | ((b == 1) & (n == 2))).astype(int)


a, _ = args({"small": None})
b = np.zeros((6, 6), dtype=int)
for r, c in [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)]:
    b[r, c] = 1
b1 = step(b)
b4 = b
for _ in range(4):
    b4 = step(b4)
emit([(b, "int"), (b1, "bool"), (b4, "bool")], float(b4.sum()), a.repr)
