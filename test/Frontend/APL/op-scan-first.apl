⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Scan-first f⍀ along the first axis.
⍝ ⍀ is not in apltail's sources (our AST has it); the expected values are APL's.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT:  1  2
⍝ CHECK-NEXT:  4  6
⍝ CHECK-NEXT:  9 12
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1  2
⍝ CHECK-NEXT:  3  8
⍝ CHECK-NEXT: 15 48
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[3](1,3,6)
⍝ CHECK-NEXT:[](34.0)
⍝ CHECK-NOT:{{.}}

M ← 3 2 ⍴ ⍳ 6
⎕ ← +⍀ M
⎕ ← ×⍀ M
⎕ ← +⍀ 1 2 3
+/ , +⍀ M
