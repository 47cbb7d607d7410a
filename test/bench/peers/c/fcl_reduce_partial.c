/* Partial reduction (test/bench/fcl/reduce_partial.fcl) as sequential C: the sum of each
 * chunk of 512 ints (2 · #BlockSize), 2^24 ints → 32768 sums, wrapping around in 32 bits. */
#include "fcl_common.h"

#ifdef SMALL
static volatile long size_n = 1024;
#else
static volatile long size_n = 16777216;
#endif
#define CHUNK 512

BENCH_KERNEL static void run(long n, const int32_t *restrict in, int32_t *restrict out) {
    for (long c = 0; c < n / CHUNK; c++) {
        uint32_t s = 0;
        for (long i = 0; i < CHUNK; i++)
            s += (uint32_t)in[c * CHUNK + i];
        out[c] = (int32_t)s;
    }
}

int main(int argc, char **argv) { return fcl_main_i32(argc, argv, size_n, size_n / CHUNK, run); }
