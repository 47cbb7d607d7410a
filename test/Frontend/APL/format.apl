⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic ⍕ turns an int or double scalar into a character vector.
⍝ ⍕¯5 is worked out by hand: APL (and libjay) write ¯5, apltail's formatI writes a
⍝ minus sign (-5), which is the format we follow.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:42
⍝ CHECK-NEXT:[1](5)
⍝ CHECK-NEXT:2.5
⍝ CHECK-NEXT:n = 7
⍝ CHECK-NEXT:-5
⍝ CHECK-NEXT:0.25
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

⎕ ← ⍕ 42
⎕ ← ⍴ ⍕ 12345
⎕ ← ⍕ 2.5
⎕ ← 'n = ' , ⍕ 7
⎕ ← ⍕ ¯5
⎕ ← ⍕ 0.25
≢ ⍕ 100
