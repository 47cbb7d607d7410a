⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Take and drop with a vector left argument: one count per leading axis (fewer counts than
⍝ axes keep the trailing axes whole; a scalar is extended to one item per axis). Expected
⍝ values from scripts/apl-oracle.py (libjay); the last: rows 1 2 of column 1 are 1 and 5.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 1 2 3
⍝ CHECK-NEXT: 5 6 7
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 2 3 4
⍝ CHECK-NEXT: 6 7 8
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2 3 0 0
⍝ CHECK-NEXT: 4 5 6 0 0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[1,2,4](13,14,15,16,17,18,19,20)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: bc
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 5 0
⍝ CHECK-NEXT: 0 0
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 1 2
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1  2
⍝ CHECK-NEXT:  5  6
⍝ CHECK-NEXT:  9 10
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](6.0)
⍝ CHECK-NOT:{{.}}
M ← 3 4 ⍴ ⍳ 12
⎕ ← 2 3 ↑ M
⎕ ← ¯1 1 ↓ M
⎕ ← ¯2 5 ↑ 2 3 ⍴ ⍳ 6
⎕ ← 1 ¯1 ↓ 2 3 4 ⍴ ⍳ 24
⎕ ← 1 ¯2 ↑ 2 3 ⍴ 'abcdef'
⎕ ← 2 2 ↑ 5
⎕ ← (1 2) ↑ M
⎕ ← 0 ¯2 ↓ M
n ← 2
+/ , (n 1) ↑ M
