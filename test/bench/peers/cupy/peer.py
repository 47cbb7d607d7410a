"""The shared part of the GPU peers in this directory: the command line (`--runs N`, `--time`,
`--numpy`), the timing of a computation with CUDA events (a warm-up run, then N timed runs,
each reported as `time: total T ms` on standard error, the format of tail's executables, so
that run.py takes the median the same way), and apltail's printing of results.

`--numpy` runs the same code with NumPy on the CPU (timed with the wall clock): a check of the
peers' logic and output on a machine without a GPU, not a benchmark.
"""

import argparse
import math
import sys
import time


def setup(description):
    """Parses the options; returns (xp, options): xp is cupy, or numpy with --numpy."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--runs", type=int, default=5, help="timed runs after the warm-up")
    ap.add_argument("--time", action="store_true", help="print a time line per timed run")
    ap.add_argument("--numpy", action="store_true",
                    help="run on the CPU with NumPy (a logic check, not a benchmark)")
    ap.add_argument("--small", action="store_true",
                    help="the lit test's sizes (test/Frontend/APL/programs/NAME.apl)")
    o = ap.parse_args()
    if o.runs < 1:
        ap.error("--runs needs a positive number")
    if o.numpy:
        import numpy as xp
    else:
        import cupy as xp
    return xp, o


def run_timed(xp, o, compute):
    """Runs compute() once to warm up (kernel compilation, memory pool), then o.runs times,
    each between two CUDA events on the current stream (the wall clock with --numpy); returns
    the last run's result."""
    result = compute()
    for _ in range(o.runs):
        if o.numpy:
            t0 = time.perf_counter()
            result = compute()
            ms = (time.perf_counter() - t0) * 1e3
        else:
            start, end = xp.cuda.Event(), xp.cuda.Event()
            start.record()
            result = compute()
            end.record()
            end.synchronize()
            ms = xp.cuda.get_elapsed_time(start, end)
        if o.time:
            print("time: total %.3f ms" % ms, file=sys.stderr, flush=True)
    return result


def host(v):
    """A device scalar or array as a Python float or list (a NumPy value passes through)."""
    if hasattr(v, "get"):
        v = v.get()
    return v.tolist() if hasattr(v, "tolist") else v


def fmt_double(x):
    """A double as apltail's pr_double prints it (runtime/format's fmt_double)."""
    x = float(x)
    if math.isnan(x):
        return "nan"
    if x < 0:
        return "-" + fmt_double(-x)
    if math.isinf(x):
        return "HUGE_VAL"
    s = "%.12g" % x
    s = s.replace("e-", "E~").replace("e+", "E")
    if math.copysign(1.0, x) < 0:
        s = "~" + s
    return s if "." in s else s + ".0"


def print_double(x):
    print("[](%s)" % fmt_double(host(x)))


def print_int(i):
    print("[](%d)" % int(host(i)))


def print_vec_double(v):
    v = host(v)
    print("[%d](%s)" % (len(v), ",".join(fmt_double(x) for x in v)))


def print_vec_int(v):
    v = host(v)
    print("[%d](%s)" % (len(v), ",".join(str(int(x)) for x in v)))
