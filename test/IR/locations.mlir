// Locations: every op gets `loc("file":line:col)` of its first token unless it has a trailing
// `loc(...)`; `--mlir-print-debuginfo` prints them (inline, aliases resolved) and without the
// flag they are not printed at all.
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | tail-opt --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | tail-opt --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s --check-prefix=NODEBUG

// NODEBUG-NOT: loc(
// NODEBUG:     "test.filelinecol"() : () -> (){{$}}
// NODEBUG-NOT: loc(

#loc_alias = loc("alias.mlir":10:20)

// CHECK: "test.filelinecol"() : () -> () loc("f.mlir":1:2)
"test.filelinecol"() : () -> () loc("f.mlir":1:2)
// CHECK: "test.name"() : () -> () loc("name")
"test.name"() : () -> () loc("name")
// CHECK: "test.name_child"() : () -> () loc("name"("inner.c":3:4))
"test.name_child"() : () -> () loc("name"("inner.c":3:4))
// CHECK: "test.callsite"() : () -> () loc(callsite("callee.c":1:1 at "caller.c":2:2))
"test.callsite"() : () -> () loc(callsite("callee.c":1:1 at "caller.c":2:2))
// CHECK: "test.nested_callsite"() : () -> () loc(callsite("a":1:1 at callsite("b":2:2 at "c":3:3)))
"test.nested_callsite"() : () -> () loc(callsite("a":1:1 at callsite("b":2:2 at "c":3:3)))
// CHECK: "test.fused"() : () -> () loc(fused["a.c":1:1, "b.c":2:2])
"test.fused"() : () -> () loc(fused["a.c":1:1, "b.c":2:2])
// CHECK: "test.unknown"() : () -> () loc(unknown)
"test.unknown"() : () -> () loc(unknown)
// CHECK: "test.alias"() : () -> () loc("alias.mlir":10:20)
"test.alias"() : () -> () loc(#loc_alias)
// An alias may be defined after its use.
// CHECK: "test.later_alias"() : () -> () loc("later.c":5:6)
"test.later_alias"() : () -> () loc(#loc_later)
// Without a trailing location, the op is located at its first token in this file.
// CHECK: "test.implicit"() : () -> () loc("{{.*}}locations.mlir":[[# @LINE + 1]]:1)
"test.implicit"() : () -> ()
// CHECK: %{{.*}} = "test.result"() : () -> i32 loc("{{.*}}locations.mlir":[[# @LINE + 1]]:1)
%0 = "test.result"() : () -> i32

// Ops nested in regions have their own locations, and the region op its trailing one.
// CHECK: "test.region"() ({
// CHECK-NEXT: "test.inner"() : () -> () loc("{{.*}}locations.mlir":[[# @LINE + 2]]:3)
"test.region"() ({
  "test.inner"() : () -> ()
  "test.inner2"() : () -> () loc("inner2.c":7:8)
// CHECK-NEXT: "test.inner2"() : () -> () loc("inner2.c":7:8)
// CHECK-NEXT: }) : () -> () loc("region.c":9:9)
}) : () -> () loc("region.c":9:9)

#loc_later = loc("later.c":5:6)
