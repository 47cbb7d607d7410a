// Elementwise map: c[i] = a[i] + b[i], one thread per element.
// RUN: tail-translate --emit=ptx %s | FileCheck %s
// RUN: tail-translate --emit=ptx --chip=sm_80 %s | FileCheck %s --check-prefix=SM80
// RUN: tail-translate --emit=llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: tail-translate --emit=mlir %s | FileCheck %s --check-prefix=MLIR

// CHECK:      .version 8.0
// CHECK-NEXT: .target sm_90
// CHECK-NEXT: .address_size 64
// CHECK:      .visible .entry add(
// CHECK:      .maxntid 256, 1, 1
// CHECK:      mov.u32 {{.*}}%ctaid.x
// CHECK-DAG:  ld.global.b32
// CHECK-DAG:  ld.global.b32
// CHECK:      add.rn.f32
// CHECK:      st.global.b32
// CHECK:      ret;

// SM80: .target sm_80
// SM80: .visible .entry add(

// LLVM: target triple = "nvptx64-nvidia-cuda"
// LLVM: define ptx_kernel void @add(
// LLVM-DAG: call {{.*}} @llvm.nvvm.read.ptx.sreg.ctaid.x()
// LLVM-DAG: call {{.*}} @llvm.nvvm.read.ptx.sreg.tid.x()
// LLVM: fadd float
// LLVM: "nvvm.maxntid"="256,1,1"

// MLIR: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]
// MLIR: llvm.func @add({{.*}} attributes {{{.*}}gpu.kernel{{.*}}nvvm.kernel
// MLIR: nvvm.read.ptx.sreg.ctaid.x
// MLIR: llvm.fadd
// MLIR-NOT: gpu.func
// MLIR-NOT: memref.load

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %t0 = arith.muli %bid, %bdim : index
      %i = arith.addi %t0, %tid : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %s = arith.addf %x, %y : f32
        memref.store %s, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
