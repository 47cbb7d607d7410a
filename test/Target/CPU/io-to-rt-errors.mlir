// RUN: split-file %s %t
// RUN: not tail-opt --convert-tail-io-to-rt %t/loop.mlir 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not tail-opt --convert-tail-io-to-rt %t/array.mlir 2>&1 | FileCheck %s --check-prefix=ARRAY
// RUN: not tail-opt --convert-tail-io-to-rt %t/args.mlir 2>&1 | FileCheck %s --check-prefix=ARGS
// RUN: tail-opt --convert-tail-io-to-rt %t/inputs.mlir | FileCheck %s --check-prefix=INPUTS
// RUN: not tail-opt --convert-tail-io-to-rt='entry=run' %t/args.mlir 2>&1 | FileCheck %s --check-prefix=ENTRY
// What has no form in compiled host code is an error located at the op.

// LOOP: loop.mlir:4:3: error: 'tail.prSclX' op cannot be converted by convert-tail-io-to-rt: the complex operand is not computed by complex ops on the host
//--- loop.mlir
func.func @main(%c: i1, %x: f64) -> f64 {
  %z = tail.injx %x, %x : f64 -> complex<f64>
  %r = scf.if %c -> complex<f64> { scf.yield %z : complex<f64> } else { scf.yield %z : complex<f64> }
  %p = tail.prSclX %r : complex<f64>
  return %x : f64
}

// ARRAY: array.mlir:3:3: error: 'tail.prArrI' op cannot be converted by convert-tail-io-to-rt: the array operand is not a memref converted to a tail array
//--- array.mlir
func.func @main(%a: !tail.array<i32, 1>) -> f64 {
  %x = arith.constant 0.0 : f64
  %p = tail.prArrI %a : !tail.array<i32, 1>
  return %x : f64
}

// ARGS: args.mlir:1:1: error: 'func.func' op cannot be converted by convert-tail-io-to-rt: parameter #1 is not a scalar or a vector (--input values are vectors)
// ENTRY: error: convert-tail-io-to-rt: the module has no function @run to run
//--- args.mlir
func.func @main(%x: memref<?x?xf64>) -> f64 {
  %c = arith.constant 0.0 : f64
  return %c : f64
}

// The entry's parameters come from the program's --input values.
// INPUTS-LABEL: func.func @tail_program()
// INPUTS:         call @tail_rt_check_inputs(%{{.*}}) : (i64) -> ()
// INPUTS:         %[[X:.*]] = call @tail_rt_input_f64(%{{.*}}) : (i64) -> f64
// INPUTS:         %[[N:.*]] = call @tail_rt_input_begin_i32(%{{.*}}) : (i64) -> i64
// INPUTS:         %[[NI:.*]] = arith.index_cast %[[N]] : i64 to index
// INPUTS:         %[[V:.*]] = memref.alloc(%[[NI]]) : memref<?xi32>
// INPUTS:         call @tail_rt_take_i32(%{{.*}}) : (memref<*xi32>) -> ()
// INPUTS:         call @tail.main(%[[X]], %[[V]]) : (f64, memref<?xi32>) -> f64
//--- inputs.mlir
func.func @main(%x: f64, %v: memref<?xi32>) -> f64 {
  return %x : f64
}
