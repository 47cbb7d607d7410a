⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac,func.func(soac-opt))' | FileCheck %s --check-prefix=SOAC
⍝ Work in a dfn applied per element that does not depend on the element runs once, before
⍝ the map, with the views and maps it needs: a replicate by counts that the dfn computes
⍝ from a free matrix (`(,m)/⍳20`: a scan of the counts, a scatter of the segment starts, a
⍝ max-scan, which would otherwise scatter into storage of a length each thread computes),
⍝ the sum of an iota, a scan whose prefixes a zip with the element reads,
⍝ a compression of a free vector. What the element feeds stays in the lambda.
⍝ SOAC-LABEL: func.func @main
⍝ SOAC:         soac.scatter
⍝ SOAC:         soac.map
⍝ SOAC-NOT:       soac.scatter
⍝ SOAC:         soac.yield
⍝ CHECK:[3](2870,2870,2870)
⍝ CHECK-NEXT:[3](500501,500502,500503)
⍝ CHECK-NEXT:[3](220,440,660)
⍝ CHECK-NEXT:[3](37502501,37502502,37502503)
⍝ CHECK-NEXT:[](0.0)

m ← 4 5 ⍴ ⍳ 20
v ← ⍳ 10000
⎕ ← {+/ (,m)/⍳20}¨ ⍳ 3
⎕ ← {⍵ + +/ ⍳ 1000}¨ ⍳ 3
⎕ ← {+/ ⍵ × +\ ⍳ 10}¨ ⍳ 3
⎕ ← {⍵ + +/ (v > 5000) / v}¨ ⍳ 3
0
