⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ ⍎ (execute) is not supported: no dynamic compilation.
⍝ CHECK: {{.*}}err-execute.apl:5:5: error: {{.*(⍎|execute)}}

x ← ⍎ '1+2'
x
