// RUN: tailc run --target=interp %s --input iota:10 | FileCheck %s --check-prefix=VAL
// RUN: tailc run --target=interp --after=hpar-to-gpu %s --input iota:10 | FileCheck %s --check-prefix=VAL
// RUN: tailc run --target=interp --after=hpar-to-gpu,convert-gpu-to-cpu %s --input iota:10 | FileCheck %s --check-prefix=VAL
// RUN: tailc run --target=cpu %s --input iota:10 | FileCheck %s --check-prefix=VAL
// RUN: tail-opt %s --pass-pipeline='builtin.module(canonicalize,convert-hpar-to-gpu,canonicalize,cse)' | FileCheck %s

// A grid-level while whose condition reads an element of the current array: the elements are
// doubled while the last one is below 1000 (0, 1, …, 9: seven times), and the program returns
// element 1 of the final array (test/Target/PTX/grid-while-ptxas.mlir: its PTX).
// VAL: {{^}}[](128){{$}}

// CHECK-LABEL: func.func @main
// CHECK:         gpu.launch_func @tail_kernels::@main_k0 {{.*}} args(%[[D0:[0-9]+]] : memref<?xi32>
// The condition reads the last element through a one-element buffer (kernel k1, one thread);
// the body's kernel k2 writes a fresh buffer; k3 reads element 1 of the final buffer.
// CHECK:         %[[W:.*]] = scf.while (%[[A:.*]] = %[[D0]]) : (memref<?xi32>) -> memref<?xi32> {
// CHECK:           %[[N:.*]] = memref.dim %[[A]]
// CHECK:           %[[L:.*]] = arith.subi %[[N]]
// CHECK:           %[[E:.*]] = gpu.alloc() : memref<1xi32>
// CHECK:           gpu.launch_func @tail_kernels::@main_k1 blocks in (%[[ONE:.*]], %[[ONE]], %[[ONE]]) threads in (%[[ONE]], %[[ONE]], %[[ONE]]) args(%[[A]] : memref<?xi32>, %[[L]] : index, %[[E]] : memref<1xi32>)
// CHECK:           %[[H:.*]] = memref.alloc() : memref<1xi32>
// CHECK:           gpu.memcpy %[[H]], %[[E]] : memref<1xi32>, memref<1xi32>
// CHECK:           gpu.dealloc %[[E]]
// CHECK:           %[[V:.*]] = memref.load %[[H]]
// CHECK:           memref.dealloc %[[H]]
// CHECK:           %[[C:.*]] = arith.cmpi slt, %[[V]]
// CHECK:           scf.condition(%[[C]]) %[[A]] : memref<?xi32>
// CHECK:         } do {
// CHECK:         ^bb0(%[[B:.*]]: memref<?xi32>):
// CHECK:           %[[O:.*]] = gpu.alloc
// CHECK:           gpu.launch_func @tail_kernels::@main_k2 {{.*}} args(%[[O]] : memref<?xi32>, {{.*}}%[[B]] : memref<?xi32>)
// CHECK:           gpu.dealloc %[[B]] : memref<?xi32>
// CHECK-NEXT:      scf.yield %[[O]] : memref<?xi32>
// CHECK-NEXT:    }
// CHECK:         gpu.launch_func @tail_kernels::@main_k3 {{.*}} args(%[[W]] : memref<?xi32>
// CHECK:         %[[R:.*]] = memref.load
// CHECK:         gpu.dealloc %[[W]]
// CHECK:         return %[[R]] : i32
// CHECK:       gpu.func @main_k1(%[[S:.*]]: memref<?xi32>, %[[I:.*]]: index, %[[D:.*]]: memref<1xi32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>}
// CHECK:         %[[X:.*]] = memref.load %[[S]][%[[I]]]
// CHECK:         memref.store %[[X]], %[[D]]
// CHECK:         gpu.return

func.func @main(%m: memref<?xi32>) -> i32 {
  %r = hpar.program<grid> -> i32 {
    %c0 = arith.constant 0 : index
    %n = memref.dim %m, %c0 : memref<?xi32>
    %g = hpar.generate %n : !hpar.pull<i32> {
    ^bb0(%i: index):
      %x = memref.load %m[%i] : memref<?xi32>
      hpar.yield %x : i32
    }
    %p = hpar.push<grid> %g : !hpar.pull<i32> -> !hpar.push<i32, grid>
    %w = hpar.while<grid> %p : !hpar.push<i32, grid> -> !hpar.pull<i32, grid> cond {
    ^bb0(%cur: !hpar.pull<i32, grid>):
      %len = hpar.length %cur : !hpar.pull<i32, grid>
      %c1 = arith.constant 1 : index
      %last = arith.subi %len, %c1 : index
      %v = hpar.index %cur[%last] : !hpar.pull<i32, grid>
      %lim = arith.constant 1000 : i32
      %c = arith.cmpi slt, %v, %lim : i32
      hpar.yield %c : i1
    } do {
    ^bb0(%cur: !hpar.pull<i32, grid>):
      %len = hpar.length %cur : !hpar.pull<i32, grid>
      %d = hpar.generate %len : !hpar.pull<i32> {
      ^bb0(%i: index):
        %x = hpar.index %cur[%i] : !hpar.pull<i32, grid>
        %y = arith.addi %x, %x : i32
        hpar.yield %y : i32
      }
      %q = hpar.push<grid> %d : !hpar.pull<i32> -> !hpar.push<i32, grid>
      hpar.return %q : !hpar.push<i32, grid>
    }
    %c1 = arith.constant 1 : index
    %s = hpar.index %w[%c1] : !hpar.pull<i32, grid>
    hpar.return %s : i32
  }
  return %r : i32
}
