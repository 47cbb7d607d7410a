⍝ HotSpot (test/bench/apl/hotspot.apl) on a grid of 4096 × 4096 doubles (128 MiB per array),
⍝ 20 steps: each reads the temperatures and the power and writes the temperatures. The chip is
⍝ 8 × 8 times the paper's, so that the cells, and the time step's stability, are the same.
R ← 4096 ⋄ C ← 4096 ⋄ iters ← 20
tchip ← 0.0005 ⋄ chiph ← 0.128 ⋄ chipw ← 0.128 ⋄ amb ← 80
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
