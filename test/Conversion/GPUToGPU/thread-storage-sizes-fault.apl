⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %s 2>&1 | FileCheck %s
⍝ RUN: not tailc run --target=cpu %s 2>&1 | FileCheck %s
⍝ RUN: tailc build --target=cuda --emit=mlir %s -o - | FileCheck %s --check-prefix=MLIR
⍝ A thread's storage sized in the thread (the replicate's destination of 2 × ⍵ elements),
⍝ where one thread's ⍵ fails a check before it: the sizing kernel run before the kernel
⍝ makes the same check before its atomic maximum, so the program stops with the check's
⍝ message (on a GPU when the host reads the sizes back) rather than sizing the storage
⍝ from the failing value.
⍝ CHECK: thread-storage-sizes-fault.apl:[[#@LINE+12]]:13: error: {{.*}}negative argument -2
⍝ CHECK-NEXT: ⎕ ← {+/ 2 / ⍳ ⍵}¨ 1 ¯2 3
⍝ CHECK-NEXT: {{^}}            ^
⍝ MLIR-LABEL: func.func @tail.main
⍝ MLIR:         gpu.launch_func @tail_kernels::@main_k0_sizes
⍝ MLIR-NEXT:    gpu.memcpy
⍝ MLIR:         gpu.launch_func @tail_kernels::@main_k0 blocks
⍝ MLIR-LABEL: gpu.func @main_k0_sizes(
⍝ MLIR:         func.call @tail_rt_check_count
⍝ MLIR:         memref.atomic_rmw maxs
⍝ MLIR:         gpu.return

⎕ ← {+/ 2 / ⍳ ⍵}¨ 1 ¯2 3
0
