// %t as a file, then as a directory; %% is a literal percent.
// RUN: echo contents > %t && grep -q contents %t
// RUN: rm -f %t && mkdir -p %t && touch %t/inner && test -f %T/%basename_t/inner
// RUN: test "$(printf '%%s' x)" = x
// RUN: test "$(basename %s)" = subst.mlir
