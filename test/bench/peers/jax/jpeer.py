"""The shared part of the JAX peers in this directory: the command line (`--runs N`, `--time`,
`--small`), 64-bit floats on, and the timing of a jitted computation: one call to compile and
warm up, then N calls, each timed on the wall clock until its result is ready
(`jax.block_until_ready`), reported as `time: total T ms` on standard error like tail's
executables. JAX has no CUDA-event timer of its own, so the time includes the dispatch of
the call (tens of microseconds). The results are printed with apltail's format by the
functions of ../cupy/peer.py.

JAX divides 32-bit integers into 32-bit floats (`i / n`), so the peers convert to float64
before dividing. XLA contracts multiply-adds into fused ones (`c + (a*a - b*b)`, on the CPU
too), so JAX's last digits, and Mandelbrot's escape counts, can differ from APL's
separately rounded operations: run.py reports the difference.

Each computation takes the number 1 as a run-time argument and builds its index vectors from
it (`arange(n) + one`), so that XLA cannot evaluate it while compiling.

On a machine without a GPU the same code runs on JAX's CPU backend: a check of the peers'
logic and printed values, not a benchmark.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cupy"))

import jax  # noqa: E402

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp  # noqa: E402,F401
import peer  # noqa: E402,F401  (the printing functions)


def setup(description):
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--runs", type=int, default=5, help="timed runs after the warm-up")
    ap.add_argument("--time", action="store_true", help="print a time line per timed run")
    ap.add_argument("--small", action="store_true",
                    help="the lit test's sizes (test/Frontend/APL/programs/NAME.apl)")
    o = ap.parse_args()
    if o.runs < 1:
        ap.error("--runs needs a positive number")
    return o


def run_timed(o, fn):
    """fn: a jitted function of the run-time scalar `one`. Returns the last run's result."""
    one = jnp.asarray(1, dtype=jnp.int32)
    result = jax.block_until_ready(fn(one))
    for _ in range(o.runs):
        t0 = time.perf_counter()
        result = jax.block_until_ready(fn(one))
        ms = (time.perf_counter() - t0) * 1e3
        if o.time:
            print("time: total %.3f ms" % ms, file=sys.stderr, flush=True)
    return result
