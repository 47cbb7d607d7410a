⍝ UNSUPPORTED: cuda
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ RUN: not %t 2>&1 | FileCheck %s
⍝ RUN: not tailc run --target=cuda %s 2>&1 | FileCheck %s
⍝ Without the NVIDIA driver a CUDA executable stops at its start with one clear error line
⍝ and exit status 1.
⍝ CHECK: error: CUDA driver not found: cannot load the driver library (tried libcuda.so,
⍝ CHECK-NOT: panicked

+/ ⍳ 5
