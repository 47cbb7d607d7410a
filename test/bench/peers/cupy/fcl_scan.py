"""CuPy peer of FCL's full scan (thesis Table 5.2): the inclusive prefix sums of 2^24 32-bit
integers (wrapping around in 32 bits).

The thesis compares with Thrust; the peer is `cupy.cumsum` with an `int32` accumulator,
which goes through CUB's device scan when `CUPY_ACCELERATORS` lists `cub` (set by
fcl_common unless the environment sets it).
Run: python fcl_scan.py [--runs N] [--check]
"""

import sys

import numpy as np

from fcl_common import main

SIZE = 1 << 24
SMALL = 1 << 12


def inputs(xp, n):
    return (xp.arange(n, dtype=xp.int32),)


def peer(xp, a):
    return xp.cumsum(a, dtype=xp.int32)


def reference(a):
    return np.cumsum(a, dtype=np.int32)


if __name__ == "__main__":
    sys.exit(main(sys.modules[__name__]))
