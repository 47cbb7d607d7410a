// RUN: tail-opt %s --pass-pipeline='builtin.module(func.func(soac-opt),convert-soac-to-hpar)' | FileCheck %s
// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-to-gpu)' | FileCheck %s --check-prefix=GPU

// Host I/O that tail-to-soac keeps as `tail` ops: an array read on the host (a cast from
// !tail.array) is a host memref for the kernels; a kernel's result given to a print is the
// memref the grid array is copied back to, cast to !tail.array on the host. One memref per
// array: printing and returning it share it.
// CHECK-LABEL: func.func @io
// CHECK-SAME:    (%[[T:.*]]: !tail.array<i32, 1>) -> memref<?xi32>
// CHECK:         %[[H:.*]] = builtin.unrealized_conversion_cast %[[T]] : !tail.array<i32, 1> to memref<?xi32>
// CHECK:         %[[N:.*]] = memref.dim %[[H]], %{{.*}} : memref<?xi32>
// CHECK:         %[[P:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:           memref.load %[[H]][%{{.*}}] : memref<?xi32>
// CHECK:         %[[M:.*]] = builtin.unrealized_conversion_cast %[[P]], %[[N]] : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK-NEXT:    %[[A:.*]] = builtin.unrealized_conversion_cast %[[M]] : memref<?xi32> to !tail.array<i32, 1>
// CHECK-NEXT:    tail.prArrI %[[A]] : !tail.array<i32, 1>
// CHECK-NOT:     unrealized_conversion_cast
// CHECK:         return %[[M]] : memref<?xi32>

// GPU-LABEL: func.func @io
// GPU:         %[[H:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !tail.array<i32, 1> to memref<?xi32>
// GPU:         gpu.memcpy %{{.*}}, %[[H]]
// GPU:         gpu.launch_func @tail_kernels::@io_k0
// GPU:         %[[B:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
// GPU-NEXT:    gpu.memcpy %[[B]], %{{.*}} : memref<?xi32>, memref<?xi32>
// GPU-NEXT:    %[[A:.*]] = builtin.unrealized_conversion_cast %[[B]] : memref<?xi32> to !tail.array<i32, 1>
// GPU-NEXT:    tail.prArrI %[[A]] : !tail.array<i32, 1>
// GPU:         return %[[B]] : memref<?xi32>
func.func @io(%t: !tail.array<i32, 1>) -> tensor<?xi32> {
  %x = builtin.unrealized_conversion_cast %t : !tail.array<i32, 1> to tensor<?xi32>
  %c1 = arith.constant 1 : i32
  %y = soac.map %x : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%v: i32):
    %w = arith.addi %v, %c1 : i32
    soac.yield %w : i32
  }
  %a = builtin.unrealized_conversion_cast %y : tensor<?xi32> to !tail.array<i32, 1>
  %p = tail.prArrI %a : !tail.array<i32, 1>
  return %y : tensor<?xi32>
}

// A view printed on the host is stored by a program first.
// CHECK-LABEL: func.func @print_view
// CHECK:         %[[P:.*]] = hpar.program<grid> -> !hpar.pull<i32, grid> {
// CHECK:         } {tail.par = "grid-thread"}
// CHECK:         %[[M:.*]] = builtin.unrealized_conversion_cast %[[P]], %{{.*}} : !hpar.pull<i32, grid>, index to memref<?xi32>
// CHECK-NEXT:    builtin.unrealized_conversion_cast %[[M]] : memref<?xi32> to !tail.array<i32, 1>
func.func @print_view(%n: index) {
  %i = soac.iota %n : tensor<?xi32>
  %a = builtin.unrealized_conversion_cast %i : tensor<?xi32> to !tail.array<i32, 1>
  %p = tail.prArrI %a : !tail.array<i32, 1>
  return
}
