// RUN: tail-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// compress and replicate take a vector mask/counts over the last axis of an input of any
// rank ≥ 1; the result has the input's rank (APL's x/y, as the interpreter and the lowering
// to soac.filter implement it).

// CHECK-LABEL: func.func @matrix
func.func @matrix(%b: !tail.array<i1, 1>, %n: !tail.array<i32, 1>, %m: !tail.array<f64, 2>, %c: !tail.array<!tail.char, 3>, %d: f64, %dc: !tail.char) {
  // CHECK: tail.compress %{{.*}}, %{{.*}} : (!tail.array<i1, 1>, !tail.array<f64, 2>) -> !tail.array<f64, 2>
  %0 = tail.compress %b, %m : (!tail.array<i1, 1>, !tail.array<f64, 2>) -> !tail.array<f64, 2>
  // CHECK: tail.replicate %{{.*}}, %{{.*}}, %{{.*}} : (f64, !tail.array<i32, 1>, !tail.array<f64, 2>) -> !tail.array<f64, 2>
  %1 = tail.replicate %d, %n, %m : (f64, !tail.array<i32, 1>, !tail.array<f64, 2>) -> !tail.array<f64, 2>
  // CHECK: tail.compress %{{.*}}, %{{.*}} : (!tail.array<i1, 1>, !tail.array<!tail.char, 3>) -> !tail.array<!tail.char, 3>
  %2 = tail.compress %b, %c : (!tail.array<i1, 1>, !tail.array<!tail.char, 3>) -> !tail.array<!tail.char, 3>
  // CHECK: tail.replicate %{{.*}}, %{{.*}}, %{{.*}} : (!tail.char, !tail.array<i32, 1>, !tail.array<!tail.char, 3>) -> !tail.array<!tail.char, 3>
  %3 = tail.replicate %dc, %n, %c : (!tail.char, !tail.array<i32, 1>, !tail.array<!tail.char, 3>) -> !tail.array<!tail.char, 3>
  return
}

// -----

func.func @compress_mask_matrix(%b: !tail.array<i1, 2>, %m: !tail.array<f64, 2>) {
  // expected-error@+1 {{'tail.compress' op expects the mask to be a vector (one entry per item of the input's last axis), but got an array of rank 2}}
  %0 = tail.compress %b, %m : (!tail.array<i1, 2>, !tail.array<f64, 2>) -> !tail.array<f64, 2>
  return
}

// -----

func.func @compress_mask_scalar(%b: i1, %m: !tail.array<f64, 1>) {
  // expected-error@+1 {{'tail.compress' op expects the mask to be a vector (one entry per item of the input's last axis), but got an array of rank 0}}
  %0 = tail.compress %b, %m : (i1, !tail.array<f64, 1>) -> !tail.array<f64, 1>
  return
}

// -----

func.func @compress_scalar_input(%b: !tail.array<i1, 1>, %x: f64) {
  // expected-error@+1 {{'tail.compress' op expects the input rank to be at least 1, but got 0}}
  %0 = tail.compress %b, %x : (!tail.array<i1, 1>, f64) -> f64
  return
}

// -----

func.func @compress_result_rank(%b: !tail.array<i1, 1>, %m: !tail.array<f64, 2>) {
  // expected-error@+1 {{'tail.compress' op}}
  %0 = tail.compress %b, %m : (!tail.array<i1, 1>, !tail.array<f64, 2>) -> !tail.array<f64, 1>
  return
}

// -----

func.func @replicate_counts_matrix(%d: i32, %n: !tail.array<i32, 2>, %m: !tail.array<i32, 2>) {
  // expected-error@+1 {{'tail.replicate' op expects the counts to be a vector (one entry per item of the input's last axis), but got an array of rank 2}}
  %0 = tail.replicate %d, %n, %m : (i32, !tail.array<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  return
}

// -----

func.func @replicate_scalar_input(%d: i32, %n: !tail.array<i32, 1>, %x: i32) {
  // expected-error@+1 {{'tail.replicate' op expects the input rank to be at least 1, but got 0}}
  %0 = tail.replicate %d, %n, %x : (i32, !tail.array<i32, 1>, i32) -> i32
  return
}
