⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Arithmetic that makes a matrix of a constant (a matrix times 0, then minus a scalar): the
⍝ map over each row yielding the constant stays a map, so the kernels are extracted.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 3
⍝ CHECK-NEXT: 3
⍝ CHECK-NEXT: 3
⍝ CHECK-NEXT: 3
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](12.0)
⍝ CHECK-NOT:{{.}}

a ← 3 - (4 1⍴⍳4) × 0
⎕ ← a
+/ , a
