// Blocks, block arguments, successors, result groups and module-level forward references in
// tail-opt's generic form mean the same to mlir-opt, and mlir-opt's generic output reads back
// into tail-opt unchanged.
// REQUIRES: mlir-opt
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect -o %t.direct
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect -o %t.back
// RUN: diff %t.direct %t.back

// CHECK-LABEL: func.func @cfg
// CHECK-SAME:    (%[[X:.*]]: i32, %[[C:.*]]: i1) -> i32 {
// CHECK-NEXT:    "foo.br"(%[[X]])[^[[LOOP:bb[0-9]+]]] : (i32) -> ()
// CHECK-NEXT:  ^[[LOOP]](%[[A:.*]]: i32):
// CHECK-NEXT:    "foo.cond_br"(%[[C]], %[[A]], %[[X]])[^[[EXIT:bb[0-9]+]], ^[[BACK:bb[0-9]+]]] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
// CHECK-NEXT:  ^[[EXIT]](%[[B:.*]]: i32):
// CHECK-NEXT:    return %[[B]] : i32
// CHECK-NEXT:  ^[[BACK]](%[[D:.*]]: i32):
// CHECK-NEXT:    "foo.br"(%[[D]])[^[[LOOP]]] : (i32) -> ()
func.func @cfg(%x: i32, %c: i1) -> i32 {
  "foo.br"(%x)[^loop] : (i32) -> ()
^loop(%a: i32):
  "foo.cond_br"(%c, %a, %x)[^exit, ^back] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
^exit(%b: i32):
  return %b : i32
^back(%d: i32):
  "foo.br"(%d)[^loop] : (i32) -> ()
}

// CHECK-LABEL: func.func @groups
// CHECK-NEXT:    %[[M:.*]]:3 = "foo.multi"() : () -> (i1, i8, f32)
// CHECK-NEXT:    "foo.use"(%[[M]]#2, %[[M]]#0) : (f32, i1) -> ()
func.func @groups() {
  %a, %b:2 = "foo.multi"() : () -> (i1, i8, f32)
  "foo.use"(%b#1, %a) : (f32, i1) -> ()
  return
}

// Regions of unregistered ops: entry block arguments, several blocks, an empty block.
// CHECK:      "foo.region"() ({
// CHECK-NEXT: ^bb0(%[[P:.*]]: i32, %[[Q:.*]]: f32):
// CHECK-NEXT:   "foo.br"(%[[Q]])[^bb1] : (f32) -> ()
// CHECK-NEXT: ^bb1(%[[R:.*]]: f32):
// CHECK-NEXT:   "foo.use"(%[[P]], %[[R]]) : (i32, f32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }, {
// CHECK-NEXT: }) : () -> ()
"foo.region"() ({
^entry(%p: i32, %q: f32):
  "foo.br"(%q)[^next] : (f32) -> ()
^next(%r: f32):
  "foo.use"(%p, %r) : (i32, f32) -> ()
}, {
^bb0:
}, {
}) : () -> ()

// Forward references in the module body (a graph region).
// CHECK:      %[[USE:.*]] = "foo.use_first"(%[[DEF:.*]]) : (i32) -> i32
// CHECK-NEXT: %[[DEF]] = "foo.def"(%[[USE]]) : (i32) -> i32
%1 = "foo.use_first"(%0) : (i32) -> i32
%0 = "foo.def"(%1) : (i32) -> i32
