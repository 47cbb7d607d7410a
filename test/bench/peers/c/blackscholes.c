/* Black-Scholes (test/bench/apl/blackscholes.apl): closed-form prices of n European options,
 * option i = 1…n with spot S = 40+40×i÷n, expiry T = 0.25+(7|i)÷4, strike 60, rate 0.02,
 * volatility 0.3, and N(x) by the Abramowitz-Stegun polynomial. One loop over the options
 * evaluates each APL expression in its right-to-left order (so every rounding is the same);
 * prints the mean call price, returns the mean put price. The sums are APL's +/, right folds
 * (from the last option to the first). */
#include "bench.h"

#ifdef SMALL
static volatile long size_n = 1024;
#else
static volatile long size_n = 10000000;
#endif

/* cnd ← {l ← |⍵ ⋄ k ← ÷1+0.2316419×l ⋄ p ← k×0.31938153+k×…  ⋄
 *        w ← 1-0.398942280401432678×(*-l×l÷2)×p ⋄ (w×⍵≥0)+(1-w)×⍵<0} */
static inline double cnd(double x) {
    double l = fabs(x);
    double k = 1.0 / (1.0 + 0.2316419 * l);
    double p =
        k * (0.31938153 +
             k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))));
    double w = 1.0 - 0.398942280401432678 * (exp(-(l * (l / 2.0))) * p);
    return w * (double)(x >= 0) + (1.0 - w) * (double)(x < 0);
}

typedef struct {
    double call, put;
} result;

BENCH_KERNEL static result run(long n) {
    const double K = 60, r = 0.02, v = 0.3;
    double call = 0.0, put = 0.0;
    for (long i = n; i >= 1; i--) {
        double S = 40.0 + 40.0 * ((double)i / (double)n);
        double T = 0.25 + (double)(i % 7) / 4.0;
        double sq = v * pow(T, 0.5);
        double d1 = (log(S / K) + T * (r + v * (v / 2.0))) / sq;
        double d2 = d1 - sq;
        double disc = K * exp(-(r * T));
        call = (S * cnd(d1) - disc * cnd(d2)) + call;
        put = (disc * cnd(-d2) - S * cnd(-d1)) + put;
    }
    return (result){call / (double)n, put / (double)n};
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
    bench_print_f64(r.call);
    bench_print_f64(r.put);
    return 0;
}
