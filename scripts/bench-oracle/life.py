"""Game of Life on an R×C torus (explicit count of the eight neighbours), initial cell (i,j)
alive when (31 i^2 + 17 j^2 + 7 i j) mod 13 < 4 (1-based i, j); prints the population
before, returns it after N generations."""
import numpy as np
from common import args, emit


def step(b):
    n = sum(np.roll(np.roll(b, dr, 0), dc, 1) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0))
    return (n == 3) | (b & (n == 2))


a, (R, C, N) = args({"small": (20, 24, 10), "paper": (1200, 1200, 100)})
i = np.arange(1, R + 1)[:, None]
j = np.arange(1, C + 1)[None, :]
b = (31 * i * i + 17 * j * j + 7 * i * j) % 13 < 4
pop0 = int(b.sum())
for _ in range(N):
    b = step(b)
emit([(pop0, "int")], float(b.sum()), a.repr)
