/* Reverse (test/bench/fcl/reverse.fcl) as sequential C: out[i] = in[n−1−i] for 2^24 ints. */
#include "fcl_common.h"

#ifdef SMALL
static volatile long size_n = 512;
#else
static volatile long size_n = 16777216;
#endif

BENCH_KERNEL static void run(long n, const int32_t *restrict in, int32_t *restrict out) {
    for (long i = 0; i < n; i++)
        out[i] = in[n - 1 - i];
}

int main(int argc, char **argv) { return fcl_main_i32(argc, argv, size_n, size_n, run); }
