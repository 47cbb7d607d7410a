/* Sobol MC-π (test/bench/apl/sobol_pi.apl): 4 × (the number of the first n points of the 2-D
 * Sobol sequence with x²+y² < 1) ÷ n. Point i is computed on its own from the binary digits
 * of i: dimension 1 is van der Corput (the digits of i reversed), dimension 2 the XOR of the
 * direction numbers V[k] whose bit k-1 is set in i. x×x, y×y and their sum are rounded as
 * doubles, as in APL's 1>(x×x)+y×y. */
#include "bench.h"
#include "sobol_pi.h"

static inline void point(long i, double *x, double *y) {
    uint32_t a = 0, b = 0;
    for (uint32_t m = (uint32_t)i & 0x3fffffffu; m != 0; m &= m - 1) { /* the set bits k */
        int k = __builtin_ctz(m);
        a |= 1u << (29 - k); /* weight 2^-(k+1) */
        b ^= V[k];
    }
    *x = (double)a / 1073741824.0;
    *y = (double)b / 1073741824.0;
}

typedef struct {
    double x8[8], y8[8];
    double pi;
} result;

BENCH_KERNEL static result run(long n) {
    result r;
    for (long i = 1; i <= 8 && i <= n; i++)
        point(i, &r.x8[i - 1], &r.y8[i - 1]);
    long long hits = 0;
    for (long i = 1; i <= n; i++) {
        double x, y;
        point(i, &x, &y);
        hits += 1.0 > x * x + y * y;
    }
    r.pi = 4.0 * ((double)hits / (double)n);
    return r;
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    result r;
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        r = run(size_n);
        BENCH_OPAQUE(r);
        bench_report(&o, bench_now_ms() - t0);
    }
#ifdef SMALL
    bench_print_vec_f64(8, r.x8); /* ⎕ ← 8↑x   ⍝ small only */
    bench_print_vec_f64(8, r.y8); /* ⎕ ← 8↑y   ⍝ small only */
#endif
    bench_print_f64(r.pi);
    return 0;
}
