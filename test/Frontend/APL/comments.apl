⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⍝ comments: whole lines, line ends, inside dfns; ⍝ inside a string is a character.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](4)
⍝ CHECK-NEXT:a⍝b
⍝ CHECK-NEXT:[1](3)
⍝ CHECK-NEXT:[](6.0)
⍝ CHECK-NOT:{{.}}

⍝ a whole-line comment
x ← 3     ⍝ a trailing comment
⍝ ⎕ ← 99 is commented out
⎕ ← x + 1   ⍝ prints 4
s ← 'a⍝b'   ⍝ the string has three characters
⎕ ← s
⎕ ← ⍴ s
f ← {       ⍝ after the brace
  ⍵ × 2     ⍝ in the body
}           ⍝ after the closing brace
f x
