⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Compress and replicate on arrays of rank ≥ 2: x/y acts along the last axis, x⌿y along the
⍝ first, with one count per item of that axis (a scalar count applies to every item).
⍝ Expected values from scripts/apl-oracle.py (libjay); the last line: columns 1 2 of 3 3⍴⍳9
⍝ sum to 1+2+4+5+7+8 = 27.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 1 3
⍝ CHECK-NEXT: 4 6
⍝ CHECK-NEXT: 7 9
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2 3
⍝ CHECK-NEXT: 7 8 9
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 1 3
⍝ CHECK-NEXT: 4 4 6
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2
⍝ CHECK-NEXT: 1 2
⍝ CHECK-NEXT: 5 6
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[2,3,2](2,4,6,8,10,12,14,16,18,20,22,24)
⍝ CHECK-NEXT:[1,3,4](13,14,15,16,17,18,19,20,21,22,23,24)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2 3
⍝ CHECK-NEXT: 1 2 3
⍝ CHECK-NEXT: 4 5 6
⍝ CHECK-NEXT: 4 5 6
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: ac
⍝ CHECK-NEXT: df
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](27.0)
⍝ CHECK-NOT:{{.}}
M ← 3 3 ⍴ ⍳ 9
⎕ ← 1 0 1 / M
⎕ ← 1 0 1 ⌿ M
⎕ ← 2 0 1 / 2 3 ⍴ ⍳ 6
⎕ ← 2 0 1 ⌿ 3 2 ⍴ ⍳ 6
⎕ ← 0 1 0 1 / 2 3 4 ⍴ ⍳ 24
⎕ ← 0 1 ⌿ 2 3 4 ⍴ ⍳ 24
⎕ ← 2 ⌿ 2 3 ⍴ ⍳ 6
⎕ ← 1 0 1 / 2 3 ⍴ 'abcdef'
+/ +/ 1 1 0 / M
