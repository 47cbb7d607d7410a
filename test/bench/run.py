#!/usr/bin/env python3
"""The FHPC'16 benchmark harness: one command that builds and times the nine APL programs of
test/bench/apl/ against their peers and records the figures in test/bench/RESULTS.md.

For each program it
  * builds test/bench/apl/NAME.apl with `tailc build --target=cpu` (the compile time is the
    median wall-clock time of the builds),
  * builds the sequential C reference test/bench/peers/c/NAME.c (cc -O3 -march=native
    -ffp-contract=off),
  * runs, in --rounds rounds, the executable with `--time --runs R` under TAIL_NUM_THREADS=1
    and =2 and the C reference the same way, one after the other (a slow spell of a shared
    machine then falls on all three alike), and takes the medians of each one's
    `time: total T ms` lines,
  * checks that tail's and C's printed results agree (each number within a relative 1e-9:
    the two add in different orders) and that the C reference built with -DSMALL prints
    exactly what the interpreter prints for the lit test test/Frontend/APL/programs/NAME.apl,
  * runs the lit test (the small size) in the interpreter (`tailc run --target=interp`) and
    as a `--target=cpu` executable, checks that both print the same, and reports the ratio of
    their wall-clock times (medians of R processes each),
  * with --gpu, also builds `--target=cuda`, runs it (`time: total T ms, kernels K ms (L
    launches)`), runs the CuPy peers of test/bench/peers/cupy/ and the copy-bandwidth script,
    and reports ratios.

Everything is written to a section of RESULTS.md (one for the CPU figures, one for the GPU
figures; other sections are kept). See test/bench/README.md for the options and for running
on a GPU machine with executables built elsewhere (--build-only, --prebuilt).

Python 3 standard library only.
"""

import argparse
import datetime
import json
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
APL_DIR = os.path.join(HERE, "apl")
SMALL_DIR = os.path.join(ROOT, "test", "Frontend", "APL", "programs")
C_DIR = os.path.join(HERE, "peers", "c")
CUPY_DIR = os.path.join(HERE, "peers", "cupy")
JAX_DIR = os.path.join(HERE, "peers", "jax")
RESULTS = os.path.join(HERE, "RESULTS.md")
LARGE_DIR = os.path.join(HERE, "apl-large")

PROGRAMS = ["integral", "signal", "life", "easter", "blackscholes", "sobol_pi", "hotspot",
            "mandelbrot1", "mandelbrot2"]

CPU_HEADING = "## FHPC'16 benchmarks: CPU backend against sequential C"
GPU_HEADING = "## FHPC'16 benchmarks: CUDA backend against CuPy"

DEFAULT_CFLAGS = "-O3 -march=native -ffp-contract=off"
REL_TOL = 1e-9

# The least memory traffic of the stencil programs on the GPU (bytes), for the effective
# bandwidth next to the measured copy bandwidth: each step reads and writes the whole state
# once (HotSpot also reads the power grid; doubles), Life's board is one byte a cell.
MIN_BYTES = {
    "hotspot": 360 * 3 * 512 * 512 * 8,
    "life": 100 * 2 * 1200 * 1200 * 1,
}

# The memory-bound programs of test/bench/apl-large/ (GPU only) and the least traffic of their
# kernels (bytes): the map's vector (2^26 doubles) written once, read and written by each of
# its 20 steps and read by the sum; a Life generation reads and writes the 8192 × 8192 board
# once; a HotSpot step reads the temperatures and the power and writes the temperatures
# (4096 × 4096 doubles). The kernels that make the initial arrays are not counted.
LARGE = {
    "map": (1 + 20 * 2 + 1) * 8 * 2**26,
    "life": 20 * 2 * 8192 * 8192,
    "hotspot": 20 * 3 * 8 * 4096 * 4096,
}

TIME_RE = re.compile(
    r"^time: total ([0-9.]+) ms(?:, kernels ([0-9.]+) ms \((\d+) launches\))?\s*$")
NUM_RE = re.compile(r"~?-?[0-9][0-9.]*(?:E~?[0-9]+)?|HUGE_VAL|nan")


def peer_file(name):
    """The file of a program's Python peer: NAME.py, but signal_.py for Signal (a signal.py
    beside the script would shadow Python's standard module `signal`)."""
    return ("signal_" if name == "signal" else name) + ".py"


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run_cmd(cmd, env=None, timeout=None, cwd=None):
    """Runs cmd; returns (returncode, stdout, stderr, wall seconds)."""
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=full_env,
                           timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return 124, out, "timed out after %ss" % timeout, time.perf_counter() - t0
    except OSError as e:
        return 127, "", str(e), time.perf_counter() - t0
    return p.returncode, p.stdout, p.stderr, time.perf_counter() - t0


