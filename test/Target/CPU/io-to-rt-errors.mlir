// RUN: split-file %s %t
// RUN: not tail-opt --convert-tail-io-to-rt %t/loop.mlir 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not tail-opt --convert-tail-io-to-rt %t/array.mlir 2>&1 | FileCheck %s --check-prefix=ARRAY
// RUN: not tail-opt --convert-tail-io-to-rt %t/args.mlir 2>&1 | FileCheck %s --check-prefix=ARGS
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

// ARGS: args.mlir:1:1: error: 'func.func' op cannot be converted by convert-tail-io-to-rt: the program's entry function takes arguments
// ENTRY: error: convert-tail-io-to-rt: the module has no function @run to run
//--- args.mlir
func.func @main(%x: f64) -> f64 {
  return %x : f64
}
