⍝ RUN: tailc run %s | FileCheck %s
⍝ Game of Life on a 6×6 torus without nested arrays (thesis §3.5.2, FHPC'16 §6.2): a glider,
⍝ one step, then four steps (the glider has moved one cell down and one right).
⍝ CHECK: {{^}} 0 1 0 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 0 1 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 1 1 1 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 0 0 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 0 0 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 0 0 0 0 0{{$}}
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: {{^}} 0 0 0 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 1 0 1 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 1 1 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 1 0 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 0 0 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 0 0 0 0 0{{$}}
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: {{^}} 0 0 0 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 0 1 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 0 0 1 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 1 1 1 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 0 0 0 0 0{{$}}
⍝ CHECK-NEXT: {{^}} 0 0 0 0 0 0{{$}}
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: [](5.0)
life ← {
  s ← (¯1⊖⍵)+⍵+1⊖⍵           ⍝ vertical sums of three
  t ← (¯1⌽s)+s+1⌽s           ⍝ 3×3 box sums, the cell itself included
  (t=3)∨⍵∧t=4                ⍝ born or survives
}
board ← 1=6 6⍴0 1 0 0 0 0 0 0 1 0 0 0 1 1 1 0 0 0,18⍴0   ⍝ boolean, as life returns
⎕ ← board
⎕ ← life board
g4 ← (life⍣4) board
⎕ ← g4
+/ +/ g4
