"""Device-to-device copy bandwidth of the GPU: copies a 1 GiB buffer into another with
cudaMemcpy (CuPy's MemoryPointer.copy_from_device) after a warm-up, times each copy with
CUDA events, and prints the median over --runs copies as
`copy bandwidth: X GB/s` (X = 2 × bytes ÷ time: every byte is read once and written once,
the way run.py counts the traffic of tail's kernels), on one line."""
import argparse
import statistics

ap = argparse.ArgumentParser(description=__doc__)
ap.add_argument("--runs", type=int, default=10, help="timed copies (the median is printed)")
ap.add_argument("--mib", type=int, default=1024, help="buffer size in MiB (default 1 GiB)")
o = ap.parse_args()

import cupy as cp  # noqa: E402

nbytes = o.mib << 20
src = cp.ones(nbytes, dtype=cp.uint8)
dst = cp.empty(nbytes, dtype=cp.uint8)
dst.data.copy_from_device(src.data, nbytes)
cp.cuda.Device().synchronize()
ms = []
for _ in range(o.runs):
    start, end = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    dst.data.copy_from_device(src.data, nbytes)
    end.record()
    end.synchronize()
    ms.append(cp.cuda.get_elapsed_time(start, end))
assert bool((dst[:: 1 << 20] == 1).all()), "the copy did not arrive"
med = statistics.median(ms)
print("copy bandwidth: %.1f GB/s (2 x %d MiB in %.3f ms, median of %d copies; %s)" %
      (2 * nbytes / (med * 1e-3) / 1e9, o.mib, med, o.runs,
       cp.cuda.runtime.getDeviceProperties(0)["name"].decode()))
