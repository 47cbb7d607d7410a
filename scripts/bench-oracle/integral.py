"""Integral: midpoint rule for the integral of 4/(1+x^2) over [0,1] (= pi) on n samples."""
import numpy as np
from common import args, emit, foldr_sum

a, n = args({"small": 1000, "paper": 10_000_000})
h = 1.0 / n
x = h * (np.arange(1, n + 1) - 0.5)
terms = h * (4.0 / (1.0 + x * x))
total = foldr_sum(terms) if n <= 100_000 else float(np.sum(terms[::-1]))
emit([], total, a.repr)
