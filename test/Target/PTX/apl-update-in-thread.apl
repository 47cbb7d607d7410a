⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %S/../CPU/update-in-thread.apl -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ The kernels of indexed assignments in dfns applied with each (test/Target/CPU/update-in-thread.apl):
⍝ register copies, thread storage (a global buffer per launch) and index checks pass ptxas.
⍝ CHECK: .visible .entry main_k0(
