// Upstream mlir-opt accepts the lowered MLIR that --emit=mlir prints, and can finish it to PTX
// with its own gpu-module-to-binary.
// REQUIRES: mlir-opt
// RUN: tail-translate --emit=mlir %S/block-reduce.mlir | mlir-opt | FileCheck %s
// RUN: tail-translate --emit=mlir %S/scan-block.mlir | mlir-opt --verify-diagnostics > /dev/null
// RUN: tail-translate --emit=mlir %S/warp-shuffle.mlir \
// RUN:   | mlir-opt --gpu-module-to-binary=format=isa | FileCheck %s --check-prefix=BIN

// CHECK: gpu.module @reduce [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]
// CHECK: llvm.mlir.global internal @__wg_block_sum_0() {addr_space = 3 : i32{{.*}}} : !llvm.array<256 x f32>
// CHECK: llvm.func @block_sum(
// CHECK: nvvm.barrier

// BIN: gpu.binary @warp
// BIN-SAME: .entry warp_sum
// BIN-SAME: shfl.sync.bfly.b32
