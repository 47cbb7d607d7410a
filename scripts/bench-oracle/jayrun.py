#!/usr/bin/env python3
"""Run an APL program of the apltail subset with libjay (an independent APL
implementation, PyPI package `libjay`) and print what apltail would print:
each top-level `⎕←x`, then the program's value as a double scalar.

    /work/.venv-oracle/bin/python scripts/bench-oracle/jayrun.py prog.apl [--checks]
        [--kind K=int|bool|double ...]

--checks prints FileCheck lines (behind `⍝ `) instead of the output.
--kind K=... overrides the element kind of the K-th print (1-based) where
libjay's element type would differ from apltail's static type.

libjay does not accept comments inside multi-line dfns, so comments are
stripped first. `⎕←` is only recognised at the start of a top-level statement.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aplfmt  # noqa: E402


def strip_comments(src):
    out = []
    for line in src.split("\n"):
        res, inq = [], False
        for ch in line:
            if ch == "'":
                inq = not inq
            if ch == "⍝" and not inq:
                break
            res.append(ch)
        out.append("".join(res).rstrip())
    return out


def statements(lines):
    """Top-level statements: split at newlines and ⋄ outside braces and quotes."""
    stmts, cur, depth = [], [], 0
    for line in lines:
        inq = False
        piece = []
        for ch in line:
            if ch == "'":
                inq = not inq
            if not inq:
                if ch == "{":
                    depth += 1
                elif ch == "}":
                    depth -= 1
                elif ch == "⋄" and depth == 0:
                    cur.append("".join(piece))
                    stmts.append("\n".join(cur))
                    cur, piece = [], []
                    continue
            piece.append(ch)
        cur.append("".join(piece))
        if depth == 0:
            stmts.append("\n".join(cur))
            cur = []
    if cur:
        stmts.append("\n".join(cur))
    return [s.strip() for s in stmts if s.strip()]


def transform(src):
    stmts = statements(strip_comments(src))
    out, names = [], []
    for i, s in enumerate(stmts):
        last = i == len(stmts) - 1
        t = s
        if t.startswith("⎕"):
            rest = t[1:].lstrip()
            if rest.startswith("←"):
                name = "ZZQ%d" % (len(names) + 1)
                names.append(name)
                t = name + "←" + rest[1:]
        if last:
            t = "ZZFIN←" + t
        out.append(t)
    parts = ["(⊂%s)" % n for n in names] + ["⊂ZZFIN"]
    out.append(",".join(parts) if names else "ZZFIN")
    return "\n".join(out), len(names)


def run(path, dialect="apltail", size_line=None):
    import jay  # noqa: F401
    from jay.lang import APL

    src = open(path, encoding="utf-8").read()
    if size_line is not None:
        # The line marked `⍝ SIZE` (lit tests) or `⍝ paper size` (test/bench/apl) sets the sizes.
        src = "\n".join(size_line if ("⍝ SIZE" in ln or "⍝ paper size" in ln) else ln
                        for ln in src.split("\n"))
    prog, nprints = transform(src)
    if dialect == "apltail":
        # apltail's reading, as scripts/apl-oracle.py configures libjay: ⊃ is first, a
        # scalar take/drop count applies to the leading axis, comparisons (and so ⌊, |)
        # are exact (⎕CT←0); dfns return their last statement.
        d = APL.Dialect(first_disclose="up-is-mix", axis_counts="leading", comparison_tolerance=0.0)
    else:
        d = APL.Dialect.dyalog if dialect == "dyalog" else APL.Dialect.gnu
    apl = APL.create_compiler(d)
    r = apl.compile(prog)(input=None)
    if nprints == 0:
        vals = [r]
    else:
        vals = r.tolist()
    return vals[:-1], vals[-1]


def output_text(prints, final, kinds=None):
    kinds = kinds or {}
    lines = [aplfmt.fmt_value(v, kind=kinds.get(i + 1)) for i, v in enumerate(prints)]
    lines.append(aplfmt.fmt_final(final))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--checks", action="store_true")
    ap.add_argument("--kind", action="append", default=[])
    ap.add_argument("--dialect", default="apltail", choices=["apltail", "dyalog", "gnu"])
    ap.add_argument("--repr", action="store_true", help="also print the final value with 17 digits")
    ap.add_argument("--size-line", help="replace the line marked `⍝ SIZE` / `⍝ paper size` by this one")
    a = ap.parse_args()
    kinds = {int(k.split("=")[0]): k.split("=")[1] for k in a.kind}
    prints, final = run(a.file, a.dialect, a.size_line)
    text = output_text(prints, final, kinds)
    if a.checks:
        for line in aplfmt.check_lines(text.rstrip("\n")):
            print("⍝ " + line)
    else:
        sys.stdout.write(text)
    if a.repr:
        print("final (17 digits): %.17g" % final, file=sys.stderr)


if __name__ == "__main__":
    main()
