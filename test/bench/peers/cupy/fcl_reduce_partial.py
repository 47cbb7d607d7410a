"""CuPy peer of FCL's partial reduction (thesis Table 5.1): the sums of the 512-element
chunks of 2^24 32-bit integers (32768 partial sums, wrapping around in 32 bits).

The reduction kernel of NVIDIA's samples as a RawKernel, with the FCL program's work split:
256 threads per block, each adding two elements while loading (the first step), a tree of
halving steps in shared memory down to 64 values, then the last warp with shuffles.
Run: python fcl_reduce_partial.py [--runs N] [--check]
"""

import sys

import numpy as np

from fcl_common import BLOCK, cp, main

CHUNK = 2 * BLOCK
SIZE = 1 << 24
SMALL = 8 * CHUNK

SOURCE = r"""
extern "C" __global__ void reduce_partial(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x;
  long long i = (long long)blockIdx.x * 512 + t;
  unsigned v = in[i] + in[i + 256];
  s[t] = v;
  __syncthreads();
  for (unsigned k = 128; k > 32; k >>= 1) {
    if (t < k) s[t] = v = v + s[t + k];
    __syncthreads();
  }
  if (t < 32) {
    v += s[t + 32];
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (t == 0) out[blockIdx.x] = v;
  }
}
"""

_kernel = []


def kernel():
    if not _kernel:
        _kernel.append(cp.RawKernel(SOURCE, "reduce_partial"))
    return _kernel[0]


def inputs(xp, n):
    return (xp.arange(n, dtype=xp.int32),)


def peer(xp, a):
    blocks = a.size // CHUNK
    if xp is np:  # emulation of the kernel's steps, all blocks and threads at once
        c = a.reshape(blocks, CHUNK)
        v = c[:, :BLOCK] + c[:, BLOCK:]
        k = BLOCK // 2
        while k > 32:
            v = np.concatenate([v[:, :k] + v[:, k : 2 * k], v[:, k:]], axis=1)
            k //= 2
        w = v[:, :32] + v[:, 32:64]
        lane = np.arange(32)
        off = 16
        while off > 0:
            src = np.where(lane + off < 32, lane + off, lane)
            w = w + w[:, src]
            off //= 2
        return w[:, 0].copy()
    out = cp.empty(blocks, dtype=cp.int32)
    kernel()((blocks,), (BLOCK,), (a, out))
    return out


def reference(a):
    return a.reshape(-1, CHUNK).sum(axis=1, dtype=np.int32)


if __name__ == "__main__":
    sys.exit(main(sys.modules[__name__]))
