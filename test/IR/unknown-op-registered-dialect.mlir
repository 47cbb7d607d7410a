// An op name in a registered dialect that has no such op is an error even with
// --allow-unregistered-dialect, as in MLIR (whose builtin dialects do not allow unknown ops):
// "unregistered operation 'arith.bogus' found in dialect ('arith') that does not allow unknown
// operations".
// RUN: not tail-opt %s --allow-unregistered-dialect 2>&1 | FileCheck %s
// RUN: not tail-opt %s 2>&1 | FileCheck %s

// CHECK: unknown-op-registered-dialect.mlir:[[# @LINE + 1]]:1: error: unregistered operation 'arith.bogus' found in dialect ('arith') that does not allow unknown operations
"arith.bogus"() : () -> ()
