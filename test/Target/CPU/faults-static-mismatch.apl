⍝ RUN: split-file --leading-lines %s %t
⍝ RUN: not tailc run --target=interp %t/host.apl 2>&1 | FileCheck %s --check-prefixes=OUT,HOST-INTERP
⍝ RUN: not tailc run --target=cpu %t/host.apl 2>&1 | FileCheck %s --check-prefixes=OUT,HOST
⍝ RUN: not tailc run --target=interp %t/dfn.apl 2>&1 | FileCheck %s --check-prefixes=OUT,DFN-INTERP
⍝ RUN: not tailc run --target=cpu %t/dfn.apl 2>&1 | FileCheck %s --check-prefixes=OUT,DFN
⍝ RUN: tailc build --target=cuda %t/dfn.apl -o %t/dfn
⍝ RUN: not tailc run --target=interp %t/length.apl 2>&1 | FileCheck %s --check-prefixes=OUT,LENGTH-INTERP
⍝ RUN: not tailc run --target=cpu %t/length.apl 2>&1 | FileCheck %s --check-prefixes=OUT,LENGTH
⍝ Arrays zipped whose extents are both known and differ: the program runs up to the zip and
⍝ stops there, as the interpreter does. (Simplification took both reshapes to unknown extents
⍝ away and made a map of extents 3 and 4, which the verifier rejected: no program was built.)
⍝ Only the length of the zip read (`≢`): the zip is still made, and fails (the length was
⍝ folded to the first array's, 3, and the zip dropped).
⍝ OUT: [](1)
⍝ HOST-INTERP: host.apl:{{[0-9]+}}:11: error: 'tail.zipWith' op shape mismatch: [3] vs [4]
⍝ HOST: host.apl:{{[0-9]+}}:11: error: extent mismatch: input #0 has 3 rows but input #1 has 4
⍝ HOST-NEXT: {{^}}⎕ ← (⍳ 3) × ⍳ 4{{$}}
⍝ DFN-INTERP: dfn.apl:{{[0-9]+}}:15: error: 'tail.zipWith' op shape mismatch: [3] vs [4]
⍝ DFN: dfn.apl:{{[0-9]+}}:15: error: extent mismatch: input #0 has 3 rows but input #1 has 4
⍝ DFN-NEXT: {{^}}⎕ ← {+/ (⍳ 3) × 1 ⌽ ⍵ , ⍳ 3}¨ 1 2{{$}}
⍝ DFN-NEXT: {{^}}              ^{{$}}
⍝ LENGTH-INTERP: length.apl:{{[0-9]+}}:13: error: 'tail.zipWith' op shape mismatch: [3] vs [6]
⍝ LENGTH: length.apl:{{[0-9]+}}:13: error: extent mismatch: input #0 has 3 rows but input #1 has 6

//--- host.apl
⎕ ← 1
⎕ ← (⍳ 3) × ⍳ 4
0
//--- dfn.apl
⎕ ← 1
⎕ ← {+/ (⍳ 3) × 1 ⌽ ⍵ , ⍳ 3}¨ 1 2
0
//--- length.apl
⎕ ← 1
⎕ ← ≢ (⍳ 3) + ⍳ 6
0
