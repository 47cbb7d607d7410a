⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ Arrays in a thread whose lengths the thread computes (a dfn applied with each, sizing its
⍝ arrays by ⍵): the CPU backend gives them heap storage; the GPU pipeline gives them a global
⍝ buffer per launch, sized by the longest thread's length, which a sizing kernel run before
⍝ the kernel finds (gpu-thread-storage; test/Target/PTX/thread-storage-ptxas.mlir checks the
⍝ PTX). Replicates by counts (a scatter in the thread): of ⍳⍵ by ⍳⍵, by ⍵⍴2 (also of no
⍝ elements), by a cyclic 0 1 2, along the first axis; scans of ⍳⍵ up to a thousand
⍝ elements (stored, not re-folded); a compression by parities; a power loop over a vector
⍝ of ⍵+70 elements.
⍝ CHECK:[4](1,5,14,30)
⍝ CHECK-NEXT:[3](0,2,10)
⍝ CHECK-NEXT:[2](16,50)
⍝ CHECK-NEXT:[3](220,171700,167167000)
⍝ CHECK-NEXT:[2](5,7)
⍝ CHECK-NEXT:[2](2556,2628)
⍝ CHECK-NEXT:[2](5,14)
⍝ CHECK-NEXT:[](0.0)

v ← 30 ⍴ ⍳ 7
⎕ ← {+/ (⍳ ⍵) / ⍳ ⍵}¨ 1 2 3 4
⎕ ← {≢ (⍵ ⍴ 2) / ⍳ ⍵}¨ 0 1 5
⎕ ← {+/ ((⍵ ⍴ 0 1 2) / ⍳ ⍵) × 2}¨ 3 6
⎕ ← {+/ +\ ⍳ ⍵}¨ 10 100 1000
⎕ ← {⌈/ (2 | ⍳ ⍵) / ⍳ ⍵}¨ 5 8
⎕ ← {+/ ({1 ⌽ ⍵} ⍣ 3) ⍳ ⍵ + 70}¨ 1 2
⎕ ← {+/ (⍳ ⍵) ⌿ ⍳ ⍵}¨ 2 3
0
