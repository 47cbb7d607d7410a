⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ An undefined name is reported where it is used, by name.
⍝ CHECK: {{.*}}err-unknown-name.apl:6:9: error: {{.*}}undefinedThing

a ← 1
y ← a + undefinedThing
y
