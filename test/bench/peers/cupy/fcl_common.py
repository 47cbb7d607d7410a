"""Shared harness of the CuPy peers of the FCL micro-benchmarks (test/bench/fcl).

Each peer module `fcl_NAME.py` defines

* `SIZE`: the benchmark's size (2^24 elements, or the matrix dimensions);
* `inputs(xp, size)`: the inputs as arrays of module `xp` (`cupy`, or `numpy` for the logic
  check);
* `peer(xp, *inputs)`: the peer computation (CuPy ops or a `RawKernel`; with `numpy` an
  emulation of the same algorithm, used only to check its index arithmetic);
* optionally `PEERS`, a dict of named peers when there is more than one (`peer` is the
  first);
* `reference(*inputs)`: the expected result computed with plain NumPy;
* `SMALL`: a size at which the NumPy logic check runs quickly.

`main()` runs one peer from the command line: on a machine with CuPy and a GPU it times the
peer with CUDA events (warm-up runs first, then the median of `--runs` timed runs) after
checking its result against `reference`; without CuPy (`--check`, or when CuPy cannot be
imported) it runs the NumPy emulation at `SMALL` and compares it with `reference`, which
checks the logic but measures nothing.
"""

import argparse
import os
import statistics
import sys

import numpy as np

# CuPy's reductions and scans go through CUB when this lists it (the peers of the full
# reduction and the scan stand in for Thrust, which is built on CUB).
os.environ.setdefault("CUPY_ACCELERATORS", "cub")

try:
    import cupy as cp
except ImportError:  # no CuPy: only the NumPy logic check is possible
    cp = None

# Threads per block of the RawKernel peers: the block size tail's convert-hpar-to-gpu uses.
BLOCK = 256


def module_for(use_gpu):
    """`cupy` when `use_gpu` (and CuPy is importable), else `numpy`."""
    if use_gpu:
        if cp is None:
            raise SystemExit("error: CuPy is not installed (pip install cupy-cuda12x)")
        return cp
    return np


def time_ms(fn, runs, warmup=3):
    """Median time in milliseconds of `fn()` over `runs` runs, measured with CUDA events
    around each call on the current stream, after `warmup` untimed calls."""
    for _ in range(warmup):
        fn()
    cp.cuda.get_current_stream().synchronize()
    start, end = cp.cuda.Event(), cp.cuda.Event()
    times = []
    for _ in range(runs):
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, end))
    return statistics.median(times)


def to_host(x):
    """A NumPy copy of array `x` (CuPy or NumPy)."""
    if cp is not None and isinstance(x, cp.ndarray):
        return cp.asnumpy(x)
    return np.asarray(x)


def check(name, got, want, rtol=0.0):
    """Raises SystemExit when `got` differs from `want` (exactly, or within `rtol` for
    floating-point results)."""
    got, want = to_host(got), np.asarray(want)
    if got.shape != want.shape:
        raise SystemExit(f"error: {name}: shape {got.shape}, expected {want.shape}")
    if rtol:
        ok = np.allclose(got, want, rtol=rtol, atol=0.0)
    else:
        ok = np.array_equal(got, want)
    if not ok:
        bad = np.flatnonzero(got.ravel() != want.ravel())[:5]
        raise SystemExit(
            f"error: {name}: wrong result at {bad.tolist()}: "
            f"{got.ravel()[bad].tolist()} instead of {want.ravel()[bad].tolist()}"
        )


def device_name():
    """The GPU's name (device 0)."""
    name = cp.cuda.runtime.getDeviceProperties(0)["name"]
    return name.decode() if isinstance(name, bytes) else name


def main(mod, argv=None):
    """The command line of peer module `mod` (see the module docs)."""
    ap = argparse.ArgumentParser(description=mod.__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20, help="timed runs (median reported)")
    ap.add_argument(
        "--check",
        action="store_true",
        help="only the NumPy logic check at the small size (no GPU needed)",
    )
    args = ap.parse_args(argv)
    name = os.path.splitext(os.path.basename(mod.__file__))[0]
    if args.check or cp is None:
        ins = mod.inputs(np, mod.SMALL)
        for label, fn in getattr(mod, "PEERS", {"peer": mod.peer}).items():
            check(f"{name} ({label})", fn(np, *ins), mod.reference(*ins), getattr(mod, "RTOL", 0.0))
        print(f"{name}: NumPy logic check passed at size {mod.SMALL} (nothing timed)")
        return 0
    ins = mod.inputs(cp, mod.SIZE)
    host = [to_host(x) if hasattr(x, "shape") else x for x in ins]
    want = mod.reference(*host)
    for label, fn in getattr(mod, "PEERS", {"peer": mod.peer}).items():
        check(f"{name} ({label})", fn(cp, *ins), want, getattr(mod, "RTOL", 0.0))
        ms = time_ms(lambda: fn(cp, *ins), args.runs)
        print(
            f"{name} ({label}): size {mod.SIZE}: median {ms:.4f} ms over {args.runs} runs"
            f" on {device_name()}"
        )
    return 0


if __name__ == "__main__":
    sys.exit("run one of the fcl_NAME.py peers")
