"""Mandelbrot: escape counts (iterations i < N with |z_i| <= 2) of a W×H grid over
[-2,0.5)×[-1.25,1.25); prints the row sums, returns the total (both APL styles agree)."""
from common import args, emit
from mandel import counts_numpy, counts_scalar

a, (W, H, N) = args({"small": (16, 12, 64), "medium": (100, 100, 255), "paper": (1000, 1000, 255)})
box = (-2.0, 0.5, -1.25, 1.25)
k = counts_scalar(W, H, N, box) if a.size == "small" else counts_numpy(W, H, N, box)
prints = [(k.sum(axis=1).astype(float), "double")] if a.size != "paper" else []
emit(prints, float(k.sum()), a.repr)
