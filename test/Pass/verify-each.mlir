// `--verify-each` (on by default) verifies the IR after every pass; `--verify-each=false`
// turns it off without changing the result of valid passes. (None of the registered passes
// produces invalid IR, so a verifier failure after a pass cannot be provoked here.)
// RUN: tail-opt %s --cse --canonicalize -o %t.default
// RUN: tail-opt %s --cse --canonicalize --verify-each -o %t.on
// RUN: tail-opt %s --cse --canonicalize --verify-each=true -o %t.true
// RUN: tail-opt %s --cse --canonicalize --verify-each=false -o %t.false
// RUN: diff %t.default %t.on && diff %t.default %t.true && diff %t.default %t.false
// RUN: FileCheck %s < %t.false
// A value other than true/false is a usage error.
// RUN: not tail-opt %s --cse --verify-each=bogus 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: invalid value 'bogus' for '--verify-each

// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[M]], %[[M]] : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @f(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
