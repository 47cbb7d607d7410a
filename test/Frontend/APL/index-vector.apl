⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Bracket indexing of vectors with scalar indices (1-based), also of literals and parenthesized results.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](30)
⍝ CHECK-NEXT:[](10)
⍝ CHECK-NEXT:[](50)
⍝ CHECK-NEXT:[](20)
⍝ CHECK-NEXT:[](e)
⍝ CHECK-NEXT:[](80)
⍝ CHECK-NEXT:[](70.0)
⍝ CHECK-NOT:{{.}}

v ← 10 20 30 40 50
⎕ ← v[3]
⎕ ← v[1]
⎕ ← v[≢ v]
⎕ ← v[1 + 1]
⎕ ← 'hello'[2]
⎕ ← (2 × v)[4]
i ← 5
v[i] + v[2]
