⍝ RUN: tailc run %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | FileCheck %s --match-full-lines --strict-whitespace
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-soac)' | FileCheck %s --check-prefix=SOAC
⍝ ⌈ and ⌊ of doubles ignore a NaN operand, as apltail's Real.max/Real.min and the
⍝ interpreter do: IEEE maxNum/minNum (arith.maxnumf/minnumf), in elementwise maps and
⍝ in reductions. (A negative number to a fractional power is NaN.) The compiled program
⍝ printed NaN (arith.maximumf propagates it).
⍝ SOAC-NOT: arith.maximumf
⍝ SOAC-NOT: arith.minimumf
⍝ SOAC:     arith.maxnumf
⍝ CHECK-NOT:{{.}}
⍝ CHECK:[](nan.0)
⍝ CHECK-NEXT:[](4.5)
⍝ CHECK-NEXT:[](4.5)
⍝ CHECK-NEXT:[3](4.5,2.0,3.0)
⍝ CHECK-NEXT:[](4.5)
⍝ CHECK-NEXT:[](1.0)
⍝ CHECK-NEXT:[](1)
⍝ CHECK-NEXT:[](3.0)
⍝ CHECK-NOT:{{.}}

n ← ¯3*1.25
⎕ ← n
⎕ ← 4.5⌈n
⎕ ← n⌊4.5
⎕ ← (4.5,n,3)⌈(n,2,n)
⎕ ← ⌈/4.5,n,1
⎕ ← ⌊/n,n,1
⎕ ← (4.5⌈n)<10
⌈/(⍳3),n
