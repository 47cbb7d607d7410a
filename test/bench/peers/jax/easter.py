"""Easter (test/bench/apl/easter.apl) in JAX (one jitted function): Knuth's algorithm E for
every year 1…n as a day of March, summed; prints the yyyymmdd dates of six years."""
import jax
import jax.numpy as jnp
from jpeer import peer, run_timed, setup

o = setup(__doc__)
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


@jax.jit
def compute(one):
    y = jnp.array([2014, 2015, 2016, 2017, 1818, 2285], dtype=jnp.int32) * one
    N = easter(y)
    dates = 10000 * y + 100 * (3 + (N > 31)) + N - 31 * (N > 31)
    years = jnp.arange(n, dtype=jnp.int32) + one
    return dates, jnp.sum(easter(years), dtype=jnp.int64)


dates, total = run_timed(o, compute)
peer.print_vec_int(dates)
peer.print_double(float(total))
