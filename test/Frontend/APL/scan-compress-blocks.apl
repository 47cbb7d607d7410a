⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Scans and a compression longer than one block of the kernels: 2100 elements span two
⍝ scan chunks of 2048 (the chunk totals are scanned too), rows of 300 two tiles of a
⍝ 256-thread block scan, and the compression two chunks of flags.
⍝ Expected values from scripts/apl-oracle.py (libjay).
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](2206050)
⍝ CHECK-NEXT:[](225150)
⍝ CHECK-NEXT:[](736050.0)
⍝ CHECK-NOT:{{.}}

v ← ⍳ 2100
⎕ ← (+\ v)[2100]
M ← 3 300 ⍴ ⍳ 900
⎕ ← (+\ M)[3;300]
+/ (0 = 3 | v) / v
