⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Monadic dfns: inline, named, applied twice, several on one line with ⋄.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](6)
⍝ CHECK-NEXT:[3](2,3,4)
⍝ CHECK-NEXT:[](7)
⍝ CHECK-NEXT:[](16)
⍝ CHECK-NEXT:abba
⍝ CHECK-NEXT:[](10.0)
⍝ CHECK-NOT:{{.}}

⎕ ← {⍵ + 1} 5
inc ← {⍵ + 1}
⎕ ← inc 1 2 3
⎕ ← inc inc 5
sq ← {⍵ × ⍵} ⋄ ⎕ ← sq 4
⎕ ← {⍵ , ⌽ ⍵} 'ab'
{+/ ⍵} ⍳ 4
