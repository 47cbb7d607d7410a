// Locations printed by tail-opt under --mlir-print-debuginfo mean the same to mlir-opt, and
// mlir-opt's output — which moves locations into `#loc` aliases defined at the end of the
// file — reads back into tail-opt with the same locations.
// REQUIRES: mlir-opt
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=ALIASES
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | tail-opt --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-debuginfo -o %t.direct
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo | tail-opt --allow-unregistered-dialect --mlir-print-debuginfo -o %t.back
// RUN: diff %t.direct %t.back

// ALIASES: "foo.filelinecol"() : () -> () loc(#loc{{[0-9]*}})
// ALIASES: #loc{{[0-9]*}} = loc("f.mlir":1:2)

// CHECK: "foo.filelinecol"() : () -> () loc("f.mlir":1:2)
"foo.filelinecol"() : () -> () loc("f.mlir":1:2)
// CHECK: "foo.name"() : () -> () loc("name")
"foo.name"() : () -> () loc("name")
// CHECK: "foo.name_child"() : () -> () loc("name"("inner.c":3:4))
"foo.name_child"() : () -> () loc("name"("inner.c":3:4))
// CHECK: "foo.callsite"() : () -> () loc(callsite("callee.c":1:1 at "caller.c":2:2))
"foo.callsite"() : () -> () loc(callsite("callee.c":1:1 at "caller.c":2:2))
// CHECK: "foo.fused"() : () -> () loc(fused["a.c":1:1, "b.c":2:2])
"foo.fused"() : () -> () loc(fused["a.c":1:1, "b.c":2:2])
// CHECK: "foo.unknown"() : () -> () loc(unknown)
"foo.unknown"() : () -> () loc(unknown)
// CHECK: "foo.implicit"() : () -> () loc("{{.*}}locations.mlir":[[# @LINE + 1]]:1)
"foo.implicit"() : () -> ()
// CHECK: "foo.region"() ({
// CHECK-NEXT: "foo.inner"() : () -> () loc("inner.c":7:8)
// CHECK-NEXT: }) : () -> () loc("region.c":9:9)
"foo.region"() ({
  "foo.inner"() : () -> () loc("inner.c":7:8)
}) : () -> () loc("region.c":9:9)
