"""Game of Life (test/bench/apl/life.apl) in JAX (one jitted function, lax.fori_loop over the
generations): an R×C torus, the 3×3 box sum with the cell itself, then (t = 3) or
(alive and t = 4). Prints the population before, returns it after."""
import jax
import jax.numpy as jnp
from jpeer import peer, run_timed, setup

o = setup(__doc__)
R, C, N = (20, 24, 10) if o.small else (1200, 1200, 100)


def step(_, b):
    s = jnp.roll(b, 1, 0) + b + jnp.roll(b, -1, 0)
    t = jnp.roll(s, 1, 1) + s + jnp.roll(s, -1, 1)
    return ((t == 3) | ((b == 1) & (t == 4))).astype(jnp.uint8)


@jax.jit
def compute(one):
    i = (jnp.arange(R, dtype=jnp.int32) + one)[:, None]
    j = (jnp.arange(C, dtype=jnp.int32) + one)[None, :]
    b = ((31 * i * i + 17 * j * j + 7 * i * j) % 13 < 4).astype(jnp.uint8)
    before = jnp.sum(b, dtype=jnp.int64)
    return before, jnp.sum(jax.lax.fori_loop(0, N, step, b), dtype=jnp.int64)


before, after = run_timed(o, compute)
peer.print_int(before)
peer.print_double(float(after))
