⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ Replication of the rows (⌿) or columns (/) of a matrix read from a file (Inputs/ints.txt:
⍝ 3 1 4 1 5 9 2 6), with counts above 1 and negative counts (rows of default elements). The
⍝ row a position of the result takes is the item's row with the default element where the
⍝ count is negative, of the item's extents; and the counts' comparison with 0 folds where
⍝ they are constants of one sign. (An `scf.if` of a filled row and the item's had extents
⍝ computed in the thread: the kernels rejected it.)
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 3 1 4
⍝ CHECK-NEXT: 3 1 4
⍝ CHECK-NEXT: 1 5 9
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 3 4 4
⍝ CHECK-NEXT: 1 9 9
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 3 3 0 0 4
⍝ CHECK-NEXT: 1 1 0 0 9
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 3 1 4
⍝ CHECK-NEXT: 0 0 0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

m ← 2 3 ⍴ ⎕ReadIntVecFile 'Inputs/ints.txt'
⎕ ← 2 1 ⌿ m
⎕ ← 1 0 2 / m
⎕ ← 2 ¯2 1 / m
⎕ ← 1 ¯1 ⌿ m
0
