⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ A known APL primitive outside the subset (⌹, domino) is rejected at the glyph.
⍝ CHECK: {{.*}}err-unsupported-primitive.apl:5:5: error: {{.*}}⌹

y ← ⌹ 2 2 ⍴ 1 2 3 4
0
