// Multiple results: `%name:N` binds N results, `%name#i` uses result i, and several names may
// be bound at once (`%a:2, %b = ...`). The printer binds one group per op: `%0:N`.
// RUN: tail-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect | tail-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tail-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tail-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @groups
func.func @groups() {
  // CHECK:      %[[M:.*]]:6 = "test.multi"() : () -> (i1, i2, i3, i4, i5, i6)
  // CHECK-NEXT: "test.use"(%[[M]]#0, %[[M]]#1, %[[M]]#2, %[[M]]#3, %[[M]]#5) : (i1, i2, i3, i4, i6) -> ()
  %a:2, %b, %c:3 = "test.multi"() : () -> (i1, i2, i3, i4, i5, i6)
  "test.use"(%a#0, %a#1, %b, %c#0, %c#2) : (i1, i2, i3, i4, i6) -> ()

  // CHECK-NEXT: %[[T:.*]]:2 = "test.two"() : () -> (i32, f32)
  // CHECK-NEXT: "test.use"(%[[T]]#1, %[[T]]#0) : (f32, i32) -> ()
  %x, %y = "test.two"() : () -> (i32, f32)
  "test.use"(%y, %x) : (f32, i32) -> ()

  // `%name` alone names result 0 of a group.
  // CHECK-NEXT: %[[G:.*]]:2 = "test.two"() : () -> (i8, i16)
  // CHECK-NEXT: "test.use"(%[[G]]#0) : (i8) -> ()
  %g:2 = "test.two"() : () -> (i8, i16)
  "test.use"(%g) : (i8) -> ()

  // A single result prints without a group.
  // CHECK-NEXT: %[[S:[0-9]+]] = "test.one"() : () -> i32
  // CHECK-NEXT: "test.use"(%[[S]]) : (i32) -> ()
  %s = "test.one"() : () -> i32
  "test.use"(%s) : (i32) -> ()
  return
}

// Registered ops with several results (func.call) use the same syntax.
// CHECK-LABEL: func.func @call
// CHECK:         %[[R:.*]]:2 = call @two() : () -> (i32, i64)
// CHECK-NEXT:    return %[[R]]#1, %[[R]]#0 : i64, i32
func.func private @two() -> (i32, i64)
func.func @call() -> (i64, i32) {
  %r:2 = func.call @two() : () -> (i32, i64)
  return %r#1, %r#0 : i64, i32
}
