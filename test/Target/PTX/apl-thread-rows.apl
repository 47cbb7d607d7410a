⍝ REQUIRES: ptxas
⍝ RUN: tail-translate --apl-to-ptx %s -o %t.ptx
⍝ RUN: FileCheck %s < %t.ptx
⍝ RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
⍝ Compressions of rows in a thread (the kept rows' positions in the thread's storage, a
⍝ kernel parameter) and the check of a catenation in a thread
⍝ (test/Target/CPU/thread-storage.apl, faults-structural.apl) on the GPU: valid PTX.
⍝ CHECK: .visible .entry main_k{{[0-9]+}}(
⍝ CHECK: .visible .entry main_k{{[0-9]+}}(
⍝ CHECK: .visible .entry main_k{{[0-9]+}}(

m ← 5 6 ⍴ ⍳ 30
⎕ ← {+/ , (m[;1] > ⍵) ⌿ m × ⍵}¨ ⍳ 5
⎕ ← {+/ +/ (m[;2] > ⍵) ⌿ m}¨ ⍳ 5
⎕ ← {+/ , (⍵ 2 ⍴ ⍳ 6) , 3 2 ⍴ ⍳ 8}¨ 3 3
0
