⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⍣ over a tuple whose first array is a vector of constants not in arithmetic progression
⍝ (a table of constants on the host, of static extent, carried by a loop of dynamic extent).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](2,3,4)
⍝ CHECK-NEXT:[](48.0)
⍝ CHECK-NOT:{{.}}

sw ← {(⍵[2]) (⍵[1] + 1)}
t ← (sw ⍣ 3) (10 2 30) (1 2 3)
⎕ ← t[1]
+/ t[2]
