// RUN: tail-opt %s --pass-pipeline='builtin.module(convert-hpar-to-gpu)' | FileCheck %s

// A host loop of kernels keeps its carried array on the device. The loop starts from the
// buffer of the program before it (read by nothing else: no copy); the host memref read by
// the body's kernel is copied once, before the loop; every iteration launches the kernel into
// a fresh buffer, frees the buffer it read and yields the new one (the cast that returned it
// at the hpar level is not a copy back); after the loop the final buffer is copied back once.
// CHECK-LABEL: func.func @step
// CHECK-SAME:    (%[[X:.*]]: memref<?xf64>, %[[W:.*]]: memref<?xf64>, %[[K:.*]]: index)
// CHECK:         %[[DX:.*]] = gpu.alloc
// CHECK-NEXT:    gpu.memcpy %[[DX]], %[[X]]
// CHECK:         %[[P:.*]] = gpu.alloc
// CHECK:         gpu.launch_func @tail_kernels::@step_k0 {{.*}} args(%[[P]] : memref<?xf64>, %{{.*}} : index, %[[DX]] : memref<?xf64>)
// CHECK:         %[[DW:.*]] = gpu.alloc
// CHECK-NEXT:    gpu.memcpy %[[DW]], %[[W]]
// CHECK-NEXT:    %[[R:.*]] = scf.for %{{.*}} to %[[K]] step %{{.*}} iter_args(%[[A:.*]] = %[[P]]) -> (memref<?xf64>) {
// CHECK-NEXT:      %[[N:.*]] = memref.dim %[[A]]
// CHECK-NEXT:      %[[B:.*]] = gpu.alloc(%[[N]]) : memref<?xf64>
// CHECK-NOT:       gpu.memcpy
// CHECK:           gpu.launch_func @tail_kernels::@step_k1 {{.*}} args(%[[B]] : memref<?xf64>, %[[N]] : index, %[[A]] : memref<?xf64>, %[[DW]] : memref<?xf64>)
// CHECK-NEXT:      gpu.dealloc %[[A]] : memref<?xf64>
// CHECK-NEXT:      scf.yield %[[B]] : memref<?xf64>
// CHECK-NEXT:    }
// CHECK:         %[[H:.*]] = memref.alloc
// CHECK-NEXT:    gpu.memcpy %[[H]], %[[R]]
// CHECK-DAG:     gpu.dealloc %[[DX]]
// CHECK-DAG:     gpu.dealloc %[[DW]]
// CHECK-DAG:     gpu.dealloc %[[R]]
// CHECK:         return %[[H]] : memref<?xf64>
func.func @step(%x: memref<?xf64>, %w: memref<?xf64>, %k: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  %p = hpar.program<grid> -> !hpar.pull<f64, grid> {
    %g = hpar.generate %n : !hpar.pull<f64> {
    ^bb0(%i: index):
      %v = memref.load %x[%i] : memref<?xf64>
      hpar.yield %v : f64
    }
    %q = hpar.push<grid> %g : !hpar.pull<f64> -> !hpar.push<f64, grid>
    %f = hpar.force<grid> %q : !hpar.push<f64, grid> -> !hpar.pull<f64, grid>
    hpar.return %f : !hpar.pull<f64, grid>
  }
  %m = builtin.unrealized_conversion_cast %p, %n : !hpar.pull<f64, grid>, index to memref<?xf64>
  %c1 = arith.constant 1 : index
  %r = scf.for %it = %c0 to %k step %c1 iter_args(%a = %m) -> (memref<?xf64>) {
    %na = memref.dim %a, %c0 : memref<?xf64>
    %p2 = hpar.program<grid> -> !hpar.pull<f64, grid> {
      %g = hpar.generate %na : !hpar.pull<f64> {
      ^bb0(%i: index):
        %v = memref.load %a[%i] : memref<?xf64>
        %u = memref.load %w[%i] : memref<?xf64>
        %s = arith.addf %v, %u : f64
        hpar.yield %s : f64
      }
      %q = hpar.push<grid> %g : !hpar.pull<f64> -> !hpar.push<f64, grid>
      %f = hpar.force<grid> %q : !hpar.push<f64, grid> -> !hpar.pull<f64, grid>
      hpar.return %f : !hpar.pull<f64, grid>
    }
    %y = builtin.unrealized_conversion_cast %p2, %na : !hpar.pull<f64, grid>, index to memref<?xf64>
    scf.yield %y : memref<?xf64>
  }
  return %r : memref<?xf64>
}

