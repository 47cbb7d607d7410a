⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt))' | FileCheck %s --check-prefix=SOAC
⍝ Scans of reductions and reductions of scans of the rows of a matrix: the scan and the
⍝ reduction stay apart (kernels run a scan in a lambda only as its one row scan), while an
⍝ elementwise map still fuses into the row scan (`+\ M × 2`: one scanomap). A scan takes no
⍝ producer with a loop in its lambda (the power operator, interchanged per element), and
⍝ a map over the rows of a row scan stays a map of its own.
⍝ SOAC: soac.scanomap
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[5](3,6,9,12,15)
⍝ CHECK-NEXT:[5](1,4,7,10,13)
⍝ CHECK-NEXT:[2](1,4)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  2  6 12
⍝ CHECK-NEXT:  8 18 30
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[3](4,12,20)
⍝ CHECK-NEXT:[2](12,24)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 0 1 1
⍝ CHECK-NEXT: 1 1 1
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](45.0)
⍝ CHECK-NOT:{{.}}

M ← 5 3 ⍴ ⍳ 15
⎕ ← ⌈\ ⌈/ M
⎕ ← ⌊/ ⌈\ M
⎕ ← ⌊/ ⌽ +\ 2 3 ⍴ 1 2 3 4 5 6 - 0 0 0 0 0 2
N ← 2 3 ⍴ ⍳ 6
⎕ ← +\ N × 2
⎕ ← +\ ({⍵+⍵}⍣2) ⌈\ 1 2 0
⎕ ← ⌈/ ⌈\ ({⍵+⍵}⍣2) 2 3 ⍴ ⍳ 6
⎕ ← (⌈\ 2 3 ⍴ 1 9 4 5 3 2) ≥ 5
+/ ⌈/ M
