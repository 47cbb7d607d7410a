"""Easter: Gregorian Easter Sunday by the anonymous (Meeus/Jones/Butcher) algorithm, a
different algorithm from the APL program's (Knuth's); value: sum over years 1..n of the
day counted from 1 March (April d = 31 + d)."""
import numpy as np
from common import args, emit


def easter(y):
    a = y % 19
    b, c = y // 100, y % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    month = (h + l - 7 * m + 114) // 31
    day = (h + l - 7 * m + 114) % 31 + 1
    return month, day


a, n = args({"small": 3000, "paper": 10_000_000})
ys = np.array([2014, 2015, 2016, 2017, 1818, 2285])
mo, da = easter(ys)
dates = ys * 10000 + mo * 100 + da
months, days = easter(np.arange(1, n + 1, dtype=np.int64))
march_day = days + 31 * (months == 4)
emit([(dates, "int")], float(march_day.sum()), a.repr)
