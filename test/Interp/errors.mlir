// RUN: split-file %s %t
// RUN: not tailc run --target=interp %t/iota.mlir 2>&1 | FileCheck %s --check-prefix=IOTA
// RUN: not tailc run --target=interp %t/zip.mlir 2>&1 | FileCheck %s --check-prefix=ZIP
// RUN: not tailc run --target=interp %t/transp2.mlir 2>&1 | FileCheck %s --check-prefix=TRANSP2
// RUN: not tailc run --target=interp %t/idx.mlir 2>&1 | FileCheck %s --check-prefix=IDX
// RUN: not tailc run --target=interp %t/reshape.mlir 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: not tailc run --target=interp %t/permutation.mlir 2>&1 | FileCheck %s --check-prefix=PERM

// Runtime errors are diagnostics naming the op, at its location; output printed before the
// error is kept.

// IOTA: [](-3)
// IOTA: iota.mlir:4:3: error: 'tail.iota' op negative argument -3
// IOTA-NEXT: %v = tail.iota %n : (i32) -> !tail.array<i32, 1>

// ZIP: zip.mlir:4:3: error: 'tail.zipWith' op shape mismatch: [3] vs [2]

// TRANSP2: transp2.mlir:6:3: error: 'tail.transp2' op expects a permutation of 1..2 as axis vector, but got [1,1]

// IDX: idx.mlir:5:3: error: 'tail.idx' op index 4 out of range for axis 1 of extent 3

// RESHAPE: reshape.mlir:4:3: error: 'tail.reshape0' op cannot reshape an empty array with no default element

// A scatter declared a permutation whose indices repeat a row.
// PERM: permutation.mlir:11:3: error: 'soac.scatter' op index 1 at 2 of a permutation is out of range or repeated

//--- iota.mlir
func.func @main() -> f64 {
  %n = tail.const -3 : i32
  %p = tail.prSclI %n : i32
  %v = tail.iota %n : (i32) -> !tail.array<i32, 1>
  %r = tail.const 0.0 : f64
  return %r : f64
}
//--- zip.mlir
func.func @main() -> !tail.array<i32, 1> {
  %a = tail.lit [1, 2, 3] : !tail.array<i32, 1>
  %b = tail.lit [1, 2] : !tail.array<i32, 1>
  %r = tail.zipWith %a, %b : (!tail.array<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    %m = tail.muli %x, %y : i32
    tail.yield %m : i32
  }
  return %r : !tail.array<i32, 1>
}
//--- transp2.mlir
func.func @main() -> !tail.array<i32, 2> {
  %d = tail.lit [1, 2, 3, 4] : !tail.array<i32, 1>
  %s = tail.lit [2, 2] : !tail.vec<i32, 2>
  %m = tail.reshape0 %s, %d : (!tail.vec<i32, 2>, !tail.array<i32, 1>) -> !tail.array<i32, 2>
  %p = tail.lit [1, 1] : !tail.vec<i32, 2>
  %r = tail.transp2 %p, %m : (!tail.vec<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  return %r : !tail.array<i32, 2>
}
//--- idx.mlir
func.func @main() -> i32 {
  %d = tail.const 1 : i32
  %i = tail.const 4 : i32
  %v = tail.lit [1, 2, 3] : !tail.array<i32, 1>
  %r = tail.idx %d, %i, %v : (i32, i32, !tail.array<i32, 1>) -> i32
  return %r : i32
}
//--- reshape.mlir
func.func @main() -> !tail.array<i32, 1> {
  %e = tail.zilde : !tail.array<i32, 1>
  %s = tail.lit [2] : !tail.vec<i32, 1>
  %r = tail.reshape0 %s, %e : (!tail.vec<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  return %r : !tail.array<i32, 1>
}
//--- permutation.mlir
func.func @main() -> tensor<3xi32> {
  %vs = soac.iota : tensor<3xi32>
  %c1 = arith.constant 1 : i32
  %is = soac.map %vs : tensor<3xi32> -> tensor<3xi32> {
  ^bb0(%x: i32):
    %m = arith.minsi %x, %c1 : i32
    soac.yield %m : i32
  }
  %z = arith.constant 0 : i32
  %d = soac.replicate %z : i32 -> tensor<3xi32>
  %r = soac.scatter %vs into %d[%is] {permutation} : tensor<3xi32>, tensor<3xi32> -> tensor<3xi32>
  return %r : tensor<3xi32>
}
