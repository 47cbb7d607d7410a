/* Game of Life (test/bench/apl/life.apl): N generations of an R×C torus; cell (i,j) is alive
 * at first when (31i²+17j²+7ij) mod 13 < 4 (1-based). A generation is the APL program's
 *   s ← (¯1⊖⍵)+⍵+1⊖⍵ ⋄ t ← (¯1⌽s)+s+1⌽s ⋄ (t=3)∨⍵∧t=4
 * row by row: the vertical sums of three of a row, then the 3×3 box sums (the cell itself
 * included) with the columns wrapping around. Prints the population before, returns it
 * after. */
#include "bench.h"

#ifdef SMALL
static volatile long size_r = 20, size_c = 24, size_n = 10;
#else
static volatile long size_r = 1200, size_c = 1200, size_n = 100;
#endif

typedef struct {
    long long before, after;
} result;

BENCH_KERNEL static result run(long R, long C, long N) {
    uint8_t *a = malloc(R * C), *b = malloc(R * C), *s = malloc(C + 2);
    result r = {0, 0};
    for (long i = 1; i <= R; i++)
        for (long j = 1; j <= C; j++) {
            uint8_t v = (31 * i * i + 17 * j * j + 7 * i * j) % 13 < 4;
            a[(i - 1) * C + j - 1] = v;
            r.before += v;
        }
    for (long g = 0; g < N; g++) {
        for (long i = 0; i < R; i++) {
            const uint8_t *restrict up = a + ((i + R - 1) % R) * C;
            const uint8_t *restrict row = a + i * C;
            const uint8_t *restrict down = a + ((i + 1) % R) * C;
            uint8_t *restrict out = b + i * C;
            uint8_t *restrict sr = s;
            for (long j = 0; j < C; j++)
                sr[j + 1] = up[j] + row[j] + down[j];
            sr[0] = sr[C];
            sr[C + 1] = sr[1];
            for (long j = 0; j < C; j++) {
                uint8_t t = sr[j] + sr[j + 1] + sr[j + 2];
                out[j] = (t == 3) | (row[j] & (t == 4));
            }
        }
        uint8_t *x = a;
        a = b;
        b = x;
    }
    for (long k = 0; k < R * C; k++)
        r.after += a[k];
    free(a);
    free(b);
    free(s);
    return r;
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    result r;
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        r = run(size_r, size_c, size_n);
        BENCH_OPAQUE(r);
        bench_report(&o, bench_now_ms() - t0);
    }
    bench_print_int(r.before);
    bench_print_f64((double)r.after);
    return 0;
}
