"""Thesis §3.3: Example 3.1 with type annotations; also prints diff 9 8 6 8 7."""
import numpy as np
from common import args, emit, foldr_sum

a, _ = args({"small": None})
v = np.array([9, 8, 6, 8, 7])
x = np.array([9, 8, 6, 8, 7, 4, 4, 3, 2, 2, 1, 2, 4, 5, 6], dtype=float)
d = x - np.concatenate([[0.0], x[:-1]])
s = np.clip(50.0 * (d / (0.01 + x)), -50, 50)
emit([(v[1:] - v[:-1], "int")], foldr_sum(s), a.repr)
