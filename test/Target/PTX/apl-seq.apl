⍝ APL → PTX with inner SOACs run sequentially in the thread (tail.par = "thread-seq"): the
⍝ matrix product is one kernel, one thread per output element with a sequential loop over the
⍝ contracted axis; the per-element power loop (⍣ inside ¨, Mandelbrot2's style) is an scf.for in
⍝ the first kernel of +/ K (two kernels), its 2-element state in registers (no local memory).
⍝ A and B, reshaped iotas, are computed where they are read.
⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin

⍝ CHECK:     .target sm_90
⍝ CHECK:     .visible .entry main_k0(
⍝ CHECK:     .visible .entry main_k1(
⍝ CHECK:     .visible .entry main_k2(
⍝ CHECK-NOT: .entry
⍝ CHECK-NOT: .local

A ← 3 4 ⍴ ⍳ 12
B ← 4 2 ⍴ ⍳ 8
⎕ ← A +.× B
point ← {
  c ← ⍵÷10
  step ← { x ← ⍵[1] ⋄ n ← ⍵[2] ⋄ (c+x×x×0.5),n+1 }
  r ← (step⍣5) 2⍴0.0
  r[1]
}
K ← point¨ ⍳ 8
+/ K
