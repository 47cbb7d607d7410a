// RUN: tail-opt --convert-parallel-to-rt %s | FileCheck %s
// RUN: not tail-opt --convert-parallel-to-rt %S/Inputs/parallel-reduce.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// Each scf.parallel becomes a call of a launch declaration with the iteration count and the
// captured values; its body becomes a range function over the linearized iterations (first
// dimension fastest). Constants are cloned, not captured.

// CHECK-LABEL: func.func @f(%arg0: memref<?xf64>, %arg1: index, %arg2: index)
// CHECK:         call @f.par0.launch(%arg1, %arg0) : (index, memref<?xf64>) -> ()
// CHECK:         %[[SPAN:.*]] = arith.subi %arg2, %{{.*}} : index
// CHECK:         %[[POS:.*]] = arith.maxsi %[[SPAN]], %{{.*}} : index
// CHECK:         %[[NY:.*]] = arith.ceildivsi %[[POS]], %{{.*}} : index
// CHECK:         %[[N:.*]] = arith.muli %arg1, %[[NY]] : index
// CHECK:         call @f.par1.launch(%[[N]], %arg0, %arg1) : (index, memref<?xf64>, index) -> ()
// CHECK:         return
// CHECK-LABEL: func.func private @f.par1(%arg0: index, %arg1: index, %arg2: memref<?xf64>, %arg3: index)
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         scf.for %[[I:.*]] = %arg0 to %arg1 step %{{.*}} {
// CHECK:           %[[X:.*]] = arith.remui %[[I]], %arg3 : index
// CHECK:           %[[Y:.*]] = arith.divui %[[I]], %arg3 : index
// CHECK:           %[[YS:.*]] = arith.muli %[[Y]], %[[C2]] : index
// CHECK:           %[[YV:.*]] = arith.addi %[[C1]], %[[YS]] : index
// CHECK:           arith.index_cast %[[YV]]
// CHECK:           memref.store %{{.*}}, %arg2[%{{.*}}] : memref<?xf64>
// CHECK-LABEL: func.func private @f.par0(%arg0: index, %arg1: index, %arg2: memref<?xf64>)
// CHECK:         scf.for %[[I:.*]] = %arg0 to %arg1 step %{{.*}} {
// CHECK:           memref.store %{{.*}}, %arg2[%{{.*}}] : memref<?xf64>
// CHECK:       func.func private @f.par0.launch(index, memref<?xf64>)
// CHECK:       func.func private @f.par1.launch(index, memref<?xf64>, index)
// CHECK-NOT:   scf.parallel

// ERR: parallel-reduce.mlir:4:3: error: 'scf.parallel' op cannot be converted by convert-parallel-to-rt: parallel loops with reductions are not supported

func.func @f(%m: memref<?xf64>, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f64
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %one, %m[%i] : memref<?xf64>
    scf.reduce
  }
  // x from 0 to n, y from 1 to k step 2.
  scf.parallel (%x, %y) = (%c0, %c1) to (%n, %k) step (%c1, %c2) {
    %yf = arith.index_cast %y : index to i64
    %v = arith.sitofp %yf : i64 to f64
    memref.store %v, %m[%x] : memref<?xf64>
    scf.reduce
  }
  return
}
