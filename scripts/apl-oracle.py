#!/usr/bin/env python3
"""apl-oracle: expected outputs for the APL end-to-end tests, from an independent APL.

A developer tool, not run in CI. It evaluates APL with libjay (an independent APL
implementation, PyPI package `libjay`, imported as `jay`) and prints the values in the
format of apltail's `-s_tail -silent` output, which `tailc run` reproduces:

    [](615.0)  [](19)  [4](1,2,4,3)  [0]()  text  matrices between blank lines  [2,3,4](...)

The oracle gives VALUES; the printed TYPE is static in apltail (int, bool, double, char,
complex) and is stated by the caller, because a dynamic APL cannot know it (`4÷2` is a
double `[](2.0)`, `⌊2.5` an int `[](2)`). See test/Frontend/APL/README.md for the rule.

Usage:
    scripts/apl-oracle.py -e '2 3⍴⍳6' -t int          # one expression
    scripts/apl-oracle.py -e 'x÷2' --pre 'x←⍳4' -t double
    scripts/apl-oracle.py prog.apl --types int,double,char [--check]
        Runs a program: every top-level statement that starts with `⎕←` prints its value
        (typed by the next entry of --types; `auto` takes libjay's element type), then the
        program's final value is printed as apltail does: a double scalar `[](v.0)`.
        --check prints the lines as `⍝ CHECK:` / `⍝ CHECK-NEXT:` / `⍝ CHECK-EMPTY:`
        directives (between two `⍝ CHECK-NOT:{{.}}`) for
        `FileCheck --match-full-lines --strict-whitespace`.

The venv lives outside the repository, at /work/.venv-oracle (override with
APL_ORACLE_VENV); it is created, with libjay installed, on first use.

libjay is configured for apltail's reading of APL: `⊃` is first (Dyalog's
`first_disclose="up-is-mix"`), a scalar take/drop count applies to the leading axis
(`axis_counts="leading"`), and comparisons are exact (`⎕CT←0`), as in apltail.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import subprocess
import sys

VENV = os.environ.get("APL_ORACLE_VENV", "/work/.venv-oracle")


def ensure_jay():
    """Import jay, re-executing under the oracle venv (created on demand) if needed."""
    try:
        import jay  # noqa: F401

        return
    except ImportError:
        pass
    py = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        sys.exit("apl-oracle: libjay is not importable in " + VENV)
    if not os.path.exists(py):
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
    if subprocess.call([py, "-c", "import jay"], stderr=subprocess.DEVNULL) != 0:
        subprocess.check_call([py, "-m", "pip", "install", "--quiet", "libjay"])
    os.execv(py, [py, os.path.abspath(__file__)] + sys.argv[1:])


# ---------------------------------------------------------------------------------------
# Source handling: comments, top-level statements


def strip_comments(src: str) -> str:
    """Removes `⍝ …` comments (also `⍝:` annotations), keeping string literals intact."""
    out = []
    for line in src.split("\n"):
        res, in_str = [], False
        for ch in line:
            if ch == "'":
                in_str = not in_str
            elif ch == "⍝" and not in_str:
                break
            res.append(ch)
        out.append("".join(res).rstrip())
    return "\n".join(out)


def split_statements(src: str) -> list[str]:
    """Top-level statements: separated by newlines or `⋄` outside (), [], {} and strings."""
    stmts, cur, depth, in_str = [], [], 0, False
    for ch in src:
        if in_str:
            cur.append(ch)
            if ch == "'":
                in_str = False
            continue
        if ch == "'":
            in_str = True
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if depth == 0 and ch in "\n⋄":
            s = "".join(cur).strip()
            if s:
                stmts.append(s)
            cur = []
            continue
        cur.append(ch)
    s = "".join(cur).strip()
    if s:
        stmts.append(s)
    return stmts


QUAD = re.compile(r"^\s*⎕\s*←\s*")


# ---------------------------------------------------------------------------------------
# Evaluation with libjay


def compiler():
    from jay.lang import APL

    return APL.create_compiler(
        APL.Dialect(
            first_disclose="up-is-mix",
            axis_counts="leading",
            comparison_tolerance=0.0,
        )
    )


ASSIGN = re.compile(r"^\s*([A-Za-z_∆⍙][A-Za-z_∆⍙0-9]*)\s*←")


def evaluate(stmts: list[str]):
    """Runs the statements, returns the last one's value (⎕← output is discarded).

    libjay gives an assignment no value; in apltail `x ← e` has e's value, so a last
    statement that assigns a name is followed by that name."""
    m = ASSIGN.match(stmts[-1])
    if m:
        stmts = stmts + [m.group(1)]
    src = "\n".join(stmts)
    kernel = compiler().compile(src)
    result, _ = kernel._inner.run([], lambda _text: None, False, False, None)
    return result


class Val:
    """A value as shape, flat row-major elements and libjay's element kind."""

    def __init__(self, v):
        if hasattr(v, "shape") and hasattr(v, "tolist"):
            self.shape = tuple(v.shape)
            self.kind = str(v.dtype)
            if self.kind == "boxed":
                raise SystemExit("apl-oracle: nested value; apltail has no nested arrays")
            self.data = list(flatten(v.tolist())) if all(self.shape) else []
        else:
            self.shape = ()
            if isinstance(v, str):
                self.kind, self.data = "character", [v]
                if len(v) != 1:  # a char vector comes back as a Python str
                    self.shape, self.data = (len(v),), list(v)
            elif isinstance(v, bool):
                self.kind, self.data = "boolean", [v]
            elif isinstance(v, int):
                self.kind, self.data = "integer", [v]
            elif isinstance(v, float):
                self.kind, self.data = "float", [v]
            elif isinstance(v, complex):
                self.kind, self.data = "complex", [v]
            elif v is None:
                raise SystemExit("apl-oracle: the statement has no value")
            else:
                raise SystemExit(f"apl-oracle: unexpected value {v!r}")


