/* The escape counts of mandelbrot1.c and mandelbrot2.c: the number of iterations i < N with
 * |z_i| ≤ 2 for z_0 = 0, z_{i+1} = z_i² + c, over a W×H grid of c = (xmin+dx×(j-1)) +
 * i(ymin+dy×(r-1)) with dx = 2.5÷W, dy = 2.5÷H on [-2,0.5)×[-1.25,1.25). Both APL programs
 * freeze z once |z| > 2 (the new z is (m×(z²+c))+z×~m), so the count stops growing there, and
 * this loop stops at that point. The arithmetic is the APL programs' in their order:
 * x' = cx+(x×x)-y×y, y' = cy+2×x×y, inside when 4 ≥ (x×x)+y×y. Prints the row sums (the lit
 * test's `⍝ small only` line) with -DSMALL, returns the total. */
#include "bench.h"

#ifdef SMALL
static volatile long size_w = 16, size_h = 12, size_n = 64;
#else
static volatile long size_w = 1000, size_h = 1000, size_n = 255;
#endif

static inline long escape_count(double cx, double cy, long N) {
    double x = 0.0, y = 0.0;
    long k = 0;
    while (k < N && 4.0 >= x * x + y * y) {
        double x2 = cx + (x * x - y * y);
        double y2 = cy + 2.0 * (x * y);
        x = x2;
        y = y2;
        k++;
    }
    return k;
}

/* The escape counts summed per row into rows[0..H-1]; returns the total. */
BENCH_KERNEL static long long mandel(long W, long H, long N, double *rows) {
    const double xmin = -2, xmax = 0.5, ymin = -1.25, ymax = 1.25;
    double dx = (xmax - xmin) / (double)W, dy = (ymax - ymin) / (double)H;
    long long total = 0;
    for (long r = 0; r < H; r++) {
        double cy = ymin + dy * (double)r;
        long long row = 0;
        for (long j = 0; j < W; j++)
            row += escape_count(xmin + dx * (double)j, cy, N);
        rows[r] = (double)row;
        total += row;
    }
    return total;
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    long H = size_h;
    double *rows = malloc(H * sizeof(double));
    long long total = 0;
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        total = mandel(size_w, H, size_n, rows);
        BENCH_OPAQUE(total);
        bench_report(&o, bench_now_ms() - t0);
    }
#ifdef SMALL
    bench_print_vec_f64(H, rows); /* ⎕ ← +/K   ⍝ small only */
#endif
    bench_print_f64((double)total);
    free(rows);
    return 0;
}
