#!/usr/bin/env python3
"""Runs every APL test program as a CUDA executable and checks it against the interpreter.

Two halves, so that the GPU machine needs neither Rust nor LLVM:

  here (with the compiler):
    python3 scripts/cuda-sweep.py build DIR [--tailc PATH]
  builds `tailc build --target=cuda` executables of the APL programs under test/ (the lit
  tests of test/Frontend/APL and test/Target, without those marked `UNSUPPORTED: cuda`) into
  DIR, with a manifest of what each must print: `tailc run --target=interp`'s standard output
  when the interpreter runs the program, else (a program that must fail) the CPU backend's
  error line, which the CUDA executable must give with a non-zero exit status. With
  `--programs P` the programs are the `.apl` files of directory P instead (e.g. random
  programs of `scripts/apl-diff-fuzz.py --write-only`).

  there (with a GPU; only Python's standard library):
    python3 scripts/cuda-sweep.py check DIR [--tol 1e-9] [--report FILE]
  runs each executable in its source file's directory (programs read their input files
  relative to it) and compares as test/bench/run.py does: the exact text, else every number
  within a relative tolerance (the GPU's sums add in another order). Exit status 1 when any differs.
"""

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DIRS = ["test/Frontend/APL", "test/Target"]


def bench_harness():
    """test/bench/run.py, for its comparison of printed results (numbers as tail prints them)."""
    spec = importlib.util.spec_from_file_location(
        "bench_run", os.path.join(ROOT, "test", "bench", "run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def sources(programs=None):
    if programs:
        for f in sorted(os.listdir(programs)):
            if f.endswith(".apl"):
                yield os.path.relpath(os.path.join(programs, f), ROOT)
        return
    for d in DIRS:
        for dirpath, _, files in os.walk(os.path.join(ROOT, d)):
            for f in sorted(files):
                if not f.endswith(".apl"):
                    continue
                path = os.path.join(dirpath, f)
                text = open(path, encoding="utf-8").read()
                # Inputs of other tests (no RUN line) and the tests of a missing driver.
                if "RUN:" not in text or re.search(r"UNSUPPORTED:.*\bcuda\b", text):
                    continue
                yield os.path.relpath(path, ROOT)


def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %d s" % timeout
    except OSError as e:
        return None, "", "error: cannot run %s: %s" % (cmd[0], e.strerror)


def first_error(err):
    for line in err.splitlines():
        if "error" in line:
            return line.strip()
    return err.strip().splitlines()[0] if err.strip() else ""


def build(a):
    if not os.access(a.tailc, os.X_OK):
        raise SystemExit("error: %s is not an executable tailc (cargo build --release -p tailc; "
                         "or pass --tailc)" % a.tailc)
    os.makedirs(a.dir, exist_ok=True)
    manifest = {}
    if a.programs and not os.path.isdir(a.programs):
        raise SystemExit("error: --programs %s is not a directory" % a.programs)
    for rel in sources(a.programs and os.path.abspath(a.programs)):
        src = os.path.join(ROOT, rel)
        cwd = os.path.dirname(src)
        name = rel.replace("/", "_").replace(".", "_")[:-4]
        rc, out, err = run([a.tailc, "run", "--target=interp", src], cwd, 120)
        entry = {"src": rel}
        if rc == 0:
            entry["stdout"] = out
        else:
            crc, _, cerr = run([a.tailc, "run", "--target=cpu", src], cwd, 120)
            if crc == 0:
                print("skip %s: the interpreter fails, the CPU backend runs" % rel)
                continue
            entry["error"] = first_error(cerr)
        brc, bout, berr = run([a.tailc, "build", "--target=cuda", src, "-o",
                               os.path.join(a.dir, name)], ROOT, 120)
        if brc != 0:
            if "error" in entry:
                # Rejected when compiling (a static error): nothing to run on the GPU.
                continue
            entry["build_error"] = first_error(berr or bout)
            print("BUILD FAILED %s: %s" % (rel, entry["build_error"]))
        manifest[name] = entry
    with open(os.path.join(a.dir, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1, ensure_ascii=False)
    n_err = sum("error" in e for e in manifest.values())
    print("%d programs (%d that must fail at run time) in %s" % (len(manifest), n_err, a.dir))
    return 1 if any("build_error" in e for e in manifest.values()) else 0


def check(a):
    path = os.path.join(a.dir, "manifest.json")
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        raise SystemExit("error: cannot read %s (%s); make it with `cuda-sweep.py build %s`"
                         % (path, e, a.dir))
    harness = bench_harness()
    rows, bad = [], 0
    for name, e in sorted(manifest.items()):
        exe = os.path.abspath(os.path.join(a.dir, name))
        cwd = os.path.join(ROOT, os.path.dirname(e["src"]))
        if not os.path.isdir(cwd):
            # Programs of `--programs` that were not carried along (they read no files).
            cwd = ROOT
        if "build_error" in e:
            rows.append((e["src"], "BUILD FAILED", e["build_error"]))
            bad += 1
            continue
        t0 = time.time()
        rc, out, err = run([exe], cwd, a.timeout)
        wall = time.time() - t0
        if "stdout" in e:
            if rc != 0:
                verdict, why = "FAILED", "exit %s: %s" % (rc, first_error(err))
            else:
                kind, d = harness.compare(out, e["stdout"], a.tol)
                verdict = {"exact": "ok", "within": "ok"}.get(kind, "DIFFERS")
                why = "exact" if kind == "exact" else (
                    "within %.2g" % d if kind == "within" else
                    "%s: got %r, want %r" % (harness.difference(d), out[:300], e["stdout"][:300]))
        else:
            got = first_error(err)
            if rc in (0, None):
                verdict, why = "FAILED", "exit %s, want an error like %r" % (rc, e["error"])
            elif "panicked" in err:
                verdict, why = "FAILED", "panicked: " + got
            else:
                verdict = "ok"
                why = "error as the CPU's" if got == e["error"] else "error %r (CPU: %r)" % (got, e["error"])
        bad += verdict != "ok"
        rows.append((e["src"], verdict, "%s (%.2f s)" % (why, wall)))
    lines = ["| program | result | detail |", "| --- | --- | --- |"]
    lines += ["| `%s` | %s | %s |" % (s, v, w.replace("|", "\\|").replace("\n", "\\n")) for s, v, w in rows]
    lines.append("")
    lines.append("%d programs, %d ok, %d not" % (len(rows), len(rows) - bad, bad))
    text = "\n".join(lines) + "\n"
    print(text)
    if a.report:
        with open(a.report, "w", encoding="utf-8") as f:
            f.write(text)
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build the executables and the manifest (needs tailc)")
    b.add_argument("dir")
    b.add_argument("--tailc", default=os.path.join(ROOT, "target", "release", "tailc"))
    b.add_argument("--programs", help="a directory of .apl programs to build instead of the lit tests")
    c = sub.add_parser("check", help="run them on a GPU machine and compare")
    c.add_argument("dir")
    c.add_argument("--tol", type=float, default=1e-9)
    c.add_argument("--timeout", type=int, default=60)
    c.add_argument("--report")
    a = ap.parse_args()
    return build(a) if a.cmd == "build" else check(a)


if __name__ == "__main__":
    sys.exit(main())
