"""apltail's result format (`-s_tail -silent`), for the oracles.

Mirrors /work/shared/spec/apltail_subset.md, "How results are printed":
scalars `[](x)`, vectors `[n](a,b)`, rank 2 as a right-aligned matrix
between blank lines, rank >= 3 as `[d1,d2,...](...)`; doubles with 12
significant digits (C's %.12g) and `.0` added to integral values; the
program's final value always as a double scalar.
"""

import math


def fmt_double(x):
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "-inf" if x < 0 else "inf"
    s = "%.12g" % x
    if s == "-0":
        s = "-0"
    if not any(c in s for c in ".eni"):
        s += ".0"
    return s


def fmt_elem(v, kind):
    """kind: 'int', 'bool' or 'double'."""
    if kind == "double":
        return fmt_double(v)
    if kind == "bool":
        return "1" if v else "0"
    return str(int(v))


def shape_of(v):
    sh = []
    while isinstance(v, (list, tuple)):
        sh.append(len(v))
        if not v:
            break
        v = v[0]
    return sh


def flatten(v):
    if isinstance(v, (list, tuple)):
        out = []
        for e in v:
            out.extend(flatten(e))
        return out
    return [v]


def kind_of(values):
    """Kind of a flat list of Python scalars as libjay / NumPy hand them back."""
    if any(isinstance(x, float) for x in values):
        return "double"
    if values and all(isinstance(x, bool) for x in values):
        return "bool"
    return "int"


def fmt_value(v, kind=None, shape=None):
    """Formats a nested list (or a scalar, or a NumPy array) as apltail prints it."""
    if hasattr(v, "tolist"):
        v = v.tolist()
    if shape is None:
        shape = shape_of(v)
    flat = flatten(v)
    if kind is None:
        kind = kind_of(flat)
    es = [fmt_elem(x, kind) for x in flat]
    if len(shape) == 0:
        return "[](%s)" % es[0]
    if len(shape) == 1:
        return "[%d](%s)" % (shape[0], ",".join(es))
    if len(shape) == 2 and es:
        w = max(len(e) for e in es)
        cols = shape[1]
        rows = [" " + " ".join(e.rjust(w) for e in es[i:i + cols]) for i in range(0, len(es), cols)]
        return "\n" + "\n".join(rows) + "\n"
    return "[%s](%s)" % (",".join(str(d) for d in shape), ",".join(es))


def fmt_final(x):
    return "[](%s)" % fmt_double(x)


def check_lines(text):
    """FileCheck lines (for an APL file, behind `⍝ `) matching `text` line by line."""
    out = []
    first = True
    for line in text.split("\n"):
        if line == "":
            if first:
                continue  # a leading blank line cannot be the first check
            out.append("CHECK-EMPTY:")
            continue
        if line.startswith(" "):
            pat = "{{^}}" + line + "{{$}}"
        else:
            pat = line
        out.append(("CHECK: " if first else "CHECK-NEXT: ") + pat)
        first = False
    return out
