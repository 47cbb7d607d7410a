⍝ APL → PTX: +/ over an integer vector is a block-tree reduction: each thread reduces its
⍝ elements sequentially (here the elements of ⍳n are computed in the loop, not loaded), the
⍝ block combines them in shared memory (bar.sync), the last warp with xor shuffles, then a
⍝ second one-block step loads the blocks' results and combines them.
⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ RUN: tail-translate --apl-to-ptx --opt-level=0 %s -o %t.O0.ptx
⍝ RUN: ptxas -arch=sm_90 %t.O0.ptx -o %t.O0.cubin

⍝ CHECK:     .target sm_90
⍝ CHECK:     .visible .entry main_k{{[0-9]+}}(
⍝ CHECK:     .shared .align {{[0-9]+}} .b8 __wg_main_k{{[0-9]+}}_0
⍝ CHECK-NOT: ld.global
⍝ CHECK:     add.s32
⍝ CHECK:     st.shared.b32
⍝ CHECK:     bar.sync 0;
⍝ CHECK:     shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
⍝ CHECK:     shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
⍝ CHECK:     shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
⍝ CHECK:     shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
⍝ CHECK:     shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
⍝ CHECK:     .visible .entry main_k{{[0-9]+}}(
⍝ CHECK:     ld.global.b32
⍝ CHECK:     bar.sync 0;
⍝ CHECK:     shfl.sync.bfly.b32

+/ ⍳ 100000
