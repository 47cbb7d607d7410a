⍝ The inner-product operator of thesis Fig. 3.5 (digest §3.2), with its type annotation.
dot ← { ⍝: (κ→κ→κ)→(κ→κ→κ)→[κ](ρ1+1)→[κ](ρ2+1)→[κ](ρ1+ρ2)
  WA ← (1↓⍴⍵),⍴⍺ ⋄ KA ← (⊃⍴⍴⍺)-1 ⋄ VA ← ⍳⊃⍴WA ⋄ ZA ← (KA⌽¯1↓VA),¯1↑VA
  TA ← ZA⍉WA⍴⍺                    ⍝ replicate, transpose
  WB ← (¯1↓⍴⍺),⍴⍵ ⋄ KB ← ⊃⍴⍴⍺ ⋄ VB ← ⍳⊃⍴WB
  ZB0 ← (-KB)↓KB⌽⍳(⊃⍴VB) ⋄ ZB ← (¯1↓(⍳KB)),ZB0,KB
  TB ← ZB⍉WB⍴⍵                    ⍝ replicate, transpose
  ⍺⍺ / TA ⍵⍵ TB }                 ⍝ compute final array
A ← 3 2 ⍴ ⍳ 5 ⋄ B ← ⍉ A ⋄ R ← A +dot× B ⋄ R2 ← ×/ +/ R     ⍝ = 65780
