⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ Nested arrays are not supported: ⊂ (enclose) is rejected.
⍝ CHECK: {{.*}}err-nested-enclose.apl:5:5: error: {{.*(⊂|enclose|nest)}}

x ← ⊂ 1 2 3
0
