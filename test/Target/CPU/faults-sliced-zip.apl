⍝ RUN: split-file --leading-lines %s %t
⍝ RUN: not tailc run --target=interp %t/host.apl 2>&1 | FileCheck %s --check-prefixes=OUT,HOST-INTERP
⍝ RUN: not tailc run --target=cpu %t/host.apl 2>&1 | FileCheck %s --check-prefixes=OUT,HOST
⍝ RUN: not tailc run --target=interp %t/dfn.apl 2>&1 | FileCheck %s --check-prefixes=OUT,DFN-INTERP
⍝ RUN: not tailc run --target=cpu %t/dfn.apl 2>&1 | FileCheck %s --check-prefixes=OUT,DFN
⍝ RUN: tailc build --target=cuda %t/dfn.apl -o %t/dfn
⍝ A take or drop of a zip of arrays whose extents differ: fusion makes it a zip of takes or
⍝ drops, which agree; the zip's shapes were checked where `convert-tail-to-soac` lowered
⍝ it. (The mismatch went unseen: the programs printed a result.)
⍝ OUT: [](1)
⍝ HOST-INTERP: host.apl:{{[0-9]+}}:20: error: 'tail.zipWith' op shape mismatch: [3] vs [4]
⍝ HOST: host.apl:{{[0-9]+}}:20: error: extent mismatch: input #0 has 3 rows but input #1 has 4
⍝ HOST-NEXT: {{^}}⎕ ← 2 ↑ 1 ↓ V[⍳ 3] + V[⍳ 4]{{$}}
⍝ DFN-INTERP: dfn.apl:{{[0-9]+}}:25: error: 'tail.zipWith' op shape mismatch: [4] vs [2]
⍝ DFN: dfn.apl:{{[0-9]+}}:25: error: extent mismatch: input #0 has 4 rows but input #1 has 2
⍝ DFN-NEXT: {{^}}⎕ ← {-/ 3 ↑ 1 ↓ (⍵ + W) × ⍵ , 0}¨ 1 2 3{{$}}
⍝ DFN-NEXT: {{^}}                        ^{{$}}

//--- host.apl
V ← 3 1 4 1 5 9 2 6
⎕ ← 1
⎕ ← 2 ↑ 1 ↓ V[⍳ 3] + V[⍳ 4]
0
//--- dfn.apl
W ← 1.5 2.5 3.5 4.5
⎕ ← 1
⎕ ← {-/ 3 ↑ 1 ↓ (⍵ + W) × ⍵ , 0}¨ 1 2 3
0
