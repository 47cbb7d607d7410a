// `-o FILE` writes the output to FILE (stdout stays empty); `-o -` is stdout. An existing
// file is replaced.
// RUN: rm -f %t.out
// RUN: tail-opt %s -o %t.out > %t.stdout
// RUN: count 0 < %t.stdout
// RUN: FileCheck %s < %t.out
// RUN: tail-opt %s --output %t.out2 && FileCheck %s < %t.out2
// RUN: tail-opt %s -o - | FileCheck %s
// RUN: echo stale > %t.out && tail-opt %s -o %t.out && FileCheck %s --check-prefix=REPLACED < %t.out
// REPLACED-NOT: stale

// A file that cannot be created is an error.
// RUN: not tail-opt %s -o %t.no-such-dir/out.mlir 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: error: could not write output '{{.*}}no-such-dir/out.mlir'

// CHECK-LABEL: func.func @written(%arg0: i32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
func.func @written(%a: i32) -> i32 {
  return %a : i32
}
