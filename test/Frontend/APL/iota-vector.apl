⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⍳ of a one-element vector is ⍳ of its item (⍳⍴V for a vector V). Expected values from
⍝ scripts/apl-oracle.py (libjay); the last: +/⍳5 = 15.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[4](1,2,3,4)
⍝ CHECK-NEXT:[3](1,2,3)
⍝ CHECK-NEXT:[](15.0)
⍝ CHECK-NOT:{{.}}
⎕ ← ⍳ , 4
⎕ ← ⍳ ⍴ 2 7 1
V ← 5 6 7 8 9
+/ ⍳ ⍴ V
