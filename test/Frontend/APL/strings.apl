⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ String literals print as text; quotes are doubled; a one-character literal is a char scalar.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:hello world
⍝ CHECK-NEXT:[1](11)
⍝ CHECK-NEXT:dlrow olleh
⍝ CHECK-NEXT:it's
⍝ CHECK-NEXT:[](X)
⍝ CHECK-NEXT:[1](0)
⍝ CHECK-NEXT:abc
⍝ CHECK-NEXT:[](11.0)
⍝ CHECK-NOT:{{.}}

s ← 'hello world'
⎕ ← s
⎕ ← ⍴ s
⎕ ← ⌽ s
⎕ ← 'it''s'
⎕ ← 'X'
⎕ ← ⍴ ''
⎕ ← 'ab' , 'c'
≢ s