def flatten(x):
    if isinstance(x, list):
        for y in x:
            yield from flatten(y)
    else:
        yield x


# ---------------------------------------------------------------------------------------
# apltail's output format


def fmt_double(x: float) -> str:
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    s = "%.12g" % x
    if not any(c in s for c in ".e"):
        s += ".0"
    return s


AUTO = {"integer": "int", "boolean": "bool", "float": "double", "character": "char", "complex": "complex"}
TYPES = {"i": "int", "int": "int", "b": "bool", "bool": "bool", "d": "double", "double": "double",
         "c": "char", "char": "char", "x": "complex", "complex": "complex", "auto": "auto"}


def fmt_elem(e, ty: str) -> str:
    if ty == "char":
        if not isinstance(e, str):
            raise SystemExit(f"apl-oracle: {e!r} is not a character")
        return e
    if ty == "complex":
        z = complex(e)
        return fmt_double(z.real) + "j" + fmt_double(z.imag)
    if ty == "double":
        if isinstance(e, complex):
            raise SystemExit(f"apl-oracle: {e!r} is complex, not double")
        return fmt_double(float(e))
    # int, bool: the value must be integral
    if isinstance(e, str) or isinstance(e, complex):
        raise SystemExit(f"apl-oracle: {e!r} is not a number")
    f = float(e)
    if f != math.floor(f):
        raise SystemExit(f"apl-oracle: {e!r} is not integral; state the type as double")
    i = int(f)
    if ty == "bool" and i not in (0, 1):
        raise SystemExit(f"apl-oracle: {e!r} is not a boolean")
    if ty == "int" and not -(2**31) <= i < 2**31:
        raise SystemExit(f"apl-oracle: {e!r} overflows a 32-bit int; work it out by hand")
    return str(i)


