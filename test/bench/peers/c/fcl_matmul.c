/* Matrix multiplication (test/bench/fcl/matmul.fcl) as sequential C: C = A · B for an
 * hA × wA matrix A and a wA × wB matrix B of doubles (row-major), in the i-k-j order that
 * keeps the inner loop on rows (vectorised). On the CPU the harness runs 1024 × 1024
 * matrices (the GPU's 4096 × 4096 would take minutes); with the inputs 0, 1, 2, … every
 * product and sum is an integer below 2^53, exact in any order. */
#include "fcl_common.h"

#ifdef SMALL
static volatile long size_h = 32, size_w = 16, size_v = 32;
#else
static volatile long size_h = 1024, size_w = 1024, size_v = 1024;
#endif

BENCH_KERNEL static void run(long h, long w, long v, const double *restrict a,
                             const double *restrict b, double *restrict c) {
    for (long i = 0; i < h; i++) {
        for (long j = 0; j < v; j++)
            c[i * v + j] = 0.0;
        for (long k = 0; k < w; k++) {
            double x = a[i * w + k];
            for (long j = 0; j < v; j++)
                c[i * v + j] += x * b[k * v + j];
        }
    }
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    long h = size_h, w = size_w, v = size_v;
    double *a = fcl_iota_f64(h * w), *b = fcl_iota_f64(w * v);
    double *c = malloc((size_t)(h * v) * sizeof *c);
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        run(h, w, v, a, b, c);
        BENCH_OPAQUE(*c);
        bench_report(&o, bench_now_ms() - t0);
    }
    bench_print_vec_f64(h * v, c);
    return 0;
}
