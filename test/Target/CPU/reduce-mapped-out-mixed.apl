⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ A reduction whose first input is a vector and whose mapped-out results are a vector and
⍝ the rows of a matrix (the sums `+/ , v6` and `+/ , v3` joined, `-\ v6` and `v3[3;]`
⍝ reading what they map out): the map storing them takes its extents from the matrix, not
⍝ from its first input (a panic: "range end index 2 out of range for slice of length 1").
⍝ Rotations of empty arrays whose length is computed do not divide by it (`-2 ⌽ v`,
⍝ length 0: SIGFPE in the CPU backend's thread loop, which computes the rotation's
⍝ remainder before its first thread). Found by a random program generator.
⍝ CHECK:[](0)
⍝ CHECK-NEXT:[4](0,0,0,0)
⍝ CHECK-NEXT:[](2)
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[0]()
⍝ CHECK-NEXT:[](0.0)
v1 ← ⍳ 4
v2 ← 2 4 4 ⍴ ⍳ 32
v3 ← (⍳ 4) ∘.- ⍳ 4
v4 ← 0 ↓ v1
v5 ← 1 ({⍺ + ⍵} ⍣ 0) v1
v6 ← v1 ⌈ v5
v6[4] ← +/ , v6
v7 ← -\ v6
v8 ← -⌿ v2
v9 ← v7 > 3
v10 ← v3[3;]
v11 ← +/ v8
v12 ← +⍀ v8
⎕ ← +/ , v3
⎕ ← v9
⎕ ← +/ , v10
k ← +/ 0 0
v ← k ⍴ 1 0 0 1
⎕ ← -2 ⌽ v
⎕ ← 1 ⌽ ~ v
0
