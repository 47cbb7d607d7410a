/* Transpose (test/bench/fcl/transpose.fcl) as sequential C: a rows × cols matrix of ints
 * (row-major) to cols × rows, in 32 × 32 blocks as a C programmer writes it for the cache. */
#include "fcl_common.h"

#ifdef SMALL
static volatile long size_r = 32, size_c = 64;
#else
static volatile long size_r = 4096, size_c = 4096;
#endif

BENCH_KERNEL static void run(long rows, long cols, const int32_t *restrict in,
                             int32_t *restrict out) {
    for (long i0 = 0; i0 < rows; i0 += 32)
        for (long j0 = 0; j0 < cols; j0 += 32)
            for (long i = i0; i < i0 + 32 && i < rows; i++)
                for (long j = j0; j < j0 + 32 && j < cols; j++)
                    out[j * rows + i] = in[i * cols + j];
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    long rows = size_r, cols = size_c, n = rows * cols;
    int32_t *in = fcl_iota_i32(n), *out = malloc((size_t)n * sizeof *out);
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        run(rows, cols, in, out);
        BENCH_OPAQUE(*out);
        bench_report(&o, bench_now_ms() - t0);
    }
    fcl_print_vec_i32(n, out);
    return 0;
}
