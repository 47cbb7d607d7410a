⍝ APL → PTX: +/ a×b is one fused redomap: the multiplication happens while each thread loads
⍝ and pre-reduces its elements ("first add during load"), so there are two kernels (block
⍝ step, then the one-block step over the blocks' results) and no kernel for a × b.
⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin

⍝ CHECK:     .target sm_90
⍝ CHECK:     .visible .entry main_k0(
⍝ CHECK:     mul.rn.f64
⍝ CHECK:     add.rn.f64
⍝ CHECK:     bar.sync 0;
⍝ CHECK:     shfl.sync.bfly.b32
⍝ CHECK:     .visible .entry main_k1(
⍝ CHECK:     bar.sync 0;
⍝ CHECK:     shfl.sync.bfly.b32
⍝ CHECK-NOT: .entry

a ← ⍳ 1000
b ← 1000 ⍴ 2.5
+/ a × b
