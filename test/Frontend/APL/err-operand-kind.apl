⍝ RUN: not tailc run %s 2>&1 | FileCheck %s
⍝ An operator whose body reads ⍺⍺ as an array, applied to a function: the reading for a
⍝ function operand does not parse, and its error is reported at the operand in the body
⍝ (with the caret), only for the application that needs it.
⍝ CHECK: {{.*}}err-operand-kind.apl:8:14: error: function used where an array is needed{{.*}}
⍝ CHECK-NEXT: after ← {⍵ + ⍺⍺}
⍝ CHECK-NEXT: {{^}}             ^{{$}}
after ← {⍵ + ⍺⍺}
⎕ ← (3 after) 4
(+ after) 4
