"""Signal (test/bench/apl/signal.apl) in JAX (one jitted function): x = (7 i) mod 100, the sum
of clip(50 (x_i - x_{i-1}) / (0.01 + x_i), -50, 50) with x_0 = 0."""
import jax
import jax.numpy as jnp
from jpeer import peer, run_timed, setup

o = setup(__doc__)
n = 1000 if o.small else 50_000_000


@jax.jit
def compute(one):
    i = jnp.arange(n, dtype=jnp.int32) + one
    x = (7 * i) % 100
    prev = (7 * (i - 1)) % 100
    s = 50.0 * ((x - prev) / (0.01 + x))
    return jnp.sum(jnp.maximum(-50.0, jnp.minimum(50.0, s)))


peer.print_double(run_timed(o, compute))
