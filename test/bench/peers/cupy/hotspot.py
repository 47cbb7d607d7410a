"""HotSpot (test/bench/apl/hotspot.apl) with CuPy array operations: iters explicit steps of
Rodinia's thermal model on an R×C grid, a missing neighbour at the edge being the cell itself
(edge padding). Prints the hottest cell, returns the mean temperature."""
from peer import print_double, run_timed, setup

xp, o = setup(__doc__)
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


def compute():
    i = xp.arange(1, R + 1, dtype=xp.int32)[:, None]
    j = xp.arange(1, C + 1, dtype=xp.int32)[None, :]
    P = 0.01 * ((i * j) % 97)
    T = 323.0 + 0.5 * ((i + 3 * j) % 17)
    for _ in range(iters):
        E = xp.pad(T, 1, mode="edge")
        dv = (E[:-2, 1:-1] + (E[2:, 1:-1] - 2.0 * T)) / ry
        dh = (E[1:-1, :-2] + (E[1:-1, 2:] - 2.0 * T)) / rx
        T = T + sc * (P + (dv + (dh + (amb - T) / rz)))
    return xp.max(T), xp.sum(T) / (R * C)


mx, mean = run_timed(xp, o, compute)
print_double(mx)
print_double(mean)
