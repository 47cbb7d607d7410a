// The PTX of the kernels kernel extraction makes for a scan (soac-to-gpu): phase 1 (shared
// arrays for the chunk, the per-thread scans, the thread totals and the warp totals; warp
// scans by `shfl.sync.up`), phase 2 (one block over the chunk totals), the adjustment, and a
// row scan (one block per row, tiles with a carry). soac-scan-ptxas.mlir runs ptxas on it.
// RUN: tail-opt %s --pass-pipeline='builtin.module(soac-to-gpu)' | tail-translate --emit=ptx - | FileCheck %s

// CHECK:       .target sm_90
// CHECK-LABEL: .visible .entry prefix_k0(
// CHECK:       .shared .align 4 .b8 __wg_prefix_k0_0[8192];
// CHECK:       .shared .align 4 .b8 __wg_prefix_k0_1[8192];
// CHECK:       .shared .align 4 .b8 __wg_prefix_k0_2[1024];
// CHECK:       .shared .align 4 .b8 __wg_prefix_k0_3[32];
// CHECK-DAG:   ld.global.b32
// CHECK-DAG:   st.shared.b32
// CHECK:       bar.sync 0;
// CHECK:       add.s32
// CHECK:       bar.sync 0;
// CHECK:       shfl.sync.up.b32 {{.*}}, 1, 0, -1;
// CHECK:       shfl.sync.up.b32 {{.*}}, 2, 0, -1;
// CHECK:       shfl.sync.up.b32 {{.*}}, 4, 0, -1;
// CHECK:       shfl.sync.up.b32 {{.*}}, 8, 0, -1;
// CHECK:       shfl.sync.up.b32 {{.*}}, 16, 0, -1;
// CHECK:       bar.sync 0;
// CHECK:       shfl.sync.up.b32
// CHECK:       bar.sync 0;
// CHECK:       st.global.b32
// CHECK-LABEL: .visible .entry prefix_k1(
// CHECK:       .shared .align 4 .b8 __wg_prefix_k1_0[32];
// CHECK:       shfl.sync.up.b32
// CHECK:       bar.sync 0;
// CHECK:       st.global.b32
// CHECK-LABEL: .visible .entry prefix_k2(
// CHECK-NOT:   bar.sync
// CHECK:       ld.global.b32
// CHECK:       add.s32
// CHECK:       st.global.b32
// CHECK-LABEL: .visible .entry rows_k0(
// CHECK:       .shared .align 8 .b8 __wg_rows_k0_0[64];
// CHECK-DAG:   ld.global.b64
// CHECK-DAG:   shfl.sync.up.b32
// CHECK-DAG:   add.rn.f64
// CHECK-DAG:   bar.sync 0;
// CHECK-DAG:   st.global.b64

func.func @prefix(%xs: tensor<?xi32>) -> tensor<?xi32> {
  %z = arith.constant 0 : i32
  %s = soac.scan %xs init(%z) : tensor<?xi32> -> tensor<?xi32> {
  ^bb0(%a: i32, %x: i32):
    %t = arith.addi %a, %x : i32
    soac.yield %t : i32
  }
  return %s : tensor<?xi32>
}

func.func @rows(%xs: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %z = arith.constant 0.0 : f64
  %r = soac.map %xs : tensor<?x?xf64> -> tensor<?x?xf64> {
  ^bb0(%row: tensor<?xf64>):
    %s = soac.scan %row init(%z) : tensor<?xf64> -> tensor<?xf64> {
    ^bb0(%a: f64, %x: f64):
      %t = arith.addf %a, %x : f64
      soac.yield %t : f64
    }
    soac.yield %s : tensor<?xf64>
  }
  return %r : tensor<?x?xf64>
}
