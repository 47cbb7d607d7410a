// The generic form (`--mlir-print-op-generic`) prints every op as
// `"dialect.op"(operands)[successors] ({regions}) {attributes} : (types) -> types`, with every
// block terminator and entry-block arguments spelled out. It parses back to the same IR, in
// either form.
// RUN: tail-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s --check-prefix=CUSTOM
// RUN: tail-opt %s --mlir-print-op-generic -o %t.1 && tail-opt %t.1 --mlir-print-op-generic -o %t.2 && diff %t.1 %t.2

// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:   ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
// GENERIC-NEXT:     %[[S:.*]] = "arith.addi"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC-NEXT:     %[[C:.*]] = "arith.cmpi"(%[[S]], %[[A]]) {predicate = 2 : i64} : (i32, i32) -> i1
// GENERIC-NEXT:     "func.return"(%[[S]], %[[C]]) : (i32, i1) -> ()
// GENERIC-NEXT:   }) {function_type = (i32, i32) -> (i32, i1), sym_name = "sum"} : () -> ()
// CUSTOM-LABEL: func.func @sum(%{{.*}}: i32, %{{.*}}: i32) -> (i32, i1) {
// CUSTOM-NEXT:    arith.addi
// CUSTOM-NEXT:    arith.cmpi slt,
// CUSTOM-NEXT:    return
func.func @sum(%a: i32, %b: i32) -> (i32, i1) {
  %s = arith.addi %a, %b : i32
  %c = arith.cmpi slt, %s, %a : i32
  return %s, %c : i32, i1
}

// A declaration has a region without blocks: `({ })`.
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:   }) {function_type = (i32) -> f32, sym_name = "decl", sym_visibility = "private"} : () -> ()
// CUSTOM:       func.func private @decl(i32) -> f32
func.func private @decl(i32) -> f32

// Implicit terminators (`scf.yield`) are printed; an absent `else` is an empty region.
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:   ^bb0(%[[M:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[F:.*]]: i1):
// GENERIC-NEXT:     %[[C0:.*]] = "arith.constant"() {value = 0 : index} : () -> index
// GENERIC-NEXT:     %[[C1:.*]] = "arith.constant"() {value = 1 : index} : () -> index
// GENERIC-NEXT:     %[[Z:.*]] = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
// GENERIC-NEXT:     "scf.for"(%[[C0]], %[[N]], %[[C1]]) ({
// GENERIC-NEXT:     ^bb0(%[[I:.*]]: index):
// GENERIC-NEXT:       "scf.if"(%[[F]]) ({
// GENERIC-NEXT:         "memref.store"(%[[Z]], %[[M]], %[[I]]) : (f32, memref<?xf32>, index) -> ()
// GENERIC-NEXT:         "scf.yield"() : () -> ()
// GENERIC-NEXT:       }, {
// GENERIC-NEXT:       }) : (i1) -> ()
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }) : (index, index, index) -> ()
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) {function_type = (memref<?xf32>, index, i1) -> (), sym_name = "loops"} : () -> ()
// CUSTOM-LABEL: func.func @loops
// CUSTOM:         scf.for
// CUSTOM-NEXT:      scf.if
// CUSTOM-NEXT:        memref.store
// CUSTOM-NEXT:      }
// CUSTOM-NEXT:    }
// CUSTOM-NEXT:    return
func.func @loops(%m: memref<?xf32>, %n: index, %f: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    scf.if %f {
      memref.store %zero, %m[%i] : memref<?xf32>
    }
  }
  return
}

// Result groups and the callee symbol reference.
// GENERIC-NEXT:   "func.func"() ({
// GENERIC-NEXT:     %[[X:.*]] = "arith.constant"() {value = 7 : i32} : () -> i32
// GENERIC-NEXT:     %[[R:.*]]:2 = "func.call"(%[[X]], %[[X]]) {callee = @sum} : (i32, i32) -> (i32, i1)
// GENERIC-NEXT:     "func.return"(%[[R]]#1) : (i1) -> ()
// GENERIC-NEXT:   }) {function_type = () -> i1, sym_name = "call"} : () -> ()
// GENERIC-NEXT: }) : () -> ()
// CUSTOM-LABEL: func.func @call() -> i1 {
// CUSTOM:         %[[R:.*]]:2 = call @sum
// CUSTOM-NEXT:    return %[[R]]#1 : i1
func.func @call() -> i1 {
  %x = arith.constant 7 : i32
  %r:2 = func.call @sum(%x, %x) : (i32, i32) -> (i32, i1)
  return %r#1 : i1
}
