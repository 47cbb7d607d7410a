"""Mandelbrot2 (test/bench/apl/mandelbrot2.apl) in JAX, in the per-element style of the APL
program: a function of one point number runs its own lax.while_loop until |z| > 2 or N
iterations, mapped over the H×W points with jax.vmap (one jitted function). Prints the row
sums with --small, returns the total. XLA may contract multiply-adds on the GPU, which can
move a few escape counts."""
import jax
import jax.numpy as jnp
from jpeer import peer, run_timed, setup

o = setup(__doc__)
W, H, N = (16, 12, 64) if o.small else (1000, 1000, 255)
xmin, xmax, ymin, ymax = -2.0, 0.5, -1.25, 1.25
dx, dy = (xmax - xmin) / W, (ymax - ymin) / H


def point(p):
    cx = xmin + dx * ((p - 1) % W)
    cy = ymin + dy * ((p - 1) // W)

    def inside(s):
        x, y, k = s
        return (k < N) & (4.0 >= x * x + y * y)

    def step(s):
        x, y, k = s
        return cx + (x * x - y * y), cy + 2.0 * (x * y), k + 1

    _, _, k = jax.lax.while_loop(inside, step, (0.0 * cx, 0.0 * cx, jnp.int32(0)))
    return k.astype(jnp.float64)


@jax.jit
def compute(one):
    K = jax.vmap(point)(jnp.arange(H * W, dtype=jnp.int32) + one).reshape(H, W)
    return jnp.sum(K, axis=1), jnp.sum(K)


rows, total = run_timed(o, compute)
if o.small:
    peer.print_vec_double(rows)
peer.print_double(total)
