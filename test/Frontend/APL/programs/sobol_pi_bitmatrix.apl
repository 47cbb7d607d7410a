⍝ RUN: tailc run %s | FileCheck %s
⍝ Sobol MC-π (FHPC'16 §6.2; thesis §3.5.2): π by Monte Carlo over the first n points of the
⍝ 2-D Sobol sequence, each point computed on its own from the binary digits of its index: the
⍝ XOR of direction numbers is a product mod 2 of bit matrices (sobol_pi.apl XORs them with
⍝ ⎕INT32XOR). Paper size: n = 10,000,000.
⍝ CHECK: [8](0.5,0.25,0.75,0.125,0.625,0.375,0.875,0.0625)
⍝ CHECK-NEXT: [8](0.5,0.75,0.25,0.625,0.125,0.375,0.875,0.9375)
⍝ CHECK-NEXT: [](3.171875)
n ← 256                               ⍝ SIZE
B ← 2|⌊(⍳n)∘.÷2*¯1+⍳30                ⍝ n×30: B[i;k] is bit k-1 of the index i
V ← 536870912 805306368 671088640 1006632960 570425344 855638016 713031680 1069547520 538968064 808452096 673710080 1010565120 572653568 858980352 715816960 1073725440 536879104 805318656 671098880 1006648320 570434048 855651072 713042560 1069563840 538976288 808464432 673720360 1010580540 572662306 858993459
⍝ V: the 30 direction numbers of dimension 2 (polynomial x+1, m = 1 3 5 15 17 51 …), scaled by 2*30
M ← 2|⌊V∘.÷2*30-⍳30                   ⍝ 30×30: M[k;j] is bit 30-j of V[k]
w ← 2*-⍳30                            ⍝ the weight of binary digit j
x ← B+.×w                             ⍝ dimension 1 (direction numbers 2*30-k): van der Corput
y ← (2|B+.×M)+.×w                     ⍝ dimension 2: XOR of the V[k] whose bit k-1 is set in i
⎕ ← 8↑x                               ⍝ small only
⎕ ← 8↑y                               ⍝ small only
4×(+/1>(x×x)+y×y)÷n
