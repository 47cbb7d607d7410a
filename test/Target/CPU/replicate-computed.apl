⍝ RUN: tailc run --target=interp %s | FileCheck %s
⍝ RUN: tailc run --target=cpu %s | FileCheck %s
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s
⍝ Replicate with counts that are themselves computed: the counts' running sum is a scanomap
⍝ whose lambda reads a free array (a replicated scalar), and the kernel that gathers the
⍝ result reads the scanomap's mapped-out values, evaluating that lambda where it reads them.
⍝ The free read the evaluation brings into the kernel is lowered too (it was left as a
⍝ `soac.index` that convert-soac-to-hpar then failed on).

⍝ CHECK: [12](7,7,7,7,8,8,8,8,9,9,9,9)
⍝ CHECK-NEXT: [5](1,2,2,2,3)
⍝ CHECK-NEXT: [6](5.5,5.5,6.5,6.5,7.5,7.5)
⍝ CHECK-NEXT: [](1.0)

k ← 4
⎕ ← (3/k) / 7 8 9
c ← 2 + 0 1 0
⎕ ← (c - 1 0 1) / 1 2 3
⎕ ← (3/⌊k÷2) / 5.5 6.5 7.5
1
