"""HotSpot (test/bench/apl/hotspot.apl) in JAX (one jitted function, lax.fori_loop over the
time steps): Rodinia's thermal model on an R×C grid, a missing neighbour at the edge being the
cell itself (edge padding). Prints the hottest cell, returns the mean temperature."""
import jax
import jax.numpy as jnp
from jpeer import peer, run_timed, setup

o = setup(__doc__)
R, C, iters = (14, 16, 10) if o.small else (512, 512, 360)
t_chip, chip_h, chip_w, amb = 0.0005, 0.016, 0.016, 80.0
k_si, heat, factor, max_pd, precision = 100.0, 1750000.0, 0.5, 3000000.0, 0.001
gh, gw = chip_h / R, chip_w / C
cap = factor * (heat * (t_chip * (gw * gh)))
rx = gw / (2.0 * (k_si * (t_chip * gh)))
ry = gh / (2.0 * (k_si * (t_chip * gw)))
rz = t_chip / (k_si * (gh * gw))
slope = max_pd / (factor * (t_chip * heat))
sc = (precision / slope) / cap


@jax.jit
def compute(one):
    i = (jnp.arange(R, dtype=jnp.int32) + one)[:, None]
    j = (jnp.arange(C, dtype=jnp.int32) + one)[None, :]
    P = 0.01 * ((i * j) % 97)
    T0 = 323.0 + 0.5 * ((i + 3 * j) % 17)

    def step(_, T):
        E = jnp.pad(T, 1, mode="edge")
        dv = (E[:-2, 1:-1] + (E[2:, 1:-1] - 2.0 * T)) / ry
        dh = (E[1:-1, :-2] + (E[1:-1, 2:] - 2.0 * T)) / rx
        return T + sc * (P + (dv + (dh + (amb - T) / rz)))

    T = jax.lax.fori_loop(0, iters, step, T0)
    return jnp.max(T), jnp.sum(T) / (R * C)


mx, mean = run_timed(o, compute)
peer.print_double(mx)
peer.print_double(mean)
