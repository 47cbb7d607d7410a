⍝ RUN: not tailc run --target=interp %s 2>&1 | FileCheck %s --check-prefix=INTERP
⍝ RUN: tailc build --target=cpu %s -o %t
⍝ RUN: not %t > %t.out 2> %t.err
⍝ RUN: FileCheck %s --check-prefix=OUT < %t.out
⍝ RUN: FileCheck %s --check-prefix=ERR < %t.err
⍝ RUN: tailc build --target=cpu --emit=mlir %s -o %t.mlir
⍝ RUN: FileCheck %s --check-prefix=HOST < %t.mlir
⍝ A zip of arrays of different lengths in the body of a power loop: the body of a loop is
⍝ host code, so its maps' inputs are checked to agree before the kernels run (as at the top
⍝ level), and the 1-element `1↑⍵` is kept as an input rather than read as a scalar, which
⍝ would silently extend it. The first iteration stops the program.

⍝ HOST-LABEL: func.func @tail.main()
⍝ HOST: scf.for
⍝ HOST: func.call @tail_rt_check_extents(
⍝ HOST: func.call @tail.main.par{{[0-9]+}}.launch

⍝ OUT: [](45)
⍝ OUT-NOT: {{.}}
⍝ INTERP: [](45)
⍝ INTERP: faults-loop-extents.apl:[[#@LINE+4]]:9: error: 'tail.zipWith' op shape mismatch: [1] vs [9]
⍝ ERR: faults-loop-extents.apl:[[#@LINE+3]]:9: error: extent mismatch: input #0 has 1 rows but input #1 has 9

⎕ ← +/ ⍳ 9
+/ {(0≠⍵|⍨1↑⍵)/⍵}⍣2 ⊢ 1 ↓ ⍳ 10
