// RUN: tail-opt %s --split-input-file --verify-diagnostics

func.func @elem_type(%xs: tensor<?xf32>) {
  // expected-error@+1 {{'soac.map' op operand #0 must be variadic of ranked tensor of rank >= 1 with a TAIL element type, but got 'tensor<?xf32>'}}
  %r = soac.map %xs : tensor<?xf32> -> tensor<?xf32> {
  ^bb0(%x: f32):
    soac.yield %x : f32
  }
  return
}

// -----

func.func @map_extents(%xs: tensor<3xf64>, %ys: tensor<4xf64>) {
  // expected-error@+1 {{'soac.map' op expects all inputs to have the same outer extent, but input #0 has 3 and input #1 has 4}}
  %r = soac.map %xs, %ys : tensor<3xf64>, tensor<4xf64> -> tensor<3xf64> {
  ^bb0(%x: f64, %y: f64):
    soac.yield %x : f64
  }
  return
}

// -----

func.func @map_no_input() {
  // expected-error@+1 {{'soac.map' op expects at least one input array}}
  %r = "soac.map"() ({
    %c = arith.constant 1.0 : f64
    "soac.yield"(%c) : (f64) -> ()
  }) : () -> tensor<?xf64>
  return
}

// -----

func.func @map_arity(%xs: tensor<?xf64>) {
  // expected-error@+1 {{'soac.map' op expects the map lambda to take 1 arguments, but it takes 2}}
  %r = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64, %y: f64):
    soac.yield %x : f64
  }
  return
}

// -----

func.func @map_row_type(%m: tensor<?x4xf64>) {
  // expected-error@+1 {{'soac.map' op expects map lambda argument #0 to have type 'tensor<4xf64>', but got 'f64'}}
  %r = soac.map %m : tensor<?x4xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    soac.yield %x : f64
  }
  return
}

// -----

func.func @map_yield_count(%xs: tensor<?xf64>) {
  // expected-error@+1 {{'soac.map' op expects the map lambda to yield 1 values, but it yields 2}}
  %r = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    soac.yield %x, %x : f64, f64
  }
  return
}

// -----

func.func @map_yield_type(%xs: tensor<?xf64>, %i: i32) {
  // expected-error@+1 {{'soac.map' op expects map lambda result #0 to have type 'f64', but got 'i32'}}
  %r = soac.map %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    soac.yield %i : i32
  }
  return
}

// -----

func.func @map_result_extent(%xs: tensor<3xf64>) {
  // expected-error@+1 {{'soac.map' op expects result #0 to have outer extent 3, but got 4}}
  %r = soac.map %xs : tensor<3xf64> -> tensor<4xf64> {
  ^bb0(%x: f64):
    soac.yield %x : f64
  }
  return
}

// -----

func.func @yield_parent(%x: f64) {
  // expected-error@+1 {{'soac.yield' op expects parent op to be one of 'soac.map, soac.reduce, soac.scan, soac.redomap, soac.scanomap, soac.filter, soac.loop'}}
  soac.yield %x : f64
}

// -----

func.func @reduce_neutral_count(%xs: tensor<?xi32>, %z: i32) {
  // expected-error@+1 {{'soac.reduce' op expects one neutral element per input array, but got 2 neutral elements for 1 inputs}}
  %r:2 = soac.reduce %xs init(%z, %z) : tensor<?xi32> -> (i32, i32) {
  ^bb0(%a: i32, %b: i32):
    soac.yield %a : i32
  }
  return
}

// -----

