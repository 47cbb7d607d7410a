#!/usr/bin/env python3
"""Runs the test programs of an apltail checkout against their expected outputs.

apltail (the reference APL-to-TAIL compiler) keeps its test programs as `tests/NAME.apl`
with the expected output of `aplt -s_tail -silent lib/prelude.apl NAME.apl` beside them
(`tests/NAME.out.ok`). This script runs each program that has one the same way, the prelude
and the program as two files read as one program (`tailc run --target=interp
lib/prelude.apl NAME.apl`, in `tests/` so that the program's relative file names resolve),
and compares the output with the
expected one; then with `--target=cpu` (and `--target=cuda` with --cuda), compared with the
interpreter's output.

  scripts/apltail-conformance.py --apltail ~/src/apltail --tailc target/release/tailc

Some `.out.ok` files are in apltail's older verbose format (`[Reading file: …]`,
`Evaluating`, `Result is v`, `~` for minus); they are compared after rewriting that format
to the current one. A program apltail rejects has its error message as expected output; it
counts as agreeing when tailc rejects it too.

Prints one line per program (`ok`, or what differed) and a summary; the exit status is 1
when a program differs other than in the deviations listed in KNOWN (documented in
docs/TESTING.md).
"""
import argparse
import os
import re
import subprocess
import sys

# Programs whose difference is a documented decision: name -> the reason.
KNOWN = {
    "readfile": "characters print as themselves (apltail escapes control characters)",
    "opr1": "a dyadic operator applied without its right operand is an error",
}


def normalize(lines):
    """apltail's older verbose output format rewritten to the current one."""
    out = []
    for line in lines:
        if line.startswith("[Reading file") or line in ("Evaluating", "Parsing"):
            continue
        m = re.fullmatch(r"Result is (.*)", line)
        if m:
            line = m.group(1)
        out.append(line.replace("~", "-"))
    return out


def run(tailc, target, files, cwd, timeout):
    try:
        p = subprocess.run([tailc, "run", f"--target={target}", *files], cwd=cwd,
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    return p.returncode, p.stdout if p.returncode == 0 else p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--apltail", required=True, help="an apltail checkout (tests/, lib/)")
    ap.add_argument("--tailc", default="target/release/tailc")
    ap.add_argument("--cuda", action="store_true", help="also run --target=cuda")
    ap.add_argument("--timeout", type=int, default=120)
    args = ap.parse_args()
    tailc = os.path.abspath(args.tailc)
    tests = os.path.join(args.apltail, "tests")
    prelude_path = os.path.join(args.apltail, "lib", "prelude.apl")
    if not os.path.isdir(tests) or not os.path.isfile(prelude_path):
        sys.exit(f"apltail-conformance: error: '{args.apltail}' is not an apltail checkout "
                 "(no tests/ folder or no lib/prelude.apl)")
    if not os.access(tailc, os.X_OK):
        sys.exit(f"apltail-conformance: error: no tailc executable at '{tailc}' (--tailc)")
    prelude_path = os.path.abspath(prelude_path)
    names = sorted(f[:-len(".out.ok")] for f in os.listdir(tests) if f.endswith(".out.ok"))
    names = [n for n in names if os.path.exists(os.path.join(tests, n + ".apl"))]
    targets = ["cpu"] + (["cuda"] if args.cuda else [])
    bad, known, agreed = [], [], 0
    for name in names:
        files = [prelude_path, name + ".apl"]
        expected = open(os.path.join(tests, name + ".out.ok"), encoding="utf-8").read()
        expected = normalize(expected.splitlines())
        rc, out = run(tailc, "interp", files, tests, args.timeout)
        problems = []
        if rc != 0:
            # apltail rejects it too when its expected output is an error message.
            if not any("mismatch" in l or "error" in l.lower() for l in expected):
                problems.append(f"interp: {(out or '').strip().splitlines()[:1]}")
        elif out.splitlines() != expected:
            problems.append("interp output differs from .out.ok")
        for t in targets if rc == 0 else []:
            trc, tout = run(tailc, t, files, tests, args.timeout)
            if trc != 0 or tout != out:
                first = (tout or "").strip().splitlines()[:1]
                problems.append(f"{t} differs from interp (exit {trc}) {first}")
        if not problems:
            agreed += 1
            print(f"ok       {name}")
        elif name in KNOWN:
            known.append(name)
            print(f"known    {name}: {KNOWN[name]}")
        else:
            bad.append(name)
            print(f"DIFFERS  {name}: {'; '.join(problems)}")
    print(f"\n{len(names)} programs: {agreed} agree, {len(known)} known deviations, "
          f"{len(bad)} differ{': ' + ', '.join(bad) if bad else ''}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
