// RUN: tail-opt %s --split-input-file --verify-diagnostics

func.func @reduce_rank(%n: i32, %m: !tail.array<i32, 2>) {
  // expected-error@+1 {{'tail.reduce' op expects the input rank to be the result rank + 1, but got 2 and 2}}
  %0 = tail.reduce %n, %m : (i32, !tail.array<i32, 2>) -> !tail.array<i32, 2> {
  ^bb0(%x: i32, %y: i32):
    tail.yield %x : i32
  }
  return
}

// -----

func.func @reduce_region(%n: i32, %m: !tail.array<i32, 1>) {
  // expected-error@+1 {{'tail.reduce' op expects function region argument #1 to have type 'i32', but got 'f64'}}
  %0 = tail.reduce %n, %m : (i32, !tail.array<i32, 1>) -> i32 {
  ^bb0(%x: i32, %y: f64):
    tail.yield %x : i32
  }
  return
}

// -----

func.func @reduce_neutral(%d: f64, %m: !tail.array<i32, 1>) {
  // expected-error@+1 {{'tail.reduce' op expects the neutral element to have type 'i32', but got 'f64'}}
  %0 = tail.reduce %d, %m : (f64, !tail.array<i32, 1>) -> i32 {
  ^bb0(%x: i32, %y: i32):
    tail.yield %x : i32
  }
  return
}

// -----

func.func @each_yield(%a: !tail.array<i32, 1>) {
  // expected-error@+1 {{'tail.each' op expects function region result #0 to have type 'f64', but got 'i32'}}
  %0 = tail.each %a : (!tail.array<i32, 1>) -> !tail.array<f64, 1> {
  ^bb0(%x: i32):
    tail.yield %x : i32
  }
  return
}

// -----

func.func @zipwith_rank(%a: !tail.array<i32, 1>, %m: !tail.array<i32, 2>) {
  // expected-error@+1 {{'tail.zipWith' op expects the second input rank to be the first input rank, but got 2 and 1}}
  %0 = tail.zipWith %a, %m : (!tail.array<i32, 1>, !tail.array<i32, 2>) -> !tail.array<i32, 1> {
  ^bb0(%x: i32, %y: i32):
    tail.yield %x : i32
  }
  return
}

// -----

func.func @power_state(%n: i32, %a: i32) {
  // expected-error@+1 {{'tail.power' op expects the function region to yield 1 values, but it yields 0}}
  %0 = tail.power %n, %a : (i32, i32) -> i32 {
  ^bb0(%x: i32):
    tail.yield
  }
  return
}

// -----

