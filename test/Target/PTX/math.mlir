// Float math ops lower to libdevice's __nv_* functions (convert-gpu-to-nvvm); libdevice.10.bc
// is linked before O3, only the functions used survive, and the PTX calls nothing external.
// REQUIRES: ptxas
// RUN: tail-translate --emit=ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: tail-translate --emit=ptx --opt-level=0 %s -o %t.O0.ptx
// RUN: ptxas -arch=sm_90 %t.O0.ptx -o %t.O0.cubin
// RUN: tail-translate --emit=ptx --chip=sm_80 %s -o %t.sm80.ptx
// RUN: ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin
// RUN: tail-translate --emit=mlir %s | FileCheck %s --check-prefix=MLIR
// RUN: tail-translate --emit=llvm --opt-level=0 %s | FileCheck %s --check-prefix=LLVM0
// RUN: tail-translate --emit=llvm %s | FileCheck %s --check-prefix=LLVM
// An explicit TAIL_LIBDEVICE that does not exist is an error, and -o writes nothing.
// RUN: not env TAIL_LIBDEVICE=%t.missing.bc tail-translate --emit=ptx %s -o %t.bad.ptx 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// RUN: not test -e %t.bad.ptx
// A kernel without math does not need libdevice.
// RUN: env TAIL_LIBDEVICE=%t.missing.bc tail-translate --emit=ptx %S/map-add.mlir | FileCheck %s --check-prefix=NOMATH

// CHECK:     .target sm_90
// CHECK:     .visible .entry math(
// CHECK-NOT: .extern
// CHECK-NOT: call{{.*}}__nv_
// CHECK-DAG: ex2.approx
// CHECK-DAG: sqrt.rn.f32
// CHECK-DAG: sqrt.rn.f64
// CHECK:     ret;

// The lowering calls libdevice's functions:
// MLIR-DAG: llvm.func @__nv_expf(f32) -> f32
// MLIR-DAG: llvm.func @__nv_logf(f32) -> f32
// MLIR-DAG: llvm.func @__nv_powf(f32, f32) -> f32
// MLIR-DAG: llvm.func @__nv_tanh(f64) -> f64
// MLIR-DAG: llvm.func @__nv_erf(f64) -> f64
// MLIR-DAG: llvm.func @__nv_sin(f64) -> f64
// MLIR-DAG: llvm.call @__nv_expf(

// libdevice's functions are alwaysinline: even at O0 none is left after linking.
// LLVM0:     define ptx_kernel void @math(
// LLVM0-NOT: @__nv_

// LLVM:     define ptx_kernel void @math(
// LLVM-NOT: declare {{.*}}@__nv_
// LLVM-NOT: __nvvm_reflect
// LLVM:     !{i32 4, !"nvvm-reflect-ftz", i32 0}

// MISSING: tail-translate: error: libdevice: gpu.module @kernels calls __nv_expf, {{.*}}: TAIL_LIBDEVICE={{.*}}.missing.bc is not a file

// NOMATH: .visible .entry add(

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @math(%a: memref<?xf32>, %b: memref<?xf64>, %n: index) kernel {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %t0 = arith.muli %bid, %bdim : index
      %i = arith.addi %t0, %tid : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %a[%i] : memref<?xf32>
        %e = math.exp %x : f32
        %l = math.log %e : f32
        %p = math.powf %l, %x : f32
        %s = math.sqrt %p : f32
        memref.store %s, %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf64>
        %t = math.tanh %y : f64
        %r = math.erf %t : f64
        %q = math.sin %r : f64
        %w = math.sqrt %q : f64
        memref.store %w, %b[%i] : memref<?xf64>
      }
      gpu.return
    }
  }
}
