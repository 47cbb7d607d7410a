// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s
// RUN: tailc run %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=convert-soac-to-hpar %s | FileCheck %s --check-prefix=OUT
// RUN: tailc run --after=soac-to-gpu %s | FileCheck %s --check-prefix=OUT

// A map whose lambda yields a row chosen by an `scf.if` (how `tail-to-soac` spells APL
// replicate along the first axis: a row of the argument, or a row of default items): the
// branches only build views, so they are lowered before the `if` and the row is a select
// read element-wise; one `thread-seq` program gives a thread to each of the 3·2 elements
// (thread q reads element q mod 2 of the row for position q / 2).

// OUT:      4 5
// OUT-NEXT: 0 0
// OUT-NEXT: 0 1

// CHECK-LABEL: func.func @main
// CHECK:         %[[R:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           hpar.generate %{{.*}} : !hpar.pull<i32> {
// CHECK:           ^bb0(%[[Q:.*]]: index):
// CHECK:             %[[O:.*]] = arith.divui %[[Q]], %[[W:.*]] : index
// CHECK:             %[[C:.*]] = arith.remui %[[Q]], %[[W]] : index
// CHECK:             scf.if %{{.*}} -> (i32) {
// CHECK:         } {tail.par = "thread-seq"}
// CHECK-NOT:     hpar.program
// CHECK:         builtin.unrealized_conversion_cast %[[R]], %{{.*}}, %{{.*}} : !hpar.pull<i32, grid>, index, index to memref<3x2xi32>
func.func @main() -> tensor<3x2xi32> {
  %k = soac.iota : tensor<6xi32>
  %a = soac.reshape %k : tensor<6xi32> -> tensor<3x2xi32>
  %j = soac.iota : tensor<3xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %sel = soac.map %j : tensor<3xi32> -> tensor<3xi32> {
  ^bb0(%x: i32):
    %y = arith.subi %c2, %x : i32
    soac.yield %y : i32
  }
  %r = soac.map %sel : tensor<3xi32> -> tensor<3x2xi32> {
  ^bb0(%s: i32):
    %i = arith.index_cast %s : i32 to index
    %z = arith.cmpi eq, %s, %c1 : i32
    %row = scf.if %z -> (tensor<2xi32>) {
      %d = soac.replicate %c0 : i32 -> tensor<2xi32>
      scf.yield %d : tensor<2xi32>
    } else {
      %x = soac.index %a[%i] : tensor<3x2xi32> -> tensor<2xi32>
      scf.yield %x : tensor<2xi32>
    }
    soac.yield %row : tensor<2xi32>
  }
  return %r : tensor<3x2xi32>
}
