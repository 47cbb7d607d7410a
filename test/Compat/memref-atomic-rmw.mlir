// REQUIRES: mlir-opt
// RUN: tail-opt %s | FileCheck %s
// RUN: tail-opt %s | mlir-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | mlir-opt --mlir-print-op-generic | tail-opt | FileCheck %s
// RUN: mlir-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tail-opt %s --cse | FileCheck %s --check-prefix=CSE

// `memref.atomic_rmw`: upstream's syntax and kind numbering (`kind = 0 : i64` is addf).

// CHECK-LABEL: func.func @atomics
// CHECK-NEXT: memref.atomic_rmw addf %arg0, %arg1[%arg2] : (f32, memref<10xf32>) -> f32
// CHECK-NEXT: memref.atomic_rmw maxs %arg3, %arg4[%arg2, %arg2] {foo} : (i32, memref<4x4xi32>) -> i32
// CHECK-NEXT: memref.atomic_rmw assign %arg0, %arg1[%arg2] : (f32, memref<10xf32>) -> f32
// CHECK-NEXT: memref.atomic_rmw minnumf %arg0, %arg1[%arg2] : (f32, memref<10xf32>) -> f32
// CHECK-NEXT: memref.atomic_rmw xori %arg3, %arg4[%arg2, %arg2] : (i32, memref<4x4xi32>) -> i32
// CHECK-NEXT: memref.atomic_rmw addi %arg3, %arg5[%arg2] : (i32, memref<?xi32, #gpu.address_space<workgroup>>) -> i32
// CHECK-NEXT: return

// GENERIC: "memref.atomic_rmw"(%arg0, %arg1, %arg2) {kind = 0 : i64} : (f32, memref<10xf32>, index) -> f32
// GENERIC: "memref.atomic_rmw"(%arg3, %arg4, %arg2, %arg2) {foo, kind = 6 : i64} : (i32, memref<4x4xi32>, index, index) -> i32
// GENERIC: "memref.atomic_rmw"(%arg0, %arg1, %arg2) {kind = 3 : i64} : (f32, memref<10xf32>, index) -> f32
// GENERIC: "memref.atomic_rmw"(%arg0, %arg1, %arg2) {kind = 9 : i64} : (f32, memref<10xf32>, index) -> f32
// GENERIC: "memref.atomic_rmw"(%arg3, %arg4, %arg2, %arg2) {kind = 15 : i64} : (i32, memref<4x4xi32>, index, index) -> i32

// Reads and writes memory: identical atomics are not merged, unused ones are not erased.
// CSE-COUNT-6: memref.atomic_rmw
func.func @atomics(%v: f32, %m: memref<10xf32>, %i: index, %iv: i32, %im: memref<4x4xi32>,
                   %sm: memref<?xi32, #gpu.address_space<workgroup>>) {
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  %1 = memref.atomic_rmw maxs %iv, %im[%i, %i] {foo} : (i32, memref<4x4xi32>) -> i32
  %2 = memref.atomic_rmw assign %v, %m[%i] : (f32, memref<10xf32>) -> f32
  %3 = memref.atomic_rmw minnumf %v, %m[%i] : (f32, memref<10xf32>) -> f32
  %4 = memref.atomic_rmw xori %iv, %im[%i, %i] : (i32, memref<4x4xi32>) -> i32
  %5 = memref.atomic_rmw addi %iv, %sm[%i] : (i32, memref<?xi32, #gpu.address_space<workgroup>>) -> i32
  return
}
