// A passing test that only needs coreutils.
// RUN: echo hello-lit | grep -q hello-lit
// RUN: test -f %s && test -d %S
func.func @f() { return }
