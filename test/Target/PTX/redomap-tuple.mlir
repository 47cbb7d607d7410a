// A fused redomap of a tuple (sum of f64 values and count of i32 ones) through soac-to-gpu to
// PTX: the first kernel loads the input (64-bit), keeps one shared array per value, combines
// both in every step of the tree (barriers between) and in every xor-shuffle step of the last
// warp (an f64 crosses as two 32-bit shuffles, the i32 as one), then writes both block
// results; the second kernel reduces the block results of both values the same way.
// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-to-gpu)' | tail-translate --emit=ptx - | FileCheck %s

// CHECK:      .visible .entry sum_count_k0(
// CHECK:      ld.global.b64
// CHECK:      bar.sync 0;
// CHECK:      ld.shared.b64
// CHECK:      ld.shared.b32
// CHECK:      add.rn.f64
// CHECK:      add.s32
// CHECK:      st.shared.b64
// CHECK:      st.shared.b32
// CHECK:      bar.sync 0;
// CHECK-COUNT-15: shfl.sync.bfly.b32
// CHECK-NOT:  shfl.sync
// CHECK-DAG:  st.global.b64
// CHECK-DAG:  st.global.b32
// CHECK:      .visible .entry sum_count_k1(
// CHECK-DAG:  ld.global.b64
// CHECK-DAG:  ld.global.b32
// CHECK:      bar.sync 0;
// CHECK-COUNT-15: shfl.sync.bfly.b32
// CHECK-NOT:  shfl.sync
// CHECK-DAG:  st.global.b64
// CHECK-DAG:  st.global.b32
// CHECK-NOT:  .entry
func.func @sum_count(%xs: tensor<?xf64>) -> (f64, i32) {
  %z = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : i32
  %s:2 = soac.redomap %xs init(%z, %c0) comm : tensor<?xf64> -> (f64, i32) reduce {
  ^bb0(%a: f64, %n: i32, %x: f64, %m: i32):
    %r = arith.addf %a, %x : f64
    %k = arith.addi %n, %m : i32
    soac.yield %r, %k : f64, i32
  } map {
  ^bb0(%x: f64):
    %one = arith.constant 1 : i32
    soac.yield %x, %one : f64, i32
  }
  return %s#0, %s#1 : f64, i32
}
