⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt))' | FileCheck %s --check-prefix=SOAC
⍝ A matrix whose row sums are printed and which is printed itself: in the lambda over rows
⍝ the map of the row and the sum stay apart (joined, the map's row would be a mapped-out
⍝ result of the reduction, which kernels do not store in a row reduction).
⍝ SOAC:     soac.map
⍝ SOAC-NOT: soac.redomap {{.*}} -> (i32, tensor<?xi32>)
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[2](12,30)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:  2  4  6
⍝ CHECK-NEXT:  8 10 12
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](21.0)
⍝ CHECK-NOT:{{.}}

M ← 2 3 ⍴ ⍳ 6
S ← M × 2
⎕ ← +/ S
⎕ ← S
+/ , M
