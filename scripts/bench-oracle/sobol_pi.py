"""Sobol MC-pi: points i = 1..n of the 2-D Sobol sequence by the classic direct formula
x_i = (XOR over the set bits k of i of v_k) / 2^30 with integer XOR (no Gray code), direction
numbers v_k = m_k 2^(30-k): dimension 1 m_k = 1, dimension 2 (primitive polynomial x + 1)
m_1 = 1, m_k = 2 m_{k-1} XOR m_{k-1}. Value: 4 (number of points with x^2 + y^2 < 1) / n."""
import numpy as np
from common import args, emit

BITS = 30


def directions(dim):
    m = [1]
    for _ in range(2, BITS + 1):
        m.append(1 if dim == 1 else (2 * m[-1]) ^ m[-1])
    return [mk << (BITS - k) for k, mk in zip(range(1, BITS + 1), m)]


def points(idx, v):
    acc = np.zeros(idx.shape, dtype=np.int64)
    for k in range(BITS):
        acc ^= np.where((idx >> k) & 1, v[k], 0)
    return acc / float(1 << BITS)


a, n = args({"small": 256, "medium": 100_000, "paper": 10_000_000})
v1, v2 = directions(1), directions(2)
hits = 0
first = None
for lo in range(1, n + 1, 1_000_000):
    idx = np.arange(lo, min(lo + 1_000_000, n + 1), dtype=np.int64)
    x, y = points(idx, v1), points(idx, v2)
    if first is None:
        first = (x[:8], y[:8])
    hits += int(np.count_nonzero(x * x + y * y < 1.0))
prints = [(first[0], "double"), (first[1], "double")] if a.size != "paper" else []
emit(prints, 4.0 * (hits / n), a.repr)