func.func @reduce_neutral_type(%m: tensor<?x2xi32>, %z: i32) {
  // expected-error@+1 {{'soac.reduce' op expects neutral element #0 to have type 'tensor<2xi32>' (the row type of input #0), but got 'i32'}}
  %r = "soac.reduce"(%m, %z) ({
  ^bb0(%a: i32, %b: i32):
    "soac.yield"(%a) : (i32) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<?x2xi32>, i32) -> i32
  return
}

// -----

func.func @reduce_result_type(%xs: tensor<?xi32>, %z: i32) {
  // expected-error@+1 {{'soac.reduce' op expects result #0 to have type 'i32' (the row type of input #0), but got 'f64'}}
  %r = "soac.reduce"(%xs, %z) ({
  ^bb0(%a: i32, %b: i32):
    "soac.yield"(%a) : (i32) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<?xi32>, i32) -> f64
  return
}

// -----

func.func @reduce_lambda_arity(%xs: tensor<?xi32>, %z: i32) {
  // expected-error@+1 {{'soac.reduce' op expects the combining lambda to take 2 arguments, but it takes 1}}
  %r = soac.reduce %xs init(%z) : tensor<?xi32> -> i32 {
  ^bb0(%a: i32):
    soac.yield %a : i32
  }
  return
}

// -----

func.func @scan_result(%xs: tensor<3xi32>, %z: i32) {
  // expected-error@+1 {{'soac.scan' op expects result #0 to have outer extent 3, but got 4}}
  %r = soac.scan %xs init(%z) : tensor<3xi32> -> tensor<4xi32> {
  ^bb0(%a: i32, %b: i32):
    soac.yield %a : i32
  }
  return
}

// -----

func.func @redomap_result_count(%xs: tensor<?xf64>, %z: f64) {
  // expected-error@+1 {{'soac.redomap' op expects at least 1 results (one per neutral element), but got 0}}
  "soac.redomap"(%xs, %z) ({
  ^bb0(%a: f64, %b: f64):
    "soac.yield"(%a) : (f64) -> ()
  }, {
  ^bb0(%x: f64):
    "soac.yield"(%x) : (f64) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<?xf64>, f64) -> ()
  return
}

// -----

func.func @redomap_map_yield(%xs: tensor<?xf64>, %z: f64, %i: i32) {
  // expected-error@+1 {{'soac.redomap' op expects map lambda result #0 to have type 'f64', but got 'i32'}}
  %r = soac.redomap %xs init(%z) : tensor<?xf64> -> f64 reduce {
  ^bb0(%a: f64, %b: f64):
    soac.yield %a : f64
  } map {
  ^bb0(%x: f64):
    soac.yield %i : i32
  }
  return
}

// -----

func.func @redomap_map_out(%xs: tensor<3xf64>, %z: f64) {
  // expected-error@+1 {{'soac.redomap' op expects result #1 to have outer extent 3, but got 5}}
  %r:2 = soac.redomap %xs init(%z) : tensor<3xf64> -> (f64, tensor<5xf64>) reduce {
  ^bb0(%a: f64, %b: f64):
    soac.yield %a : f64
  } map {
  ^bb0(%x: f64):
    soac.yield %x, %x : f64, f64
  }
  return
}

// -----

func.func @scanomap_combine(%xs: tensor<?xf64>, %z: f64) {
  // expected-error@+1 {{'soac.scanomap' op expects combining lambda argument #1 to have type 'f64', but got 'i32'}}
  %r = soac.scanomap %xs init(%z) : tensor<?xf64> -> tensor<?xf64> scan {
  ^bb0(%a: f64, %b: i32):
    soac.yield %a : f64
  } map {
  ^bb0(%x: f64):
    soac.yield %x : f64
  }
  return
}

// -----

func.func @filter_static(%xs: tensor<4xf64>, %b: i1) {
  // expected-error@+1 {{'soac.filter' op expects result #0 to have a dynamic outer extent, but got 'tensor<4xf64>'}}
  %r = soac.filter %xs : tensor<4xf64> -> tensor<4xf64> {
  ^bb0(%x: f64):
    soac.yield %b : i1
  }
  return
}

// -----

func.func @filter_predicate(%xs: tensor<?xf64>) {
  // expected-error@+1 {{'soac.filter' op expects predicate lambda result #0 to have type 'i1', but got 'f64'}}
  %r = soac.filter %xs : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    soac.yield %x : f64
  }
  return
}

// -----

func.func @scatter_indices(%vs: tensor<?xf64>, %d: tensor<8xf64>, %is: tensor<?xf64>) {
  // expected-error@+1 {{'soac.scatter' op expects the indices to be a rank-1 array of 'i32', but got 'tensor<?xf64>'}}
  %r = soac.scatter %vs into %d[%is] : tensor<?xf64>, tensor<?xf64> -> tensor<8xf64>
  return
}

// -----

func.func @scatter_rows(%vs: tensor<?xi32>, %d: tensor<8xf64>, %is: tensor<?xi32>) {
  // expected-error@+1 {{'soac.scatter' op expects the values to be rows of the destination ('f64'), but got 'tensor<?xi32>'}}
  %r = soac.scatter %vs into %d[%is] : tensor<?xi32>, tensor<?xi32> -> tensor<8xf64>
  return
}

// -----

func.func @scatter_count(%vs: tensor<2xf64>, %d: tensor<8xf64>, %is: tensor<3xi32>) {
  // expected-error@+1 {{'soac.scatter' op expects as many indices as values, but got 3 and 2}}
  %r = soac.scatter %vs into %d[%is] : tensor<2xf64>, tensor<3xi32> -> tensor<8xf64>
  return
}

// -----

func.func @scatter_permutation(%vs: tensor<3xf64>, %d: tensor<8xf64>, %is: tensor<3xi32>) {
  // expected-error@+1 {{'soac.scatter' op expects as many indices as destination rows for a permutation, but got 3 and 8}}
  %r = soac.scatter %vs into %d[%is] {permutation} : tensor<3xf64>, tensor<3xi32> -> tensor<8xf64>
  return
}

// -----

func.func @scatter_consumed(%vs: tensor<?xf64>, %d: tensor<8xf64>, %is: tensor<?xi32>) -> tensor<8xf64> {
  // expected-error@+1 {{'soac.scatter' op consumes its destination array, which must not be used afterwards}}
  %r = soac.scatter %vs into %d[%is] : tensor<?xf64>, tensor<?xi32> -> tensor<8xf64>
  // expected-note@+1 {{used here}}
  return %d : tensor<8xf64>
}

// -----

func.func @iota_type() {
  // expected-error@+1 {{'soac.iota' op expects the result to be a rank-1 array of 'i32', but got 'tensor<5xf64>'}}
  %r = soac.iota : tensor<5xf64>
  return
}

// -----

func.func @iota_extents(%n: index) {
  // expected-error@+1 {{'soac.iota' op expects one extent operand per dynamic extent of the result (0), but got 1}}
  %r = soac.iota %n : tensor<5xi32>
  return
}

// -----

func.func @replicate_row(%v: f64) {
  // expected-error@+1 {{'soac.replicate' op expects the value to be a row of the result ('tensor<3xf64>'), but got 'f64'}}
  %r = soac.replicate %v : f64 -> tensor<2x3xf64>
  return
}

// -----

func.func @concat_axis(%a: tensor<?xf64>) {
  // expected-error@+1 {{'soac.concat' op expects the axis to be in [0, 1), but got 1}}
  %r = soac.concat %a, %a along 1 : tensor<?xf64>, tensor<?xf64> -> tensor<?xf64>
  return
}

// -----

func.func @concat_elem(%a: tensor<?xf64>, %b: tensor<?xi32>) {
  // expected-error@+1 {{'soac.concat' op expects input #1 to have the element type and rank of the result, but got 'tensor<?xi32>'}}
  %r = soac.concat %a, %b along 0 : tensor<?xf64>, tensor<?xi32> -> tensor<?xf64>
  return
}

// -----

func.func @concat_other_extent(%a: tensor<?x3xf64>, %b: tensor<?x4xf64>) {
  // expected-error@+1 {{'soac.concat' op expects input #1 to have extent 3 on axis 1, but got 4}}
  %r = soac.concat %a, %b along 0 : tensor<?x3xf64>, tensor<?x4xf64> -> tensor<?x3xf64>
  return
}

// -----

func.func @concat_sum(%a: tensor<2xf64>, %b: tensor<3xf64>) {
  // expected-error@+1 {{'soac.concat' op expects the result extent on axis 0 to be the sum of the inputs' (5), but got 6}}
  %r = soac.concat %a, %b along 0 : tensor<2xf64>, tensor<3xf64> -> tensor<6xf64>
  return
}

// -----

func.func @index_count(%a: tensor<?xf64>, %i: index) {
  // expected-error@+1 {{'soac.index' op expects between 1 and 1 indices (the source rank), but got 2}}
  %r = soac.index %a[%i, %i] : tensor<?xf64> -> f64
  return
}

// -----

func.func @index_result(%m: tensor<?x4xf64>, %i: index) {
  // expected-error@+1 {{'soac.index' op expects the result type to be 'tensor<4xf64>', but got 'f64'}}
  %r = soac.index %m[%i] : tensor<?x4xf64> -> f64
  return
}

// -----

func.func @dim_axis(%m: tensor<?x4xf64>) {
  // expected-error@+1 {{'soac.dim' op expects the axis to be in [0, 2), but got 2}}
  %r = soac.dim %m, 2 : tensor<?x4xf64>
  return
}

// -----

func.func @slice_counts(%m: tensor<?x4xf64>, %i: index) {
  // expected-error@+1 {{'soac.slice' op expects 2 offsets (one per axis), but got 1}}
  %r = soac.slice %m[%i] [%i, %i] [%i, %i] : tensor<?x4xf64> -> tensor<?x?xf64>
  return
}

// -----

func.func @slice_size(%a: tensor<?xf64>, %i: index) {
  %c3 = arith.constant 3 : index
  // expected-error@+1 {{'soac.slice' op expects the result extent on axis 0 to be the size 3, but got 4}}
  %r = soac.slice %a[%i] [%c3] [%i] : tensor<?xf64> -> tensor<4xf64>
  return
}

// -----

func.func @slice_rank(%a: tensor<?xf64>, %i: index) {
  // expected-error@+1 {{'soac.slice' op expects the result to have the element type and rank of the source, but got 'tensor<?x?xf64>'}}
  %r = soac.slice %a[%i] [%i] [%i] : tensor<?xf64> -> tensor<?x?xf64>
  return
}

// -----

func.func @reshape_elem(%a: tensor<6xf64>) {
  // expected-error@+1 {{'soac.reshape' op expects the result element type to be 'f64', but got 'i32'}}
  %r = soac.reshape %a : tensor<6xf64> -> tensor<2x3xi32>
  return
}

// -----

func.func @reshape_count(%a: tensor<6xf64>) {
  // expected-error@+1 {{'soac.reshape' op expects the result to have as many elements as the source (6), but it has 8}}
  %r = soac.reshape %a : tensor<6xf64> -> tensor<2x4xf64>
  return
}

// -----

func.func @reshape_extents(%a: tensor<?xf64>) {
  // expected-error@+1 {{'soac.reshape' op expects one extent operand per dynamic extent of the result (1), but got 0}}
  %r = soac.reshape %a : tensor<?xf64> -> tensor<?x2xf64>
  return
}

// -----

func.func @transpose_perm(%m: tensor<?x4xf64>) {
  // expected-error@+1 {{'soac.transpose' op expects the permutation to be a permutation of [0, 2), but got [1, 1]}}
  %r = soac.transpose %m [1, 1] : tensor<?x4xf64> -> tensor<4x4xf64>
  return
}

// -----

func.func @transpose_result(%m: tensor<?x4xf64>) {
  // expected-error@+1 {{'soac.transpose' op expects the result type to be 'tensor<4x?xf64>', but got 'tensor<?x4xf64>'}}
  %r = soac.transpose %m [1, 0] : tensor<?x4xf64> -> tensor<?x4xf64>
  return
}

// -----

func.func @rotate_offsets(%m: tensor<?x4xf64>, %i: index) {
  // expected-error@+1 {{'soac.rotate' op expects 2 offsets (one per axis), but got 1}}
  %r = soac.rotate %m[%i] : tensor<?x4xf64>
  return
}

// -----

func.func @loop_results(%n: index, %x: f64) {
  // expected-error@+1 {{'soac.loop' op expects the result types to equal the types of the initial values}}
  %r = "soac.loop"(%n, %x) ({
  ^bb0(%i: index, %a: f64):
    "soac.yield"(%a) : (f64) -> ()
  }) : (index, f64) -> i32
  return
}

// -----

func.func @loop_args(%n: index, %x: f64) {
  // expected-error@+1 {{'soac.loop' op expects the body to take the iteration number ('index') and the loop-carried values}}
  %r = "soac.loop"(%n, %x) ({
  ^bb0(%a: f64):
    "soac.yield"(%a) : (f64) -> ()
  }) : (index, f64) -> f64
  return
}

// -----

func.func @loop_yield(%n: index, %x: f64, %k: i32) {
  // expected-error@+1 {{'soac.loop' op expects the body to yield the loop-carried values' types (f64), but it yields (i32)}}
  %r = soac.loop %i < %n iter_args(%a = %x) -> (f64) {
    soac.yield %k : i32
  }
  return
}

// -----

func.func @update_value(%m: tensor<?x4xf64>, %v: f64, %i: index) {
  // expected-error@+1 {{'soac.update' op expects the value to have type 'tensor<4xf64>', but got 'f64'}}
  %r = soac.update %v into %m[%i] : f64 -> tensor<?x4xf64>
  return
}

// -----

func.func @update_indices(%m: tensor<?xf64>, %v: f64, %i: index) {
  // expected-error@+1 {{'soac.update' op expects between 1 and 1 indices (the destination rank), but got 2}}
  %r = soac.update %v into %m[%i, %i] : f64 -> tensor<?xf64>
  return
}

// -----

func.func @update_consumed(%m: tensor<?xf64>, %v: f64, %i: index) -> f64 {
  // expected-error@+1 {{'soac.update' op consumes its destination array, which must not be used afterwards}}
  %r = soac.update %v into %m[%i] : f64 -> tensor<?xf64>
  %s = soac.map %r : tensor<?xf64> -> tensor<?xf64> {
  ^bb0(%x: f64):
    // expected-note@+1 {{used here}}
    %e = soac.index %m[%i] : tensor<?xf64> -> f64
    soac.yield %e : f64
  }
  return %v : f64
}