def first_line(text):
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    return lines[-1][:200] if lines else ""


def parse_times(stderr):
    """The `time:` lines of a run: a list of (total ms, kernel ms or None, launches or None)."""
    out = []
    for ln in stderr.splitlines():
        m = TIME_RE.match(ln.strip())
        if m:
            out.append((float(m.group(1)),
                        float(m.group(2)) if m.group(2) else None,
                        int(m.group(3)) if m.group(3) else None))
    return out


def apl_number(tok):
    """A number as apltail prints it (`~` is a minus sign, `E` the exponent)."""
    if tok == "HUGE_VAL":
        return float("inf")
    return float(tok.replace("~", "-").replace("E-", "e-").replace("E", "e"))


def numbers(text):
    """The numbers of a printed result, line by line."""
    return [[apl_number(t) for t in NUM_RE.findall(ln)] for ln in text.strip().splitlines()]


def compare(a, b, tol=REL_TOL):
    """Compares two printed results: ('exact', 0), ('within', max relative difference) or
    ('differ', description)."""
    if a.strip() == b.strip():
        return "exact", 0.0
    na, nb = numbers(a), numbers(b)
    if len(na) != len(nb) or any(len(x) != len(y) for x, y in zip(na, nb)):
        return "differ", "different shapes of output"
    worst = 0.0
    for xs, ys in zip(na, nb):
        for x, y in zip(xs, ys):
            if x == y:
                continue
            d = abs(x - y) / max(abs(x), abs(y))
            worst = max(worst, d)
    return ("within", worst) if worst <= tol else ("differ", worst)


def agreement(kind, d):
    """The table cell of a comparison."""
    if kind == "exact":
        return "exact"
    if kind == "within":
        return "%.1e" % d
    return "NO (%.1e)" % d if isinstance(d, float) else "NO"


def difference(d):
    return "relative difference %.3g" % d if isinstance(d, float) else d


def median(xs):
    return statistics.median(xs) if xs else None


def fmt_ms(x):
    return "—" if x is None else ("%.1f" % x if x >= 10 else "%.3f" % x)


def fmt_ratio(x):
    return "—" if x is None else "%.2f" % x


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def os_name():
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"') + ", " + \
                        platform.system() + " " + platform.release()
    except OSError:
        pass
    return platform.system() + " " + platform.release()


def version_of(cmd):
    rc, out, err, _ = run_cmd(cmd, timeout=60)
    text = (out or err).strip().splitlines()
    return text[0].strip() if rc == 0 and text else "unavailable"


def gpu_name():
    rc, out, _, _ = run_cmd(["nvidia-smi", "--query-gpu=name,driver_version,memory.total",
                             "--format=csv,noheader"], timeout=60)
    return out.strip().splitlines()[0] if rc == 0 and out.strip() else "unknown GPU"


