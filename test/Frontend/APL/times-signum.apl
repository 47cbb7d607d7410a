⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic × and monadic × (signum, an int also on doubles).
⍝ ×0 is 0 in APL (and in libjay); apltail's own TAIL evaluator answers 1 there (signi/signd
⍝ test i >= 0), which we take to be a bug: the expected value follows APL.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](42)
⍝ CHECK-NEXT:[3](2,4,6)
⍝ CHECK-NEXT:[](10.0)
⍝ CHECK-NEXT:[3](1,-1,0)
⍝ CHECK-NEXT:[2](-1,1)
⍝ CHECK-NEXT:[](24.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 6 × 7
⎕ ← 1 2 3 × 2
⎕ ← 2.5 × 4
⎕ ← × 5 ¯3 0
⎕ ← × ¯2.5 0.25
×/ 2 3 4
