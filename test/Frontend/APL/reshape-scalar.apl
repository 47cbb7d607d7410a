⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Reshape to the empty shape (⍴ of a scalar, or ⍬): a scalar, the first element of the
⍝ argument's ravel, the default element of an empty one.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](1)
⍝ CHECK-NEXT:[](7)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](4.5)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NOT:{{.}}

a ← (1 0 1 1 0 1 1⍴⍨⍴) 1
⎕ ← a
⎕ ← ⍬ ⍴ 7 8 9
⎕ ← ⍬ ⍴ 0 ⍴ 5
⎕ ← (⍳0) ⍴ 2 2 ⍴ 4.5
+/ , a
