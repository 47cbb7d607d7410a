⍝ RUN: not tailc run %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: not tail-translate --apl-to-tail %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
⍝ An elaboration error is file:line:col, the source line and a caret, naming the construct.
⍝ CHECK:{{.*}}error.apl:8:1: error: 'f' uses ⍺ but is applied monadically (valence error)
⍝ CHECK-NEXT:f 3
⍝ CHECK-NEXT:^
f ← {⍺+⍵}
f 3
