/* Calls the runtime's C ABI the way compiled programs do. Run by tests/c_abi.rs: the first
 * argument selects what to exercise; output goes to stdout/stderr and the exit status. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tail_rt_print_array_i32(const int32_t *data, int64_t rank, const int64_t *shape);
void tail_rt_print_array_i64(const int64_t *data, int64_t rank, const int64_t *shape);
void tail_rt_print_array_f64(const double *data, int64_t rank, const int64_t *shape);
void tail_rt_print_array_bool(const uint8_t *data, int64_t rank, const int64_t *shape);
void tail_rt_print_array_char(const int32_t *data, int64_t rank, const int64_t *shape);
void tail_rt_print_array_complex(const double *data, int64_t rank, const int64_t *shape);
void tail_rt_print_i32(int32_t x);
void tail_rt_print_i64(int64_t x);
void tail_rt_print_f64(double x);
void tail_rt_print_bool(uint8_t x);
void tail_rt_print_char(int32_t c);
void tail_rt_print_complex(double re, double im);
int32_t *tail_rt_read_file(const int32_t *path, int64_t path_len, int64_t *len_out);
int32_t *tail_rt_read_int_vec_file(const int32_t *path, int64_t path_len, int64_t *len_out);
double *tail_rt_read_double_vec_file(const int32_t *path, int64_t path_len, int64_t *len_out);
int32_t *tail_rt_format_int(int64_t x, int64_t *len_out);
int32_t *tail_rt_format_double(double x, int64_t *len_out);
void tail_rt_free(void *ptr);
void tail_rt_fail(const char *msg);
void tail_rt_source(const char *name, int64_t name_len, const char *text, int64_t text_len);
void tail_rt_check_index(int64_t index, int64_t extent, int64_t axis, int32_t origin, int32_t line, int32_t col);
void tail_rt_check_extents(int64_t expected, int64_t got, int64_t input, int32_t line, int32_t col);
void tail_rt_parallel_for(int64_t n, void (*f)(void *ctx, int64_t i), void *ctx);
void tail_rt_parallel_for_ranges(int64_t n, void (*f)(void *ctx, int64_t start, int64_t end), void *ctx);
int64_t tail_rt_num_threads(void);
void tail_rt_init(int32_t argc, char **argv);
int64_t tail_rt_runs(void);
int32_t tail_rt_timing(void);
int32_t tail_rt_cuda_available(void);
double tail_rt_now_ms(void);
void tail_rt_report_time(double total_ms);
double tail_rt_kernel_time_ms(void);
void *mgpuModuleLoad(void *data, size_t size);
void *mgpuMemAlloc(uint64_t size, void *stream, _Bool host_shared);

static void print_all(void) {
  int64_t s0[1] = {0}, s3[1] = {3}, s22[2] = {2, 2}, s212[3] = {2, 1, 2}, s05[2] = {0, 5};
  int32_t iv[4] = {1, -20, 300, 4};
  tail_rt_print_array_i32(iv, 1, s3);
  tail_rt_print_array_i32(iv, 2, s22);
  tail_rt_print_array_i32(iv, 3, s212);
  tail_rt_print_array_i32(NULL, 1, s0);
  tail_rt_print_array_i32(NULL, 2, s05);
  tail_rt_print_array_i32(iv, 0, NULL);
  int64_t lv[3] = {7, -8, 9000000000};
  tail_rt_print_array_i64(lv, 1, s3);
  double dv[4] = {1.5, -20.0, 1e15, 1.0 / 3.0};
  tail_rt_print_array_f64(dv, 1, s3);
  tail_rt_print_array_f64(dv, 2, s22);
  uint8_t bv[4] = {1, 0, 0, 1};
  tail_rt_print_array_bool(bv, 2, s22);
  int32_t cv[4] = {'a', 0x235D, 'c', 'd'};
  tail_rt_print_array_char(cv, 1, s3);
  tail_rt_print_array_char(cv, 2, s22);
  tail_rt_print_array_char(cv, 3, s212);
  double xv[4] = {1.0, 2.0, 3.0, -4.5};
  int64_t s2[1] = {2};
  tail_rt_print_array_complex(xv, 1, s2);
  tail_rt_print_i32(-5);
  tail_rt_print_i64(1234567890123);
  tail_rt_print_f64(615.0);
  tail_rt_print_f64(-0.0);
  tail_rt_print_bool(1);
  tail_rt_print_char('X');
  tail_rt_print_complex(3.0, 6.4);
}

static int32_t *chars_of(const char *s, int64_t *len) {
  /* ASCII paths only in these tests. */
  *len = (int64_t)strlen(s);
  int32_t *c = malloc(sizeof(int32_t) * (size_t)(*len + 1));
  for (int64_t i = 0; i < *len; i++) c[i] = (unsigned char)s[i];
  return c;
}

