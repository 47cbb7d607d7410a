⍝ RUN: tailc run --target=interp %s | FileCheck %s
⍝ RUN: tailc run --target=cpu %s | FileCheck %s
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt))' | FileCheck %s --check-prefix=SOAC
⍝ Every roll draws the next number of the program's random sequence: two rolls of the same
⍝ argument are two numbers (CSE does not merge them), the rolls of a map are one per element
⍝ (not hoisted out of it as invariant), and the compiled program draws them in the
⍝ interpreter's order, so both print the same numbers.

⍝ CHECK: [3](49.7744086179,89.2350764739,20.7386628107)
⍝ CHECK-NEXT: [2](385.957716695,923.882912051)
⍝ CHECK-NEXT: [](0.0)

⍝ One roll in the lambda of the map over 3⍴100, then the two of a and b.
⍝ SOAC-COUNT-3: tail.roll
⍝ SOAC-NOT: tail.roll

⎕ ← ?3⍴100
a ← ?1000
b ← ?1000
⎕ ← a,b
a=b
