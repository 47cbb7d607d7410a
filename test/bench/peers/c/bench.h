/* The shared part of the sequential C references in this directory: the command line of a
 * compiled tail program (`prog [--time] [--runs N]`), its timing lines on standard error
 * (`time: total 12.345 ms`, one per run, only with --time), and apltail's printing of
 * results (`[](3.14159265359)`, `[6](20140420,...)`), as runtime/rt and runtime/format do.
 *
 * Each program defines its sizes twice: the paper sizes of test/bench/apl/NAME.apl, and with
 * -DSMALL the sizes of the lit test test/Frontend/APL/programs/NAME.apl (then it also prints
 * the lit test's `⍝ small only` values). Compile with -ffp-contract=off: the APL programs
 * round every operation separately, and a fused multiply-add changes the printed digits
 * (Mandelbrot escape counts, Sobol's x²+y² < 1).
 */
#ifndef TAIL_BENCH_H
#define TAIL_BENCH_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The options: --time and --runs N (N >= 1; also --runs=N). Anything else ends the program
 * with the runtime's usage message and exit status 1. */
typedef struct {
    int time;
    long runs;
} bench_opts;

__attribute__((unused)) static bench_opts bench_parse(int argc, char **argv) {
    const char *usage = "usage: <program> [--time] [--runs N]";
    bench_opts o = {0, 1};
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        const char *n;
        if (strcmp(a, "--time") == 0) {
            o.time = 1;
            continue;
        } else if (strcmp(a, "--runs") == 0) {
            if (k + 1 >= argc) {
                fprintf(stderr, "error: --runs needs a number (%s)\n", usage);
                exit(1);
            }
            n = argv[++k];
        } else if (strncmp(a, "--runs=", 7) == 0) {
            n = a + 7;
        } else {
            fprintf(stderr, "error: unknown argument '%s' (%s)\n", a, usage);
            exit(1);
        }
        char *end;
        long v = strtol(n, &end, 10);
        if (*n == '\0' || *end != '\0' || v < 1) {
            fprintf(stderr, "error: --runs needs a positive number, got '%s' (%s)\n", n, usage);
            exit(1);
        }
        o.runs = v;
    }
    return o;
}

/* Milliseconds on the monotonic clock. */
__attribute__((unused)) static double bench_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* One timing line, as tail_rt_report_time writes it for a CPU program. */
__attribute__((unused)) static void bench_report(const bench_opts *o, double ms) {
    if (o->time)
        fprintf(stderr, "time: total %.3f ms\n", ms);
}

/* A double as apltail's pr_double prints it (runtime/format's fmt_double): `-` and the
 * magnitude for a negative number, HUGE_VAL for +inf, otherwise MLton's Real.toString (%.12g
 * with `E` for the exponent, `~` for a minus sign in it and for negative zero), with `.0`
 * appended when there is no `.`. */
__attribute__((unused)) static void bench_fmt_double(char *out, size_t cap, double x) {
    if (isnan(x)) {
        snprintf(out, cap, "nan");
        return;
    }
    if (x < 0) {
        out[0] = '-';
        bench_fmt_double(out + 1, cap - 1, -x);
        return;
    }
    if (isinf(x)) {
        snprintf(out, cap, "HUGE_VAL");
        return;
    }
    char g[64], s[72];
    snprintf(g, sizeof g, "%.12g", fabs(x));
    size_t j = 0;
    if (signbit(x))
        s[j++] = '~';
    for (size_t i = 0; g[i]; i++) {
        if (g[i] == 'e') {
            s[j++] = 'E';
            if (g[i + 1] == '-') {
                s[j++] = '~';
                i++;
            } else if (g[i + 1] == '+') {
                i++;
            }
        } else {
            s[j++] = g[i];
        }
    }
    s[j] = '\0';
    snprintf(out, cap, strchr(s, '.') ? "%s" : "%s.0", s);
}

/* `[](x)`: a double scalar, the way every program's final value is printed. */
__attribute__((unused)) static void bench_print_f64(double x) {
    char b[80];
    bench_fmt_double(b, sizeof b, x);
    printf("[](%s)\n", b);
}

/* `[](i)`: an integer scalar. */
__attribute__((unused)) static void bench_print_int(long long i) { printf("[](%lld)\n", i); }

/* `[n](a,b,…)`: a vector of doubles. */
__attribute__((unused)) static void bench_print_vec_f64(long n, const double *v) {
    char b[80];
    printf("[%ld](", n);
    for (long i = 0; i < n; i++) {
        bench_fmt_double(b, sizeof b, v[i]);
        printf(i ? ",%s" : "%s", b);
    }
    printf(")\n");
}

/* `[n](a,b,…)`: a vector of integers. */
__attribute__((unused)) static void bench_print_vec_int(long n, const long long *v) {
    printf("[%ld](", n);
    for (long i = 0; i < n; i++)
        printf(i ? ",%lld" : "%lld", v[i]);
    printf(")\n");
}

/* A computation to time: not inlined, and not analysed across the call (GCC's noipa), so the
 * compiler can neither move it out of the timed region nor run it once for all runs. */
#if defined(__clang__)
#define BENCH_KERNEL __attribute__((noinline))
#else
#define BENCH_KERNEL __attribute__((noipa))
#endif

/* Hides a value from the optimiser at this point: what is computed before it stays before it
 * (use on the size read before a timed call and on its result before the clock is read). */
#define BENCH_OPAQUE(x) __asm__ volatile("" : "+m"(x) : : "memory")

#endif
