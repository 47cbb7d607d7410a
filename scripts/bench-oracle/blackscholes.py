"""Black-Scholes: European call and put prices, N(x) by Abramowitz-Stegun 26.2.17:
N(x) = 1 - phi(x) (b1 k + b2 k^2 + ... + b5 k^5), k = 1/(1 + 0.2316419 x) for x >= 0,
N(x) = 1 - N(-x) for x < 0. Options i = 1..n: S = 40 + 40 i/n, T = 0.25 + (i mod 7)/4,
strike 60, rate 0.02, volatility 0.3. Prints the mean call, returns the mean put."""
import numpy as np
from common import args, emit, foldr_sum

B = [0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429]


def ncdf(x):
    ax = np.abs(x)
    k = 1.0 / (1.0 + 0.2316419 * ax)
    poly = np.zeros_like(k)
    for b in reversed(B):                      # Horner: k*(b1 + k*(b2 + ...))
        poly = k * (b + poly)
    phi = 0.398942280401432678 * np.exp(-(ax * (ax / 2.0)))
    w = 1.0 - phi * poly
    return np.where(x >= 0, w, 1.0 - w)


a, n = args({"small": 1024, "paper": 10_000_000})
i = np.arange(1, n + 1)
S = 40.0 + 40.0 * (i / n)
T = 0.25 + (i % 7) / 4.0
K, r, v = 60.0, 0.02, 0.3
sq = v * np.sqrt(T)
d1 = (np.log(S / K) + T * (r + v * (v / 2.0))) / sq
d2 = d1 - sq
disc = K * np.exp(-(r * T))
call = S * ncdf(d1) - disc * ncdf(d2)
put = disc * ncdf(-d2) - S * ncdf(-d1)
if n <= 100_000:
    mc, mp = foldr_sum(call) / n, foldr_sum(put) / n
else:
    mc, mp = float(np.sum(call)) / n, float(np.sum(put)) / n
emit([(mc, "double")], mp, a.repr)
