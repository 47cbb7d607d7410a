// RUN: tailc build %s -o %t
// RUN: %t --runs 3 --input 1,0,1 --input 2.5,3 | FileCheck %s --check-prefix=OUT
// RUN: tailc build %s --emit=mlir -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// The entry's input arrays and its result arrays belong to the program: after printing,
// @tail_program hands each to the runtime (`tail_rt_release_*`), which frees every distinct
// buffer once (`tail_rt_release_end`). Here both results are the inputs themselves, so each
// buffer is named twice; three runs (`--runs 3`) free them without a double free, and a
// long `--runs N` of a program with large inputs does not keep N copies.

// OUT:      ([3](1,0,1),[2](2.5,3.0))
// OUT-NOT:  {{.}}

// CHECK-LABEL: func.func @tail_program()
// CHECK:         %[[V:.*]] = memref.alloc(%{{.*}}) : memref<?xi8>
// CHECK:         %[[W:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// CHECK:         %[[R:.*]]:2 = call @tail.main(
// CHECK:         call @tail_rt_tuple_end()
// CHECK-NEXT:    call @tail_rt_release_bool(
// CHECK-NEXT:    call @tail_rt_release_f64(
// CHECK-NEXT:    call @tail_rt_release_bool(
// CHECK-NEXT:    call @tail_rt_release_f64(
// CHECK-NEXT:    call @tail_rt_release_end() : () -> ()
// CHECK-NEXT:    return
func.func @main(%v: memref<?xi1>, %w: memref<?xf64>) -> (memref<?xi1>, memref<?xf64>) {
  return %v, %w : memref<?xi1>, memref<?xf64>
}