class Harness:
    def __init__(self, a):
        self.a = a
        self.work = a.work_dir
        os.makedirs(self.work, exist_ok=True)
        self.failures = []
        self.notes = []  # peers that fail or disagree: reported, not failures of tail
        self.manifest_path = os.path.join(self.work, "manifest.json")
        self.manifest = {}
        if a.prebuilt and os.path.exists(self.manifest_path):
            with open(self.manifest_path) as f:
                self.manifest = json.load(f)

    def fail(self, name, what):
        self.failures.append("%s: %s" % (name, what))
        log("  FAILED %s: %s" % (name, what))

    # ---- building -------------------------------------------------------------------------

    def tailc_build(self, src, exe, target, runs=None):
        """Builds src into exe with tailc `runs` times (default --compile-runs; the median
        wall-clock seconds), or reuses a prebuilt exe. Returns (exe, seconds or None) or
        (None, an error message or None)."""
        key = "%s:%s" % (os.path.basename(exe), target)
        if self.a.prebuilt:
            if os.path.exists(exe):
                return exe, self.manifest.get(key)
            return None, None
        times = []
        for _ in range(runs or self.a.compile_runs):
            # From the repository root, where tailc finds libdevice in .venv for `cuda`.
            rc, out, err, wall = run_cmd([self.a.tailc, "build", src, "-o", exe,
                                          "--target=" + target], timeout=self.a.timeout,
                                         cwd=ROOT)
            if rc != 0:
                return None, "tailc build failed: " + first_line(err or out)
            times.append(wall)
        t = median(times)
        self.manifest[key] = t
        return exe, t

    def c_build(self, name, small):
        exe = os.path.join(self.work, name + ("-c-small" if small else "-c"))
        cmd = [self.a.cc] + shlex.split(self.a.cflags) + (["-DSMALL"] if small else []) + \
            [os.path.join(C_DIR, name + ".c"), "-o", exe, "-lm"]
        rc, out, err, _ = run_cmd(cmd, timeout=self.a.timeout)
        if rc != 0:
            return None, "cc failed: " + first_line(err or out)
        return exe, None

    # ---- running --------------------------------------------------------------------------

    def time_exe(self, exe, env=None, what=""):
        """Runs `exe --time --runs R`; returns (stdout, [(total, kernels, launches)]) or
        raises RuntimeError."""
        rc, out, err, _ = run_cmd([exe, "--time", "--runs", str(self.a.runs)], env=env,
                                  timeout=self.a.timeout)
        if rc != 0:
            raise RuntimeError("%s exited with %d: %s" % (what or exe, rc, first_line(err)))
        ts = parse_times(err)
        if len(ts) != self.a.runs:
            raise RuntimeError("%s printed %d time lines for --runs %d" %
                               (what or exe, len(ts), self.a.runs))
        return out, ts

    def wall_median(self, cmd, env=None):
        """Median wall-clock seconds of R runs of cmd, and its output (the same every run)."""
        walls, outs = [], set()
        for _ in range(self.a.runs):
            rc, out, err, wall = run_cmd(cmd, env=env, timeout=self.a.timeout)
            if rc != 0:
                raise RuntimeError("%s exited with %d: %s" % (" ".join(cmd), rc, first_line(err)))
            walls.append(wall)
            outs.add(out)
        if len(outs) != 1:
            raise RuntimeError("%s printed different outputs in different runs" % " ".join(cmd))
        return median(walls), outs.pop()

    # ---- one program on the CPU -----------------------------------------------------------

    def cpu_program(self, name):
        a = self.a
        r = {"name": name}
        log("== %s" % name)
        exe, t = self.tailc_build(os.path.join(APL_DIR, name + ".apl"),
                                  os.path.join(self.work, name), "cpu")
        # The variants: tail on each thread count, then C.
        variants = []
        if exe is None:
            self.fail(name, t or "no prebuilt executable")
            r["error"] = t or "no executable"
        else:
            r["compile_s"] = t
            for n in a.threads:
                variants.append(("tail_%d" % n, exe, {"TAIL_NUM_THREADS": str(n)},
                                 "%s (%d threads)" % (name, n)))
        cexe, err = self.c_build(name, small=False)
        if cexe is None:
            self.fail(name, err)
        else:
            variants.append(("c", cexe, None, "C reference of " + name))
        # Rounds of every variant in turn, so that a slow spell of a shared machine falls on
        # all of them alike; each variant's time is the median of all its runs.
        times = {key: [] for key, *_ in variants}
        rounds = {key: [] for key, *_ in variants}
        failed = set()
        for _ in range(a.rounds):
            for key, x, env, what in variants:
                if key in failed:
                    continue
                try:
                    out, ts = self.time_exe(x, env, what)
                except RuntimeError as e:
                    self.fail(name, str(e))
                    failed.add(key)
                    continue
                times[key] += [y[0] for y in ts]
                rounds[key].append(median([y[0] for y in ts]))
                if key == "c":
                    r[key + "_out"] = out
                    continue
                r.setdefault("tail_out", out)
                if out != r["tail_out"]:
                    self.fail(name, "prints differently (%s)" % what)
                    failed.add(key)
        for key in times:
            if key not in failed and times[key]:
                r[key] = median(times[key])
                r[key + "_rounds"] = rounds[key]
        if "tail_out" in r and "c_out" in r:
            kind, d = compare(r["tail_out"], r["c_out"])
            r["agree"] = agreement(kind, d)
            if kind == "differ":
                self.fail(name, "tail and C print different results (%s):\n%s\n%s" %
                          (difference(d), r["tail_out"].strip(), r["c_out"].strip()))

        if not a.skip_small:
            self.small(name, r)
        log("  " + json.dumps({k: v for k, v in r.items() if not k.endswith("_out")}))
        return r

    def small(self, name, r):
        """The lit test: interpreter against CPU executable (wall clock), and the C reference
        at the same size against the interpreter (exact)."""
        a = self.a
        src = os.path.join(SMALL_DIR, name + ".apl")
        interp_out = None
        if not a.prebuilt:
            try:
                r["interp_small_s"], interp_out = self.wall_median(
                    [a.tailc, "run", "--target=interp", src])
            except RuntimeError as e:
                self.fail(name, "interpreter at the small size: %s" % e)
        exe, t = self.tailc_build(src, os.path.join(self.work, name + "-small"), "cpu", runs=1)
        if exe is None:
            self.fail(name, "small: " + (t or "no executable"))
        else:
            try:
                r["cpu_small_s"], out = self.wall_median([exe], {"TAIL_NUM_THREADS": "1"})
                if interp_out is not None and out != interp_out:
                    self.fail(name, "small: the CPU executable prints %r, the interpreter %r" %
                              (out, interp_out))
            except RuntimeError as e:
                self.fail(name, "small: %s" % e)
        cexe, err = self.c_build(name, small=True)
        if cexe is None:
            self.fail(name, "small C: " + err)
        elif interp_out is not None:
            rc, out, err, _ = run_cmd([cexe], timeout=a.timeout)
            r["c_small_exact"] = rc == 0 and out == interp_out
            if not r["c_small_exact"]:
                self.fail(name, "small: the C reference prints %r, the interpreter %r" %
                          (out, interp_out))

    # ---- one program on the GPU -----------------------------------------------------------

    def gpu_program(self, name, cpu_out):
        a = self.a
        r = {"name": name}
        log("== %s (GPU)" % name)
        exe, t = self.tailc_build(os.path.join(APL_DIR, name + ".apl"),
                                  os.path.join(self.work, name + "-cuda"), "cuda")
        if exe is None:
            self.fail(name, "cuda: " + (t or "no prebuilt executable"))
        else:
            r["compile_s"] = t
            try:
                out, ts = self.time_exe(exe, what=name + " (cuda)")
                r["cuda_total"] = median([x[0] for x in ts])
                ks = [x[1] for x in ts if x[1] is not None]
                r["cuda_kernels"] = median(ks) if ks else None
                r["launches"] = ts[-1][2]
                r["cuda_out"] = out
            except RuntimeError as e:
                self.fail(name, str(e))
        for key, directory, python in (("cupy", CUPY_DIR, a.python),
                                       ("jax", JAX_DIR, a.jax_python or a.python)):
            peer = os.path.join(directory, peer_file(name))
            rc, out, err, _ = run_cmd([python, peer, "--time", "--runs", str(a.runs)],
                                      timeout=a.timeout)
            if rc != 0:
                self.notes.append("%s: the %s peer exited with %d: %s" %
                                  (name, key, rc, first_line(err)))
                continue
            r[key] = median([x[0] for x in parse_times(err)])
            r[key + "_out"] = out
        ref = cpu_out
        for key, who in (("cuda", "tail's CUDA executable"), ("cupy", "the CuPy peer"),
                         ("jax", "the JAX peer")):
            if key + "_out" in r and ref is not None:
                kind, d = compare(r[key + "_out"], ref, a.gpu_tol)
                r[key + "_agree"] = agreement(kind, d)
                if kind == "differ":
                    msg = "%s prints %r, the CPU %r (%s)" % (who, r[key + "_out"], ref,
                                                             difference(d))
                    if key == "cuda":
                        self.fail(name, msg)
                    else:
                        self.notes.append(name + ": " + msg)
        log("  " + json.dumps({k: v for k, v in r.items() if not k.endswith("_out")}))
        return r

    def gpu_large(self, name):
        """A memory-bound program of apl-large/ on the GPU: its kernel time against the least
        traffic of its kernels (LARGE), checked against the CPU backend's output (recorded by
        --build-only, or run here)."""
        a = self.a
        r = {"name": name}
        log("== %s (GPU, large)" % name)
        src = os.path.join(LARGE_DIR, name + ".apl")
        ref = self.manifest.get("ref_out:large-" + name)
        if ref is None and not a.prebuilt:
            cexe, err = self.tailc_build(src, os.path.join(self.work, "large-%s-cpu" % name),
                                         "cpu", runs=1)
            if cexe:
                rc, out, _, _ = run_cmd([cexe], timeout=a.timeout)
                ref = out if rc == 0 else None
        exe, t = self.tailc_build(src, os.path.join(self.work, "large-%s-cuda" % name), "cuda",
                                  runs=1)
        if exe is None:
            self.fail("large " + name, "cuda: " + (t or "no prebuilt executable"))
            return r
        try:
            out, ts = self.time_exe(exe, what="large %s (cuda)" % name)
        except RuntimeError as e:
            self.fail("large " + name, str(e))
            return r
        r["cuda_total"] = median([x[0] for x in ts])
        ks = [x[1] for x in ts if x[1] is not None]
        r["cuda_kernels"] = median(ks) if ks else None
        r["launches"] = ts[-1][2]
        if ref is not None:
            kind, d = compare(out, ref, a.gpu_tol)
            r["agree"] = agreement(kind, d)
            if kind == "differ":
                self.fail("large " + name, "the CUDA executable prints %r, the CPU backend %r "
                          "(%s)" % (out, ref, difference(d)))
        log("  " + json.dumps(r))
        return r

    def bandwidth(self):
        rc, out, err, _ = run_cmd([self.a.python, os.path.join(CUPY_DIR, "copy_bandwidth.py"),
                                   "--runs", str(max(self.a.runs, 5))], timeout=self.a.timeout)
        m = re.search(r"([0-9.]+) GB/s", out)
        if rc != 0 or not m:
            self.notes.append("copy bandwidth: " + first_line(err or out))
            return None
        return float(m.group(1))


