"""Shared helpers of the NumPy oracles: each oracle prints, for one size, the
text apltail would print for the APL program (`⎕←` values, then the final
value as a double scalar)."""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import aplfmt  # noqa: E402,F401


def args(sizes):
    """Parses `--size NAME` (one of `sizes`, default 'small') and `--repr`."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="small", choices=sorted(sizes))
    ap.add_argument("--repr", action="store_true", help="also print the final value with 17 digits on stderr")
    a = ap.parse_args()
    return a, sizes[a.size]


def emit(prints, final, show_repr=False):
    """prints: list of (value, kind) pairs; value a NumPy array, nested list or scalar."""
    for v, kind in prints:
        print(aplfmt.fmt_value(v, kind=kind))
    print(aplfmt.fmt_final(final))
    if show_repr:
        print("final (17 digits): %.17g" % final, file=sys.stderr)


def foldr_sum(xs):
    """APL's +/ as a right fold: x1+(x2+(...+xn))."""
    acc = 0.0
    for x in reversed(list(xs)):
        acc = float(x) + acc
    return acc
