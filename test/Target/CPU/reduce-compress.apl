⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt))' | FileCheck %s --check-prefix=SOAC
⍝ Reductions of a compression whose mask and values have one known length reduce the
⍝ values with the neutral element in place of the dropped ones (soac-simplify's
⍝ ReduceFiltered): nothing is compressed into storage. A map applied to the kept values
⍝ (`÷`, on doubles) runs on the dropped ones too and is then discarded; `|` by a value
⍝ that may be 0 is no such map (an integer division could trap on a dropped row), so that
⍝ compression stays. A count of the kept values (`≢`, the mean of a selection) is counted by
⍝ the same reduction.
⍝ SOAC-LABEL: func.func @main
⍝ SOAC-COUNT-1: soac.filter
⍝ SOAC-NOT: soac.filter
⍝ CHECK:[](16668333.0)
⍝ CHECK-NEXT:[](9999)
⍝ CHECK-NEXT:[](1.12022798671)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](5001.0)
⍝ CHECK-NEXT:[](19.0)
v ← ⍳ 10000
⎕ ← +/ (0 = 3 | v) / 1.0 × v
⎕ ← ⌈/ (2 | v) / v
⎕ ← +/ ÷ (0 = 7 | v) / v
⎕ ← +/ (0 > v) / v
x ← (0 = 3 | v) / v
⎕ ← (+/ x) ÷ ≢ x
k ← 1 + +/ (⍳ 40) > 38
+/ k | (1 = 2 | ⍳ 40) / ⍳ 40
