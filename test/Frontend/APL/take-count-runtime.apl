⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac)' | FileCheck %s --check-prefix=SOAC
⍝ Takes by a count known only at run time: `tail-to-soac` makes an scf.if choosing the slice
⍝ (|n| ≤ the length) or the array padded, whose else branch chooses by the sign of n with a
⍝ nested scf.if. Kernel extraction selects nested ifs as it selects the outer one, on the
⍝ host (top-level takes) and in a thread (a take by each element's own count); it refused
⍝ them.
⍝ SOAC:      scf.if %{{.*}} -> (tensor<?xi32>) {
⍝ SOAC:        soac.slice
⍝ SOAC:      } else {
⍝ SOAC:        scf.if %{{.*}} -> (tensor<?xi32>) {
⍝ SOAC:          soac.concat
⍝ SOAC:        } else {
⍝ SOAC:          soac.concat
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[3](1,2,3)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[3](2,3,4)
⍝ CHECK-NEXT:[7](0,0,2,3,4,5,6)
⍝ CHECK-NEXT:[7](2,3,4,5,6,0,0)
⍝ CHECK-NEXT:[2](5,6)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  0  0  0  0
⍝ CHECK-NEXT:  1  2  3  4
⍝ CHECK-NEXT:  5  6  7  8
⍝ CHECK-NEXT:  9 10 11 12
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[6](5,0,1,3,6,10)
⍝ CHECK-NEXT:[6](1,0,3,5,6,6)
⍝ CHECK-NEXT:[6](4,10,18,18,18,18)
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

w ← ⍳3
⎕ ← (4⌊⍴w)↑w
e ← (⍳0) ⌊ 1
⎕ ← (4⌊⍴e)↑e
v ← (⍳5)+1
n ← +/2 1
⎕ ← n↑v
⎕ ← (-n+4)↑v
⎕ ← (n+4)↑v
⎕ ← (1-n)↑v
M ← 3 4⍴⍳12
⎕ ← (-n+1)↑M
⎕ ← {+/(⍵-2)↑⍳5}¨⍳6
⎕ ← {+/(2-⍵)↑⍳3}¨⍳6
⎕ ← {+/(⍵⌊3)↑v×2}¨⍳6
0
