/* HotSpot (test/bench/apl/hotspot.apl): iters explicit time steps of Rodinia's thermal model
 * on an R×C grid; a missing neighbour at the chip's edge is the cell itself. Each step
 * evaluates the APL program's
 *   dv ← ((north ⍵)+(south ⍵)-2×⍵)÷ry ⋄ dh ← ((west ⍵)+(east ⍵)-2×⍵)÷rx
 *   ⍵+sc×P+dv+dh+(amb-⍵)÷rz
 * cell by cell in its right-to-left order, into a second grid. Prints the hottest cell,
 * returns the mean temperature (APL's +/ over the ravel, a right fold, ÷ R×C). */
#include "bench.h"

#ifdef SMALL
static volatile long size_r = 14, size_c = 16, size_iters = 10;
#else
static volatile long size_r = 512, size_c = 512, size_iters = 360;
#endif

typedef struct {
    double max, mean;
} result;

/* The model's constants, derived as the APL program derives them. */
typedef struct {
    double ry, rx, rz, sc, amb;
} consts;

/* One cell's new temperature from itself (w) and its neighbours, in the APL order. */
static inline double cell(double w, double north, double south, double west, double east,
                          double p, const consts *k) {
    double dv = (north + (south - 2.0 * w)) / k->ry;
    double dh = (west + (east - 2.0 * w)) / k->rx;
    return w + k->sc * (p + (dv + (dh + (k->amb - w) / k->rz)));
}

BENCH_KERNEL static result run(long R, long C, long iters) {
    const double tchip = 0.0005, chiph = 0.016, chipw = 0.016, amb = 80;
    const double kSi = 100, heat = 1750000, factor = 0.5, maxpd = 3000000, precision = 0.001;
    double gh = chiph / (double)R, gw = chipw / (double)C;
    double cap = factor * (heat * (tchip * (gw * gh)));
    double rx = gw / (2.0 * (kSi * (tchip * gh)));
    double ry = gh / (2.0 * (kSi * (tchip * gw)));
    double rz = tchip / (kSi * (gh * gw));
    double slope = maxpd / (factor * (tchip * heat));
    double sc = (precision / slope) / cap;
    const consts k = {ry, rx, rz, sc, amb};

    double *P = malloc(R * C * sizeof(double)), *T = malloc(R * C * sizeof(double)),
           *U = malloc(R * C * sizeof(double));
    for (long i = 1; i <= R; i++)
        for (long j = 1; j <= C; j++) {
            P[(i - 1) * C + j - 1] = 0.01 * (double)((i * j) % 97);
            T[(i - 1) * C + j - 1] = 323.0 + 0.5 * (double)((i + 3 * j) % 17);
        }
    for (long it = 0; it < iters; it++) {
        for (long i = 0; i < R; i++) {
            const double *restrict row = T + i * C;
            const double *restrict up = T + (i > 0 ? i - 1 : 0) * C;
            const double *restrict down = T + (i < R - 1 ? i + 1 : R - 1) * C;
            const double *restrict p = P + i * C;
            double *restrict out = U + i * C;
            /* The edge columns (their missing neighbour is the cell itself), then the
             * inner ones, so that the inner loop has no clamped index. */
            out[0] = cell(row[0], up[0], down[0], row[0], row[C > 1 ? 1 : 0], p[0], &k);
            for (long j = 1; j < C - 1; j++)
                out[j] = cell(row[j], up[j], down[j], row[j - 1], row[j + 1], p[j], &k);
            if (C > 1)
                out[C - 1] = cell(row[C - 1], up[C - 1], down[C - 1], row[C - 2], row[C - 1],
                                  p[C - 1], &k);
        }
        double *x = T;
        T = U;
        U = x;
    }
    double mx = T[0], sum = 0.0;
    for (long q = R * C - 1; q >= 0; q--) {
        mx = T[q] > mx ? T[q] : mx;
        sum = T[q] + sum;
    }
    free(P);
    free(T);
    free(U);
    return (result){mx, sum / (double)(R * C)};
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    result r;
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        r = run(size_r, size_c, size_iters);
        BENCH_OPAQUE(r);
        bench_report(&o, bench_now_ms() - t0);
    }
    bench_print_f64(r.max);
    bench_print_f64(r.mean);
    return 0;
}
