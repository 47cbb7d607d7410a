"""Black-Scholes (test/bench/apl/blackscholes.apl) with CuPy array operations: n European
options (S = 40+40 i/n, T = 0.25+(i mod 7)/4, strike 60, rate 0.02, volatility 0.3), N(x) by
the Abramowitz-Stegun polynomial in Horner form; prints the mean call, returns the mean put."""
from peer import print_double, run_timed, setup

xp, o = setup(__doc__)
n = 1024 if o.small else 10_000_000


def cnd(x):
    l = xp.abs(x)
    k = 1.0 / (1.0 + 0.2316419 * l)
    p = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 +
                                                                      k * 1.330274429))))
    w = 1.0 - 0.398942280401432678 * (xp.exp(-(l * (l / 2.0))) * p)
    return xp.where(x >= 0, w, 1.0 - w)


def compute():
    i = xp.arange(1, n + 1, dtype=xp.int64)
    S = 40.0 + 40.0 * (i / n)
    T = 0.25 + (i % 7) / 4.0
    K, r, v = 60.0, 0.02, 0.3
    sq = v * xp.sqrt(T)
    d1 = (xp.log(S / K) + T * (r + v * (v / 2.0))) / sq
    d2 = d1 - sq
    disc = K * xp.exp(-(r * T))
    call = S * cnd(d1) - disc * cnd(d2)
    put = disc * cnd(-d2) - S * cnd(-d1)
    return xp.sum(call) / n, xp.sum(put) / n


call, put = run_timed(xp, o, compute)
print_double(call)
print_double(put)
