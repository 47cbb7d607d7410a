// The regions of an unregistered op may be graph regions (MLIR's `mayBeGraphRegion` is true
// for unregistered ops), so the verifier does not check dominance in them: forward
// references are allowed. mlir-opt --allow-unregistered-dialect accepts this input.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// CHECK:      "test.graph"() ({
// CHECK-NEXT:   %[[USE:.*]] = "test.use"(%[[DEF:.*]]) : (i32) -> i32
// CHECK-NEXT:   %[[DEF]] = "test.def"(%[[USE]]) : (i32) -> i32
// CHECK-NEXT:   "test.done"() : () -> ()
// CHECK-NEXT: }) : () -> ()
"test.graph"() ({
  %1 = "test.use"(%0) : (i32) -> i32
  %0 = "test.def"(%1) : (i32) -> i32
  "test.done"() : () -> ()
}) : () -> ()
