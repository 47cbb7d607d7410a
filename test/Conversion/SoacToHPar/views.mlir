// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-soac-to-hpar)' | FileCheck %s
// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(soac-to-gpu)' | FileCheck %s --check-prefix=GPU

// Views, generated arrays, free arrays, deeper map nests and array-valued scf.if as kernel inputs.
// GPU-COUNT-8: gpu.func
// GPU-NOT: gpu.func

// A free array read by a lambda (`soac.index` with one index per axis) is read in the kernel.
// CHECK-LABEL: func.func @gather
// CHECK-SAME:    (%[[X:.*]]: memref<?xi32>, %[[Y:.*]]: memref<?xf64>)
// CHECK:         hpar.generate
// CHECK-NEXT:    ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[X]][%[[I]]] : memref<?xi32>
// CHECK-NEXT:      %[[J:.*]] = arith.index_cast %[[V]] : i32 to index
// CHECK-NEXT:      %[[E:.*]] = memref.load %[[Y]][%[[J]]] : memref<?xf64>
// CHECK-NEXT:      hpar.yield %[[E]] : f64
func.func @gather(%xs: tensor<?xi32>, %ys: tensor<?xf64>) -> tensor<?xf64> {
  %r = soac.map %xs : tensor<?xi32> -> tensor<?xf64> {
  ^bb0(%x: i32):
    %i = arith.index_cast %x : i32 to index
    %v = soac.index %ys[%i] : tensor<?xf64> -> f64
    soac.yield %v : f64
  }
  return %r : tensor<?xf64>
}

// -----

// Views compose into the kernel's index function: no copy, one program. `rt[i, j] =
// t[(i+k) mod n1, (j+k) mod n0]` and `t[i, j] = m[j, i]`; the rotation divides once
// (`k rem n`), each element adds or subtracts `n` by `select` instead of dividing.
// CHECK-LABEL: func.func @views
// CHECK-SAME:    (%[[M:.*]]: memref<?x?xf64>, %[[K:.*]]: index)
// CHECK-DAG:     %[[N0:.*]] = memref.dim %[[M]], %{{.*}} : memref<?x?xf64>
// CHECK-DAG:     %[[N1:.*]] = memref.dim %[[M]], %{{.*}} : memref<?x?xf64>
// CHECK:         hpar.program<grid>
// CHECK:         ^bb0(%[[I:.*]]: index):
// CHECK-DAG:       %[[C:.*]] = arith.remui %[[I]], %[[N0]] : index
// CHECK-DAG:       %[[R:.*]] = arith.divui %[[I]], %[[N0]] : index
// CHECK:           memref.load %[[M]][%[[C]], %[[R]]] : memref<?x?xf64>
// CHECK:           %[[M1:.*]] = arith.maxsi %[[N1]], %{{.*}} : index
// CHECK:           %[[KR1:.*]] = arith.remsi %[[K]], %[[M1]] : index
// CHECK:           %[[S1:.*]] = arith.addi %[[R]], %[[KR1]] : index
// CHECK:           %[[NEG1:.*]] = arith.cmpi slt, %[[S1]], %{{.*}} : index
// CHECK:           %[[UP1:.*]] = arith.addi %[[S1]], %[[N1]] : index
// CHECK:           %[[T1:.*]] = arith.select %[[NEG1]], %[[UP1]], %[[S1]] : index
// CHECK:           %[[OVER1:.*]] = arith.cmpi sge, %[[T1]], %[[N1]] : index
// CHECK:           %[[DOWN1:.*]] = arith.subi %[[T1]], %[[N1]] : index
// CHECK:           %[[R2:.*]] = arith.select %[[OVER1]], %[[DOWN1]], %[[T1]] : index
// CHECK:           %[[M0:.*]] = arith.maxsi %[[N0]], %{{.*}} : index
// CHECK:           arith.remsi %[[K]], %[[M0]] : index
// CHECK-NOT:       arith.remui
// CHECK:           arith.cmpi sge
// CHECK-NEXT:      arith.subi
// CHECK-NEXT:      %[[C2:.*]] = arith.select
// CHECK-NEXT:      memref.load %[[M]][%[[C2]], %[[R2]]] : memref<?x?xf64>
// CHECK:           arith.subf
// CHECK-NOT:     hpar.program
// CHECK:         builtin.unrealized_conversion_cast %{{.*}}, %[[N1]], %[[N0]] : !hpar.pull<f64, grid>, index, index to memref<?x?xf64>
func.func @views(%m: tensor<?x?xf64>, %k: index) -> tensor<?x?xf64> {
  %t = soac.transpose %m [1, 0] : tensor<?x?xf64> -> tensor<?x?xf64>
  %rt = soac.rotate %t [%k, %k] : tensor<?x?xf64>
  %r = soac.map %t, %rt : tensor<?x?xf64>, tensor<?x?xf64> -> tensor<?x?xf64> {
  ^bb0(%a: tensor<?xf64>, %b: tensor<?xf64>):
    %q = soac.map %a, %b : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%x: f64, %y: f64):
      %s = arith.subf %x, %y : f64
      soac.yield %s : f64
    }
    soac.yield %q : tensor<?xf64>
  }
  return %r : tensor<?x?xf64>
}

