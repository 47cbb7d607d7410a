⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=cpu %s | FileCheck %s --match-full-lines
⍝ RUN: tailc run --target=interp --after=tail-to-cpu %s | FileCheck %s --match-full-lines
⍝ RUN: not tailc run --target=interp --after=tail-to-gpu %s 2>&1 | FileCheck %s --check-prefix=GPU
⍝ A replicate by counts inside a dfn reduced along the first axis (a loop in each column's
⍝ thread): the counts' scan is a scanomap whose map lambda also yields the counts
⍝ themselves, mapped out, which the replicate's values read. The scan stores its prefixes
⍝ in the thread's storage and the mapped-out counts are computed where they are read; the
⍝ mapped-out result once got storage that nothing wrote, so the last element read as 0 or
⍝ as garbage (a size from it could ask for exabytes). On the GPU the replicate's length, a
⍝ sum of counts the thread reads from its own storage, is more than a sizing kernel computes.
⍝ GPU: thread-scan-mapped-in-loop.apl:[[#@LINE+7]]:8: error: 'memref.alloca' op cannot be lowered by gpu-thread-storage: the size of a thread's storage is computed in the thread from the contents of a thread's storage, which a sizing kernel run before the kernel cannot compute
⍝ CHECK:[2](8,9)
⍝ CHECK-NEXT:[2](9,9)
⍝ CHECK-NEXT:[](0.0)

V ← 3 1 4 1 5 9 2 6
B ← V > 2
⎕ ← {⍺ + ⊃ ⌽ (B / V) / 1 + (B / V)}⌿ 2 2 ⍴ 1 2 3 0
⎕ ← {⍺ ⌈ ⊃ ⌽ ((B / V) + ⌽ (B / V) = ⊃ (B / V) + ⌽ (B / V)) / (B / V) + ⌽ (B / V)}⌿ 2 2 ⍴ 1 2 3 0
0
