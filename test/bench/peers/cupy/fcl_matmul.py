"""CuPy peer of FCL's matrix multiplication (thesis Table 5.1): C = A B for 4096 x 4096
matrices of doubles.

Two peers: the tiled kernel of NVIDIA's samples as a RawKernel (16 x 16 tiles of A and B in
shared memory, one thread per element of C, the thesis's comparison) and cuBLAS through
`cupy.matmul`. The inputs are small integers (`i mod 7`, `i mod 5`), so every sum is exact
and all results are equal whatever the order of the additions.
Run: python fcl_matmul.py [--runs N] [--check]
"""

import sys

import numpy as np

from fcl_common import cp, main

T = 16
SIZE = (4096, 4096, 4096)
SMALL = (64, 48, 80)

SOURCE = r"""
#define T 16
extern "C" __global__ void matmul(const double *A, const double *B, double *C, int hA, int wA,
                                  int wB) {
  __shared__ double As[T][T];
  __shared__ double Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  double acc = 0.0;
  for (int k = 0; k < wA; k += T) {
    As[ty][tx] = A[(long long)row * wA + k + tx];
    Bs[ty][tx] = B[(long long)(k + ty) * wB + col];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < T; ++j) acc += As[ty][j] * Bs[j][tx];
    __syncthreads();
  }
  C[(long long)row * wB + col] = acc;
}
"""

_kernel = []


def kernel():
    if not _kernel:
        _kernel.append(cp.RawKernel(SOURCE, "matmul"))
    return _kernel[0]


def inputs(xp, size):
    """hA, wA, wB (multiples of 16), then A and B row-major and flat."""
    ha, wa, wb = size
    a = (xp.arange(ha * wa) % 7).astype(xp.float64)
    b = (xp.arange(wa * wb) % 5).astype(xp.float64)
    return (ha, wa, wb, a, b)


def peer(xp, ha, wa, wb, a, b):
    """The tiled kernel; C flat."""
    if xp is np:  # emulation: the same sum over tiles of A's rows and B's columns
        am, bm = a.reshape(ha, wa), b.reshape(wa, wb)
        c = np.zeros((ha, wb))
        for k in range(0, wa, T):
            c += am[:, k : k + T] @ bm[k : k + T, :]
        return c.ravel()
    c = cp.empty(ha * wb, dtype=cp.float64)
    kernel()((wb // T, ha // T), (T, T), (a, b, c, np.int32(ha), np.int32(wa), np.int32(wb)))
    return c


def peer_cublas(xp, ha, wa, wb, a, b):
    """cuBLAS (DGEMM) through `matmul`; C flat."""
    return xp.matmul(a.reshape(ha, wa), b.reshape(wa, wb)).ravel()


PEERS = {"tiled kernel": peer, "cuBLAS": peer_cublas}


def reference(ha, wa, wb, a, b):
    return (a.reshape(ha, wa) @ b.reshape(wa, wb)).ravel()


if __name__ == "__main__":
    sys.exit(main(sys.modules[__name__]))
