"""CuPy peer of FCL's full reduction (thesis Table 5.2): the sum of 2^24 32-bit integers
(wrapping around in 32 bits).

The thesis compares with Thrust; the peer is `cupy.sum` with an `int32` accumulator, which
goes through CUB (the library Thrust's reduction is built on) when `CUPY_ACCELERATORS`
lists `cub` (set by fcl_common unless the environment sets it).
Run: python fcl_reduce_full.py [--runs N] [--check]
"""

import sys

import numpy as np

from fcl_common import main

SIZE = 1 << 24
SMALL = 1 << 12


def inputs(xp, n):
    return (xp.arange(n, dtype=xp.int32),)


def peer(xp, a):
    """The sum, a 0-d array (the FCL program returns the scalar)."""
    return xp.sum(a, dtype=xp.int32)


def reference(a):
    return np.array(a.sum(dtype=np.int32), dtype=np.int32)


if __name__ == "__main__":
    sys.exit(main(sys.modules[__name__]))
