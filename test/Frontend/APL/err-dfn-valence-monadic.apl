⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ A dfn that uses ⍺ is dyadic: applying it to one argument is an error (at the dfn or its ⍺).
⍝ CHECK: {{.*}}err-dfn-valence-monadic.apl:5:{{5|6}}: error: {{.*(⍺|dyadic|monadic|valence|argument)}}

x ← {⍺ + ⍵} 3
x
