⍝ RUN: cd %S && tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⎕ReadFile reads a file as a character vector (Inputs/text.txt has no final newline).
⍝ The oracle's program has the file's contents ('hello tail') written as a literal.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:hello tail
⍝ CHECK-NEXT:[1](10)
⍝ CHECK-NEXT:liat olleh
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

s ← ⎕ReadFile 'Inputs/text.txt'
⎕ ← s
⎕ ← ⍴ s
⎕ ← ⌽ s
+/ s = 'l'
