⍝ RUN: tailc build --target=cuda %s -o %t && test -x %t
⍝ RUN: tailc build --target=cuda --emit=llvm %s -o %t.ll && FileCheck %s < %t.ll
⍝ RUN: tailc build --target=cuda --emit=mlir %s -o %t.mlir && FileCheck %s --check-prefix=MLIR < %t.mlir
⍝ RUN: not tailc build --target=cuda --chip=sm_70 %s -o %t.bad 2>&1 | FileCheck %s --check-prefix=CHIP
⍝ RUN: not test -e %t.bad
⍝ A CUDA executable: the kernels' PTX embedded and loaded when the program starts (the driver
⍝ compiles it for its GPU), device buffers, copies and launches through the runtime's mgpu*
⍝ functions on streams, the host's printing as runtime calls.

⍝ The gpu level with the host's I/O as runtime calls.
⍝ MLIR-DAG: gpu.module @tail_kernels
⍝ MLIR-DAG: gpu.launch_func @tail_kernels::@main_k{{[0-9]+}}
⍝ MLIR-DAG: call @tail_rt_print_memref_i32
⍝ MLIR-DAG: func.func @tail_program()

⍝ CHECK-DAG: @tail_kernels_binary = internal constant [{{[0-9]+}} x i8] c"//{{.*}}.target sm_90
⍝ CHECK-DAG: call ptr @mgpuModuleLoadJIT(ptr nonnull @tail_kernels_binary, i32 4)
⍝ CHECK-DAG: call ptr @mgpuMemAlloc(
⍝ CHECK-DAG: call void @mgpuLaunchKernel(
⍝ CHECK-DAG: call void @mgpuMemcpy(
⍝ CHECK-DAG: call void @mgpuStreamSynchronize(
⍝ CHECK-DAG: call void @tail_rt_print_memref_i32(
⍝ CHECK-DAG: define i32 @main(

⍝ CHIP: tailc: error: unknown chip 'sm_70' (expected sm_80 or sm_90)

x ← 2 × ⍳ 5
⎕ ← x
+/ x
