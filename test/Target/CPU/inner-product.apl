⍝ RUN: tailc run --target=interp %s | FileCheck %s --check-prefix=EXEC --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC --match-full-lines
⍝ RUN: TAIL_NUM_THREADS=1 tailc run --target=cpu %s | FileCheck %s --check-prefix=EXEC --match-full-lines
⍝ RUN: tailc build %s --emit=mlir -o %t.mlir && FileCheck %s < %t.mlir
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt),convert-soac-to-hpar{fold-block-size=1024},convert-hpar-to-gpu)' | FileCheck %s --check-prefix=BLOCK
⍝ RUN: tail-translate --apl-to-tail %s | not tail-opt --pass-pipeline='builtin.module(tail-to-soac,convert-soac-to-hpar{fold-block-size=1000})' 2>&1 | FileCheck %s --check-prefix=BAD
⍝ A matrix product on the CPU: a block's threads are the elements of the 37×29 result (rows
⍝ of 29, so a block's 1024 threads span rows, cut into segments at the rows' ends), each
⍝ summing 53 products. The sum's loop runs outside the loop over the threads (interchanged
⍝ although short: its loads are no gathers across threads, the row's element of `a` being
⍝ the same for a segment's threads and the columns of `b` contiguous), and inside it the
⍝ threads' row and column are counted per segment, not read back from per-thread buffers
⍝ or divided per thread: the loop over a segment's threads loads a[row; k] and b[k; col]
⍝ at a counted column, which LLVM vectorizes.

⍝ On the CPU (`convert-soac-to-hpar{fold-block-size=1024}`) the product's blocks have 1024
⍝ threads (a block covers whole rows of the result, whose sums read the same rows of b:
⍝ 512 × 512 doubles 31 → 21 ms on one thread, 1024 × 1024 381 → 180 ms), the other
⍝ kernels 256; the GPU keeps 256 for all.
⍝ BLOCK-LABEL: gpu.module @tail_kernels
⍝ BLOCK:         gpu.func @main_k0({{.*}}known_block_size = array<i32: 256, 1, 1>
⍝ BLOCK:         gpu.func @main_k1({{.*}}known_block_size = array<i32: 256, 1, 1>
⍝ BLOCK:         gpu.func @main_k2({{.*}}known_block_size = array<i32: 1024, 1, 1>
⍝ BLOCK:         gpu.func @main_k3({{.*}}known_block_size = array<i32: 256, 1, 1>
⍝ BLOCK:         gpu.func @main_k4({{.*}}known_block_size = array<i32: 256, 1, 1>
⍝ BAD: error: convert-soac-to-hpar: fold-block-size must be 0 or a power of two from 32 to 1024, got 1000

⍝ EXEC:[37](-3282,-5191,-4056,2080,2702,5545,8676,5168,4976,3139,-3698,-3282,-5191,-4056,2080,2702,5545,8676,5168,4976,3139,-3698,-3282,-5191,-4056,2080,2702,5545,8676,5168,4976,3139,-3698,-3282,-5191,-4056,2080)
⍝ EXEC-NEXT:[](3.51677706277)
⍝ EXEC-NEXT:[](37.7231240252)

⍝ The product's kernel (the third: two fill a and b).
⍝ CHECK-LABEL: func.func @tail.main_k2_cpu(
⍝ The first loop over the segments sets the sums to 0, then the loop of the sums' terms.
⍝ CHECK:           scf.yield %{{.*}}, %{{.*}}, %{{.*}} : index, index, index
⍝ CHECK-NEXT:    }
⍝ CHECK-NEXT:    scf.for %[[K:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}} {
⍝ CHECK-NEXT:      %[[KW:.*]] = arith.muli %[[K]], %{{.*}} : index
⍝ CHECK-NEXT:      scf.while
⍝ CHECK:           ^bb0(%[[T0:[^:]*]]: index, %[[ROW:[^:]*]]: index, %[[COL:[^:]*]]: index):
⍝ CHECK-NOT:       arith.divui
⍝ CHECK-NOT:       arith.remui
⍝ CHECK:           scf.for %[[T:[^ ]*]] = %[[T0]] to %{{.*}} step %{{.*}} {
⍝ CHECK-NEXT:        %[[D:.*]] = arith.subi %[[T]], %[[T0]] : index
⍝ CHECK-NEXT:        %[[J:.*]] = arith.addi %[[COL]], %[[D]] : index
⍝ CHECK-NEXT:        memref.load %{{.*}}[%[[T]]] : memref<1024xf64>
⍝ CHECK-NEXT:        %[[RW:.*]] = arith.muli %[[ROW]], %{{.*}} : index
⍝ CHECK-NEXT:        %[[AI:.*]] = arith.addi %[[RW]], %[[K]] : index
⍝ CHECK-NEXT:        memref.load %{{.*}}[%[[AI]]] : memref<?xf64>
⍝ CHECK-NEXT:        %[[BI:.*]] = arith.addi %[[KW]], %[[J]] : index
⍝ CHECK-NEXT:        memref.load %{{.*}}[%[[BI]]] : memref<?xf64>
⍝ CHECK-NEXT:        arith.mulf
⍝ CHECK-LABEL: func.func @tail.main_k3_cpu(

a ← 1○ 37 53 ⍴ ⍳ 11
b ← 2○ 53 29 ⍴ ⍳ 13
c ← a +.× b
⎕ ← ⌊ 0.5 + 1000 × +/ c
⎕ ← ⌈/ ,c
+/ ,c
