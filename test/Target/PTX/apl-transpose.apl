⍝ APL → PTX: a transposed matrix read by a map (the transpose is an index function: no copy)
⍝ and reduced.
⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin

⍝ CHECK:     .target sm_90
⍝ CHECK:     .visible .entry main_k0(
⍝ CHECK:     .visible .entry main_k1(
⍝ CHECK:     bar.sync 0;
⍝ CHECK:     shfl.sync.bfly.b32

m ← 30 40 ⍴ ⍳ 1200
t ← ⍉ m
+/ , t × 2
