// `--show-dialects` lists the registered dialects with their summaries, in name order (other
// dialects may appear between these); it exits 0 without reading any input.
// RUN: tail-opt --show-dialects | FileCheck %s
// RUN: tail-opt --show-dialects < /dev/null | FileCheck %s

// CHECK:      Available Dialects:
// CHECK:        arith - Integer and floating-point arithmetic
// CHECK:        builtin - {{.+}}
// CHECK:        func - {{.+}}
// CHECK:        math - {{.+}}
// CHECK:        memref - {{.+}}
// CHECK:        scf - {{.+}}
