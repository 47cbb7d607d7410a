// Blocks, block arguments and successors in the generic form: `"test.br"(%x)[^bb1]`. Blocks
// are renumbered `^bb1, ^bb2, ...` in order (the entry block is `^bb0`), and block arguments
// after the entry block are numbered like op results.
// RUN: tail-opt %s --allow-unregistered-dialect -split-input-file | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect -split-input-file | tail-opt --allow-unregistered-dialect -split-input-file | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect -split-input-file --mlir-print-op-generic | tail-opt --allow-unregistered-dialect -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @cfg
// CHECK-SAME:    (%[[X:.*]]: i32, %[[C:.*]]: i1) -> i32 {
// CHECK-NEXT:    "test.br"(%[[X]])[^[[LOOP:bb1]]] : (i32) -> ()
// CHECK-NEXT:  ^[[LOOP]](%[[A:.*]]: i32):
// CHECK-NEXT:    "test.cond_br"(%[[C]], %[[A]], %[[X]])[^[[EXIT:bb2]], ^[[BACK:bb3]]] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
// CHECK-NEXT:  ^[[EXIT]](%[[B:.*]]: i32):
// CHECK-NEXT:    return %[[B]] : i32
// CHECK-NEXT:  ^[[BACK]](%[[D:.*]]: i32):
// CHECK-NEXT:    "test.br"(%[[D]])[^[[LOOP]]] : (i32) -> ()
// CHECK-NEXT:  }
func.func @cfg(%x: i32, %c: i1) -> i32 {
  "test.br"(%x)[^loop] : (i32) -> ()
^loop(%a: i32):
  "test.cond_br"(%c, %a, %x)[^exit, ^back] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
^exit(%b: i32):
  return %b : i32
^back(%d: i32):
  "test.br"(%d)[^loop] : (i32) -> ()
}

// -----

// A block may be referenced before its definition, and one successor may appear twice.
// CHECK-LABEL: func.func @forward
// CHECK-NEXT:    "test.switch"()[^bb2, ^bb1, ^bb2] : () -> ()
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    "test.br"()[^bb2] : () -> ()
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return
func.func @forward() {
  "test.switch"()[^end, ^mid, ^end] : () -> ()
^mid:
  "test.br"()[^end] : () -> ()
^end:
  return
}

// -----

// Blocks of unregistered ops' regions, with an explicit entry block, in the generic form.
// CHECK:      "test.region"() ({
// CHECK-NEXT: ^bb0(%[[P:.*]]: i32, %[[Q:.*]]: f32):
// CHECK-NEXT:   "test.br"(%[[Q]])[^bb1] : (f32) -> ()
// CHECK-NEXT: ^bb1(%[[R:.*]]: f32):
// CHECK-NEXT:   "test.use"(%[[P]], %[[R]]) : (i32, f32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
"test.region"() ({
^entry(%p: i32, %q: f32):
  "test.br"(%q)[^next] : (f32) -> ()
^next(%r: f32):
  "test.use"(%p, %r) : (i32, f32) -> ()
}, {
^bb0:
}) : () -> ()

// -----

// An unreachable block is kept, and dominance is not checked in it.
// CHECK-LABEL: func.func @unreachable
// CHECK-NEXT:    return
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[U:.*]] = "test.use"(%[[V:.*]]) : (i32) -> i32
// CHECK-NEXT:    %[[V]] = "test.def"() : () -> i32
// CHECK-NEXT:    "test.br"()[^bb1] : () -> ()
func.func @unreachable() {
  return
^dead:
  %u = "test.use"(%v) : (i32) -> i32
  %v = "test.def"() : () -> i32
  "test.br"()[^dead] : () -> ()
}
