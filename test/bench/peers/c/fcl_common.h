/* What the C references of the FCL micro-benchmarks (test/bench/fcl/NAME.fcl, run on the CPU
 * backend by test/bench/fcl/cpu.py) share: the inputs as `--input iota:N` gives them
 * (0, 1, …, N−1), generated before the clock starts, and the timing of the computation alone
 * (its result written to memory), as `--time` reports the kernels' time of tail's executable.
 * -DSMALL selects the sizes at which cpu.py compares the printed results with tail's. */
#ifndef TAIL_FCL_COMMON_H
#define TAIL_FCL_COMMON_H

#include "bench.h"

/* A new array of `n` ints 0, 1, …, n−1 (`iota:n`). */
__attribute__((unused)) static int32_t *fcl_iota_i32(long n) {
    int32_t *a = malloc((size_t)n * sizeof *a);
    for (long i = 0; i < n; i++)
        a[i] = (int32_t)i;
    return a;
}

/* A new array of `n` doubles 0, 1, …, n−1 (`iota:n` for a `[double]` parameter). */
__attribute__((unused)) static double *fcl_iota_f64(long n) {
    double *a = malloc((size_t)n * sizeof *a);
    for (long i = 0; i < n; i++)
        a[i] = (double)i;
    return a;
}

/* `[n](v0,v1,…)` of 32-bit ints, as tail prints an int vector. */
__attribute__((unused)) static void fcl_print_vec_i32(long n, const int32_t *v) {
    printf("[%ld](", n);
    for (long i = 0; i < n; i++)
        printf(i ? ",%d" : "%d", v[i]);
    printf(")\n");
}

/* Sums of 32-bit ints wrap around, as in tail and in the thesis's programs. */
__attribute__((unused)) static int32_t fcl_add(int32_t a, int32_t b) {
    return (int32_t)((uint32_t)a + (uint32_t)b);
}

/* The `main` of a reference that maps `n` input ints (`iota:n`) to `out_len` output ints with
 * `run`: the runs, each timed around `run` alone, then the result printed. */
__attribute__((unused)) static int fcl_main_i32(int argc, char **argv, long n, long out_len,
                                                void (*run)(long, const int32_t *restrict,
                                                            int32_t *restrict)) {
    bench_opts o = bench_parse(argc, argv);
    int32_t *in = fcl_iota_i32(n), *out = malloc((size_t)out_len * sizeof *out);
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        run(n, in, out);
        BENCH_OPAQUE(*out);
        bench_report(&o, bench_now_ms() - t0);
    }
    fcl_print_vec_i32(out_len, out);
    return 0;
}

#endif
