/* Full reduction (test/bench/fcl/reduce_full.fcl) as sequential C: the sum of 2^24 ints,
 * wrapping around in 32 bits. */
#include "fcl_common.h"

#ifdef SMALL
static volatile long size_n = 4096;
#else
static volatile long size_n = 16777216;
#endif

BENCH_KERNEL static int32_t run(long n, const int32_t *restrict in) {
    uint32_t s = 0;
    for (long i = 0; i < n; i++)
        s += (uint32_t)in[i];
    return (int32_t)s;
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    long n = size_n;
    int32_t *in = fcl_iota_i32(n), r = 0;
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        r = run(n, in);
        BENCH_OPAQUE(r);
        bench_report(&o, bench_now_ms() - t0);
    }
    bench_print_int(r);
    return 0;
}
