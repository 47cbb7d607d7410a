// The main demo: `tail-opt` folds constants and removes duplicated arithmetic.
// Run with: tail-opt test/examples/demo.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse))'
module {
  func.func @poly(%x: i32) -> i32 {
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c6 = arith.muli %c2, %c3 : i32
    %a = arith.muli %x, %x : i32
    %b = arith.muli %x, %x : i32
    %s = arith.addi %a, %b : i32
    %t = arith.addi %s, %c6 : i32
    %zero = arith.constant 0 : i32
    %r = arith.addi %t, %zero : i32
    return %r : i32
  }
}
