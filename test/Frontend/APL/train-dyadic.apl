⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Dyadic forks: (⍺ f ⍵) g (⍺ h ⍵), with ⊣ and ⊢ as tines.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[2](4,2)
⍝ CHECK-NEXT:[](2.0)
⍝ CHECK-NEXT:[](4)
⍝ CHECK-NEXT:[3](11,12,13)
⍝ CHECK-NEXT:[3](2,2,2)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NOT:{{.}}

⎕ ← 3 (+ , -) 1
⎕ ← 6 (+ ÷ -) 2
⎕ ← 5 (⌈ - ⌊) 9
⎕ ← 1 2 3 (⊣ + ⊢) 10
⎕ ← 2 (⊢ ⍴ ⊣) 3
7 (= ∨ <) 7
