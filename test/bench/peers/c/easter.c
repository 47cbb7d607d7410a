/* Easter (test/bench/apl/easter.apl): Knuth's algorithm E (TAOCP 1.3.2, exercise 14) for
 * every year 1…n, as a day of March; prints the yyyymmdd dates of six years, returns the sum
 * of the days of March. The same integer steps as the APL dfn `easter`, year by year. */
#include "bench.h"

#ifdef SMALL
static volatile long size_n = 3000;
#else
static volatile long size_n = 10000000;
#endif

/* Easter Sunday of year y as a day of March (22…56). 32-bit integers, as APL's: every
 * intermediate fits (5y ≤ 5·10⁷). */
static inline int32_t easter(int32_t y) {
    int32_t G = 1 + y % 19;             /* golden number */
    int32_t C = 1 + y / 100;            /* century (y > 0: ⌊y÷100⌋) */
    int32_t X = -12 + (3 * C) / 4;      /* dropped leap years */
    int32_t Z = -5 + (5 + 8 * C) / 25;  /* moon's orbit correction */
    int32_t D = (5 * y) / 4 - (X + 10); /* March ((-D) mod 7) is a Sunday */
    int32_t E = 11 * G + 20 + Z - X;    /* epact: 30|E */
    E %= 30;
    E += E < 0 ? 30 : 0;
    E += (E == 24) | ((E == 25) & (G > 11));
    int32_t N = 44 - E; /* full moon: March N */
    N += 30 * (N < 21);
    int32_t m = (D + N) % 7; /* 7|D+N */
    m += m < 0 ? 7 : 0;
    return N + 7 - m; /* the Sunday after it */
}

static const long long years[6] = {2014, 2015, 2016, 2017, 1818, 2285};

typedef struct {
    long long dates[6];
    long long sum;
} result;

BENCH_KERNEL static result run(long n) {
    result r;
    for (int k = 0; k < 6; k++) {
        long long y = years[k], N = easter((int32_t)y);
        r.dates[k] = 10000 * y + 100 * (3 + (N > 31)) + N - 31 * (N > 31);
    }
    long long s = 0;
    for (int32_t y = 1; y <= (int32_t)n; y++)
        s += easter(y);
    r.sum = s;
    return r;
}

int main(int argc, char **argv) {
    bench_opts o = bench_parse(argc, argv);
    result r;
    for (long k = 0; k < o.runs; k++) {
        double t0 = bench_now_ms();
        r = run(size_n);
        BENCH_OPAQUE(r);
        bench_report(&o, bench_now_ms() - t0);
    }
    bench_print_vec_int(6, r.dates);
    bench_print_f64((double)r.sum);
    return 0;
}
