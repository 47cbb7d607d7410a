⍝ RUN: tailc run %s | FileCheck %s
⍝ HotSpot (FHPC'16 §6.2; thesis §3.5.3; Rodinia): transient temperature of a chip on an R×C
⍝ grid, iters explicit time steps of the Rodinia model (chip 16 mm × 16 mm × 0.5 mm, ambient
⍝ 80 K); the edge cells see themselves as their missing neighbours, by array concatenation.
⍝ Prints the hottest cell, returns the mean temperature. Paper size: 512×512, 360 iterations.
⍝ CHECK: [](330.831829157)
⍝ CHECK-NEXT: [](326.852098543)
R ← 14 ⋄ C ← 16 ⋄ iters ← 10          ⍝ SIZE
tchip ← 0.0005 ⋄ chiph ← 0.016 ⋄ chipw ← 0.016 ⋄ amb ← 80
kSi ← 100 ⋄ heat ← 1750000 ⋄ factor ← 0.5 ⋄ maxpd ← 3000000 ⋄ precision ← 0.001
gh ← chiph÷R ⋄ gw ← chipw÷C           ⍝ the size of a cell
cap ← factor×heat×tchip×gw×gh         ⍝ thermal capacitance of a cell
rx ← gw÷2×kSi×tchip×gh                ⍝ thermal resistances: horizontal,
ry ← gh÷2×kSi×tchip×gw                ⍝ vertical,
rz ← tchip÷kSi×gh×gw                  ⍝ and to the ambient
slope ← maxpd÷factor×tchip×heat
sc ← (precision÷slope)÷cap            ⍝ time step ÷ capacitance
north ← {(1↑⍵)⍪¯1↓⍵}                  ⍝ the cell above (the top row: itself)
south ← {(1↓⍵)⍪¯1↑⍵}                  ⍝ the cell below (the bottom row: itself)
west ← {⍉north ⍉⍵}                    ⍝ the cell to the left
east ← {⍉south ⍉⍵}                    ⍝ the cell to the right
P ← 0.01×97|(⍳R)∘.×⍳C                 ⍝ power dissipated in each cell
T0 ← 323+0.5×17|(⍳R)∘.+3×⍳C           ⍝ initial temperatures
sim ← {                               ⍝ one time step
  dv ← ((north ⍵)+(south ⍵)-2×⍵)÷ry
  dh ← ((west ⍵)+(east ⍵)-2×⍵)÷rx
  ⍵+sc×P+dv+dh+(amb-⍵)÷rz
}
T ← (sim⍣iters) T0
⎕ ← ⌈/,T
(+/,T)÷R×C