func.func @take_rank(%n: i32, %m: !tail.array<i32, 2>) {
  // expected-error@+1 {{'tail.take' op expects the result rank to be the input rank, but got 1 and 2}}
  %0 = tail.take %n, %n, %m : (i32, i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
  return
}

// -----

func.func @take_default(%n: i32, %d: f64, %m: !tail.array<i32, 2>) {
  // expected-error@+1 {{'tail.take' op expects the default element to have type 'i32', but got 'f64'}}
  %0 = tail.take %n, %d, %m : (i32, f64, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  return
}

// -----

func.func @cat_rank0(%n: i32) {
  // expected-error@+1 {{'tail.cat' op expects the left operand rank to be at least 1, but got 0}}
  %0 = tail.cat %n, %n : (i32, i32) -> i32
  return
}

// -----

func.func @cat_elem(%a: !tail.array<i32, 1>, %b: !tail.array<f64, 1>) {
  // expected-error@+1 {{'tail.cat' op expects the right operand element type to be 'i32', but got 'f64'}}
  %0 = tail.cat %a, %b : (!tail.array<i32, 1>, !tail.array<f64, 1>) -> !tail.array<i32, 1>
  return
}

// -----

func.func @consv_len(%n: i32, %v: !tail.vec<i32, 3>) {
  // expected-error@+1 {{'tail.consV' op expects the result length to be the operand length + 1, but got 3 and 3}}
  %0 = tail.consV %n, %v : (i32, !tail.vec<i32, 3>) -> !tail.vec<i32, 3>
  return
}

// -----

func.func @cons_rank(%a: !tail.array<i32, 2>, %m: !tail.array<i32, 2>) {
  // expected-error@+1 {{'tail.cons' op expects the array operand rank to be the cell rank + 1, but got 2 and 2}}
  %0 = tail.cons %a, %m : (!tail.array<i32, 2>, !tail.array<i32, 2>) -> !tail.array<i32, 2>
  return
}

// -----

func.func @catv_len(%a: !tail.vec<i32, 3>, %b: !tail.vec<i32, 2>) {
  // expected-error@+1 {{'tail.catV' op expects the result length to be the sum of the operand lengths, but got 4, 3 and 2}}
  %0 = tail.catV %a, %b : (!tail.vec<i32, 3>, !tail.vec<i32, 2>) -> !tail.vec<i32, 4>
  return
}

// -----

func.func @dropv_len(%s: !tail.s<i32, 2>, %v: !tail.vec<i32, 3>) {
  // expected-error@+1 {{'tail.dropV' op expects the result length to be 1, but got 2}}
  %0 = tail.dropV %s, %v : (!tail.s<i32, 2>, !tail.vec<i32, 3>) -> !tail.vec<i32, 2>
  return
}

// -----

func.func @takev_len(%s: !tail.s<i32, 2>, %a: !tail.array<i32, 1>) {
  // expected-error@+1 {{'tail.takeV' op expects the result length to be the absolute count, which is the length, but got 3 and 2}}
  %0 = tail.takeV %s, %a : (!tail.s<i32, 2>, !tail.array<i32, 1>) -> !tail.vec<i32, 3>
  return
}

// -----

func.func @transp2_len(%p: !tail.vec<i32, 2>, %a: !tail.array<i32, 3>) {
  // expected-error@+1 {{'tail.transp2' op expects the permutation length to be the input rank, which is the length, but got 2 and 3}}
  %0 = tail.transp2 %p, %a : (!tail.vec<i32, 2>, !tail.array<i32, 3>) -> !tail.array<i32, 3>
  return
}

// -----

func.func @firstv_value(%v: !tail.sv<i32, 3>) {
  // expected-error@+1 {{'tail.firstV' op expects the result value to be the input value, but got 4 and 3}}
  %0 = tail.firstV %v : (!tail.sv<i32, 3>) -> !tail.s<i32, 4>
  return
}

// -----

func.func @shape_len(%m: !tail.array<i32, 2>) {
  // expected-error@+1 {{'tail.shape' op expects the result length to be the input length, but got 3 and 2}}
  %0 = tail.shape %m : (!tail.array<i32, 2>) -> !tail.vec<i32, 3>
  return
}

// -----

func.func @iota_elem(%n: i32) {
  // expected-error@+1 {{'tail.iota' op expects the result element type to be 'i32', but got 'f64'}}
  %0 = tail.iota %n : (i32) -> !tail.array<f64, 1>
  return
}

// -----

func.func @compress_mask(%a: !tail.array<i32, 1>) {
  // expected-error@+1 {{'tail.compress' op expects the mask element type to be 'i1', but got 'i32'}}
  %0 = tail.compress %a, %a : (!tail.array<i32, 1>, !tail.array<i32, 1>) -> !tail.array<i32, 1>
  return
}

// -----

func.func @idxs_dim(%s: !tail.s<i32, 3>, %n: i32, %m: !tail.array<i32, 2>) {
  // expected-error@+1 {{'tail.idxS' op expects the dimension to be in [1, 2], but got 3}}
  %0 = tail.idxS %s, %n, %m : (!tail.s<i32, 3>, i32, !tail.array<i32, 2>) -> !tail.array<i32, 1>
  return
}

// -----

func.func @idxassign_len(%v: !tail.vec<i32, 1>, %m: !tail.array<i32, 2>, %n: i32) {
  // expected-error@+1 {{'tail.idxassign' op expects the index vector length to be the array rank, which is the length, but got 1 and 2}}
  %0 = tail.idxassign %v, %m, %n : (!tail.vec<i32, 1>, !tail.array<i32, 2>, i32) -> i1
  return
}

// -----

func.func @cast_bad(%v: !tail.vec<i32, 3>) {
  // expected-error@+1 {{'tail.vec_to_array' op cannot coerce '!tail.vec<i32, 3>' to '!tail.array<i32, 2>'}}
  %0 = tail.vec_to_array %v : !tail.vec<i32, 3> to !tail.array<i32, 2>
  return
}

// -----

func.func @lit_len() {
  // expected-error@+1 {{'tail.lit' op expects the result length to be the literal length, but got 2 and 3}}
  %0 = tail.lit [1, 2, 3] : !tail.vec<i32, 2>
  return
}

// -----

func.func @sconst_bool() {
  // expected-error@+1 {{'tail.sconst' op expects a bool value of 0 or 1, but got 2}}
  %0 = tail.sconst : !tail.s<i1, 2>
  return
}

// -----

func.func @prarr_elem(%a: !tail.array<f64, 1>) {
  // expected-error@+1 {{'tail.prArrI' op expects the element type to be 'i32', but got 'f64'}}
  %0 = tail.prArrI %a : !tail.array<f64, 1>
  return
}

// -----

func.func @b2iv(%s: !tail.s<i32, 1>) {
  // expected-error@+1 {{'tail.b2iV' op expects the input element type to be 'i1', but got 'i32'}}
  %0 = tail.b2iV %s : (!tail.s<i32, 1>) -> !tail.s<i32, 1>
  return
}

// -----

func.func @addi_type(%d: f64) {
  // expected-error@+1 {{'tail.addi' op operand #0 must be 32-bit signless integer, but got 'f64'}}
  %0 = "tail.addi"(%d, %d) : (f64, f64) -> f64
  return
}

// -----

func.func @idx_rank(%a: !tail.array<i32, 3>, %i: i32) -> !tail.array<i32, 1> {
  // expected-error@+1 {{'tail.idx' op expects the input rank to be the result rank + 1, but got 3 and 1}}
  %0 = tail.idx %i, %i, %a : (i32, i32, !tail.array<i32, 3>) -> !tail.array<i32, 1>
  return %0 : !tail.array<i32, 1>
}

// -----

func.func @sv_to_vec_length(%a: !tail.sv<i32, 3>) -> !tail.vec<i32, 2> {
  // expected-error@+1 {{'tail.sv_to_vec' op cannot coerce '!tail.sv<i32, 3>' to '!tail.vec<i32, 2>'}}
  %0 = tail.sv_to_vec %a : !tail.sv<i32, 3> to !tail.vec<i32, 2>
  return %0 : !tail.vec<i32, 2>
}

// -----

func.func @s_to_scalar_type(%a: !tail.s<i32, 3>) -> f64 {
  // expected-error@+1 {{'tail.s_to_scalar' op cannot coerce '!tail.s<i32, 3>' to 'f64'}}
  %0 = tail.s_to_scalar %a : !tail.s<i32, 3> to f64
  return %0 : f64
}

// -----

func.func @grade_rank(%a: !tail.array<i32, 2>) -> !tail.array<i32, 1> {
  // expected-error@+1 {{'tail.gradeUp' op expects the input rank to be the vector rank, but got 2 and 1}}
  %0 = tail.gradeUp %a : (!tail.array<i32, 2>) -> !tail.array<i32, 1>
  return %0 : !tail.array<i32, 1>
}

// -----

func.func @format_int_of_double(%a: f64) -> !tail.array<!tail.char, 1> {
  // expected-error@+1 {{'tail.formatI' op operand #0 must be 32-bit signless integer, but got 'f64'}}
  %0 = tail.formatI %a : (f64) -> !tail.array<!tail.char, 1>
  return %0 : !tail.array<!tail.char, 1>
}

// -----

func.func @bench_state(%n: i32, %x: i32) -> f64 {
  // expected-error@+1 {{'tail.bench' op expects the result types to equal the state types}}
  %0 = tail.bench %n, %x : (i32, i32) -> f64 {
  ^bb0(%y: i32):
    tail.yield %y : i32
  }
  return %0 : f64
}

// -----

func.func @bench_region(%n: i32, %x: i32) -> i32 {
  // expected-error@+1 {{'tail.bench' op expects function region result #0 to have type 'i32', but got 'f64'}}
  %0 = tail.bench %n, %x : (i32, i32) -> i32 {
  ^bb0(%y: i32):
    %d = tail.i2d %y : i32 -> f64
    tail.yield %d : f64
  }
  return %0 : i32
}

// -----

func.func @nowi_type(%x: f64) -> f64 {
  // expected-error@+1 {{'tail.nowi' op operand #0 must be 32-bit signless integer, but got 'f64'}}
  %0 = "tail.nowi"(%x) : (f64) -> f64
  return %0 : f64
}

// -----

func.func @if_yield_types(%c: i1, %a: i32, %d: f64) -> i32 {
  // expected-error@+1 {{'tail.if' op expects the 'else' region to yield the result types (i32), but it yields (f64)}}
  %0 = tail.if %c -> (i32) {
    tail.yield %a : i32
  } else {
    tail.yield %d : f64
  }
  return %0 : i32
}

// -----

func.func @if_yield_count(%c: i1, %a: i32) -> i32 {
  // expected-error@+1 {{'tail.if' op expects the 'then' region to yield the result types (i32), but it yields (i32, i32)}}
  %0 = tail.if %c -> (i32) {
    tail.yield %a, %a : i32, i32
  } else {
    tail.yield %a : i32
  }
  return %0 : i32
}

// -----

func.func @if_region_args(%c: i1, %a: i32) -> i32 {
  // expected-error@+1 {{'tail.if' op expects the 'then' region to take no arguments, but it takes 1}}
  %0 = tail.if %c -> (i32) {
  ^bb0(%x: i32):
    tail.yield %x : i32
  } else {
    tail.yield %a : i32
  }
  return %0 : i32
}

// -----

func.func @if_condition(%c: i32, %a: i32) -> i32 {
  // expected-error@+1 {{'tail.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  %0 = "tail.if"(%c) ({
    tail.yield %a : i32
  }, {
    tail.yield %a : i32
  }) : (i32) -> i32
  return %0 : i32
}

