⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt))' | FileCheck %s --check-prefix=SOAC
⍝ Reductions in a dfn applied per element that do not depend on the element (`+/v`, `⌈/v×2`)
⍝ run once, before the map, not once per element (soac-simplify's invariant reductions): a
⍝ map over 10⁵ elements each summing 10⁴ took 81 ms on one CPU thread, 0.8 ms so.
⍝ SOAC-LABEL: func.func @main
⍝ SOAC:         soac.redomap
⍝ SOAC:         soac.map
⍝ SOAC-NOT:       soac.re
⍝ SOAC:         soac.yield
⍝ CHECK:[3](77,154,231)
⍝ CHECK-NEXT:[3](77,78,79)
⍝ CHECK-NEXT:[](0.0)

v ← 20 ⍴ ⍳ 7
⎕ ← {⍵ × +/ v}¨ 1 2 3
⎕ ← {⍵ + ⌈/ v × 2}¨ 63 64 65
0
