⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ A dfn that does not use ⍺ is monadic (as in apltail): applying it to two arguments is an error.
⍝ CHECK: {{.*}}err-dfn-valence-dyadic.apl:5:{{5|7}}: error: {{.*(⍺|dyadic|monadic|valence|argument)}}

x ← 2 {⍵ + 1} 3
x
