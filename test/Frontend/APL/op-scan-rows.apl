⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt))' | FileCheck %s --check-prefix=SOAC
⍝ Scans along the last axis of matrices and higher-rank arrays. A function not known to be
⍝ associative (`-\`, a dfn) scans each element's prefix with a loop, in a map over the
⍝ element positions of its row: over rows these positions are the rows of a view of the
⍝ array's shape (⍳ of the last extent, reshaped cyclically), zipped with the array's rows,
⍝ so that kernel extraction sees a map over rows whose lambda is one map over a row. The
⍝ map computing the scanned array (`1+M`) is not fused into that lambda, which reads each
⍝ row by position (two SOACs in one lambda), nor into one whose nested lambda does (`-/` and
⍝ `-⌿` of a computed rank-3 array). Above rank 2 a scan works on the rank-2 view (the
⍝ leading extents' product × the last). All were refused by kernel extraction.
⍝ SOAC:      %[[POS:.*]] = soac.reshape %{{.*}} cyclic : tensor<?xi32> -> tensor<?x?xi32>
⍝ SOAC:      soac.map %{{.*}}, %[[POS]] : tensor<?x?xi32>, tensor<?x?xi32> -> tensor<?x?xi32> {
⍝ CHECK-NOT:{{.}}
⍝ CHECK:  1 -1  2 -2
⍝ CHECK-NEXT:  5 -1  6 -2
⍝ CHECK-NEXT:  9 -1 10 -2
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  2 -1  3 -2
⍝ CHECK-NEXT:  6  4  7  3
⍝ CHECK-NEXT:  5 -1  1 -2
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  1.5  1.0 13.0
⍝ CHECK-NEXT:  1.5  1.0 13.0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[2,3,4](2,-1,3,-2,6,-1,7,-2,10,-1,11,-2,14,-1,15,-2,18,-1,19,-2,22,-1,23,-2)
⍝ CHECK-NEXT:[2,3,4](1,3,6,10,5,11,18,26,9,19,30,42,13,27,42,58,17,35,54,74,21,43,66,90)
⍝ CHECK-NEXT:[2,5,2](2,3,4,7,6,11,8,15,10,19,12,23,14,27,16,31,18,35,20,39)
⍝ CHECK-NEXT:[3,0]()
⍝ CHECK-NEXT:[2,0,4]()
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: -2 -2 -2
⍝ CHECK-NEXT: -2 -2 -2
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 0 0 0 0 0
⍝ CHECK-NEXT: 0 0 0 0 0
⍝ CHECK-NEXT: 0 0 0 0 0
⍝ CHECK-NEXT: 0 0 0 0 0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

⎕ ← -\ 3 4⍴⍳12
⎕ ← -\ 1+3 4⍴⍳5
⎕ ← {⍺+2×⍵}\ 2 3⍴1.5 ¯0.25 3
⎕ ← -\ 1+2 3 4⍴⍳24
⎕ ← +\ 2 3 4⍴⍳24
⎕ ← {+\⌽⍵} 2 5 2⍴⍳20
⎕ ← -\ 3 0⍴0
⎕ ← +\ 2 0 4⍴⍳24
⎕ ← -/ 1+2 3 4⍴⍳24
⎕ ← -⌿ (2 4 5⍴⍳40) ≠ 3.75
0
