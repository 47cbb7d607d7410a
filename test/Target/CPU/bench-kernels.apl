⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu --time %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIME
⍝ ⎕BENCH over a function whose body holds array code: the bench is a loop on the host around
⍝ the body's kernels (it was rejected: convert-soac-to-hpar did not look into the bench), and
⍝ every iteration launches them, even when the body ignores its argument.
⍝ CHECK:[](151)
⍝ CHECK-NEXT:[](1000)
⍝ CHECK-NEXT:[](1.0)
⍝ Every iteration launches its reduction's two programs: 3 × 2 and 2 × 2.
⍝ TIME:time: total {{.*}} ms, kernels {{.*}} ms (10 launches)

h ← { ⌈/ (⍳ 50) + ⍵ }
⎕ ← (h ⎕BENCH 3) 1
N ← 100
f ← { ⍵ ⋄ ⌈/ ⌈/ N N ⍴ ⍳ 1000 }
⎕ ← (f ⎕BENCH 2) 5
1
