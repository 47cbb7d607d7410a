⍝ RUN: tailc run --target=interp %s > %t.ref
⍝ RUN: FileCheck %s --input-file=%t.ref
⍝ RUN: tailc run --target=cpu %s | diff %t.ref -
⍝ RUN: tailc run --target=interp --after=tail-to-gpu %s | diff %t.ref -
⍝ RUN: tail-translate --apl-to-tail %s | tail-opt --pass-pipeline='builtin.module(tail-to-gpu)' | FileCheck %s --check-prefix=GPU
⍝ Complex numbers in kernels: a fold of complex numbers by rows (`+/`, a right fold: a
⍝ `soac.loop` carrying the two parts in each row's thread), a power loop over a complex array
⍝ (its carried array is two `f64` arrays), and magnitudes (`|`, C's `hypot`: on the CPU the
⍝ kernels call the C library's, as the host does; on the GPU the `gpu.module` defines it;
⍝ test/Target/PTX/complex-ptxas.mlir compiles the kernels to PTX).

⍝ CHECK: [2](4.0j6.0,12.0j14.0)
⍝ CHECK-NEXT: [3](-1.6875j-0.25,-0.400619506836j0.048828125,0.09376336j0.1237088)
⍝ CHECK-NEXT: [3](0.707106781187,0.559016994375,0.141421356237)
⍝ CHECK-NEXT: [4](1,0,1,0)
⍝ CHECK-NEXT: [](5.0)

⍝ The device's hypot: |x| and |y|, their max and min, the scaled square root, then the
⍝ special cases (both zero, a NaN, an infinity).
⍝ GPU:      gpu.module @tail_kernels
⍝ GPU:        func.func private @hypot(%[[X:.*]]: f64, %[[Y:.*]]: f64) -> f64
⍝ GPU-DAG:      math.absf %[[X]] : f64
⍝ GPU-DAG:      math.absf %[[Y]] : f64
⍝ GPU:          arith.maxnumf
⍝ GPU:          arith.minnumf
⍝ GPU:          arith.divf
⍝ GPU:          math.fma
⍝ GPU:          math.sqrt
⍝ GPU:          arith.mulf
⍝ GPU:          return
⍝ GPU:        gpu.func
⍝ GPU:          func.call @hypot

a ← 2 2 ⍴ 1j2 3j4 5j6 7j8
⎕ ← +/ a
m ← 0.5j0.5 ¯0.5j0.25 0.1j0.1
⎕ ← ({m+⍵×⍵}⍣3) m
⎕ ← | m
z ← 0.3j0.4 2j2 0j0 ¯1j0.5
⎕ ← 1.2 > | ({(⍵×⍵)+z}⍣4) z × 0
| 3j4
