// RUN: tail-opt %s | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | tail-opt | FileCheck %s
// RUN: tail-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @map
// CHECK:       %[[R:.*]] = soac.map %{{.*}}, %{{.*}} : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
// CHECK-NEXT:  ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f64
// CHECK-NEXT:    soac.yield %[[S]] : f64
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"
// GENERIC: "soac.map"(%{{.*}}, %{{.*}}) ({
// GENERIC: "soac.yield"(%{{.*}}) : (f64) -> ()
// GENERIC: }) : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
func.func @map(%xs: tensor<?xf64>, %ys: tensor<?xf64>) -> tensor<?xf64> {
  %r = soac.map %xs, %ys : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64, %y: f64):
    %s = arith.addf %x, %y : f64
    soac.yield %s : f64
  }
  return %r : tensor<?xf64>
}

// A map over a rank-2 array is a nest: the outer lambda gets a row, the inner one an
// element; lambdas use free variables (%k).
// CHECK-LABEL: func.func @map_nest
// CHECK: soac.map %{{.*}} : tensor<?x4xi32> -> (tensor<?x4xi32>, tensor<?xi1>) {
// CHECK: ^bb0(%[[ROW:.*]]: tensor<4xi32>):
// CHECK:   soac.map %[[ROW]] : tensor<4xi32> -> tensor<4xi32> {
// CHECK:     arith.muli %{{.*}}, %{{.*}} : i32
// CHECK:   soac.yield %{{.*}}, %{{.*}} : tensor<4xi32>, i1
func.func @map_nest(%m: tensor<?x4xi32>, %k: i32, %b: i1) -> (tensor<?x4xi32>, tensor<?xi1>) {
  %r:2 = soac.map %m : tensor<?x4xi32> -> (tensor<?x4xi32>, tensor<?xi1>) {
  ^bb0(%row: tensor<4xi32>):
    %s = soac.map %row : tensor<4xi32> -> tensor<4xi32> {
    ^bb0(%e: i32):
      %p = arith.muli %e, %k : i32
      soac.yield %p : i32
    }
    soac.yield %s, %b : tensor<4xi32>, i1
  }
  return %r#0, %r#1 : tensor<?x4xi32>, tensor<?xi1>
}

// CHECK-LABEL: func.func @reduce_scan
// CHECK: soac.reduce %{{.*}} init(%{{.*}}) comm : tensor<?xf64> -> f64 {
// CHECK: ^bb0(%{{.*}}: f64, %{{.*}}: f64):
// CHECK: soac.reduce %{{.*}}, %{{.*}} init(%{{.*}}, %{{.*}}) : tensor<?xi32>, tensor<?x3xf64> -> (i32, tensor<3xf64>) {
// CHECK: soac.scan %{{.*}} init(%{{.*}}) : tensor<5xi32> -> tensor<5xi32> {
func.func @reduce_scan(%xs: tensor<?xf64>, %is: tensor<?xi32>, %m: tensor<?x3xf64>, %v: tensor<5xi32>,
                       %zero: f64, %izero: i32, %row0: tensor<3xf64>) -> (f64, i32, tensor<3xf64>, tensor<5xi32>) {
  %s = soac.reduce %xs init(%zero) comm : tensor<?xf64> -> f64 {
  ^bb0(%a: f64, %b: f64):
    %c = arith.addf %a, %b : f64
    soac.yield %c : f64
  }
  %t:2 = soac.reduce %is, %m init(%izero, %row0) : tensor<?xi32>, tensor<?x3xf64> -> (i32, tensor<3xf64>) {
  ^bb0(%a: i32, %ra: tensor<3xf64>, %b: i32, %rb: tensor<3xf64>):
    %c = arith.maxsi %a, %b : i32
    soac.yield %c, %ra : i32, tensor<3xf64>
  }
  %p = soac.scan %v init(%izero) : tensor<5xi32> -> tensor<5xi32> {
  ^bb0(%a: i32, %b: i32):
    %c = arith.addi %a, %b : i32
    soac.yield %c : i32
  }
  return %s, %t#0, %t#1, %p : f64, i32, tensor<3xf64>, tensor<5xi32>
}

