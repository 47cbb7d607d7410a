"""Easter (test/bench/apl/easter.apl) with CuPy array operations: Knuth's algorithm E for
every year 1…n as a day of March, summed; prints the yyyymmdd dates of six years."""
from peer import print_double, print_vec_int, run_timed, setup

xp, o = setup(__doc__)
n = 3000 if o.small else 10_000_000


def easter(y):
    G = 1 + y % 19
    C = 1 + y // 100
    X = -12 + (3 * C) // 4
    Z = -5 + (5 + 8 * C) // 25
    D = (5 * y) // 4 - (X + 10)
    E = (11 * G + 20 + Z - X) % 30
    E = E + ((E == 24) | ((E == 25) & (G > 11)))
    N = 44 - E
    N = N + 30 * (N < 21)
    return N + 7 - (D + N) % 7


def compute():
    y = xp.array([2014, 2015, 2016, 2017, 1818, 2285], dtype=xp.int32)
    N = easter(y)
    dates = 10000 * y + 100 * (3 + (N > 31)) + N - 31 * (N > 31)
    return dates, xp.sum(easter(xp.arange(1, n + 1, dtype=xp.int32)), dtype=xp.int64)


dates, total = run_timed(xp, o, compute)
print_vec_int(dates)
print_double(float(total))
