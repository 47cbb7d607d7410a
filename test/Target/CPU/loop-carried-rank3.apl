⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc build --target=cuda %s -o %t
⍝ A power loop carrying a rank-3 array that its body builds by catenation (the planes of
⍝ apltail's Mandelbrot test). The grid program computing the next value is written into a
⍝ rank-3 device buffer with the extents of the value's cast back to an array, which must
⍝ be available before the program: two of them are constants that canonicalization put at
⍝ the top of the function, outside the loop (they were taken for values defined after the
⍝ program, the buffer became a flat one, and the loop could not carry it).
⍝ CHECK:[3,3,4](6,6,6,6,6,6,6,6,6,6,6,6,32,32,32,32,32,32,32,32,32,32,32,32,16,16,16,16,16,16,16,16,16,16,16,16)
⍝ CHECK-NEXT:[](648.0)
Y ← 3 ⋄ X ← 4
step ← {
  arg ← 3 Y X ⍴ ⍵
  a ← 1↑arg
  b ← 1↑1↓arg
  c ← 1↑2↓arg
  (a+1) ⍪ (b×2) ⍪ c+a
}
res ← (step ⍣ 5) 3 Y X ⍴ 1
⎕ ← res
+/ +/ +/ res
