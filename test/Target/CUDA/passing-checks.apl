⍝ RUN: tailc build --target=cuda --emit=mlir %s -o - | FileCheck %s
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s --check-prefix=GPU
⍝ The generations of Life on a board whose extents the launches make constants: at the
⍝ gpu level, the catenations' and zips' checks in the power loop compare an extent with
⍝ itself only after `gpu-launch-facts` (GPU), and a CUDA executable calls none of them
⍝ (the host code of `tailc build --target=cuda` drops the checks that pass).
⍝ GPU: scf.for
⍝ GPU: call @tail_rt_check_extents(%[[E:[0-9]+]], %[[E]],
⍝ CHECK-LABEL: func.func @tail_program()
⍝ CHECK-NOT: call @tail_rt_check_extents
⍝ CHECK: return
life ← {
  s ← (¯1⊖⍵)+⍵+1⊖⍵
  t ← (¯1⌽s)+s+1⌽s
  (t=3)∨⍵∧t=4
}
board ← 4 > 13 | (⍳ 12) ∘.+ 7 × ⍳ 10
+/ +/ (life ⍣ 5) board
