"""CuPy peer of FCL's reverse (thesis Table 5.1): reverse 2^24 32-bit integers.

One RawKernel thread per element reads `in[n - 1 - i]` and writes `out[i]` (both accesses
coalesced), as the hand-written kernel the thesis compares with.
Run: python fcl_reverse.py [--runs N] [--check]
"""

import sys

import numpy as np

from fcl_common import BLOCK, cp, main

SIZE = 1 << 24
SMALL = 4096

SOURCE = r"""
extern "C" __global__ void reverse(const int *in, int *out, long long n) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[n - 1 - i];
}
"""

_kernel = []


def kernel():
    if not _kernel:
        _kernel.append(cp.RawKernel(SOURCE, "reverse"))
    return _kernel[0]


def inputs(xp, n):
    return (xp.arange(n, dtype=xp.int32),)


def peer(xp, a):
    n = a.size
    if xp is np:  # emulation of the kernel's index arithmetic, all threads at once
        i = np.arange(n)
        out = np.empty_like(a)
        out[i] = a[n - 1 - i]
        return out
    out = cp.empty_like(a)
    kernel()(((n + BLOCK - 1) // BLOCK,), (BLOCK,), (a, out, np.int64(n)))
    return out


def reference(a):
    return a[::-1].copy()


if __name__ == "__main__":
    sys.exit(main(sys.modules[__name__]))
