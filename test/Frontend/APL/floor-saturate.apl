⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ ⌊ and ⌈ of doubles beyond the 32-bit integers (and of the infinities) saturate at their
⍝ bounds, and of NaN (0×∞) give 0, as the interpreter converts: the compiled program clamps
⍝ before converting (a conversion out of range is undefined in LLVM), so every level agrees.
⍝ The sum wraps around as 32-bit integer sums do.
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[6](2147483647,-2147483648,1,-2,2147483647,-2147483648)
⍝ CHECK-NEXT:[6](2147483647,-2147483648,2,-1,2147483647,-2147483648)
⍝ CHECK-NEXT:[](0)
⍝ CHECK-NEXT:[](-3.0)
⍝ CHECK-NOT:{{.}}

x ← 3e9 ¯3e9 1.5 ¯1.5 (÷0) (-÷0)
⎕ ← ⌊ x
⎕ ← ⌈ x
⎕ ← ⌊ 0 × ÷ 0
+/ ⌊ x
