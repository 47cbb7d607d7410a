/* Signal (test/bench/apl/signal.apl): clipped relative differences of n samples, summed,
 *   x ← 100|7×⍳n ⋄ +/ ¯50⌈50⌊50×(diff 0,x)÷0.01+x     with diff ← {1↓⍵-¯1⌽⍵},
 * in one loop without the intermediate arrays: the difference of sample i is x[i]-x[i-1],
 * with x[0] = 0. The sum is APL's +/, a right fold (from the last sample to the first). */
#include "bench.h"

#ifdef SMALL
static volatile long size_n = 1000;
#else
static volatile long size_n = 50000000;
#endif

BENCH_KERNEL static double signal_sum(long n) {
    double acc = 0.0;
    for (long i = n; i >= 1; i--) {
        long x = (7 * i) % 100;
        long prev = (7 * (i - 1)) % 100; /* x[0] = 0 */
        double v = 50.0 * ((double)(x - prev) / (0.01 + (double)x));
        v = v > 50.0 ? 50.0 : v;   /* 50⌊v */
        v = v < -50.0 ? -50.0 : v; /* ¯50⌈v */
        acc = v + acc;
    }
    return acc;
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    double r = 0;
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        r = signal_sum(size_n);
        BENCH_OPAQUE(r);
        bench_report(&o, bench_now_ms() - t0);
    }
    bench_print_f64(r);
    return 0;
}
