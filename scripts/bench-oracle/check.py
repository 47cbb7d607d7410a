#!/usr/bin/env python3
"""Cross-checks the APL programs' expected outputs.

For each lit test test/Frontend/APL/programs/NAME.apl with an oracle
scripts/bench-oracle/NAME.py, compares three texts:
  1. the expected output written in the file's CHECK lines,
  2. libjay running the same APL file (jayrun.py),
  3. the NumPy/Python reimplementation (NAME.py --size small).

    /work/.venv-oracle/bin/python scripts/bench-oracle/check.py [NAME ...]

With --paper, instead runs test/bench/apl/NAME.apl with libjay and compares
it with NAME.py --size paper (slow; some programs are too large for libjay).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# This directory holds signal.py (an oracle), which must not shadow the standard library's
# `signal` (imported by subprocess): put it last on the path.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != HERE]

import argparse  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
PROGS = os.path.join(ROOT, "test", "Frontend", "APL", "programs")
BENCH = os.path.join(ROOT, "test", "bench", "apl")
sys.path.append(HERE)
import jayrun  # noqa: E402


def norm(text):
    lines = [re.sub(r"\s+", " ", ln).strip() for ln in text.split("\n")]
    while lines and lines[0] == "":
        lines.pop(0)
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def expected_from_checks(path):
    out = []
    for ln in open(path, encoding="utf-8"):
        m = re.search(r"\bCHECK(-NEXT|-EMPTY)?:(.*)$", ln)
        if not m:
            continue
        if m.group(1) == "-EMPTY":
            out.append("")
            continue
        pat = m.group(2).strip()
        pat = pat.replace("{{^}}", "").replace("{{$}}", "")
        out.append(pat)
    return out


def margin(x):
    """Relative distance of x from the nearest rounding boundary of its 12-digit form:
    a result whose margin is below the expected floating-point noise (summation order,
    libm differences) could print differently in a correct implementation."""
    import math
    if not isinstance(x, float) or x == 0 or not math.isfinite(x):
        return math.inf
    e = math.floor(math.log10(abs(x))) - 11
    scaled = abs(x) / 10.0 ** e
    frac = scaled - math.floor(scaled)
    return abs(frac - 0.5) * 10.0 ** e / abs(x)


def jay_text(path, kinds, margins=None):
    prints, final = jayrun.run(path)
    if margins is not None:
        import aplfmt
        for v in prints + [float(final)]:
            for x in aplfmt.flatten(v.tolist() if hasattr(v, "tolist") else v):
                margins.append(margin(x))
    return jayrun.output_text(prints, final, kinds)


def oracle_text(name, size):
    py = os.path.join(HERE, name + ".py")
    r = subprocess.run([sys.executable, py, "--size", size], capture_output=True, text=True, check=True)
    return r.stdout


def kinds_in(path):
    """`⍝ ORACLE-KIND: 2=double` lines: the element kind apltail gives the K-th print."""
    kinds = {}
    for ln in open(path, encoding="utf-8"):
        m = re.search(r"ORACLE-KIND:\s*(\d+)=(\w+)", ln)
        if m:
            kinds[int(m.group(1))] = m.group(2)
    return kinds


def write_checks(path, text):
    """Replaces the CHECK lines of `path` by ones for `text`, placed after the
    leading block of comment lines (the RUN line and the description)."""
    import aplfmt
    lines = [ln for ln in open(path, encoding="utf-8").read().split("\n")
             if not re.search(r"\bCHECK(-NEXT|-EMPTY)?:", ln)]
    i = 0
    while i < len(lines) and lines[i].startswith("⍝"):
        i += 1
    checks = ["⍝ " + c for c in aplfmt.check_lines(text.rstrip("\n"))]
    open(path, "w", encoding="utf-8").write("\n".join(lines[:i] + checks + lines[i:]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="*")
    ap.add_argument("--paper", action="store_true")
    ap.add_argument("--write", action="store_true",
                    help="where libjay and NumPy agree, (re)write the file's CHECK lines from them")
    a = ap.parse_args()
    d = BENCH if a.paper else PROGS
    names = a.names or sorted(f[:-4] for f in os.listdir(d) if f.endswith(".apl")
                              and os.path.exists(os.path.join(HERE, f[:-4] + ".py")))
    bad = 0
    for name in names:
        path = os.path.join(d, name + ".apl")
        kinds = kinds_in(path)
        margins = []
        try:
            jay = norm(jay_text(path, kinds, margins))
        except Exception as e:  # noqa: BLE001
            jay = ["libjay failed: %s" % e]
        npy = norm(oracle_text(name, "paper" if a.paper else "small"))
        if a.paper:
            ok = jay == npy
            print("%-20s %s" % (name, "agree" if ok else "DIFFER"))
            if not ok:
                print("  libjay:", jay, "\n  numpy: ", npy)
        else:
            if a.write and jay == npy:
                write_checks(path, jay_text(path, kinds))
            chk = expected_from_checks(path)
            chk = [re.sub(r"\s+", " ", c).strip() for c in chk]
            ok = jay == npy == chk
            m = min(margins, default=float("inf"))
            print("%-20s %s   (smallest 12-digit rounding margin: %.1e%s)" % (
                name, "agree" if ok else "DIFFER", m, "  CLOSE!" if m < 1e-13 else ""))
            if not ok:
                print("  CHECK: ", chk, "\n  libjay:", jay, "\n  numpy: ", npy)
        bad += not ok
    print("%d passed, %d failed" % (len(names) - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
