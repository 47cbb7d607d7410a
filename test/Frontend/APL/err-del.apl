⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ ∇ (recursion in a dfn) is not supported.
⍝ CHECK: {{.*}}err-del.apl:5:10: error: {{.*(∇|del|recurs)}}

f ← {⍵ × ∇ ⍵ - 1}
f 3