// -----

// `iota` and `replicate` are generated in the kernel, not stored.
// CHECK-LABEL: func.func @gen
// CHECK-SAME:    (%[[N:.*]]: index, %[[C:.*]]: i32)
// CHECK-NOT:     memref.alloc
// CHECK:         hpar.generate %[[N]]
// CHECK-NEXT:    ^bb0(%[[I:.*]]: index):
// CHECK-NEXT:      arith.index_cast %[[I]] : index to i32
// CHECK:           %[[P:.*]] = arith.muli %{{.*}}, %[[C]] : i32
// CHECK-NEXT:      hpar.yield %[[P]] : i32
func.func @gen(%n: index, %c: i32) -> tensor<?xi32> {
  %i = soac.iota %n : tensor<?xi32>
  %r = soac.replicate %c times %n : i32 -> tensor<?xi32>
  %s = soac.map %i, %r : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%x: i32, %y: i32):
    %p = arith.muli %x, %y : i32
    soac.yield %p : i32
  }
  return %s : tensor<?xi32>
}

// -----

// A rank-3 map nest is flattened: one thread per element, indices delinearised.
// CHECK-LABEL: func.func @rank3
// CHECK:         %[[N01:.*]] = arith.muli
// CHECK:         %[[N:.*]] = arith.muli %[[N01]],
// CHECK:         hpar.generate %[[N]]
// CHECK:           memref.load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<?x?x?xi32>
// CHECK:         builtin.unrealized_conversion_cast %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !hpar.pull<i32, grid>, index, index, index to memref<?x?x?xi32>
func.func @rank3(%xs: tensor<?x?x?xi32>) -> tensor<?x?x?xi32> {
  %r = soac.map %xs : tensor<?x?x?xi32> -> tensor<?x?x?xi32> {
  ^bb0(%m: tensor<?x?xi32>):
    %q = soac.map %m : tensor<?x?xi32> -> tensor<?x?xi32> {
    ^bb0(%row: tensor<?xi32>):
      %e = soac.map %row : tensor<?xi32> -> tensor<?xi32> {
      ^bb0(%x: i32):
        %y = arith.addi %x, %x : i32
        soac.yield %y : i32
      }
      soac.yield %e : tensor<?xi32>
    }
    soac.yield %q : tensor<?x?xi32>
  }
  return %r : tensor<?x?x?xi32>
}

// -----

// An `scf.if` choosing between arrays is hoisted (its branches only build views) and becomes
// a selection inside the kernel; `concat` chooses its part by position. A returned view is
// forced by one program.
// CHECK-LABEL: func.func @pad
// CHECK:         %[[BIG:.*]] = arith.cmpi uge
// CHECK:         %[[LEN:.*]] = arith.select %[[BIG]]
// CHECK:         hpar.program<grid>
// CHECK:         hpar.generate %[[LEN]]
// CHECK:         scf.if %[[BIG]] -> (f64)
// CHECK:           memref.load
// CHECK:         } else {
// CHECK:           scf.if %{{.*}} -> (f64)
// CHECK:             memref.load
// CHECK:           } else {
// CHECK:             scf.yield %{{.*}} : f64
// CHECK-NOT:     hpar.program
func.func @pad(%xs: tensor<?xf64>, %n: index, %z: f64) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %len = soac.dim %xs, 0 : tensor<?xf64>
  %big = arith.cmpi uge, %len, %n : index
  %r = scf.if %big -> (tensor<?xf64>) {
    %s = soac.slice %xs[%c0] [%n] [%c1] : tensor<?xf64> -> tensor<?xf64>
    scf.yield %s : tensor<?xf64>
  } else {
    %k = arith.subi %n, %len : index
    %zs = soac.replicate %z times %k : f64 -> tensor<?xf64>
    %c = soac.concat %xs, %zs along 0 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
    scf.yield %c : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}

// -----

