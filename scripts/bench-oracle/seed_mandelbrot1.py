"""Seed Mandelbrot (both styles give the same counts): 16×9 grid over
[-2,0.5)×[-1.125,1.125), 20 iterations, counted point by point."""
from common import args, emit
from mandel import counts_scalar

a, _ = args({"small": None})
k = counts_scalar(16, 9, 20, (-2.0, 0.5, -1.125, 1.125))
emit([(k, "int")], float(k.sum()), a.repr)
