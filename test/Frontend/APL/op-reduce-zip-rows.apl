⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt))' | FileCheck %s --check-prefix=SOAC
⍝ A reduction of a vector zipped with the row reductions of a matrix (`+/v×+/M`): fusion
⍝ makes one redomap over the vector's elements and the matrix's rows, each row reduced in
⍝ the map lambda; the kernel takes the elements of the rank-1 input beside the rows of the
⍝ rank-2 one (it refused the mix). Over 1100 rows the full reduction has several blocks.
⍝ SOAC:      soac.redomap %{{.*}}, %{{.*}} init(%{{.*}}) comm : tensor<?xi32>, tensor<?x?xi32> -> i32 reduce {
⍝ SOAC:      } map {
⍝ SOAC-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: tensor<?xi32>):
⍝ SOAC-NEXT:   soac.reduce
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](49)
⍝ CHECK-NEXT:[](7)
⍝ CHECK-NEXT:[](8)
⍝ CHECK-NEXT:[](48445096)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NOT:{{.}}

M ← 2 4 ⍴ 6 5 0
⎕ ← +/(⍳2)×+/M
⎕ ← ⌊/(⍳2)+⌈/M
v ← 2 3
⎕ ← ⌊/v+⌈⌿ 4 2⍴6 5 0
⎕ ← +/(⍳1100)×+/ 1100 20⍴⍳7
1
