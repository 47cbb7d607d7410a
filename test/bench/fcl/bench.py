#!/usr/bin/env python3
"""Times the FCL micro-benchmarks (thesis Tables 5.1 and 5.2) on a GPU next to their CuPy peers.

For each benchmark, in one run on one machine:

1. the FCL program (`test/bench/fcl/NAME.fcl`) is compiled with tail's tools to the gpu level
   (`tail-translate --fcl-to-hpar | tail-opt hpar-to-gpu`) and to PTX
   (`tail-translate --emit=ptx`);
2. the host function of the gpu-level module (`gpu.alloc`, `gpu.memcpy`,
   `gpu.launch_func`, `gpu.dealloc`, `memref.alloc`, `memref.dim`, `memref.load`, integer
   `arith` ops and `scf.while` loops of them) is executed here with CuPy: its kernels are loaded from tail's PTX
   (`cupy.RawModule`) and launched with the grid, block and arguments the host code computes
   (a `memref<?xT>` argument is passed as the expanded descriptor the NVVM lowering expects:
   allocated pointer, aligned pointer, offset, size, stride);
3. its result is compared with the peer's reference, then it is timed: CUDA events around
   the launches (from before the first to after the last, so the host-to-device copy of the
   input and the copy of the result back are outside, as they are for the peer); warm-up
   runs, then the median of `--runs` runs;
4. the CuPy peer (`test/bench/peers/cupy/fcl_NAME.py`) is checked and timed the same way.

The output is a Markdown table with both medians and their ratio, and the machine.
`--dry-run` needs no GPU: it compiles each program, runs its host function with NumPy
buffers (no kernel runs) and prints the launches it would make, a check of the harness.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "test", "bench", "peers", "cupy"))

import fcl_common  # noqa: E402  (sets CUPY_ACCELERATORS before CuPy is imported)
from fcl_common import check, cp, time_ms  # noqa: E402


def _args_reverse(a):
    return [a]


def _args_transpose(a, rows, cols):
    return [rows, cols, a]


def _args_matmul(ha, wa, wb, a, b):
    return [ha, wa, wb, a, b]


# name: (FCL file, entry, peer module, FCL arguments from the peer's inputs, thesis FCL ms,
# thesis peer ms, thesis peer)
BENCHES = {
    "reverse": ("reverse.fcl", "main", "fcl_reverse", _args_reverse, 0.533, 0.526, "OpenCL SDK"),
    "transpose": ("transpose.fcl", "main", "fcl_transpose", _args_transpose, 0.648, 0.695, "OpenCL SDK"),
    "reduce_partial": ("reduce_partial.fcl", "main", "fcl_reduce_partial", _args_reverse, 0.454, 0.331, "OpenCL SDK"),
    "matmul": ("matmul.fcl", "main", "fcl_matmul", _args_matmul, 10.076, 8.692, "OpenCL SDK"),
    "reduce_full": ("reduce_full.fcl", "main", "fcl_reduce_full", _args_reverse, 0.533, 0.5503, "Thrust"),
    "scan": ("scan.fcl", "main", "fcl_scan", _args_reverse, 2.84, 1.4543, "Thrust"),
}

ELEM = {"i32": np.int32, "i64": np.int64, "index": np.int64, "f64": np.float64, "f32": np.float32}


def tool(tools, name):
    """Path of tail tool `name`: in `tools`, else on PATH."""
    if tools:
        p = os.path.join(tools, name)
        if os.path.exists(p):
            return p
    p = shutil.which(name)
    if not p:
        raise SystemExit(f"error: {name} not found (build it: cargo build --release -p {name}; pass --tools)")
    return p


def compile_fcl(tools, path, entry, chip, workdir, prebuilt=None):
    """The gpu-level MLIR text of FCL program `path` (entry `entry`) and the path of its PTX.
    With `prebuilt`, the files a `--build-only` run wrote there."""
    if prebuilt:
        base = os.path.join(prebuilt, os.path.basename(path))
        if not os.path.exists(base + ".ptx"):
            raise SystemExit(f"error: {base}.ptx not found (make it with --build-only {prebuilt})")
        with open(base + ".gpu.mlir") as f:
            return f.read(), base + ".ptx"
    hpar = subprocess.run(
        [tool(tools, "tail-translate"), "--fcl-to-hpar", path, "--entry", entry],
        check=True, capture_output=True, text=True,
    ).stdout
    gpu = subprocess.run(
        [tool(tools, "tail-opt"), "--pass-pipeline=builtin.module(hpar-to-gpu)", "-"],
        input=hpar, check=True, capture_output=True, text=True,
    ).stdout
    base = os.path.join(workdir, os.path.basename(path))
    with open(base + ".gpu.mlir", "w") as f:
        f.write(gpu)
    ptx = base + ".ptx"
    subprocess.run(
        [tool(tools, "tail-translate"), "--emit=ptx", "--chip", chip, base + ".gpu.mlir", "-o", ptx],
        check=True,
    )
    return gpu, ptx


# ----- the host function ------------------------------------------------------------------------

MEMREF = re.compile(r"memref<(\?|\d+)x(\w+)>")
OP = re.compile(r"^(?:(%[\w]+)\s*=\s*)?([\w.]+)(.*)$")


def host_function(text, entry):
    """(parameter names, parameter types, body lines) of `func.func @entry` in `text`."""
    lines = text.splitlines()
    head = re.compile(r"^\s*func\.func @" + re.escape(entry) + r"\((.*)\)")
    for k, line in enumerate(lines):
        m = head.match(line)
        if not m:
            continue
        params = [p.strip() for p in m.group(1).split(",") if p.strip()] if m.group(1) else []
        names = [p.split(":")[0].strip() for p in params]
        types = [p.split(":", 1)[1].strip() for p in params]
        body, depth = [], 0
        for b in lines[k + 1 :]:
            b = b.strip()
            depth -= b.startswith("}")
            if depth < 0:
                return names, types, body
            depth += b.endswith("{")
            body.append(b)
    raise SystemExit(f"error: no func.func @{entry} in the gpu-level module")


def elem_of(ty):
    m = MEMREF.fullmatch(ty.strip())
    if not m:
        raise SystemExit(f"error: unsupported memref type {ty} in the host function (1-D only)")
    return m.group(1), ELEM[m.group(2)]


def wrap(v, ty):
    """`v` as a value of integer type `ty` (two's complement wrap-around for i32)."""
    if ty == "i32":
        return (v + 2**31) % 2**32 - 2**31
    if ty in ("i64", "index"):
        return (v + 2**63) % 2**64 - 2**63
    return v


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


BINARY = {
    "arith.addi": lambda a, b: a + b,
    "arith.subi": lambda a, b: a - b,
    "arith.muli": lambda a, b: a * b,
    "arith.divsi": tdiv,
    "arith.divui": lambda a, b: a // b,
    "arith.remsi": lambda a, b: a - tdiv(a, b) * b,
    "arith.remui": lambda a, b: a % b,
    "arith.ceildivsi": lambda a, b: -((-a) // b),
    "arith.floordivsi": lambda a, b: a // b,
    "arith.maxsi": max,
    "arith.minsi": min,
    "arith.maxui": max,
    "arith.minui": min,
    "arith.andi": lambda a, b: a & b,
    "arith.ori": lambda a, b: a | b,
    "arith.xori": lambda a, b: a ^ b,
    "arith.shli": lambda a, b: a << b,
    "arith.shrsi": lambda a, b: a >> b,
}

CMPI = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "slt": lambda a, b: a < b,
    "sle": lambda a, b: a <= b,
    "sgt": lambda a, b: a > b,
    "sge": lambda a, b: a >= b,
    "ult": lambda a, b: a < b,
    "ule": lambda a, b: a <= b,
    "ugt": lambda a, b: a > b,
    "uge": lambda a, b: a >= b,
}


def region_end(lines, k):
    """The index of the line closing the region opened at the end of line `k`."""
    depth = 0
    for j in range(k + 1, len(lines)):
        depth -= lines[j].startswith("}")
        if depth < 0:
            return j
        depth += lines[j].endswith("{")
    raise SystemExit(f"error: unclosed region: {lines[k]}")


class Host:
    """Runs a host function's code (straight-line code and `scf.while` loops): with CuPy and
    the kernels of `module`, or with NumPy buffers and printed launches (`dry`)."""

    def __init__(self, body, module=None, dry=False, ptx=""):
        self.body, self.module, self.dry = body, module, dry
        self.events = None
        # Parameter widths (bytes) of each kernel entry of the PTX, for checking the launches.
        self.params = {
            m.group(1): [8 if w in ("u64", "b64", "f64", "s64") else 4 for w in re.findall(r"\.param \.(\w+)", m.group(2))]
            for m in re.finditer(r"\.entry (\w+)\(([^)]*)\)", ptx)
        }

    def run(self, env):
        """Runs the body with the parameters bound in `env`; returns the returned value."""
        return self.block(self.body, env)[1]

    def loop(self, lines, k, env):
        """Runs the `scf.while` of line `k` (one result); returns the index of its last line."""
        m = re.match(r"^(%\w+) = scf\.while \(([^)]*)\) : \(([^)]*)\) -> (.*) \{$", lines[k])
        if not m or "," in m.group(3):
            raise SystemExit(f"error: unsupported loop (one carried value only): {lines[k]}")
        arg, init = [v.strip() for v in m.group(2).split("=")]
        mid = region_end(lines, k)
        end = region_end(lines, mid)
        if lines[mid] != "} do {":
            raise SystemExit(f"error: cannot read loop: {lines[mid]}")
        head = re.match(r"^\^bb0\((%\w+):", lines[mid + 1])
        if not head:
            raise SystemExit(f"error: cannot read loop body: {lines[mid + 1]}")
        cur = env[init]
        while True:
            env[arg] = cur
            kind, vals = self.block(lines[k + 1 : mid], env)
            if kind != "condition":
                raise SystemExit(f"error: the loop's condition ends without scf.condition: {lines[k]}")
            cond, cur = vals
            if not cond:
                break
            env[head.group(1)] = cur
            kind, cur = self.block(lines[mid + 2 : end], env)
            if kind != "yield":
                raise SystemExit(f"error: the loop's body ends without scf.yield: {lines[k]}")
        env[m.group(1)] = cur
        return end

    def block(self, lines, env):
        """Runs `lines`; returns how they end (`return`, `condition`, `yield`, or `None` at the
        end) and the value it passes on."""
        xp = np if self.dry else cp
        k = -1
        while k + 1 < len(lines):
            k += 1
            line = lines[k]
            if re.match(r"^%\w+ = scf\.while ", line):
                k = self.loop(lines, k, env)
                continue
            m = OP.match(line)
            if not m:
                raise SystemExit(f"error: cannot read host line: {line}")
            res, name, rest = m.groups()
            ids = re.findall(r"%[\w]+", rest)
            val = lambda i: env[ids[i]]  # noqa: E731
            ty = rest.rsplit(":", 1)[-1].strip() if ":" in rest else ""
            if name == "arith.constant":
                lit = rest.split(":")[0].strip()
                env[res] = float(lit) if ty in ("f64", "f32") else int(lit)
            elif name == "arith.cmpi":
                pred = rest.strip().split(",")[0]
                env[res] = CMPI[pred](val(0), val(1))
            elif name == "memref.load":
                env[res] = val(0)[tuple(int(env[i]) for i in ids[1:])]
            elif name in BINARY:
                if ty in ("f64", "f32"):
                    raise SystemExit(f"error: floating-point host op not supported: {line}")
                env[res] = wrap(BINARY[name](val(0), val(1)), ty)
            elif name == "arith.index_cast":
                to = rest.rsplit(" to ", 1)[1].strip()
                env[res] = wrap(val(0), to)
            elif name == "memref.dim":
                env[res] = int(val(0).size)
            elif name in ("gpu.alloc", "memref.alloc"):
                size, elem = elem_of(ty)
                n = val(0) if size == "?" else int(size)
                host = name == "memref.alloc"
                env[res] = (np if host else xp).empty(n, dtype=elem)
            elif name == "gpu.memcpy":
                dst, src = val(0), val(1)
                if self.dry:
                    dst[...] = src
                elif isinstance(dst, np.ndarray):
                    dst[...] = cp.asnumpy(src)
                elif isinstance(src, np.ndarray):
                    dst.set(np.ascontiguousarray(src))
                else:
                    dst[...] = src
            elif name == "gpu.launch_func":
                self.launch(line, env)
            elif name in ("gpu.dealloc", "memref.dealloc"):
                pass  # CuPy frees the buffer when the last reference goes
            elif name in ("return", "func.return"):
                return "return", (val(0) if ids else None)
            elif line.startswith("scf.condition("):
                c = re.match(r"^scf\.condition\((%\w+)\) (%\w+)", line)
                return "condition", (bool(env[c.group(1)]), env[c.group(2)])
            elif name == "scf.yield":
                return "yield", val(0)
            else:
                raise SystemExit(f"error: host op {name} is not supported by this harness: {line}")
        return None, None

    def launch(self, line, env):
        m = re.search(
            r"@(\w+)::@(\w+) blocks in \(([^)]*)\) threads in \(([^)]*)\).*?args\((.*)\)\s*$", line
        )
        if not m or "dynamic_shared_memory_size" in line or "async" in line:
            raise SystemExit(f"error: unsupported launch: {line}")
        kname = m.group(2)
        grid = tuple(int(env[v.strip()]) for v in m.group(3).split(","))
        block = tuple(int(env[v.strip()]) for v in m.group(4).split(","))
        args = []
        for a in re.findall(r"(%[\w]+) : ([^,]+(?:<[^>]*>)?)", m.group(5)):
            v, ty = env[a[0]], a[1].strip()
            if ty.startswith("memref"):
                # The expanded memref descriptor: allocated and aligned pointers, offset,
                # size, stride.
                args += [v, v, np.int64(0), np.int64(v.size), np.int64(1)]
            else:
                args.append(ELEM[ty](v))
        want = self.params.get(kname)
        if want is not None and want != [np.dtype(type(x)).itemsize if not hasattr(x, "ndim") or not x.ndim else 8 for x in args]:
            raise SystemExit(f"error: the arguments of {kname} do not match its PTX parameters: {line}")
        if self.dry:
            shapes = [f"{type(x).__name__}[{x.size}]" if hasattr(x, "size") and x.ndim else str(x) for x in args]
            print(f"  launch {kname} grid {grid} block {block} args ({', '.join(shapes)})")
            return
        fn = self.module.get_function(kname)
        if self.events is not None and self.events[2] == 0:
            self.events[0].record()
        fn(grid, block, tuple(args))
        if self.events is not None:
            self.events[1].record()
            self.events[2] += 1


def run_tail(host, names, types, fargs, dry):
    """Binds the entry's parameters to `fargs` and runs the host function."""
    env = {}
    for n, t, a in zip(names, types, fargs):
        if t.startswith("memref"):
            _, elem = elem_of(t)
            env[n] = np.ascontiguousarray(fcl_common.to_host(a), dtype=elem)
        else:
            env[n] = int(a) if t in ("i32", "i64", "index") else float(a)
    return host.run(env)


def time_tail(host, names, types, fargs, runs, warmup=3):
    """Median milliseconds from before the first launch to after the last, over `runs`
    runs after `warmup`."""
    times = []
    for k in range(warmup + runs):
        host.events = [cp.cuda.Event(), cp.cuda.Event(), 0]
        run_tail(host, names, types, fargs, False)
        host.events[1].synchronize()
        if k >= warmup:
            times.append(cp.cuda.get_elapsed_time(host.events[0], host.events[1]))
    host.events = None
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help=f"benchmarks (default: all of {', '.join(BENCHES)})")
    ap.add_argument("--tools", default=os.environ.get("TAIL_TOOLS_DIR", os.path.join(ROOT, "target", "release")),
                    help="directory of tail-translate and tail-opt (default: $TAIL_TOOLS_DIR or target/release)")
    ap.add_argument("--runs", type=int, default=20, help="timed runs per measurement (median; at least 5)")
    ap.add_argument("--dry-run", action="store_true", help="no GPU: print the launches (no kernel runs)")
    ap.add_argument("--build-only", metavar="DIR",
                    help="only compile the programs (gpu level and PTX for --chip) into DIR, for --prebuilt")
    ap.add_argument("--prebuilt", metavar="DIR",
                    help="use the files of a --build-only run in DIR (a GPU machine without tail's tools)")
    ap.add_argument("--chip", default="sm_90", help="the PTX target of --build-only (default sm_90)")
    args = ap.parse_args()
    if args.runs < 5:
        raise SystemExit("error: --runs must be at least 5")
    names = args.names or list(BENCHES)
    for n in names:
        if n not in BENCHES:
            raise SystemExit(f"error: unknown benchmark {n} (known: {', '.join(BENCHES)})")
    if args.build_only:
        os.makedirs(args.build_only, exist_ok=True)
        for n in names:
            fcl, entry = BENCHES[n][:2]
            compile_fcl(args.tools, os.path.join(HERE, fcl), entry, args.chip, args.build_only)
            print(f"{n}: {os.path.join(args.build_only, fcl)}.ptx ({args.chip})")
        return 0
    dry = args.dry_run
    if not dry and cp is None:
        raise SystemExit("error: CuPy is not installed (pip install cupy-cuda12x); --dry-run needs no GPU")
    chip = "sm_90"
    if not dry:
        cc = cp.cuda.Device(0).compute_capability
        if int(cc) < 80:
            raise SystemExit(f"error: tail's PTX targets sm_80 or sm_90; this GPU is sm_{cc}")
        chip = "sm_90" if int(cc) >= 90 else "sm_80"
        if args.prebuilt and chip != "sm_90":
            raise SystemExit(f"error: the prebuilt PTX targets sm_90; this GPU is sm_{cc}")
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for n in names:
            fcl, entry, peer_name, fcl_args, th_fcl, th_peer, th_peer_name = BENCHES[n]
            peer = __import__(peer_name)
            gpu, ptx = compile_fcl(args.tools, os.path.join(HERE, fcl), entry, chip, work, args.prebuilt)
            pnames, ptypes, body = host_function(gpu, entry)
            if dry:
                ins = peer.inputs(np, peer.SIZE)
                print(f"{n} ({fcl}, size {peer.SIZE}):")
                out = run_tail(Host(body, dry=True, ptx=open(ptx).read()), pnames, ptypes, fcl_args(*ins), True)
                print(f"  result: {out.size} elements of {out.dtype}")
                continue
            host = Host(body, cp.RawModule(path=ptx), ptx=open(ptx).read())
            ins = peer.inputs(cp, peer.SIZE)
            want = peer.reference(*[fcl_common.to_host(x) if hasattr(x, "shape") else x for x in ins])
            rtol = getattr(peer, "RTOL", 0.0)
            check(f"tail {n}", run_tail(host, pnames, ptypes, fcl_args(*ins), False), want, rtol)
            t_ms = time_tail(host, pnames, ptypes, fcl_args(*ins), args.runs)
            for label, fn in getattr(peer, "PEERS", {"peer": peer.peer}).items():
                check(f"{peer_name} ({label})", fn(cp, *ins), want, rtol)
                p_ms = time_ms(lambda: fn(cp, *ins), args.runs)
                rows.append((n, peer.SIZE, t_ms, f"{peer_name} ({label})", p_ms, th_fcl / th_peer, th_peer_name))
    if dry:
        return 0
    print(f"Machine: {fcl_common.device_name()}; CuPy {cp.__version__}; "
          f"CUDA driver {cp.cuda.runtime.driverGetVersion()}; median of {args.runs} runs each\n")
    print("| benchmark | size | tail (ms) | peer | peer (ms) | tail / peer | thesis FCL / peer |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for n, size, t_ms, pl, p_ms, th, thn in rows:
        print(f"| {n} | {size} | {t_ms:.4f} | {pl} | {p_ms:.4f} | {t_ms / p_ms:.2f} | {th:.2f} ({thn}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
