⍝ RUN: tailc run %s | FileCheck %s
⍝ Primes below 100 by an outer product of residues, a vertical reduction and a compress
⍝ (thesis §3.5.2, "Primes"; here with A←1↓⍳100): 25 primes, sum 1060.
⍝ CHECK: [25](2,3,5,7,11,13,17,19,23,29,31,37,41,43,47,53,59,61,67,71,73,79,83,89,97)
⍝ CHECK-NEXT: [](1060.0)
A ← 1↓⍳100
P ← (1=+⌿0=A∘.|A)/A
⎕ ← P
+/ P
