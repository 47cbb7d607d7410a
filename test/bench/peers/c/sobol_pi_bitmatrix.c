/* Sobol MC-π in the APL program's own formulation (test/bench/apl/sobol_pi.apl), not the
 * usual one: for each point i, the 30 binary digits of i (a row of B), dimension 1 as their
 * dot product with the weights w = 2^-1 … 2^-30, and dimension 2 as the dot product with w of
 * (the row times the 30×30 bit matrix M of the direction numbers) mod 2: 900 multiply-adds a
 * point where sobol_pi.c XORs the direction numbers of the set bits. Written the way C is
 * written (one point at a time, nothing stored), for comparing the compiler with C on the same
 * arithmetic; the goal is judged against sobol_pi.c. Same output as sobol_pi.c. */
#include "bench.h"
#include "sobol_pi.h"

BENCH_KERNEL static double run(long n) {
    int32_t M[30][30]; /* M[k][j]: bit 29-j of V[k] (APL: 2|⌊V∘.÷2*30-⍳30) */
    double w[30];      /* w[j] = 2^-(j+1) */
    for (int k = 0; k < 30; k++)
        for (int j = 0; j < 30; j++)
            M[k][j] = (int32_t)((V[k] >> (29 - j)) & 1u);
    for (int j = 0; j < 30; j++)
        w[j] = 1.0 / (double)(1u << (j + 1));
    long long hits = 0;
    for (long i = 1; i <= n; i++) {
        int32_t b[30]; /* b[k]: bit k of i (APL: 2|⌊i÷2*k) */
        for (int k = 0; k < 30; k++)
            b[k] = (int32_t)((i >> k) & 1);
        double x = 0.0, y = 0.0;
        for (int k = 0; k < 30; k++)
            x += b[k] * w[k];
        for (int j = 0; j < 30; j++) {
            int32_t s = 0;
            for (int k = 0; k < 30; k++)
                s += b[k] * M[k][j];
            y += (s % 2) * w[j];
        }
        hits += 1.0 > x * x + y * y;
    }
    return 4.0 * ((double)hits / (double)n);
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    double pi = 0.0;
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        pi = run(size_n);
        BENCH_OPAQUE(pi);
        bench_report(&o, bench_now_ms() - t0);
    }
    bench_print_f64(pi);
    return 0;
}
