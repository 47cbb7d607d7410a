⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic dfns with ⍺ and ⍵: inline and named, with scalar and vector arguments.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](15)
⍝ CHECK-NEXT:[](5.0)
⍝ CHECK-NEXT:[3](-9,-8,-7)
⍝ CHECK-NEXT:bca
⍝ CHECK-NEXT:[](5.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 3 {⍺ × ⍵ + 1} 4
hyp ← {((⍺ * 2) + ⍵ * 2) * 0.5}
⎕ ← 3 hyp 4
⎕ ← 1 2 3 {⍺ - ⍵} 10
at ← {⍺ ⌽ ⍵}
⎕ ← 1 at 'abc'
2 {⍺ + ⍵} 3
