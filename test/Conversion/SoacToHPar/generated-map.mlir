// RUN: tail-opt %s --split-input-file --pass-pipeline='builtin.module(convert-soac-to-hpar)' | FileCheck %s

// A cheap map of an iota (no memory read) is computed where it is read, in every reader:
// only the reduction's two programs, no program computing the samples.
// CHECK-LABEL: func.func @samples
// CHECK-NOT:     hpar.program<grid> -> !hpar.pull<i32, grid>
// CHECK:         hpar.program<grid> -> !hpar.pull<f64, grid>
// CHECK:           arith.remsi
// CHECK:           arith.remsi
// CHECK:         hpar.program<grid> -> !hpar.pull<f64, grid>
// CHECK-NOT:     hpar.program<grid>
// CHECK:         {{^    }}return
func.func @samples(%n: index) -> f64 {
  %c0 = arith.constant 0.0 : f64
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %c100 = arith.constant 100 : i32
  %i = soac.iota %n : tensor<?xi32>
  %x = soac.map %i : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%v: i32):
    %m = arith.muli %v, %c7 : i32
    %r = arith.remsi %m, %c100 : i32
    soac.yield %r : i32
  }
  %y = soac.rotate %x[%c1] : tensor<?xi32>
  %s = soac.redomap %x, %y init(%c0) comm : tensor<?xi32>, tensor<?xi32> -> f64 reduce {
  ^bb0(%a: f64, %b: f64):
    %t = arith.addf %a, %b : f64
    soac.yield %t : f64
  } map {
  ^bb0(%p: i32, %q: i32):
    %d = arith.subi %p, %q : i32
    %f = arith.sitofp %d : i32 to f64
    soac.yield %f : f64
  }
  return %s : f64
}

// -----

// A map that reads memory (its input is a parameter) is computed into a buffer as before.
// CHECK-LABEL: func.func @stored
// CHECK:         hpar.program<grid> -> !hpar.pull<i32, grid>
// CHECK:           arith.muli %{{.*}} : i32
// CHECK:         hpar.program<grid> -> !hpar.pull<f64, grid>
// CHECK-NOT:       arith.muli %{{.*}} : i32
func.func @stored(%xs: tensor<?xi32>) -> f64 {
  %c0 = arith.constant 0.0 : f64
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %x = soac.map %xs : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%v: i32):
    %m = arith.muli %v, %c7 : i32
    soac.yield %m : i32
  }
  %y = soac.rotate %x[%c1] : tensor<?xi32>
  %s = soac.redomap %x, %y init(%c0) comm : tensor<?xi32>, tensor<?xi32> -> f64 reduce {
  ^bb0(%a: f64, %b: f64):
    %t = arith.addf %a, %b : f64
    soac.yield %t : f64
  } map {
  ^bb0(%p: i32, %q: i32):
    %d = arith.subi %p, %q : i32
    %f = arith.sitofp %d : i32 to f64
    soac.yield %f : f64
  }
  return %s : f64
}