def format_value(v: Val, ty: str) -> list[str]:
    """The printed lines (as `println(format_value(v))` writes them)."""
    if ty == "auto":
        ty = AUTO[v.kind]
    es = [fmt_elem(e, ty) for e in v.data]
    r = len(v.shape)
    if r == 0:
        return [f"[]({es[0]})"]
    if r == 1 and ty == "char":
        return ["".join(es)]
    if r == 1:
        return [f"[{v.shape[0]}]({','.join(es)})"]
    if r == 2 and es:
        cols = v.shape[1]
        rows = [es[i : i + cols] for i in range(0, len(es), cols)]
        if ty == "char":
            lines = [" " + "".join(row) for row in rows]
        else:
            w = max(len(e) for e in es)
            lines = ["".join(" " + e.rjust(w) for e in row) for row in rows]
        return [""] + lines + [""]
    dims = ",".join(str(d) for d in v.shape)
    return [f"[{dims}]({','.join(es)})"]


def final_value(v: Val) -> list[str]:
    """apltail converts the program's value (an int, bool or double scalar) to a double."""
    if v.shape != () or v.kind not in ("integer", "boolean", "float"):
        raise SystemExit("apl-oracle: apltail requires a numeric scalar as the program's value "
                         "(anything else is a compile error there)")
    return [f"[]({fmt_double(float(v.data[0]))})"]


def as_checks(lines: list[str]) -> list[str]:
    """The directives used in test/Frontend/APL: nothing before the first line, every line
    in order, nothing after the last one (an empty first line is matched by {{^$}})."""
    out = ["⍝ CHECK-NOT:{{.}}"]
    for i, line in enumerate(lines):
        if i == 0:
            out.append("⍝ CHECK:" + (line if line else "{{^$}}"))
        elif line == "":
            out.append("⍝ CHECK-EMPTY:")
        else:
            out.append("⍝ CHECK-NEXT:" + line)
    out.append("⍝ CHECK-NOT:{{.}}")
    return out


def main() -> int:
    ensure_jay()
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file", nargs="?", help="an APL program")
    ap.add_argument("-e", "--expr", help="an APL expression")
    ap.add_argument("--pre", default="", help="statements run before -e's expression")
    ap.add_argument("-t", "--type", default="auto", help="static type of -e's value")
    ap.add_argument("--types", default="", help="comma-separated static types of the ⎕← outputs")
    ap.add_argument("--check", action="store_true", help="print FileCheck directives")
    ap.add_argument("--raw", action="store_true", help="also print libjay's values (debugging)")
    a = ap.parse_args()

    if a.expr is not None:
        stmts = split_statements(strip_comments(a.pre)) + [strip_comments(a.expr).strip()]
        raw = evaluate(stmts)
        if a.raw:
            print("libjay:", repr(raw), file=sys.stderr)
        lines = format_value(Val(raw), TYPES[a.type])
        print("\n".join(as_checks(lines) if a.check else lines))
        return 0
    if a.file is None:
        ap.error("give a program file or -e EXPR")
    with open(a.file, encoding="utf-8") as f:
        stmts = split_statements(strip_comments(f.read()))
    types = [TYPES[t.strip()] for t in a.types.split(",") if t.strip()]
    lines: list[str] = []
    k = 0
    for i, s in enumerate(stmts):
        if QUAD.match(s):
            raw = evaluate(stmts[:i] + [QUAD.sub("", s, count=1)])
            if a.raw:
                print("libjay:", repr(raw), file=sys.stderr)
            ty = types[k] if k < len(types) else "auto"
            if k >= len(types):
                print(f"apl-oracle: output {k + 1} ({s!r}) typed auto", file=sys.stderr)
            k += 1
            lines += format_value(Val(raw), ty)
    if k < len(types):
        print(f"apl-oracle: {len(types)} types for {k} outputs", file=sys.stderr)
    lines += final_value(Val(evaluate(stmts)))
    print("\n".join(as_checks(lines) if a.check else lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
