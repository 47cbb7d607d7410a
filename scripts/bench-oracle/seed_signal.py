"""Thesis Example 3.1: sum of ¯50⌈50⌊50×(diff 0,x)÷0.01+x, diff v = v[i]-v[i-1]."""
import numpy as np
from common import args, emit, foldr_sum

a, _ = args({"small": None})
x = np.array([9, 8, 6, 8, 7, 4, 4, 3, 2, 2, 1, 2, 4, 5, 6], dtype=float)
prev = np.concatenate([[0.0], x[:-1]])          # (0,x) shifted: element before each x
d = x - prev                                     # diff 0,x
s = np.clip(50.0 * (d / (0.01 + x)), -50, 50)
emit([], foldr_sum(s), a.repr)
