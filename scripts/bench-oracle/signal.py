"""Signal: sum over i of clip(50*(x_i - x_{i-1})/(0.01 + x_i), -50, 50), x_0 = 0,
samples x_i = (7 i) mod 100, i = 1..n."""
import numpy as np
from common import args, emit, foldr_sum

a, n = args({"small": 1000, "paper": 50_000_000})
x = (7 * np.arange(1, n + 1, dtype=np.int64)) % 100
d = np.diff(x, prepend=0).astype(float)
s = np.clip(50.0 * (d / (0.01 + x)), -50.0, 50.0)
total = foldr_sum(s) if n <= 100_000 else float(np.sum(s[::-1]))
emit([], total, a.repr)