// Carried buffers are passed on without copies: the swapped arrays, and the one the body
// yields unchanged (which the loop reads from the host memref's device copy and does not
// own). A host read of a carried array in the body reads a host copy, freed in the body.
// Two initial values are host memrefs: each is copied to a buffer of the loop's own.
// CHECK-LABEL: func.func @swap
// CHECK-SAME:    (%[[X:.*]]: memref<?xi32>, %[[Y:.*]]: memref<?xi32>, %{{.*}}: index)
// CHECK:         %[[A0:.*]] = gpu.alloc
// CHECK-NEXT:    gpu.memcpy %[[A0]], %[[X]]
// CHECK:         %[[B0:.*]] = gpu.alloc
// CHECK-NEXT:    gpu.memcpy %[[B0]], %[[Y]]
// CHECK:         %[[Z0:.*]] = gpu.alloc
// CHECK-NEXT:    gpu.memcpy %[[Z0]], %[[X]]
// CHECK-NEXT:    %[[R:.*]]:3 = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]], %[[Z:.*]] = %[[Z0]])
// CHECK:           %[[E:.*]] = gpu.alloc
// CHECK:           gpu.launch_func @tail_kernels::@swap_k0 {{.*}} args(%[[E]] : memref<?xi32>, %{{.*}} : index, %[[A]] : memref<?xi32>, %[[Z]] : memref<?xi32>)
// CHECK:           %[[H:.*]] = memref.alloc
// CHECK-NEXT:      gpu.memcpy %[[H]], %[[B]]
// CHECK-NEXT:      memref.load %[[H]]
// CHECK-NEXT:      gpu.dealloc %[[A]]
// CHECK-NEXT:      memref.dealloc %[[H]]
// CHECK-NEXT:      scf.yield %[[B]], %[[E]], %[[Z]]
// CHECK-NEXT:    }
// CHECK-NOT:     gpu.dealloc %[[R]]#2
// CHECK-DAG:     gpu.dealloc %[[Z0]]
// CHECK-DAG:     gpu.dealloc %[[R]]#0
// CHECK-DAG:     gpu.dealloc %[[R]]#1
// CHECK-NOT:     gpu.dealloc %[[R]]#2
// CHECK:         return
func.func @swap(%x: memref<?xi32>, %y: memref<?xi32>, %k: index) -> (memref<?xi32>, memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %it = %c0 to %k step %c1 iter_args(%a = %x, %b = %y, %z = %x) -> (memref<?xi32>, memref<?xi32>, memref<?xi32>) {
    %na = memref.dim %a, %c0 : memref<?xi32>
    %p = hpar.program<grid> -> !hpar.pull<i32, grid> {
      %g = hpar.generate %na : !hpar.pull<i32> {
      ^bb0(%i: index):
        %v = memref.load %a[%i] : memref<?xi32>
        %u = memref.load %z[%i] : memref<?xi32>
        %s = arith.addi %v, %u : i32
        hpar.yield %s : i32
      }
      %q = hpar.push<grid> %g : !hpar.pull<i32> -> !hpar.push<i32, grid>
      %f = hpar.force<grid> %q : !hpar.push<i32, grid> -> !hpar.pull<i32, grid>
      hpar.return %f : !hpar.pull<i32, grid>
    }
    %e = builtin.unrealized_conversion_cast %p, %na : !hpar.pull<i32, grid>, index to memref<?xi32>
    %h = memref.load %b[%c0] : memref<?xi32>
    scf.yield %b, %e, %z : memref<?xi32>, memref<?xi32>, memref<?xi32>
  }
  return %r#0, %r#1 : memref<?xi32>, memref<?xi32>
}

// The array the loop starts from is read again after the loop: the loop starts from a copy.
// CHECK-LABEL: func.func @reused
// CHECK:         %[[P:.*]] = gpu.alloc
// CHECK:         gpu.launch_func @tail_kernels::@reused_k0 {{.*}} args(%[[P]] : memref<?xf64>
// CHECK:         %[[C:.*]] = gpu.alloc
// CHECK-NEXT:    gpu.memcpy %[[C]], %[[P]]
// CHECK-NEXT:    %[[R:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[C]])
// CHECK:         }
// CHECK:         gpu.memcpy %{{.*}}, %[[P]]
// CHECK:         gpu.memcpy %{{.*}}, %[[R]]
// CHECK-DAG:     gpu.dealloc %[[P]]
// CHECK-DAG:     gpu.dealloc %[[R]]
// CHECK-NOT:     gpu.dealloc %[[C]]
// CHECK:         return
func.func @reused(%n: index, %k: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = hpar.program<grid> -> !hpar.pull<f64, grid> {
    %g = hpar.generate %n : !hpar.pull<f64> {
    ^bb0(%i: index):
      %v = arith.index_cast %i : index to i64
      %d = arith.sitofp %v : i64 to f64
      hpar.yield %d : f64
    }
    %q = hpar.push<grid> %g : !hpar.pull<f64> -> !hpar.push<f64, grid>
    %f = hpar.force<grid> %q : !hpar.push<f64, grid> -> !hpar.pull<f64, grid>
    hpar.return %f : !hpar.pull<f64, grid>
  }
  %m = builtin.unrealized_conversion_cast %p, %n : !hpar.pull<f64, grid>, index to memref<?xf64>
  %r = scf.for %it = %c0 to %k step %c1 iter_args(%a = %m) -> (memref<?xf64>) {
    %p2 = hpar.program<grid> -> !hpar.pull<f64, grid> {
      %g = hpar.generate %n : !hpar.pull<f64> {
      ^bb0(%i: index):
        %v = memref.load %a[%i] : memref<?xf64>
        %s = arith.mulf %v, %v : f64
        hpar.yield %s : f64
      }
      %q = hpar.push<grid> %g : !hpar.pull<f64> -> !hpar.push<f64, grid>
      %f = hpar.force<grid> %q : !hpar.push<f64, grid> -> !hpar.pull<f64, grid>
      hpar.return %f : !hpar.pull<f64, grid>
    }
    %y = builtin.unrealized_conversion_cast %p2, %n : !hpar.pull<f64, grid>, index to memref<?xf64>
    scf.yield %y : memref<?xf64>
  }
  %e0 = hpar.index %p[%c1] : !hpar.pull<f64, grid>
  %e1 = memref.load %r[%c1] : memref<?xf64>
  %s = arith.addf %e0, %e1 : f64
  return %s : f64
}
