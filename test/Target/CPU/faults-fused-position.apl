⍝ RUN: split-file --leading-lines %s %t
⍝ RUN: not tailc run --target=cpu %t/sibling.apl 2>&1 | FileCheck %s --check-prefix=SIBLING
⍝ RUN: not tailc run --target=cpu %t/dfn.apl 2>&1 | FileCheck %s --check-prefix=DFN
⍝ RUN: not tailc run --target=interp %t/dfn.apl 2>&1 | FileCheck %s --check-prefix=DFN-INTERP
⍝ An extent mismatch in an op that fusion joined with another is reported at the op that
⍝ zips the arrays, as the interpreter reports it: the map `v + ⍳ 3` joined with the later
⍝ reduction `+/ v` (it named the reduction's line), the zip inside a dfn fused into its
⍝ reduction (it named the `+/`).
⍝ SIBLING: sibling.apl:{{[0-9]+}}:7: error: extent mismatch: input #0 has 2 rows but input #1 has 3
⍝ SIBLING-NEXT: {{^}}⎕ ← v + ⍳ 3{{$}}
⍝ DFN: dfn.apl:{{[0-9]+}}:15: error: extent mismatch: input #0 has 3 rows but input #1 has 1
⍝ DFN-NEXT: {{^}}⎕ ← {+/ (⍳ 3) + ⍳ ⍵}¨ 1 2 3{{$}}
⍝ DFN-NEXT: {{^}}              ^{{$}}
⍝ DFN-INTERP: dfn.apl:{{[0-9]+}}:15: error:

//--- sibling.apl
v ← ⍳ +/ 1 1
⎕ ← v + ⍳ 3
+/ v
//--- dfn.apl
⎕ ← {+/ (⍳ 3) + ⍳ ⍵}¨ 1 2 3
1
