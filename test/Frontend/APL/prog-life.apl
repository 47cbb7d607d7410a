⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ Program: Conway's life step on a torus (rotations and boolean logic); a blinker flips and flips back.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:{{^$}}
⍝ CHECK-NEXT: 0 0 0 0 0
⍝ CHECK-NEXT: 0 0 0 0 0
⍝ CHECK-NEXT: 0 1 1 1 0
⍝ CHECK-NEXT: 0 0 0 0 0
⍝ CHECK-NEXT: 0 0 0 0 0
⍝ CHECK-EMPTY:
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT: 0 0 0 0 0
⍝ CHECK-NEXT: 0 0 1 0 0
⍝ CHECK-NEXT: 0 0 1 0 0
⍝ CHECK-NEXT: 0 0 1 0 0
⍝ CHECK-NEXT: 0 0 0 0 0
⍝ CHECK-EMPTY:
⍝ CHECK-NEXT:[](25.0)
⍝ CHECK-NOT:{{.}}

board ← 5 5 ⍴ 0 0 0 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0
life ← {
  n ← (1 ⊖ ⍵) + (¯1 ⊖ ⍵) + (1 ⌽ ⍵) + ¯1 ⌽ ⍵
  n ← n + (1 ⊖ 1 ⌽ ⍵) + (1 ⊖ ¯1 ⌽ ⍵) + (¯1 ⊖ 1 ⌽ ⍵) + ¯1 ⊖ ¯1 ⌽ ⍵
  (n = 3) ∨ ⍵ ∧ n = 2
}
⎕ ← life board
⎕ ← life life board
+/ , board = life life board