// CHECK-LABEL: func.func @fused
// CHECK: soac.redomap %{{.*}}, %{{.*}} init(%{{.*}}) comm : tensor<?xf64>, tensor<?xf64> -> (f64, tensor<?xf64>) reduce {
// CHECK: } map {
// CHECK: soac.scanomap %{{.*}} init(%{{.*}}) : tensor<?xf64> -> tensor<?xf64> scan {
// CHECK: } map {
func.func @fused(%xs: tensor<?xf64>, %ys: tensor<?xf64>, %zero: f64) -> (f64, tensor<?xf64>, tensor<?xf64>) {
  %dot:2 = soac.redomap %xs, %ys init(%zero) comm : tensor<?xf64>, tensor<?xf64> -> (f64, tensor<?xf64>)
  reduce {
  ^bb0(%a: f64, %b: f64):
    %s = arith.addf %a, %b : f64
    soac.yield %s : f64
  } map {
  ^bb0(%x: f64, %y: f64):
    %p = arith.mulf %x, %y : f64
    soac.yield %p, %p : f64, f64
  }
  %sc = soac.scanomap %xs init(%zero) : tensor<?xf64> -> tensor<?xf64>
  scan {
  ^bb0(%a: f64, %b: f64):
    %s = arith.addf %a, %b : f64
    soac.yield %s : f64
  } map {
  ^bb0(%x: f64):
    %sq = arith.mulf %x, %x : f64
    soac.yield %sq : f64
  }
  return %dot#0, %dot#1, %sc : f64, tensor<?xf64>, tensor<?xf64>
}

// CHECK-LABEL: func.func @filter_scatter
// CHECK: soac.filter %{{.*}}, %{{.*}} : tensor<?xi1>, tensor<?x!tail.char> -> (tensor<?xi1>, tensor<?x!tail.char>) {
// CHECK: soac.scatter %{{.*}} into %{{.*}}[%{{.*}}] : tensor<?xf64>, tensor<?xi32> -> tensor<8xf64>
// CHECK: soac.scatter %{{.*}} into %{{.*}}[%{{.*}}] {permutation} : tensor<?xf64>, tensor<?xi32> -> tensor<?xf64>
func.func @filter_scatter(%bs: tensor<?xi1>, %cs: tensor<?x!tail.char>, %vs: tensor<?xf64>,
                          %is: tensor<?xi32>, %dest: tensor<8xf64>, %dest2: tensor<?xf64>) -> (tensor<?x!tail.char>, tensor<8xf64>, tensor<?xf64>) {
  %k:2 = soac.filter %bs, %cs : tensor<?xi1>, tensor<?x!tail.char> -> (tensor<?xi1>, tensor<?x!tail.char>) {
  ^bb0(%b: i1, %c: !tail.char):
    soac.yield %b : i1
  }
  %d = soac.scatter %vs into %dest[%is] : tensor<?xf64>, tensor<?xi32> -> tensor<8xf64>
  %p = soac.scatter %vs into %dest2[%is] {permutation} : tensor<?xf64>, tensor<?xi32> -> tensor<?xf64>
  return %k#1, %d, %p : tensor<?x!tail.char>, tensor<8xf64>, tensor<?xf64>
}

