// RUN: tail-opt %s --cse | FileCheck %s

// Futhark's uniqueness rule: `soac.update` and `soac.scatter` consume their destination
// (`#[operand(consumed)]`), so `cse` never merges a producer whose result is consumed, in
// either direction; an identical producer whose results are not consumed is still merged.

// CHECK-LABEL: func.func @update_copies
// CHECK: %[[A:.*]] = soac.iota : tensor<5xi32>
// CHECK-NEXT: %[[B:.*]] = soac.iota : tensor<5xi32>
// CHECK-NEXT: soac.update %{{.*}} into %[[A]][%{{.*}}] : i32 -> tensor<5xi32>
// CHECK-NEXT: soac.update %{{.*}} into %[[B]][%{{.*}}] : i32 -> tensor<5xi32>
func.func @update_copies(%i: index, %x: i32, %y: i32) -> (tensor<5xi32>, tensor<5xi32>) {
  %a = soac.iota : tensor<5xi32>
  %b = soac.iota : tensor<5xi32>
  %u = soac.update %x into %a[%i] : i32 -> tensor<5xi32>
  %w = soac.update %y into %b[%i] : i32 -> tensor<5xi32>
  return %u, %w : tensor<5xi32>, tensor<5xi32>
}

// One consumed, one read: still not merged (the read would follow the consumption).
// CHECK-LABEL: func.func @one_consumed
// CHECK: %[[A:.*]] = soac.iota : tensor<5xi32>
// CHECK-NEXT: %[[B:.*]] = soac.iota : tensor<5xi32>
// CHECK-NEXT: %[[U:.*]] = soac.update %{{.*}} into %[[A]][%{{.*}}] : i32 -> tensor<5xi32>
// CHECK-NEXT: return %[[U]], %[[B]]
func.func @one_consumed(%i: index, %x: i32) -> (tensor<5xi32>, tensor<5xi32>) {
  %a = soac.iota : tensor<5xi32>
  %b = soac.iota : tensor<5xi32>
  %u = soac.update %x into %a[%i] : i32 -> tensor<5xi32>
  return %u, %b : tensor<5xi32>, tensor<5xi32>
}

// CHECK-LABEL: func.func @scatter_copies
// CHECK: %[[A:.*]] = soac.iota : tensor<5xi32>
// CHECK-NEXT: %[[B:.*]] = soac.iota : tensor<5xi32>
// CHECK-NEXT: soac.scatter %{{.*}} into %[[A]][%{{.*}}]
// CHECK-NEXT: soac.scatter %{{.*}} into %[[B]][%{{.*}}]
func.func @scatter_copies(%vs: tensor<2xi32>, %is: tensor<2xi32>) -> (tensor<5xi32>, tensor<5xi32>) {
  %a = soac.iota : tensor<5xi32>
  %b = soac.iota : tensor<5xi32>
  %u = soac.scatter %vs into %a[%is] : tensor<2xi32>, tensor<2xi32> -> tensor<5xi32>
  %w = soac.scatter %vs into %b[%is] : tensor<2xi32>, tensor<2xi32> -> tensor<5xi32>
  return %u, %w : tensor<5xi32>, tensor<5xi32>
}

// Not consumed: merged as usual.
// CHECK-LABEL: func.func @not_consumed
// CHECK: %[[A:.*]] = soac.iota : tensor<5xi32>
// CHECK-NEXT: return %[[A]], %[[A]]
func.func @not_consumed() -> (tensor<5xi32>, tensor<5xi32>) {
  %a = soac.iota : tensor<5xi32>
  %b = soac.iota : tensor<5xi32>
  return %a, %b : tensor<5xi32>, tensor<5xi32>
}
