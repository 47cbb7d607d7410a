/* Integral (test/bench/apl/integral.apl): the midpoint rule for ∫₀¹ 4÷(1+x²) dx on n samples,
 *   h ← 1÷n ⋄ x ← h×(⍳n)-0.5 ⋄ +/ h×f x     with f ← {4÷1+⍵×⍵},
 * in one loop without the intermediate arrays. The sum is APL's +/, a right fold (from the
 * last sample to the first), as the reference interpreter adds. */
#include "bench.h"

#ifdef SMALL
static volatile long size_n = 1000;
#else
static volatile long size_n = 10000000;
#endif

BENCH_KERNEL static double integral(long n) {
    double h = 1.0 / (double)n;
    double acc = 0.0;
    for (long i = n; i >= 1; i--) {
        double x = h * ((double)i - 0.5);
        acc = h * (4.0 / (1.0 + x * x)) + acc;
    }
    return acc;
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    double r = 0;
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        r = integral(size_n);
        BENCH_OPAQUE(r);
        bench_report(&o, bench_now_ms() - t0);
    }
    bench_print_f64(r);
    return 0;
}
