⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ∧/⍬ is 1 and ∨/⍬ is 0 (APL's identity items, as issue 4 asks).
⍝ apltail itself rejects these (⍬ is an int vector there and ∧ wants booleans); the expected
⍝ values are APL's. If the frontend types ⍬ as int and rejects ∧ on it, this test says otherwise.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](1)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ∧/ ⍬
⎕ ← ∨/ ⍬
∧/ ⍬