// -----

func.func @if_result_type(%c: i1, %a: index) -> index {
  // expected-error@+1 {{'tail.if' op expects TAIL values or tuples of them as results, but got 'index'}}
  %0 = tail.if %c -> (index) {
    tail.yield %a : index
  } else {
    tail.yield %a : index
  }
  return %0 : index
}

// -----

func.func @negi_singleton_value(%s: !tail.s<i32, 3>) {
  // expected-error@+1 {{'tail.negi' op expects 'i32' to 'i32' or '!tail.s<i32, n>' to '!tail.s<i32, -n>', but got '!tail.s<i32, 3>' to '!tail.s<i32, 3>'}}
  %0 = tail.negi %s : !tail.s<i32, 3> -> !tail.s<i32, 3>
  return
}

// -----

func.func @negi_singleton_to_int(%s: !tail.s<i32, 3>) {
  // expected-error@+1 {{'tail.negi' op expects 'i32' to 'i32' or '!tail.s<i32, n>' to '!tail.s<i32, -n>', but got '!tail.s<i32, 3>' to 'i32'}}
  %0 = tail.negi %s : !tail.s<i32, 3> -> i32
  return
}

// -----

func.func @negi_array(%a: !tail.array<i32, 1>) {
  // expected-error@+1 {{'tail.negi' op expects 'i32' to 'i32' or '!tail.s<i32, n>' to '!tail.s<i32, -n>', but got '!tail.array<i32, 1>' to '!tail.array<i32, 1>'}}
  %0 = tail.negi %a : !tail.array<i32, 1>
  return
}

// -----

func.func @transp_tuple(%t: tuple<i32, f64>) {
  // expected-error@+1 {{'tail.transp' op operand #0 must be TAIL type, but got 'tuple<i32, f64>'}}
  %0 = "tail.transp"(%t) : (tuple<i32, f64>) -> tuple<i32, f64>
  return
}

// -----

// expected-error@+1 {{'!tail.array' rank must be non-negative, but got -1}}
func.func @negative_rank(%a: !tail.array<i32, -1>) {
  return
}

// -----

func.func @negative_length() {
  // expected-error@+1 {{'!tail.vec' length must be non-negative, but got -2}}
  %0 = tail.zilde : !tail.vec<i32, -2>
  return
}
