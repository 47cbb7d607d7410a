#!/usr/bin/env python3
"""Times the FCL micro-benchmarks (thesis Tables 5.1 and 5.2) on the CPU backend next to
sequential C, and writes a section of test/bench/RESULTS.md.

For each benchmark, in one run on one machine:

1. `tailc build --target=cpu test/bench/fcl/NAME.fcl` (entry `main`) and the C reference
   `test/bench/peers/c/fcl_NAME.c` (cc -O3 -march=native -ffp-contract=off), also with
   -DSMALL;
2. the check: the executable on the small inputs below and the C reference built with
   -DSMALL must print exactly the same text;
3. the timing, in --rounds rounds of every variant in turn (tail with TAIL_NUM_THREADS = 1 and
   2, then C): tail's `--time --runs R+1` on the large inputs, the kernels' time of each run
   (`time: total T ms, kernels K ms (L launches)`: the thread pool's parallel loops, without
   the generation of the `iota` inputs, the allocation of the result and its printing) with
   the first run dropped (it prints the result and faults its pages in); C's `--time --runs R`
   (its clock around the computation alone). Medians of all runs of each variant.

The matrix multiplication runs at 1024 × 1024 on the CPU (the GPU's 4096 × 4096 would take
minutes a run on two cores). Python 3 standard library only.
"""

import argparse
import datetime
import os
import platform
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(os.path.dirname(BENCH))
C_DIR = os.path.join(BENCH, "peers", "c")
sys.path.insert(0, BENCH)

import run as harness  # noqa: E402  (test/bench/run.py: timing, parsing, RESULTS sections)

HEADING = "## FCL micro-benchmarks: CPU backend against sequential C"

# name: (FCL file, size shown in the table, large inputs, small inputs)
BENCHES = [
    ("reverse", "reverse.fcl", "2^24 int", ["iota:16777216"], ["iota:512"]),
    ("transpose", "transpose.fcl", "4096 × 4096 int", ["4096", "4096", "iota:16777216"],
     ["32", "64", "iota:2048"]),
    ("reduce_partial", "reduce_partial.fcl", "2^24 int → 32768", ["iota:16777216"],
     ["iota:1024"]),
    ("reduce_full", "reduce_full.fcl", "2^24 int → 1", ["iota:16777216"], ["iota:4096"]),
    ("scan", "scan.fcl", "2^24 int", ["iota:16777216"], ["iota:4096"]),
    ("matmul", "matmul.fcl", "1024 × 1024 double",
     ["1024", "1024", "1024", "iota:1048576", "iota:1048576"],
     ["32", "16", "32", "iota:512", "iota:512"]),
]


