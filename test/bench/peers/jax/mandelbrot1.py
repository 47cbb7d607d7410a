"""Mandelbrot1 (test/bench/apl/mandelbrot1.apl) in JAX, in the vectorised style of the APL
program (one jitted function, lax.fori_loop over N steps of the whole H×W grid; a point's z
is frozen once |z| > 2 and its count stops). Prints the row sums with --small, returns the
total. XLA may contract multiply-adds on the GPU, which can move a few escape counts."""
import jax
import jax.numpy as jnp
from jpeer import peer, run_timed, setup

o = setup(__doc__)
W, H, N = (16, 12, 64) if o.small else (1000, 1000, 255)
xmin, xmax, ymin, ymax = -2.0, 0.5, -1.25, 1.25


@jax.jit
def compute(one):
    dx, dy = (xmax - xmin) / W, (ymax - ymin) / H
    CX = jnp.broadcast_to(xmin + dx * (jnp.arange(W, dtype=jnp.int32) + one - 1), (H, W))
    CY = jnp.broadcast_to((ymin + dy * (jnp.arange(H, dtype=jnp.int32) + one - 1))[:, None],
                          (H, W))

    def step(_, s):
        X, Y, K = s
        m = 4.0 >= X * X + Y * Y
        X2 = CX + (X * X - Y * Y)
        Y2 = CY + 2.0 * (X * Y)
        return jnp.where(m, X2, X), jnp.where(m, Y2, Y), K + m

    z = jnp.zeros((H, W))
    _, _, K = jax.lax.fori_loop(0, N, step, (z, z, z))
    return jnp.sum(K, axis=1), jnp.sum(K)


rows, total = run_timed(o, compute)
if o.small:
    peer.print_vec_double(rows)
peer.print_double(total)
