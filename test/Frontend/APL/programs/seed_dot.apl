⍝ RUN: tailc run %s | FileCheck %s
⍝ The general inner-product operator `dot` compiled away into reshape, dyadic transpose,
⍝ zipWith and reduce (Guibas and Wyatt), thesis Fig. 3.5 (§3.2); R2 = 65780.
⍝ CHECK: {{^}}  5 11  7{{$}}
⍝ CHECK-NEXT: {{^}} 11 25 19{{$}}
⍝ CHECK-NEXT: {{^}}  7 19 26{{$}}
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: [](65780.0)
dot ← { ⍝: (κ→κ→κ)→(κ→κ→κ)→[κ](ρ1+1)→[κ](ρ2+1)→[κ](ρ1+ρ2)
  WA ← (1↓⍴⍵),⍴⍺
  KA ← (⊃⍴⍴⍺)-1
  VA ← ⍳⊃⍴WA
  ZA ← (KA⌽¯1↓VA),¯1↑VA
  TA ← ZA⍉WA⍴⍺                ⍝ replicate, transpose
  WB ← (¯1↓⍴⍺),⍴⍵
  KB ← ⊃⍴⍴⍺
  VB ← ⍳⊃⍴WB
  ZB0 ← (-KB)↓KB⌽⍳(⊃⍴VB)
  ZB ← (¯1↓(⍳KB)),ZB0,KB
  TB ← ZB⍉WB⍴⍵                ⍝ replicate, transpose
  ⍺⍺ / TA ⍵⍵ TB               ⍝ compute final array
}
A ← 3 2 ⍴ ⍳ 5                 ⍝ example input A
B ← ⍉ A                       ⍝ example input B
R ← A + dot × B
⎕ ← R
R2 ← ×/ +/ R                  ⍝ reduce on the result
