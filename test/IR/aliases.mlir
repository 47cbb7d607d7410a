// Type (`!name = type`) and attribute (`#name = attr`) aliases are resolved when parsing; the
// printer writes the aliased values inline. Aliases may refer to earlier aliases and may be
// defined between operations.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-NOT: !vec
// CHECK-NOT: #dict

!vec = vector<4xf32>
!pair = tuple<!vec, !vec>
!buf = memref<?x!vec>
#dict = {k = 1 : i32}
#arr = [#dict, 2 : i32]
#sym = @target
#shape = array<i64: 2, 3>

// CHECK-LABEL: func.func @uses
// CHECK-SAME:    (%{{.*}}: vector<4xf32>, %{{.*}}: tuple<vector<4xf32>, vector<4xf32>>, %{{.*}}: memref<?xvector<4xf32>>) -> vector<4xf32>
func.func @uses(%v: !vec, %p: !pair, %b: !buf) -> !vec {
  // CHECK: "test.attrs"() {a = {k = 1 : i32}, b = [{k = 1 : i32}, 2 : i32], c = @target, d = array<i64: 2, 3>, t = tuple<vector<4xf32>, vector<4xf32>>} : () -> ()
  "test.attrs"() {a = #dict, b = #arr, c = #sym, d = #shape, t = !pair} : () -> ()
  // CHECK: %{{.*}} = "test.typed"() : () -> memref<?xvector<4xf32>>
  %0 = "test.typed"() : () -> !buf
  return %v : !vec
}

// An alias defined after some operations.
!late = i16
// CHECK: "test.late"() {t = i16} : () -> i16
%1 = "test.late"() {t = !late} : () -> !late

// A dense attribute typed by an alias.
!t4 = tensor<4xi32>
#zeros = dense<0> : !t4
// CHECK: "test.dense"() {v = dense<0> : tensor<4xi32>} : () -> ()
"test.dense"() {v = #zeros} : () -> ()