def inputs(values):
    return [x for v in values for x in ("--input", v)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tailc", default=os.path.join(ROOT, "target", "release", "tailc"))
    ap.add_argument("--runs", type=int, default=5, help="timed runs per measurement")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of every variant in turn")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--cflags", default=harness.DEFAULT_CFLAGS)
    ap.add_argument("--benches", default=",".join(b[0] for b in BENCHES),
                    help="comma-separated subset of: " + " ".join(b[0] for b in BENCHES))
    ap.add_argument("--results", default=harness.RESULTS,
                    help="the file to write the section into (default test/bench/RESULTS.md)")
    ap.add_argument("--timeout", type=float, default=600.0)
    a = ap.parse_args()
    chosen = a.benches.split(",")
    unknown = [c for c in chosen if c not in [b[0] for b in BENCHES]]
    if unknown:
        ap.error("unknown benchmark(s): " + ", ".join(unknown))
    work = tempfile.mkdtemp(prefix="tail-fcl-cpu-")
    load0 = "%.2f" % os.getloadavg()[0]
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    failures, rows = [], []

    def fail(name, msg):
        harness.log("  FAIL %s: %s" % (name, msg))
        failures.append("%s: %s" % (name, msg))

    def cc(name, small):
        exe = os.path.join(work, "c-%s%s" % (name, "-small" if small else ""))
        cmd = [a.cc] + a.cflags.split() + (["-DSMALL"] if small else []) + \
            [os.path.join(C_DIR, "fcl_%s.c" % name), "-o", exe, "-lm"]
        rc, out, err, _ = harness.run_cmd(cmd, timeout=a.timeout)
        return exe if rc == 0 else None, harness.first_line(err or out)

    for name, fcl, size, large, small in BENCHES:
        if name not in chosen:
            continue
        harness.log("== %s" % name)
        r = {"name": name, "size": size}
        rows.append(r)
        exe = os.path.join(work, "tail-" + name)
        rc, out, err, wall = harness.run_cmd(
            [a.tailc, "build", "--target=cpu", os.path.join(HERE, fcl), "-o", exe],
            timeout=a.timeout, cwd=ROOT)
        if rc != 0:
            fail(name, "tailc build failed: " + harness.first_line(err or out))
            continue
        r["compile_s"] = wall
        cexe, err = cc(name, False)
        csmall, err_small = cc(name, True)
        if cexe is None or csmall is None:
            fail(name, "cc failed: " + (err if cexe is None else err_small))
            continue
        rc1, t_out, t_err, _ = harness.run_cmd([exe] + inputs(small), timeout=a.timeout)
        rc2, c_out, c_err, _ = harness.run_cmd([csmall], timeout=a.timeout)
        if rc1 != 0 or rc2 != 0:
            fail(name, "small run failed: " + harness.first_line(t_err if rc1 else c_err))
            continue
        r["agree"] = "exact" if t_out == c_out else "NO"
        if t_out != c_out:
            fail(name, "tail and C print different results at the small size")
        variants = [("tail_1", [exe, "--time", "--runs", str(a.runs + 1)] + inputs(large),
                     {"TAIL_NUM_THREADS": "1"}),
                    ("tail_2", [exe, "--time", "--runs", str(a.runs + 1)] + inputs(large),
                     {"TAIL_NUM_THREADS": "2"}),
                    ("c", [cexe, "--time", "--runs", str(a.runs)], None)]
        times = {k: [] for k, _, _ in variants}
        for _ in range(a.rounds):
            for key, cmd, env in variants:
                rc, _, err, _ = harness.run_cmd(cmd, env=env, timeout=a.timeout)
                ts = harness.parse_times(err)
                if rc != 0 or not ts:
                    fail(name, "%s exited with %d: %s" % (key, rc, harness.first_line(err)))
                    continue
                if key == "c":
                    times[key] += [t[0] for t in ts]
                else:
                    if any(t[1] is None for t in ts):
                        fail(name, "%s reported no kernel time" % key)
                        continue
                    times[key] += [t[1] for t in ts[1:]]
                    r["launches"] = ts[-1][2]
        for key in times:
            r[key] = harness.median(times[key])
        harness.log("  " + str(r))

    env = {"date": date, "cpu": harness.cpu_model(), "cores": os.cpu_count() or 0,
           "os": harness.os_name(), "load0": load0, "load1": "%.2f" % os.getloadavg()[0],
           "cc": harness.version_of([a.cc, "--version"]),
           "tailc": harness.version_of([a.tailc, "--version"])}
    lines = [HEADING, "",
             "Written by `python3 test/bench/fcl/cpu.py` (see test/bench/fcl/README.md).", "",
             "- Date: %s" % env["date"],
             "- Machine: %s, %d cores, %s; load average %s before the run, %s after it" %
             (env["cpu"], env["cores"], env["os"], env["load0"], env["load1"]),
             "- Tools: %s (`tailc build --target=cpu`, entry `main`); C reference "
             "`peers/c/fcl_NAME.c`: %s, `%s`; Python %s" %
             (env["tailc"], env["cc"], a.cflags, platform.python_version()),
             "- Times: tail, the kernels' time that `--time` reports (the thread pool's "
             "parallel loops; not the generation of the `--input iota:N` values, the result's "
             "allocation or its printing), first run of each process dropped; C, its clock "
             "around the computation alone (inputs generated before). Medians of %d rounds of "
             "%d runs, tail with `TAIL_NUM_THREADS` = 1 and 2 and C in turn in each round" %
             (a.rounds, a.runs),
             "- Agreement: the executable on small inputs against the C reference built with "
             "`-DSMALL` (the same text)", ""]
    hdr = ["benchmark", "size", "kernels", "compile (s)", "tail 1t (ms)", "tail 2t (ms)",
           "C (ms)", "C / tail-1t", "C / tail-2t", "tail-1t / tail-2t", "agree"]
    lines.append("| " + " | ".join(hdr) + " |")
    lines.append("|" + "---|" * len(hdr))
    for r in rows:
        c, x1, x2 = r.get("c"), r.get("tail_1"), r.get("tail_2")
        comp = r.get("compile_s")
        lines.append("| " + " | ".join([
            r["name"], r["size"], str(r.get("launches", "—")),
            "—" if comp is None else "%.2f" % comp,
            harness.fmt_ms(x1), harness.fmt_ms(x2), harness.fmt_ms(c),
            harness.fmt_ratio(c / x1 if c and x1 else None),
            harness.fmt_ratio(c / x2 if c and x2 else None),
            harness.fmt_ratio(x1 / x2 if x1 and x2 else None),
            r.get("agree", "—")]) + " |")
    lines += ["", "Ratios above 1 mean tail is faster (C / tail) or that two threads are faster "
              "than one. The FCL programs are written for a GPU (blocks of 256 threads, shared "
              "memory, synchronisations); on the CPU a block runs as loops on one core."]
    if failures:
        lines += ["", "Failures in this run:", ""] + ["- " + f for f in failures]
    harness.write_section(a.results, HEADING, "\n".join(lines) + "\n")
    harness.log("wrote %s" % a.results)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
