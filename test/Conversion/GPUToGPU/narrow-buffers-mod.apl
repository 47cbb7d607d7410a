⍝ RUN: tail-translate --apl-to-ptx --emit=mlir %s | FileCheck %s
⍝ RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC
⍝ gpu-narrow-buffers sees through APL's residue: `2|x` is a signed remainder (in (-2, 2))
⍝ moved into [0, 2) by a select, so the bit matrices of an inner product (Sobol's B and M)
⍝ are stored as bytes between the kernels that make them and the product.

⍝ CHECK:     %[[B:.*]] = gpu.alloc(%{{.*}}) : memref<?xi8>
⍝ CHECK:     %[[M:.*]] = gpu.alloc(%{{.*}}) : memref<?xi8>
⍝ CHECK:     gpu.launch_func {{.*}} args({{.*}}%[[B]] : memref<?xi8>, %[[M]] : memref<?xi8>)
⍝ CHECK-NOT: gpu.alloc(%{{.*}}) : memref<?xi8>

⍝ EXEC: [](100.0)

B ← 2|⌊(⍳100)∘.÷2*¯1+⍳7
M ← 2|(⍳7)∘.×⍳3
+/+/2|B+.×M
