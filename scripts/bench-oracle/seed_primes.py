"""Primes in 2..100 (trial division), their sum."""
from common import args, emit

a, _ = args({"small": None})
P = [n for n in range(2, 101) if all(n % d for d in range(2, n))]
emit([(P, "int")], float(sum(P)), a.repr)