# ---- RESULTS.md ---------------------------------------------------------------------------

def met(cond):
    return "—" if cond is None else ("met" if cond else "**not met**")


def cpu_section(a, rows, env, failures):
    t1, t2 = a.threads[0], a.threads[1] if len(a.threads) > 1 else None
    lines = [CPU_HEADING, "",
             "Written by `python3 test/bench/run.py` (see test/bench/README.md).", "",
             "- Date: %s" % env["date"],
             "- Machine: %s, %d cores, %s; load average %s before the run, %s after it" %
             (env["cpu"], env["cores"], env["os"], env["load0"], env["load1"]),
             "- Tools: %s (`tailc build --target=cpu`); C reference: %s, `%s`; Python %s" %
             (env["tailc"], env["cc"], a.cflags, platform.python_version()),
             "- Times: medians of the `time: total T ms` lines of %d rounds of `--time --runs %d` "
             "(the program's own clock, inside the process; C the same way), tail with "
             "`TAIL_NUM_THREADS` = %s and C run in turn in each round; compile time: median "
             "wall-clock time of %d `tailc build` runs (including linking)"
             % (a.rounds, a.runs, " and ".join(map(str, a.threads)), a.compile_runs),
             "- Agreement: tail's printed numbers against the C reference's, each within a "
             "relative %.0e (`exact` when the text is the same; the sums add in different "
             "orders); the C reference built with `-DSMALL` prints exactly what the "
             "interpreter prints for the lit test" % REL_TOL,
             "- Small size: the lit test `test/Frontend/APL/programs/NAME.apl` as a process, "
             "median wall-clock time of %d runs each: `tailc run --target=interp` (parsing and "
             "compiling included) against its `tailc build --target=cpu` executable "
             "(1 thread)" % a.runs,
             ]
    if max(float(env["load0"]), float(env["load1"])) > env["cores"] - 0.5:
        lines.append("- The machine was running other jobs during this run (a load average near "
                     "or above its core count): the times, the 2-thread ones most, are slower "
                     "than on an idle machine")
    lines.append("")
    hdr = ["program", "compile (s)", "tail %dt (ms)" % t1]
    if t2:
        hdr.append("tail %dt (ms)" % t2)
    hdr += ["C (ms)", "C / tail-%dt" % t1, "C / tail-%dt by round" % t1]
    if t2:
        hdr += ["C / tail-%dt" % t2, "tail-%dt / tail-%dt" % (t1, t2)]
    hdr += ["agree", "interp (s, small)", "cpu exe (s, small)", "interp / cpu"]
    lines.append("| " + " | ".join(hdr) + " |")
    lines.append("|" + "---|" * len(hdr))
    goals = []
    for r in rows:
        c, x1, x2 = r.get("c"), r.get("tail_%d" % t1), r.get("tail_%d" % t2) if t2 else None
        ratio1 = c / x1 if c and x1 else None
        ratio2 = c / x2 if c and x2 else None
        scale = x1 / x2 if x1 and x2 else None
        ci, cs = r.get("interp_small_s"), r.get("cpu_small_s")
        comp = r.get("compile_s")
        cells = ["`%s`" % r["name"], "—" if comp is None else "%.2f" % comp, fmt_ms(x1)]
        if t2:
            cells.append(fmt_ms(x2))
        # The spread of the 1-thread ratio over the rounds (each round's medians): how much
        # of a ratio near 1 is the machine's noise.
        by_round = [cr / xr for cr, xr in zip(r.get("c_rounds", []),
                                               r.get("tail_%d_rounds" % t1, [])) if cr and xr]
        spread = "%s–%s" % (fmt_ratio(min(by_round)), fmt_ratio(max(by_round))) \
            if len(by_round) > 1 else "—"
        cells += [fmt_ms(c), fmt_ratio(ratio1), spread]
        if t2:
            cells += [fmt_ratio(ratio2), fmt_ratio(scale)]
        cells += [r.get("agree", "—"), "—" if ci is None else "%.3f" % ci,
                  "—" if cs is None else "%.3f" % cs,
                  fmt_ratio(ci / cs if ci and cs else None)]
        lines.append("| " + " | ".join(cells) + " |")
        goals.append((r["name"], None if ratio1 is None else ratio1 >= 1.0,
                      None if ratio2 is None else ratio2 >= 1.7,
                      None if comp is None else comp < 2.0))
    lines += ["", "Ratios above 1 mean tail is faster (C / tail) or that two threads are faster "
              "than one (tail-1t / tail-2t). `by round`: the lowest and the highest ratio of "
              "one round's medians, the spread that the machine's noise gives a ratio.", "",
              "Goals of issue 7: the CPU backend at least as fast as the sequential C reference "
              "on one core (C / tail-1t ≥ 1), at least 1.7× faster than it on two cores "
              "(C / tail-2t ≥ 1.7), and a compile time under 2 s.", "",
              "| program | 1 core: ≥ C | 2 cores: ≥ 1.7× C | compile < 2 s |",
              "|---|---|---|---|"]
    for name, g1, g2, g3 in goals:
        lines.append("| `%s` | %s | %s | %s |" % (name, met(g1), met(g2), met(g3)))
    outputs = [(r["name"], r.get("tail_out"), r.get("c_out")) for r in rows]
    lines += ["", "Printed results (tail; C where its text differs):", "", "```"]
    for name, t, c in outputs:
        t_ = " ".join((t or "—").split())
        lines.append("%-13s %s" % (name, t_))
        if c is not None and (t is None or c.strip() != t.strip()):
            lines.append("%-13s %s" % ("  C", " ".join(c.split())))
    lines.append("```")
    if failures:
        lines += ["", "Failures in this run:", ""] + ["- " + f.replace("\n", " ") for f in
                                                       failures]
    return "\n".join(lines) + "\n"


