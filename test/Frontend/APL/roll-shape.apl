⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ? (roll): values are random, so only the shape and bounds are checked.
⍝ apltail's roll gives doubles in [0,n), APL gives ints in [1,n]: only properties true of both.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[1](10)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

r ← ? 10 ⍴ 6
⎕ ← ⍴ r
⎕ ← ∧/ r ≥ 0
⎕ ← ∧/ r ≤ 6
≢ ? 3 4 ⍴ 2
