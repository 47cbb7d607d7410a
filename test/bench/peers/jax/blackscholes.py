"""Black-Scholes (test/bench/apl/blackscholes.apl) in JAX (one jitted function): n European
options (S = 40+40 i/n, T = 0.25+(i mod 7)/4, strike 60, rate 0.02, volatility 0.3), N(x) by
the Abramowitz-Stegun polynomial in Horner form; prints the mean call, returns the mean put."""
import jax
import jax.numpy as jnp
from jpeer import peer, run_timed, setup

o = setup(__doc__)
n = 1024 if o.small else 10_000_000


def cnd(x):
    l = jnp.abs(x)
    k = 1.0 / (1.0 + 0.2316419 * l)
    p = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 +
                                                                       k * 1.330274429))))
    w = 1.0 - 0.398942280401432678 * (jnp.exp(-(l * (l / 2.0))) * p)
    return jnp.where(x >= 0, w, 1.0 - w)


@jax.jit
def compute(one):
    i = jnp.arange(n, dtype=jnp.int32) + one
    S = 40.0 + 40.0 * (i.astype(jnp.float64) / n)
    T = 0.25 + (i % 7).astype(jnp.float64) / 4.0
    K, r, v = 60.0, 0.02, 0.3
    sq = v * jnp.sqrt(T)
    d1 = (jnp.log(S / K) + T * (r + v * (v / 2.0))) / sq
    d2 = d1 - sq
    disc = K * jnp.exp(-(r * T))
    call = S * cnd(d1) - disc * cnd(d2)
    put = disc * cnd(-d2) - S * cnd(-d1)
    return jnp.sum(call) / n, jnp.sum(put) / n


call, put = run_timed(o, compute)
peer.print_double(call)
peer.print_double(put)
