// RUN: tail-opt %s --split-input-file --verify-diagnostics

// `memref.atomic_rmw` diagnostics, worded as mlir-opt's.

func.func @f(%v: f32, %m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'addi' expects an integer type}}
  %x = memref.atomic_rmw addi %v, %m[%i] : (f32, memref<10xf32>) -> f32
  return
}

// -----

func.func @f(%v: i32, %m: memref<10xi32>, %i: index) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'mulf' expects a floating-point type}}
  %x = memref.atomic_rmw mulf %v, %m[%i] : (i32, memref<10xi32>) -> i32
  return
}

// -----

func.func @f(%v: f32, %m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %x = memref.atomic_rmw addf %v, %m[%i, %i] : (f32, memref<10xf32>) -> f32
  return
}

// -----

func.func @f(%v: f32, %m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [addf, addi, andi, assign, maximumf, maxnumf, maxs, maxu, minimumf, minnumf, mins, minu, mulf, muli, ori, xori]}}
  %x = memref.atomic_rmw bogus %v, %m[%i] : (f32, memref<10xf32>) -> f32
  return
}

// -----

func.func @f(%v: f32, %m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'memref.atomic_rmw' op failed to verify that all of {value, result} have same type}}
  %x = "memref.atomic_rmw"(%v, %m, %i) {kind = 0 : i64} : (f32, memref<10xf32>, index) -> f16
  return
}

// -----

func.func @f(%v: f32, %m: memref<10xf64>, %i: index) {
  // expected-error@+1 {{'memref.atomic_rmw' op failed to verify that value type matches element type of memref}}
  %x = "memref.atomic_rmw"(%v, %m, %i) {kind = 0 : i64} : (f32, memref<10xf64>, index) -> f32
  return
}

// -----

func.func @f(%v: index, %m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'memref.atomic_rmw' op operand #0 must be signless integer or floating-point, but got 'index'}}
  %x = "memref.atomic_rmw"(%v, %m, %i) {kind = 1 : i64} : (index, memref<10xf32>, index) -> index
  return
}

// -----

func.func @f(%v: f32, %m: memref<10xindex>, %i: index) {
  // expected-error@+1 {{'memref.atomic_rmw' op operand #1 must be memref of signless integer or floating-point values, but got 'memref<10xindex>'}}
  %x = "memref.atomic_rmw"(%v, %m, %i) {kind = 0 : i64} : (f32, memref<10xindex>, index) -> f32
  return
}

// -----

func.func @f(%v: f32, %m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'memref.atomic_rmw' op attribute 'kind' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %x = "memref.atomic_rmw"(%v, %m, %i) {kind = 16 : i64} : (f32, memref<10xf32>, index) -> f32
  return
}

// -----

func.func @f(%v: f32, %m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'memref.atomic_rmw' op requires attribute 'kind'}}
  %x = "memref.atomic_rmw"(%v, %m, %i) : (f32, memref<10xf32>, index) -> f32
  return
}