def gpu_section(a, rows, env, bw, failures, notes, large=()):
    lines = [GPU_HEADING, "",
             "Written by `python3 test/bench/run.py --gpu` (see test/bench/README.md).", "",
             "- Date: %s" % env["date"],
             "- Machine: %s; %s, %d cores, %s" % (env["gpu"], env["cpu"], env["cores"], env["os"]),
             "- Tools: %s (`tailc build --target=cuda`); peers: %s" % (env["tailc"], env["peers"]),
             "- Times: medians of `--time --runs %d`: tail's `time: total` (the whole program, "
             "transfers included) and `kernels` (the kernels' CUDA-event times); the CuPy "
             "peers (`peers/cupy/`): CUDA-event time of their whole computation after a "
             "warm-up run; the JAX peers (`peers/jax/`, one jitted function each): wall-clock "
             "time of a call until its result is ready, after a compiling call" % a.runs,
             "- Device-to-device copy bandwidth (`peers/cupy/copy_bandwidth.py`): %s" %
             ("—" if bw is None else "%.1f GB/s" % bw),
             "- Agreement: each printed number against the %s's, within a relative %.0e" %
             ("C reference" if a.gpu_only else "CPU backend", a.gpu_tol),
             "", ]
    hdr = ["program", "compile (s)", "tail total (ms)", "tail kernels (ms)", "launches",
           "CuPy (ms)", "JAX (ms)", "CuPy / tail total", "CuPy / tail kernels",
           "JAX / tail total", "JAX / tail kernels", "effective GB/s (% of copy)",
           "agree: tail", "CuPy", "JAX"]
    lines.append("| " + " | ".join(hdr) + " |")
    lines.append("|" + "---|" * len(hdr))
    for r in rows:
        tot, ker, cp, jx = r.get("cuda_total"), r.get("cuda_kernels"), r.get("cupy"), r.get("jax")
        eff = "—"
        if r["name"] in MIN_BYTES and ker:
            gbs = MIN_BYTES[r["name"]] / (ker * 1e-3) / 1e9
            eff = "%.1f" % gbs + (" (%.0f %%)" % (100 * gbs / bw) if bw else "")
        comp = r.get("compile_s")
        lines.append("| " + " | ".join([
            "`%s`" % r["name"], "—" if comp is None else "%.2f" % comp, fmt_ms(tot), fmt_ms(ker),
            "—" if r.get("launches") is None else str(r["launches"]), fmt_ms(cp), fmt_ms(jx),
            fmt_ratio(cp / tot if cp and tot else None),
            fmt_ratio(cp / ker if cp and ker else None),
            fmt_ratio(jx / tot if jx and tot else None),
            fmt_ratio(jx / ker if jx and ker else None), eff,
            r.get("cuda_agree", "—"), r.get("cupy_agree", "—"), r.get("jax_agree", "—")]) +
            " |")
    lines += ["", "Ratios above 1 mean tail is faster. The effective bandwidth counts the least "
              "traffic of the stencil programs (each step reads and writes its state once) over "
              "the kernel time."]
    if large:
        lines += ["", "Memory-bound kernels at large sizes (`test/bench/apl-large/`, far beyond "
                  "the L2 cache): the least traffic of each program's kernels (bytes) over its "
                  "kernel time, against the copy bandwidth; results checked against the CPU "
                  "backend's.", "",
                  "| program | least traffic (GB) | tail total (ms) | tail kernels (ms) | "
                  "launches | effective GB/s | % of copy | agree |",
                  "|---|---|---|---|---|---|---|---|"]
        for r in large:
            ker = r.get("cuda_kernels")
            gbs = LARGE[r["name"]] / (ker * 1e-3) / 1e9 if ker else None
            lines.append("| `%s` | %.2f | %s | %s | %s | %s | %s | %s |" % (
                r["name"], LARGE[r["name"]] / 1e9, fmt_ms(r.get("cuda_total")), fmt_ms(ker),
                "—" if r.get("launches") is None else str(r["launches"]),
                "—" if gbs is None else "%.1f" % gbs,
                "—" if gbs is None or not bw else "%.0f %%" % (100 * gbs / bw),
                r.get("agree", "—")))
    if notes:
        lines += ["", "Notes on the peers:", ""] + ["- " + n.replace("\n", " ") for n in notes]
    if failures:
        lines += ["", "Failures in this run:", ""] + ["- " + f.replace("\n", " ") for f in
                                                       failures]
    return "\n".join(lines) + "\n"


