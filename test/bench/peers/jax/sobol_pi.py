"""Sobol MC-π (test/bench/apl/sobol_pi.apl) in JAX (one jitted function): points i = 1…n of
the 2-D Sobol sequence computed on their own from the bits of i by integer XOR of direction
numbers (dimension 1: van der Corput; dimension 2: polynomial x+1), 4 × (points with
x²+y² < 1) ÷ n."""
import jax
import jax.numpy as jnp
from jpeer import peer, run_timed, setup

o = setup(__doc__)
n = 256 if o.small else 10_000_000
V = [536870912, 805306368, 671088640, 1006632960, 570425344, 855638016, 713031680, 1069547520,
     538968064, 808452096, 673710080, 1010565120, 572653568, 858980352, 715816960, 1073725440,
     536879104, 805318656, 671098880, 1006648320, 570434048, 855651072, 713042560, 1069563840,
     538976288, 808464432, 673720360, 1010580540, 572662306, 858993459]


@jax.jit
def compute(one):
    i = jnp.arange(n, dtype=jnp.int32) + one
    a = jnp.zeros(n, dtype=jnp.int32)
    b = jnp.zeros(n, dtype=jnp.int32)
    for k in range(30):
        bit = (i >> k) & 1
        a = a | (bit << (29 - k))
        b = b ^ (bit * V[k])
    x = a / 1073741824.0
    y = b / 1073741824.0
    hits = jnp.sum(x * x + y * y < 1.0, dtype=jnp.int64)
    return x[:8], y[:8], 4.0 * (hits / n)


x8, y8, pi = run_timed(o, compute)
if o.small:
    peer.print_vec_double(x8)
    peer.print_vec_double(y8)
peer.print_double(pi)
