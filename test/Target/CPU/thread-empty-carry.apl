⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t && test -x %t
⍝ A power loop in a thread carrying an array of no elements (`0 ↑ …`): it lives in no
⍝ registers, so the loop carries nothing (its `scf.for` has no iter_args and its own
⍝ `scf.yield`), and a read of it stands for a value no run reads (the maximum of nothing
⍝ is the smallest int). Also the same loop nested in another one, under a scan.
⍝ CHECK:[2](-2147483648,-2147483648)
⍝ CHECK-NEXT:[3](1,1,1)
⍝ CHECK-NEXT:[](0.0)

V ← 3 1 4 1 5 9 2 6
⎕ ← {⌈/ ({1 ⌽ ⍵} ⍣ ⍵) 0 ↑ (⍵ ⍴ V)}¨ 1 2
⎕ ← {⍺ + ≢ ({1 ⌽ ⍵} ⍣ ⍵) ({1 ⌽ ⍵} ⍣ 2) 0 ↑ (⍵ ⍴ V)}\ 1 2 3
0