def write_section(path, heading, body):
    """Replaces the section that starts with `heading` (up to the next `## ` heading) in the
    file at path, or appends it."""
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else "# Benchmark results\n"
    lines = text.split("\n")
    start = next((i for i, ln in enumerate(lines) if ln.strip() == heading), None)
    if start is None:
        text = text.rstrip("\n") + "\n\n" + body
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
                   len(lines))
        rest = "\n".join(lines[end:])
        text = "\n".join(lines[:start]) + "\n" + body + ("\n" + rest if rest else "")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.rstrip("\n") + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tailc", default=os.path.join(ROOT, "target", "release", "tailc"),
                    help="the tailc to build and interpret with (a release build; default "
                    "target/release/tailc)")
    ap.add_argument("--runs", type=int, default=5, help="timed runs per measurement (>= 5)")
    ap.add_argument("--rounds", type=int, default=3,
                    help="CPU timings: rounds of tail (each thread count) and C in turn, each "
                    "round `--runs` runs of each (default 3)")
    ap.add_argument("--compile-runs", type=int, default=None,
                    help="tailc build runs for the compile-time median (default: --runs)")
    ap.add_argument("--threads", default="1,2",
                    help="TAIL_NUM_THREADS values, comma-separated; the first two are the "
                    "table's 1-thread and 2-thread columns (default 1,2)")
    ap.add_argument("--programs", default=",".join(PROGRAMS),
                    help="comma-separated subset of: " + " ".join(PROGRAMS))
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--cflags", default=DEFAULT_CFLAGS)
    ap.add_argument("--work-dir", default=None,
                    help="where executables go (default: a temporary directory, removed after)")
    ap.add_argument("--skip-small", action="store_true",
                    help="skip the small-size interpreter comparison")
    ap.add_argument("--gpu", action="store_true",
                    help="also the CUDA backend, the CuPy peers and the copy bandwidth")
    ap.add_argument("--gpu-only", action="store_true",
                    help="only the GPU part (implies --gpu): no CPU timings; the GPU results are "
                    "checked against the C reference's output; with --build-only, only the "
                    "--target=cuda executables")
    ap.add_argument("--gpu-tol", type=float, default=1e-9,
                    help="relative tolerance of GPU results against the CPU's (default 1e-9)")
    ap.add_argument("--python", default=sys.executable,
                    help="the Python with CuPy for the peers (default: this one)")
    ap.add_argument("--jax-python", default=None,
                    help="the Python with JAX for the JAX peers (default: --python)")
    ap.add_argument("--build-only", action="store_true",
                    help="only build the executables into --work-dir (with --gpu: also "
                    "--target=cuda), and record the compile times there, for --prebuilt")
    ap.add_argument("--prebuilt", action="store_true",
                    help="use the executables of a --build-only run in --work-dir instead of "
                    "calling tailc (on a machine without the compiler)")
    ap.add_argument("--timeout", type=int, default=3600, help="seconds per command")
    ap.add_argument("--no-large", action="store_true",
                    help="with --gpu: skip the memory-bound programs of apl-large/")
    ap.add_argument("--results", default=RESULTS, help="the Markdown file to update")
    ap.add_argument("--no-write", action="store_true", help="do not update the results file")
    a = ap.parse_args()
    if a.runs < 5:
        ap.error("--runs must be at least 5 (medians of >= 5 runs)")
    if a.rounds < 1:
        ap.error("--rounds must be at least 1")
    a.compile_runs = a.compile_runs or a.runs
    a.gpu = a.gpu or a.gpu_only
    a.threads = [int(t) for t in a.threads.split(",") if t]
    progs = [p for p in a.programs.split(",") if p]
    for p in progs:
        if p not in PROGRAMS:
            ap.error("unknown program %r" % p)
    if (a.build_only or a.prebuilt) and not a.work_dir:
        ap.error("--build-only and --prebuilt need --work-dir")
    if not a.prebuilt and not os.path.exists(a.tailc):
        ap.error("no tailc at %s (build it: cargo build --release -p tailc -p tail-rt, or "
                 "give --tailc)" % a.tailc)
    a.tailc = os.path.abspath(a.tailc) if not a.prebuilt else a.tailc
    tmp = None
    if not a.work_dir:
        tmp = a.work_dir = tempfile.mkdtemp(prefix="tail-bench-")
    a.work_dir = os.path.abspath(a.work_dir)

    h = Harness(a)
    try:
        if a.build_only:
            for p in progs:
                builds = []
                if not a.gpu_only:
                    builds += [(os.path.join(APL_DIR, p + ".apl"), os.path.join(a.work_dir, p),
                                "cpu"),
                               (os.path.join(SMALL_DIR, p + ".apl"),
                                os.path.join(a.work_dir, p + "-small"), "cpu")]
                if a.gpu:
                    builds.append((os.path.join(APL_DIR, p + ".apl"),
                                   os.path.join(a.work_dir, p + "-cuda"), "cuda"))
                for src, exe, target in builds:
                    exe, t = h.tailc_build(src, exe, target)
                    log("%s --target=%s: %s" % (os.path.basename(src), target,
                                                t if exe is None else "%.2f s" % t))
                    if exe is None:
                        h.fail(p, t)
                # The C reference's output, to check GPU results where there is no compiler.
                cexe, err = h.c_build(p, small=False)
                if cexe is None:
                    h.fail(p, err)
                else:
                    rc, out, err, _ = run_cmd([cexe], timeout=a.timeout)
                    if rc == 0:
                        h.manifest["ref_out:" + p] = out
                    else:
                        h.fail(p, "C reference: " + first_line(err))
            if a.gpu and not a.no_large:
                for p in LARGE:
                    src = os.path.join(LARGE_DIR, p + ".apl")
                    for target in ("cuda", "cpu"):
                        exe, t = h.tailc_build(src, os.path.join(a.work_dir, "large-%s-%s" %
                                                                 (p, target)), target, runs=1)
                        log("large %s --target=%s: %s" % (p, target,
                                                         t if exe is None else "%.2f s" % t))
                        if exe is None:
                            h.fail("large " + p, t)
                        elif target == "cpu":
                            rc, out, err, _ = run_cmd([exe], timeout=a.timeout)
                            if rc == 0:
                                h.manifest["ref_out:large-" + p] = out
                            else:
                                h.fail("large " + p, "CPU backend: " + first_line(err))
            with open(h.manifest_path, "w") as f:
                json.dump(dict(h.manifest, tailc=version_of([a.tailc, "--version"])), f,
                          indent=1)
            return 1 if h.failures else 0

        env = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
               "cpu": cpu_model(), "cores": os.cpu_count(), "os": os_name(),
               "load0": "%.2f" % os.getloadavg()[0],
               "tailc": h.manifest.get("tailc") if a.prebuilt else
               version_of([a.tailc, "--version"]),
               "cc": version_of([a.cc, "--version"])}
        cpu_rows = []
        if not a.gpu_only:
            for p in progs:
                cpu_rows.append(h.cpu_program(p))
            env["load1"] = "%.2f" % os.getloadavg()[0]
            if not a.no_write:
                write_section(a.results, CPU_HEADING, cpu_section(a, cpu_rows, env, h.failures))
        if a.gpu:
            cpu_fail = len(h.failures)
            env["gpu"] = gpu_name()
            env["peers"] = ", ".join(
                "%s %s" % (m, version_of([py, "-c", "import %s; print(%s.__version__)" % (m, m)]))
                for m, py in (("cupy", a.python), ("numpy", a.python),
                              ("jax", a.jax_python or a.python)))
            bw = h.bandwidth()
            rows = []
            outs = {r["name"]: r.get("tail_out") for r in cpu_rows}
            for p in progs:
                # The CPU backend's output; without a CPU run, the C reference's (recorded by
                # --build-only, or built here).
                ref = outs.get(p) or h.manifest.get("ref_out:" + p)
                if ref is None:
                    cexe, _ = h.c_build(p, small=False)
                    if cexe:
                        rc, out, _, _ = run_cmd([cexe], timeout=a.timeout)
                        ref = out if rc == 0 else None
                rows.append(h.gpu_program(p, ref))
            large = [] if a.no_large else [h.gpu_large(p) for p in LARGE]
            if not a.no_write:
                write_section(a.results, GPU_HEADING,
                              gpu_section(a, rows, env, bw, h.failures[cpu_fail:], h.notes,
                                          large))
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    for n in h.notes:
        log("note: " + n)
    if h.failures:
        log("%d failure(s):" % len(h.failures))
        for f in h.failures:
            log("  " + f)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
