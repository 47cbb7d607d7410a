"""CuPy peer of FCL's transpose (thesis Table 5.1): a 4096 x 4096 matrix of 32-bit integers.

The coalesced shared-memory transpose of NVIDIA's samples as a RawKernel: a block of 32 x 8
threads moves one 32 x 32 tile (each thread four rows), reading rows of the input and
writing rows of the output through a padded shared tile (no bank conflicts).
Run: python fcl_transpose.py [--runs N] [--check]
"""

import sys

import numpy as np

from fcl_common import cp, main

TILE = 32
ROWS = 8
SIZE = (4096, 4096)
SMALL = (64, 96)

SOURCE = r"""
#define TILE 32
#define ROWS 8
extern "C" __global__ void transpose(const int *in, int *out, int rows, int cols) {
  __shared__ int tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(long long)(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(long long)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
"""

_kernel = []


def kernel():
    if not _kernel:
        _kernel.append(cp.RawKernel(SOURCE, "transpose"))
    return _kernel[0]


def inputs(xp, size):
    rows, cols = size
    return (xp.arange(rows * cols, dtype=xp.int32), rows, cols)


def peer(xp, a, rows, cols):
    """The transpose of the `rows` x `cols` row-major matrix `a` (both multiples of 32),
    flat."""
    gx, gy = cols // TILE, rows // TILE
    if xp is np:  # emulation of the two phases of every block, all threads at once
        by, bx, ty, tx, j = np.ix_(
            np.arange(gy), np.arange(gx), np.arange(ROWS), np.arange(TILE), np.arange(0, TILE, ROWS)
        )
        tile = np.zeros((gy, gx, TILE, TILE + 1), dtype=a.dtype)
        x, y = bx * TILE + tx, by * TILE + ty
        tile[by, bx, ty + j, tx] = a[(y + j) * cols + x]
        out = np.empty_like(a)
        x, y = by * TILE + tx, bx * TILE + ty
        out[(y + j) * rows + x] = tile[by, bx, tx, ty + j]
        return out
    out = cp.empty_like(a)
    kernel()((gx, gy), (TILE, ROWS), (a, out, np.int32(rows), np.int32(cols)))
    return out


def reference(a, rows, cols):
    return a.reshape(rows, cols).T.ravel().copy()


if __name__ == "__main__":
    sys.exit(main(sys.modules[__name__]))
