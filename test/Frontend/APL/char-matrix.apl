⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Character matrices print as rows of text after one blank; structural functions work on them.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: abcd
⍝ CHECK-NEXT: efgh
⍝ CHECK-NEXT: ijkl
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: ad
⍝ CHECK-NEXT: be
⍝ CHECK-NEXT: cf
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: ab da
⍝ CHECK-NEXT: b dab
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:efgh
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: ijkl
⍝ CHECK-NEXT: efgh
⍝ CHECK-NEXT: abcd
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

M ← 3 4 ⍴ 'abcdefghijkl'
⎕ ← M
⎕ ← ⍉ 2 3 ⍴ 'abcdef'
⎕ ← 2 5 ⍴ 'ab d'
⎕ ← M[2;]
⎕ ← ⊖ M
≢ M