// CHECK-LABEL: func.func @create
// CHECK: soac.iota %{{.*}} : tensor<?xi32>
// CHECK: soac.iota : tensor<5xi32>
// CHECK: soac.replicate %{{.*}} times %{{.*}} : complex<f64> -> tensor<?xcomplex<f64>>
// CHECK: soac.replicate %{{.*}} : tensor<5xi32> -> tensor<2x5xi32>
// CHECK: soac.concat %{{.*}}, %{{.*}} along 0 : tensor<?xi32>, tensor<5xi32> -> tensor<?xi32>
func.func @create(%n: index, %z: complex<f64>) -> (tensor<?xcomplex<f64>>, tensor<2x5xi32>, tensor<?xi32>) {
  %a = soac.iota %n : tensor<?xi32>
  %b = soac.iota : tensor<5xi32>
  %c = soac.replicate %z times %n : complex<f64> -> tensor<?xcomplex<f64>>
  %d = soac.replicate %b : tensor<5xi32> -> tensor<2x5xi32>
  %e = soac.concat %a, %b along 0 : tensor<?xi32>, tensor<5xi32> -> tensor<?xi32>
  return %c, %d, %e : tensor<?xcomplex<f64>>, tensor<2x5xi32>, tensor<?xi32>
}

// CHECK-LABEL: func.func @views
// CHECK: soac.index %{{.*}}[%{{.*}}, %{{.*}}] : tensor<?x4xf64> -> f64
// CHECK: soac.index %{{.*}}[%{{.*}}] : tensor<?x4xf64> -> tensor<4xf64>
// CHECK: soac.dim %{{.*}}, 0 : tensor<?x4xf64>
// CHECK: soac.slice %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] : tensor<?x4xf64> -> tensor<?x2xf64>
// CHECK: soac.reshape %{{.*}} to(%{{.*}}) : tensor<?x4xf64> -> tensor<?xf64>
// CHECK: soac.reshape %{{.*}} cyclic : tensor<?xf64> -> tensor<2x3xf64>
// CHECK: soac.transpose %{{.*}} [1, 0] : tensor<?x4xf64> -> tensor<4x?xf64>
// CHECK: soac.rotate %{{.*}}[%{{.*}}, %{{.*}}] : tensor<?x4xf64>
func.func @views(%m: tensor<?x4xf64>, %i: index, %j: index) {
  %e = soac.index %m[%i, %j] : tensor<?x4xf64> -> f64
  %row = soac.index %m[%i] : tensor<?x4xf64> -> tensor<4xf64>
  %n = soac.dim %m, 0 : tensor<?x4xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = soac.slice %m[%c0, %c1] [%n, %c2] [%c1, %c1] : tensor<?x4xf64> -> tensor<?x2xf64>
  %flat = soac.reshape %m to(%n) : tensor<?x4xf64> -> tensor<?xf64>
  %cyc = soac.reshape %flat cyclic : tensor<?xf64> -> tensor<2x3xf64>
  %t = soac.transpose %m [1, 0] : tensor<?x4xf64> -> tensor<4x?xf64>
  %r = soac.rotate %m[%i, %j] : tensor<?x4xf64>
  return
}

// CHECK-LABEL: func.func @sequential
// CHECK: soac.loop %{{.*}} < %{{.*}} iter_args(%[[A:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<?xf64>, i32) {
// CHECK:   soac.yield %{{.*}}, %{{.*}} : tensor<?xf64>, i32
// CHECK: soac.update %{{.*}} into %{{.*}}[%{{.*}}] : f64 -> tensor<?xf64>
func.func @sequential(%xs: tensor<?xf64>, %n: index, %k: i32, %v: f64, %i: index) -> (tensor<?xf64>, i32) {
  %r:2 = soac.loop %it < %n iter_args(%a = %xs, %c = %k) -> (tensor<?xf64>, i32) {
    %d = soac.map %a : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%x: f64):
      %y = arith.addf %x, %x : f64
      soac.yield %y : f64
    }
    %c2 = arith.addi %c, %k : i32
    soac.yield %d, %c2 : tensor<?xf64>, i32
  }
  %u = soac.update %v into %r#0[%i] : f64 -> tensor<?xf64>
  return %u, %r#1 : tensor<?xf64>, i32
}
