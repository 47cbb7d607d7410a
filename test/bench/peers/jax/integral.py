"""Integral (test/bench/apl/integral.apl) in JAX (one jitted function): the midpoint rule for
the integral of 4/(1+x^2) over [0, 1] on n samples."""
import jax
import jax.numpy as jnp
from jpeer import peer, run_timed, setup

o = setup(__doc__)
n = 1000 if o.small else 10_000_000


@jax.jit
def compute(one):
    h = 1.0 / n
    x = h * ((jnp.arange(n, dtype=jnp.int32) + one).astype(jnp.float64) - 0.5)
    return jnp.sum(h * (4.0 / (1.0 + x * x)))


peer.print_double(run_timed(o, compute))