// A cyclic reshape divides only past the end of its source: positions below the source's
// count (all of them when the counts agree) are read as they are.
// CHECK-LABEL: func.func @cyclic
// CHECK-SAME:    (%[[X:.*]]: memref<?xf64>, %{{.*}}: index, %{{.*}}: index)
// CHECK:         %[[N:.*]] = memref.dim %[[X]]
// CHECK:         hpar.generate
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[F:.*]], %[[N]] : index
// CHECK-NEXT:      %[[P:.*]] = scf.if %[[IN]] -> (index) {
// CHECK-NEXT:        scf.yield %[[F]] : index
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[REM:.*]] = arith.remui %[[F]], %[[N]] : index
// CHECK-NEXT:        scf.yield %[[REM]] : index
// CHECK-NEXT:      }
// CHECK-NEXT:      memref.load %[[X]][%[[P]]] : memref<?xf64>
func.func @cyclic(%x: tensor<?xf64>, %r: index, %c: index) -> tensor<?x?xf64> {
  %m = soac.reshape %x to(%r, %c) cyclic : tensor<?xf64> -> tensor<?x?xf64>
  %y = soac.map %m : tensor<?x?xf64> -> tensor<?x?xf64> {
  ^bb0(%row: tensor<?xf64>):
    %q = soac.map %row : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%v: f64):
      %w = arith.addf %v, %v : f64
      soac.yield %w : f64
    }
    soac.yield %q : tensor<?xf64>
  }
  return %y : tensor<?x?xf64>
}

// -----

// A cyclic reshape whose trailing extents multiply to its source's count repeats the source
// whole along its leading axes (an inner product's operand: `(m×4×3)⍴A` of a 4×3 A): the
// trailing indices are the source's own, with no remainder by the source's count (12).
// CHECK-LABEL: func.func @cyclic_repeat
// CHECK-SAME:    (%[[A:.*]]: memref<4x3xf64>, %{{.*}}: index)
// CHECK:         hpar.generate
// CHECK-NEXT:    ^bb0(%[[F:.*]]: index):
// CHECK-NEXT:      %[[K:.*]] = arith.remui %[[F]], %[[C3:.*]] : index
// CHECK-NEXT:      %[[Q:.*]] = arith.divui %[[F]], %[[C3]] : index
// CHECK-NEXT:      %[[J:.*]] = arith.remui %[[Q]], %[[C4:.*]] : index
// CHECK-NOT:       arith.remui
// CHECK:           memref.load %[[A]][%[[J]], %[[K]]] : memref<4x3xf64>
func.func @cyclic_repeat(%a: tensor<4x3xf64>, %m: index) -> tensor<?x4x3xf64> {
  %r = soac.reshape %a to(%m) cyclic : tensor<4x3xf64> -> tensor<?x4x3xf64>
  %y = soac.map %r : tensor<?x4x3xf64> -> tensor<?x4x3xf64> {
  ^bb0(%p: tensor<4x3xf64>):
    %q = soac.map %p : tensor<4x3xf64> -> tensor<4x3xf64> {
    ^bb1(%row: tensor<3xf64>):
      %s = soac.map %row : tensor<3xf64> -> tensor<3xf64> {
      ^bb2(%v: f64):
        %w = arith.addf %v, %v : f64
        soac.yield %w : f64
      }
      soac.yield %s : tensor<3xf64>
    }
    soac.yield %q : tensor<4x3xf64>
  }
  return %y : tensor<?x4x3xf64>
}

// -----

// The same for extents known only as values: `(m×n×k)⍴A` of an A reshaped to n×k.
// CHECK-LABEL: func.func @cyclic_repeat_dynamic
// CHECK:         hpar.generate
// CHECK-NOT:       arith.cmpi ult
// CHECK-NOT:       scf.if
// CHECK:           memref.load
func.func @cyclic_repeat_dynamic(%x: tensor<?xf64>, %m: index, %n: index, %k: index) -> tensor<?x?x?xf64> {
  %a = soac.reshape %x to(%n, %k) : tensor<?xf64> -> tensor<?x?xf64>
  %r = soac.reshape %a to(%m, %n, %k) cyclic : tensor<?x?xf64> -> tensor<?x?x?xf64>
  %y = soac.map %r : tensor<?x?x?xf64> -> tensor<?x?x?xf64> {
  ^bb0(%p: tensor<?x?xf64>):
    %q = soac.map %p : tensor<?x?xf64> -> tensor<?x?xf64> {
    ^bb1(%row: tensor<?xf64>):
      %s = soac.map %row : tensor<?xf64> -> tensor<?xf64> {
      ^bb2(%v: f64):
        %w = arith.addf %v, %v : f64
        soac.yield %w : f64
      }
      soac.yield %s : tensor<?xf64>
    }
    soac.yield %q : tensor<?x?xf64>
  }
  return %y : tensor<?x?x?xf64>
}
