"""Thesis Fig. 3.5: R = A +.× B with A = 3 2⍴⍳5 (1-based, cycled), B = ⍉A; R2 = ×/+/R."""
import numpy as np
from common import args, emit

a, _ = args({"small": None})
A = np.resize(np.arange(1, 6), 6).reshape(3, 2)
R = A @ A.T
emit([(R, "int")], float(np.prod(R.sum(axis=1))), a.repr)
