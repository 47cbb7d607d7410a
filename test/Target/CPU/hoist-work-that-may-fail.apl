⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: cd %S/../../Frontend/APL && tailc run --target=cpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt))' | FileCheck %s --check-prefix=SOAC
⍝ Work in a dfn that reads only arrays from outside it (`⌈/ 2 / V` of a vector from
⍝ Inputs/ints.txt) runs once, before the map, though it reads at computed positions and
⍝ checks its counts: the maps run at least once (extents 2 and 3) and print nothing, so a
⍝ failure would come in their first element anyway. (In an outer product the reduction
⍝ stayed in the inner lambda, which the kernels rejected; so did a map of row sums, work
⍝ held in a map.)
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 12 13
⍝ CHECK-NEXT: 24 26
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[3](62,124,186)
⍝ CHECK-NEXT:[2](14,24)
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 12 21
⍝ CHECK-NEXT: 12 15
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](0.0)
⍝ CHECK-NOT:{{.}}

⍝ The checks and the reduction come before the outer product's maps, which hold only
⍝ scalar code.
⍝ SOAC:      tail_rt_check_count
⍝ SOAC:      soac.redomap
⍝ SOAC:      soac.map %{{.*}}, %{{.*}} : tensor<?x?xi32>, tensor<?x?xi32> -> tensor<?x?xi32> {
⍝ SOAC-NEXT: ^bb0(%{{.*}}: tensor<?xi32>, %{{.*}}: tensor<?xi32>):
⍝ SOAC-NEXT:   soac.map
⍝ SOAC-NEXT:   ^bb0(%{{.*}}: i32, %{{.*}}: i32):
⍝ SOAC-NEXT:     arith.addi
⍝ SOAC-NEXT:     arith.muli
⍝ SOAC-NEXT:     soac.yield

V ← ⎕ReadIntVecFile 'Inputs/ints.txt'
⎕ ← 1 2 ∘.{⍺ × ⍵ + ⌈/ 2 / V} 3 4
⎕ ← {⍵ × +/ 2 / V}¨ 1 2 3
⎕ ← {⍵ + ⌈/ V[⍳ 3]}¨ 10 20
⎕ ← 3 1 ∘.{(⊃ ⌽ +⌿ 2 (≢ V) ⍴ V) + ⍺ × ⍵} 0 3
0