static int32_t counts[100000];
static void count_index(void *ctx, int64_t i) {
  (void)ctx;
  __atomic_fetch_add(&counts[i], 1, __ATOMIC_RELAXED);
}
static void count_range(void *ctx, int64_t start, int64_t end) {
  int32_t *c = ctx;
  for (int64_t i = start; i < end; i++) __atomic_fetch_add(&c[i], 1, __ATOMIC_RELAXED);
}
static int64_t inner_total;
static void nested_body(void *ctx, int64_t i) {
  (void)ctx;
  /* A nested loop: runs sequentially on this thread. */
  int32_t local[10] = {0};
  tail_rt_parallel_for(10, count_index, NULL);
  (void)local;
  __atomic_fetch_add(&inner_total, i, __ATOMIC_RELAXED);
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  const char *mode = argv[1];
  if (!strcmp(mode, "print")) {
    print_all();
  } else if (!strcmp(mode, "format")) {
    int64_t n;
    int64_t ints[] = {0, -42, 2147483647, -9000000000};
    for (int k = 0; k < 4; k++) {
      int32_t *s = tail_rt_format_int(ints[k], &n);
      tail_rt_print_array_char(s, 1, &n);
      tail_rt_free(s);
    }
    double ds[] = {615.0, -2.5, 1.5e-7, 1.0 / 0.0, 0.1};
    for (int k = 0; k < 5; k++) {
      int32_t *s = tail_rt_format_double(ds[k], &n);
      tail_rt_print_array_char(s, 1, &n);
      tail_rt_free(s);
    }
  } else if (!strcmp(mode, "read") && argc == 4) {
    int64_t plen, n;
    int32_t *path = chars_of(argv[3], &plen);
    if (!strcmp(argv[2], "int")) {
      int32_t *v = tail_rt_read_int_vec_file(path, plen, &n);
      tail_rt_print_array_i32(v, 1, &n);
      free(v);
    } else if (!strcmp(argv[2], "double")) {
      double *v = tail_rt_read_double_vec_file(path, plen, &n);
      tail_rt_print_array_f64(v, 1, &n);
      free(v);
    } else {
      int32_t *v = tail_rt_read_file(path, plen, &n);
      tail_rt_print_array_char(v, 1, &n);
      free(v);
    }
    free(path);
  } else if (!strcmp(mode, "parfor")) {
    int64_t n = 100000;
    tail_rt_parallel_for(n, count_index, NULL);
    for (int64_t i = 0; i < n; i++)
      if (counts[i] != 1) {
        printf("index %lld ran %d times\n", (long long)i, counts[i]);
        return 1;
      }
    memset(counts, 0, sizeof counts);
    tail_rt_parallel_for_ranges(n, count_range, counts);
    for (int64_t i = 0; i < n; i++)
      if (counts[i] != 1) {
        printf("index %lld ran %d times in ranges\n", (long long)i, counts[i]);
        return 1;
      }
    memset(counts, 0, sizeof counts);
    tail_rt_parallel_for(1000, nested_body, NULL);
    for (int64_t i = 0; i < 10; i++)
      if (counts[i] != 1000) {
        printf("nested index %lld ran %d times\n", (long long)i, counts[i]);
        return 1;
      }
    printf("threads %lld, nested sum %lld\n", (long long)tail_rt_num_threads(), (long long)inner_total);
  } else if (!strcmp(mode, "fail")) {
    printf("before\n");
    tail_rt_fail("the program stopped");
    printf("not reached\n");
  } else if (!strcmp(mode, "check")) {
    /* argv[2]: "source" registers a two-line program first; argv[3]: what fails. */
    if (argc > 2 && !strcmp(argv[2], "source")) {
      static const char text[] = "v \xe2\x86\x90 10 20 30\n\t\xe2\x8e\x95 \xe2\x86\x90 v[k]\n";
      tail_rt_source("prog.apl", 8, text, (int64_t)strlen(text));
    }
    const char *what = argc > 3 ? argv[3] : "index";
    tail_rt_check_index(2, 3, 0, 1, 2, 3); /* within bounds: nothing */
    tail_rt_check_extents(3, 3, 1, 2, 3);
    printf("passed\n");
    if (!strcmp(what, "index"))
      tail_rt_check_index(3, 3, 0, 1, 2, 8);
    else if (!strcmp(what, "extents"))
      tail_rt_check_extents(3, 4, 1, 9, 1);
    else
      tail_rt_check_index(-1, 3, 1, 0, 0, 0);
    printf("not reached\n");
  } else if (!strcmp(mode, "badshape")) {
    int64_t s[1] = {-1};
    tail_rt_print_array_i32(NULL, 1, s);
  } else if (!strcmp(mode, "init")) {
    tail_rt_init(argc - 1, argv + 1);
    printf("runs %lld, time %d\n", (long long)tail_rt_runs(), tail_rt_timing());
    double t0 = tail_rt_now_ms();
    double t1 = tail_rt_now_ms();
    if (!(t0 >= 0.0 && t1 >= t0)) return 1;
    tail_rt_report_time(1.5);
  } else if (!strcmp(mode, "gpu")) {
    printf("cuda available %d, kernel time %.1f\n", tail_rt_cuda_available(), tail_rt_kernel_time_ms());
    fflush(stdout);
    static const char ptx[] = ".version 7.5\n.target sm_75\n.address_size 64\n";
    mgpuModuleLoad((void *)ptx, sizeof ptx);
    printf("module loaded\n");
  } else if (!strcmp(mode, "gpu-oom")) {
    mgpuMemAlloc((uint64_t)1 << 60, NULL, 0);
    printf("allocated\n");
  } else {
    return 2;
  }
  return 0;
}
