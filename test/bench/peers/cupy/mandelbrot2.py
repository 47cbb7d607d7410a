"""Mandelbrot2 (test/bench/apl/mandelbrot2.apl), the per-element style: one CUDA thread per
point runs its own loop until |z| > 2 or N iterations (a CuPy RawKernel compiled with
--fmad=false, so that every operation is rounded on its own as in APL and the escape counts
are exact), then cupy.sum. Prints the row sums with --small, returns the total. With --numpy
the same loop runs point by point in Python (a logic check for --small)."""
from peer import print_double, print_vec_double, run_timed, setup

xp, o = setup(__doc__)
W, H, N = (16, 12, 64) if o.small else (1000, 1000, 255)
xmin, xmax, ymin, ymax = -2.0, 0.5, -1.25, 1.25
dx, dy = (xmax - xmin) / W, (ymax - ymin) / H

SOURCE = r"""
extern "C" __global__ void escape(double xmin, double dx, double ymin, double dy,
                                  long long W, long long HW, int N, double *K) {
    long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= HW) return;
    double cx = xmin + dx * (double)(p % W);
    double cy = ymin + dy * (double)(p / W);
    double x = 0.0, y = 0.0;
    int k = 0;
    while (k < N && 4.0 >= x * x + y * y) {
        double x2 = cx + (x * x - y * y);
        double y2 = cy + 2.0 * (x * y);
        x = x2;
        y = y2;
        k++;
    }
    K[p] = (double)k;
}
"""


def escape_python(K):
    for p in range(H * W):
        cx = xmin + dx * (p % W)
        cy = ymin + dy * (p // W)
        x = y = 0.0
        k = 0
        while k < N and 4.0 >= x * x + y * y:
            x, y = cx + (x * x - y * y), cy + 2.0 * (x * y)
            k += 1
        K[p // W, p % W] = k


if o.numpy:
    def compute():
        K = xp.zeros((H, W))
        escape_python(K)
        return xp.sum(K, axis=1), xp.sum(K)
else:
    kernel = xp.RawKernel(SOURCE, "escape", options=("--fmad=false",))

    def compute():
        K = xp.empty((H, W), dtype=xp.float64)
        threads = 256
        kernel(((H * W + threads - 1) // threads,), (threads,),
               (xp.float64(xmin), xp.float64(dx), xp.float64(ymin), xp.float64(dy),
                xp.int64(W), xp.int64(H * W), xp.int32(N), K))
        return xp.sum(K, axis=1), xp.sum(K)


rows, total = run_timed(xp, o, compute)
if o.small:
    print_vec_double(rows)
print_double(total)
