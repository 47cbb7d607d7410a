/* Full scan (test/bench/fcl/scan.fcl) as sequential C: the inclusive prefix sums of 2^24
 * ints, wrapping around in 32 bits. */
#include "fcl_common.h"

#ifdef SMALL
static volatile long size_n = 4096;
#else
static volatile long size_n = 16777216;
#endif

BENCH_KERNEL static void run(long n, const int32_t *restrict in, int32_t *restrict out) {
    uint32_t s = 0;
    for (long i = 0; i < n; i++) {
        s += (uint32_t)in[i];
        out[i] = (int32_t)s;
    }
}

int main(int argc, char **argv) { return fcl_main_i32(argc, argv, size_n, size_n, run); }
