⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⎕NOW applied (apltail's `nowi`: milliseconds since the program started), on a scalar and
⍝ elementwise (read on the host, like a roll: no kernel reads the clock; also in the body of
⍝ ⎕BENCH), and as a value;
⍝ time does not go backwards. Applied, it was emitted as an op that does not exist.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](1)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](3)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NOT:{{.}}
start ← ⎕NOW 0
s ← +/ ⍳ 100000
⎕ ← start ≤ ⎕NOW 0
⎕ ← ∧/ start ≤ ⎕NOW 0 0 0
⎕ ← 0 ≤ ⎕NOW
g ← { ⍵ + ∧/ (⎕NOW 0 0) ≥ 0 }
⎕ ← (g ⎕BENCH 3) 0
s > 0
